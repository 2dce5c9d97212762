// Tests of the move classifier: threats, protection, restriction, checks, kills, offers, blocks.
#include <doctest/doctest.h>

#include "board_test_support.hpp"
#include "rule_book_test_support.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "xq/arbiter/move_facts.hpp"
#include "xq/arbiter/restriction.hpp"
#include "xq/board/fen.hpp"
#include "xq/board/movegen.hpp"

using namespace xq;
using test::from_fen;
using test::sq;

namespace {

// The piece worth of rulesets/cxa.json, on which the CXA figures below are weighed.
constexpr PieceWorth cxa_piece_worth = { 0, 1, 1, 2, 4, 2, 1 };

// The kill search of rulesets/cxa.json with its piece worth: mates by checks within seven
// moves, and a capture that is mated at once costs.
ClassifierOptions cxa_kill_options()
{
    ClassifierOptions options;
    options.kill.depth = 7;
    options.kill.mates_by_check = true;
    options.protection.mate_after_capture_depth = 1;
    options.piece_worth = cxa_piece_worth;
    return options;
}

MoveFacts facts_of(std::string_view fen, const char* move, const ClassifierOptions& options = {})
{
    const Position pos = from_fen(fen);
    const Move m = *parse_iccs(move);
    REQUIRE(is_legal(pos, m));
    return classify_move(pos, m, options);
}

const Threat* threat_on(const MoveFacts& facts, std::string_view target)
{
    for (const Threat& t : facts.threats)
        if (t.target.square == sq(target))
            return &t;
    return nullptr;
}

const Threat* threat_on(const MoveFacts& facts, std::string_view target, std::string_view attacker)
{
    for (const Threat& t : facts.threats)
        if (t.target.square == sq(target) && t.attacker.square == sq(attacker))
            return &t;
    return nullptr;
}

// Whether the move makes safe the capture of `target` by `attacker`, an attack that stood before
// it (origin capture_made_safe).
bool makes_capture_safe(const MoveFacts& facts, std::string_view attacker, std::string_view target)
{
    return std::any_of(facts.threats.begin(), facts.threats.end(), [&](const Threat& t) {
        return t.attacker.square == sq(attacker) && t.target.square == sq(target)
            && t.origin == ThreatOrigin::CaptureMadeSafe;
    });
}

} // namespace

TEST_SUITE("move facts")
{
    TEST_CASE("a direct threat on an unprotected piece")
    {
        const MoveFacts f = facts_of("4k4/9/2n6/9/9/9/9/9/9/R2K5 w", "a0a7");
        const Threat* t = threat_on(f, "c7");
        REQUIRE(t);
        CHECK(t->attacker.square == sq("a7"));
        CHECK(t->attacker.piece.type() == PieceType::Chariot);
        CHECK(t->target.piece.type() == PieceType::Horse);
        CHECK(t->origin == ThreatOrigin::Direct);
        CHECK(t->capture_legal);
        CHECK_FALSE(t->protected_now());
        CHECK_FALSE(t->protected_after_capture());
        CHECK(f.has_new_threat());
        CHECK(f.classes.empty()); // a chase is the ruleset's to judge
    }

    TEST_CASE("an attacker that is its side's only rook, horse, cannon or pawn across the river")
    {
        const auto sole = [](std::string_view fen) {
            const MoveFacts f = facts_of(fen, "d4e4");
            const Threat* t = threat_on(f, "e7");
            REQUIRE(t);
            return t->sole_attacking_piece;
        };
        CHECK(sole("5k3/9/4b4/9/9/3R5/9/9/4A4/3K5 w"));
        CHECK(sole("5k3/9/4b4/9/9/3R5/P8/9/4A4/3K5 w")); // a pawn at home attacks nothing
        CHECK_FALSE(sole("5k3/9/4b4/P8/9/3R5/9/9/4A4/3K5 w")); // one across the river does
        CHECK_FALSE(sole("5k3/9/4b4/9/9/3R5/9/C8/4A4/3K5 w"));
    }

    TEST_CASE("an attack that stood before the move is no new threat; the moved piece's is listed as standing")
    {
        // The rook already attacks the horse along rank 7: another piece moves, then the rook
        // slides along the rank.
        const MoveFacts f = facts_of("4k4/9/R4n3/9/9/9/9/9/9/3K5 w", "d0d1");
        CHECK(f.threats.empty());
        const MoveFacts slide = facts_of("4k4/9/R4n3/9/9/9/9/9/9/3K5 w", "a7b7");
        const Threat* standing = threat_on(slide, "f7");
        REQUIRE(standing);
        CHECK(standing->origin == ThreatOrigin::Standing);
        CHECK(standing->attacker.square == sq("b7"));
        CHECK_FALSE(slide.has_new_threat());
        CHECK(slide.threats.size() == 1); // the standing attack only
    }

    TEST_CASE("a check after which every answer loses a piece is itself a threat to check and then capture")
    {
        // The horse checks the king on e8 from c7 and attacks the unprotected rook on b9: any
        // answer to the check leaves the rook to be taken.
        const MoveFacts f = facts_of("1r7/4k4/9/N8/9/9/9/9/9/3K5 w", "a6c7");
        CHECK(f.has(MoveClass::Check));
        CHECK(f.has(MoveClass::CheckThenCapture));
        REQUIRE(f.check_capture_line.size() == 2);
        CHECK(to_iccs(f.check_capture_line[1]) == "c7b9");
        // Not new: the red rook on b0 could take the black rook before the check.
        const MoveFacts old = facts_of("1r7/4k4/9/N8/9/9/9/9/9/1R1K5 w", "a6c7");
        CHECK(old.has(MoveClass::Check));
        CHECK_FALSE(old.has(MoveClass::CheckThenCapture));
        // An answer that takes the checker saves the rook: the black horse on e6 takes it.
        const MoveFacts answered = facts_of("1r7/4k4/9/N3n4/9/9/9/9/9/3K5 w", "a6c7");
        CHECK(answered.has(MoveClass::Check));
        CHECK_FALSE(answered.has(MoveClass::CheckThenCapture));
    }

    TEST_CASE("a check takes no protection away: the protector answers the check and still retakes")
    {
        // R2: the rook checks along rank 9; the horse on b7 attacked the elephant on c9 before,
        // and the elephant on e7 protects it whatever Black answers.
        const MoveFacts f = facts_of("2b1k4/9/1N2b4/7R1/9/9/9/9/9/3K5 w", "h6h9");
        CHECK(f.has(MoveClass::Check));
        CHECK_FALSE(f.has_new_threat());
        CHECK(f.threats.empty());
    }

    TEST_CASE("a threat to check and then capture: the rook would check on rank 9 and take the horse behind")
    {
        // The pawn on a5 keeps the rook off the a-file: only from h1 can it check on rank 9.
        const std::string_view fen = "4k3n/9/9/9/P8/9/9/9/R8/5K3 w";
        const MoveFacts f = facts_of(fen, "a1h1");
        CHECK(f.classes == std::vector<MoveClass> { MoveClass::CheckThenCapture });
        CHECK(f.check_capture_line
            == std::vector<Move> { *parse_iccs("h1h9"), *parse_iccs("e9e8"), *parse_iccs("h9i9") });
        CHECK(f.threats.empty());

        ClassifierOptions off;
        off.check_capture.depth = 0;
        CHECK_FALSE(classify_move(from_fen(fen), *parse_iccs("a1h1"), off).has(MoveClass::CheckThenCapture));
        ClassifierOptions worthless_horses;
        worthless_horses.piece_worth[index(PieceType::Horse)] = 0;
        CHECK_FALSE(
            classify_move(from_fen(fen), *parse_iccs("a1h1"), worthless_horses).has(MoveClass::CheckThenCapture));

        // Without the pawn the rook could already check from a9 and take the horse: the move
        // makes no new threat.
        const MoveFacts standing = facts_of("4k3n/9/9/9/9/9/9/9/R8/5K3 w", "a1h1");
        CHECK_FALSE(standing.has(MoveClass::CheckThenCapture));
        CHECK(standing.check_capture_line.empty());
    }

    TEST_CASE("a check-then-capture line ends only in a capture by a kind of piece that may end one")
    {
        // CXA reference figure 7: from h6 the rook would check on f6; the advisor on e8 must
        // block on f7, leaving the one on d9 to the pawn.
        const std::string_view fen = "2ba3R1/3Pak3/b8/9/9/9/c1pnp4/3AB4/4A4/4K1B2 w";
        // As the CXA ruleset has it: an advisor worth no more than a pawn (the pawn cannot win
        // it at once, its protector taking back), and checks that take nothing.
        ClassifierOptions options;
        options.piece_worth[index(PieceType::Advisor)] = 1;
        options.check_capture.quiet_checks = true;
        const MoveFacts f = facts_of(fen, "h9h6", options);
        CHECK(f.classes == std::vector<MoveClass> { MoveClass::CheckThenCapture });
        CHECK(f.check_capture_line
            == std::vector<Move> { *parse_iccs("h6f6"), *parse_iccs("e8f7"), *parse_iccs("d8d9") });

        ClassifierOptions no_pawns = options;
        no_pawns.check_capture.takers[index(PieceType::Soldier)] = false;
        const MoveFacts pawn_left_out = classify_move(from_fen(fen), *parse_iccs("h9h6"), no_pawns);
        CHECK_FALSE(pawn_left_out.has(MoveClass::CheckThenCapture));
        CHECK(pawn_left_out.check_capture_line.empty());
    }

    TEST_CASE("a line that gives up more than it wins is no check-then-capture threat")
    {
        // From a8 the rook could check on e8, but an advisor takes it there, and the pawn's
        // taking of that advisor wins back far less than the rook.
        const MoveFacts f = facts_of("3akac2/9/R3P4/9/8r/9/9/9/9/3K5 w", "a7a8");
        CHECK_FALSE(f.has(MoveClass::CheckThenCapture));
    }

    TEST_CASE("a capture the mover could make at once is no check-then-capture threat")
    {
        // After the king's step, the horse's check and the rook's capture of the horse on a5
        // would win it, but the rook could take it at once anyway: the check wins nothing.
        const MoveFacts f = facts_of("4k4/9/9/1N7/n8/9/9/9/9/R2K5 w", "d0d1");
        CHECK_FALSE(f.has(MoveClass::CheckThenCapture));
        CHECK(f.check_capture_line.empty());
    }

    TEST_CASE("material the mover could win at once before its move is not what its checks win, and hides no other")
    {
        ClassifierOptions standing_gain;
        standing_gain.check_capture.not_won_anyway = true;
        // The rook gives up the horse on a3 for the check on rank 9 that wins the horse on i9:
        // a new threat either way.
        const std::string_view given_up = "4k3n/9/9/9/P8/9/n8/9/R8/5K3 w";
        CHECK(facts_of(given_up, "a1h1").has(MoveClass::CheckThenCapture));
        CHECK(facts_of(given_up, "a1h1", standing_gain).has(MoveClass::CheckThenCapture));
        // The red horse can take the horse on c5 before the rook's move and after it; the rook's
        // line through checks wins another piece, the horse on i9: a new threat all the same
        // (CXA reference figure 14, move 2: the advisor the cannon could take stays to be taken,
        // and the check that takes it wins a rook).
        const std::string_view kept = "4k3n/9/9/9/P1n6/9/1N7/9/R8/5K3 w";
        CHECK(facts_of(kept, "a1h1").has(MoveClass::CheckThenCapture));
        CHECK(facts_of(kept, "a1h1", standing_gain).has(MoveClass::CheckThenCapture));
        // The rook on d8 could take the cannon on b8 at once; from d4 it would win it by two
        // checks: the same cannon, no new threat under the option.
        const std::string_view same_piece = "4k4/1c1R2P2/9/9/9/9/4r4/9/9/3K5 w";
        CHECK(facts_of(same_piece, "d8d4").has(MoveClass::CheckThenCapture));
        const MoveFacts f = facts_of(same_piece, "d8d4", standing_gain);
        CHECK_FALSE(f.has(MoveClass::CheckThenCapture));
        CHECK(f.check_capture_line.empty());
    }

    TEST_CASE("under check_capture.through_standing_capture, a check that takes what stood to be taken starts a line")
    {
        ClassifierOptions options;
        options.check_capture.quiet_checks = true;
        options.protection.mate_after_capture_depth = 1;
        options.piece_worth = cxa_piece_worth;
        // CXA reference figure 14, move 2: the rook steps from i0, where the horse on g1 attacked
        // it, to h0. The cannon on g0 could take the advisor on d0 over the king before and can
        // still (the rook's line keeps the king from taking back); taking it now unmasks the
        // rook's check, the advisor must step in the way on f0, and the cannon takes the rook on
        // d4 over the cannon on d3. Before the move the horse took the checking rook.
        const std::string_view fen = "r1bakab2/9/2n1c4/p3p3p/2p3Pn1/3R5/P1PCP3P/N3C4/4A1N2/R1BAK1c1r b";
        CHECK_FALSE(facts_of(fen, "i0h0", options).has(MoveClass::CheckThenCapture));
        options.check_capture.through_standing_capture = true;
        const MoveFacts f = facts_of(fen, "i0h0", options);
        CHECK(f.has(MoveClass::CheckThenCapture));
        CHECK(f.check_capture_line
            == std::vector<Move> { *parse_iccs("g0d0"), *parse_iccs("e1f0"), *parse_iccs("d0d4") });
    }

    TEST_CASE("a crossed pawn given up along a check-then-capture line may cost the line a floating worth")
    {
        ClassifierOptions options;
        options.check_capture.quiet_checks = true;
        options.check_capture.through_standing_capture = true;
        options.protection.mate_after_capture_depth = 1;
        options.piece_worth = cxa_piece_worth;
        // CXA figure 24, move 1: the rook on i9 threatens to give the pawn on c9 with check (the
        // king must take it on d9) and take the horse on f9, which the king no longer protects.
        const std::string_view fen = "2P1kn3/4r4/9/9/p3p3R/9/4P4/4B4/9/2BAKA3 w";
        const MoveFacts pawn_for_horse = facts_of(fen, "i5i9", options);
        CHECK(pawn_for_horse.has(MoveClass::CheckThenCapture));
        CHECK(pawn_for_horse.check_capture_line
            == std::vector<Move> { *parse_iccs("c9d9"), *parse_iccs("e9d9"), *parse_iccs("i9f9") });
        // Worth a horse, the pawn given wins nothing by the horse.
        options.check_capture.crossed_soldier_given_worth = 2;
        CHECK_FALSE(facts_of(fen, "i5i9", options).has(MoveClass::CheckThenCapture));
        // Move 3: back on i5, the rook can take the pawn on e5 with check, as it could anyway,
        // and win more after every answer: the line gives no pawn, and is a threat all the same.
        CHECK(facts_of("2P1kn2R/5r3/9/9/p3p4/9/4P4/4B4/9/2BAKA3 w", "i9i5", options).has(MoveClass::CheckThenCapture));
    }

    TEST_CASE(
        "under capture_cost_counts_kills, a capture that lets the other side mate by a series of checks costs the game")
    {
        ClassifierOptions options;
        options.new_threats.capture_made_safe = true;
        options.protection.mate_after_capture_depth = 1;
        options.kill.depth = 4;
        options.kill.mates_by_check = true;
        options.piece_worth = cxa_piece_worth;
        // CXA reference figure 18, move 1: with the king on e0, the rook on e8 taking the horse
        // on g8 lets black mate by checks (b2b0, the rook on c9 blocks on c0, b0c0: the advisor
        // cannot block on d0, which would open the e-file to the cannon on e9). The king's step
        // to d0 gives it d1, and the capture is safe: the move makes it.
        const std::string_view fen = "2R1ckb2/4R1n2/9/9/4P4/9/3c5/1r7/4A4/4K4 w";
        const auto made_safe = [](const MoveFacts& f) {
            return std::any_of(f.threats.begin(), f.threats.end(), [](const Threat& t) {
                return t.target.square == sq("g8") && t.origin == ThreatOrigin::CaptureMadeSafe;
            });
        };
        CHECK_FALSE(made_safe(facts_of(fen, "e0d0", options)));
        options.new_threats.capture_cost_counts_kills = true;
        CHECK(made_safe(facts_of(fen, "e0d0", options)));
        // A mate within mate_after_capture_depth (two moves) is found so too.
        options.new_threats.capture_cost_counts_kills = false;
        options.protection.mate_after_capture_depth = 2;
        CHECK(made_safe(facts_of(fen, "e0d0", options)));
    }

    TEST_CASE("under capture_cost_counts_check_captures, a capture that lays a piece open to checks that win it costs")
    {
        ClassifierOptions options = cxa_kill_options();
        options.new_threats.capture_made_safe = true;
        options.check_capture.depth = 3;
        // CXA reference figure 34, move 3: the elephant on g0 closes rank 0, on which the red
        // rook stands on h0; its capture of the cannon on i2 opens it, and the black rook checks
        // on d1 and d0 (the king cannot take it, the kings would face each other) and takes the
        // rook. Back on h6, the rook is out of reach, and the capture is safe: the checks then
        // take only the cannon on c1 (d4d1, e1e0, d1c1), which they took before the move too,
        // capture or none.
        const std::string_view fen = "3k1ab2/4a4/4b4/2p6/6p2/3r5/6P1P/4BA2c/2C1K4/6BR1 w";
        CHECK_FALSE(makes_capture_safe(facts_of(fen, "h0h6", options), "g0", "i2"));
        options.new_threats.capture_cost_counts_check_captures = true;
        CHECK(makes_capture_safe(facts_of(fen, "h0h6", options), "g0", "i2"));
        // A move that leaves the rook on h0 makes nothing safe.
        CHECK_FALSE(makes_capture_safe(facts_of(fen, "i3i4", options), "g0", "i2"));
    }

    TEST_CASE("an uncrossed pawn is no material at stake in a check-then-capture threat")
    {
        ClassifierOptions options;
        options.check_capture.quiet_checks = true;
        options.check_capture.not_won_anyway = true;
        options.check_capture.new_by_target = true;
        options.material.capture_opens_lines = true;
        options.protection.mate_after_capture_depth = 1;
        options.piece_worth = cxa_piece_worth;
        // CXA reference figure 2, move 4: the rook's step back from g0 to g1 frees rank 0 for the
        // cannon's check on i0; when the advisor on f0 steps up to break it, the cannon takes
        // the elephant on c0 over the king. The cannon leaving i0 lets the red rook take the
        // uncrossed pawn on i6, which has no material value: the threat is new.
        const std::string_view fen = "2bak4/4a4/4b4/4CR2p/6p2/2P6/P5P1P/8c/9/2B1KAr2 b";
        CHECK_FALSE(facts_of(fen, "g0g1", options).has(MoveClass::CheckThenCapture));
        options.check_capture.ignores_uncrossed_soldiers = true;
        const MoveFacts f = facts_of(fen, "g0g1", options);
        CHECK(f.has(MoveClass::CheckThenCapture));
        CHECK(f.check_capture_line
            == std::vector<Move> { *parse_iccs("i2i0"), *parse_iccs("f0e1"), *parse_iccs("i0c0") });
        // Without capture_opens_lines, the pawn laid open is not weighed at all.
        options.material.capture_opens_lines = false;
        options.check_capture.ignores_uncrossed_soldiers = false;
        CHECK(facts_of(fen, "g0g1", options).has(MoveClass::CheckThenCapture));
        options.check_capture.not_won_anyway = false;
        options.material.capture_opens_lines = true;
        options.check_capture.ignores_uncrossed_soldiers = false;
        CHECK_FALSE(facts_of(fen, "g0g1", options).has(MoveClass::CheckThenCapture));
        options.check_capture.ignores_uncrossed_soldiers = true;
        CHECK(facts_of(fen, "g0g1", options).has(MoveClass::CheckThenCapture));
    }

    TEST_CASE("a chase through checks: the piece the line of checks takes, joint where every line needs two pieces")
    {
        const ClassifierOptions options = test::load_bundled_ruleset("cxa").classification;
        const auto through_checks = [](const MoveFacts& f) {
            const auto found = std::find_if(f.threats.begin(), f.threats.end(),
                [](const Threat& t) { return t.origin == ThreatOrigin::ThroughChecks; });
            return found == f.threats.end() ? nullptr : &*found;
        };
        // CXA reference figure 14, move 2: with the rook on h0, the cannon's capture of the
        // advisor on d0 is a check by the rook; after the advisor's block on f0, the cannon
        // takes the rook on d4. The rook gives the check, the cannon moves and takes: two
        // pieces, a joint chase (CXA 24.17).
        const MoveFacts rook_and_cannon
            = facts_of("r1bakab2/9/2n1c4/p3p3p/2p3Pn1/3R5/P1PCP3P/N3C4/4A1N2/R1BAK1c1r b", "i0h0", options);
        REQUIRE(rook_and_cannon.has(MoveClass::CheckThenCapture));
        const Threat* joint = through_checks(rook_and_cannon);
        REQUIRE(joint);
        CHECK(joint->attacker == PieceAt { Piece(Color::Black, PieceType::Cannon), sq("g0") });
        CHECK(joint->target.piece.type() == PieceType::Chariot);
        CHECK(joint->capture_gain > 0);
        CHECK(joint->joint());
        // CXA figure 26, move 4: the cannon on e4 takes the elephant on e2 with check, which
        // lets the cannon on h4 take the rook on d4 (or, after the king's step, the cannon on e2
        // takes the cannon on h2). One piece gives the checks; the capture it lets through is
        // another's, as a move lets another piece capture: no joint chase.
        const std::string_view figure_26 = "2baka2r/9/2n1b2c1/2p1p4/9/3Rc1P2/4C1n2/3NB1NC1/4A4/4KAB2 b";
        const MoveFacts let_through = facts_of(figure_26, "h7h4", options);
        const Threat* single = through_checks(let_through);
        REQUIRE(single);
        CHECK(single->by_one_piece);
        CHECK_FALSE(single->joint());
        // Without the key, the line is a class of its own and no threat.
        ClassifierOptions apart = options;
        apart.check_capture.is_chase = false;
        const MoveFacts as_class = facts_of(figure_26, "h7h4", apart);
        CHECK(as_class.has(MoveClass::CheckThenCapture));
        CHECK_FALSE(through_checks(as_class));
    }

    TEST_CASE("with quiet checks, a check that sacrifices its capturer is a check of the line, one that wins is not")
    {
        ClassifierOptions options;
        options.check_capture.quiet_checks = true;
        options.check_capture.not_won_anyway = true;
        options.piece_worth = cxa_piece_worth;
        // CXA figure 26, move 4: the cannon back on h4 lets the cannon on e4 take the elephant on
        // e2 with check (the elephant on g0 retakes it) and so unmask the cannon on h4 against
        // the rook on d4.
        const MoveFacts f = facts_of("2baka2r/9/2n1b2c1/2p1p4/9/3Rc1P2/4C1n2/3NB1NC1/4A4/4KAB2 b", "h7h4", options);
        CHECK(f.has(MoveClass::CheckThenCapture));
        REQUIRE_FALSE(f.check_capture_line.empty());
        CHECK(f.check_capture_line.front() == *parse_iccs("e4e2"));
        // CXA figure 24, move 3: the rook's check on e5 takes an unprotected pawn, a capture to
        // be weighed as one; only without quiet checks is the line a check-then-capture threat.
        const std::string_view takes_pawn = "2P1kn2R/5r3/9/9/p3p4/9/4P4/4B4/9/2BAKA3 w";
        CHECK_FALSE(facts_of(takes_pawn, "i9i5", options).has(MoveClass::CheckThenCapture));
        options.check_capture.quiet_checks = false;
        CHECK(facts_of(takes_pawn, "i9i5", options).has(MoveClass::CheckThenCapture));
    }

    TEST_CASE("a discovered threat: the blocker steps out of the rook's line")
    {
        const MoveFacts f = facts_of("4k4/9/c8/9/9/9/N8/9/9/R2K5 w", "a3c4");
        const Threat* t = threat_on(f, "a7");
        REQUIRE(t);
        CHECK(t->attacker.square == sq("a0"));
        CHECK(t->origin == ThreatOrigin::Discovered);
    }

    TEST_CASE("a screen placed in front of a cannon makes a threat")
    {
        const MoveFacts f = facts_of("4k4/9/n8/9/9/9/2N6/9/9/C2K5 w", "c3a4");
        const Threat* t = threat_on(f, "a7");
        REQUIRE(t);
        CHECK(t->attacker.square == sq("a0"));
        CHECK(t->origin == ThreatOrigin::ScreenPlaced);
    }

    TEST_CASE("taking away a piece's protection turns a standing attack into a threat")
    {
        // The red rook on a7 attacks the horse on c7, which the black rook on c9 protects
        // until the pawn steps to c8 between them.
        const MoveFacts f = facts_of("2r1k4/3P5/R1n6/9/9/9/9/9/9/3K5 w", "d8c8");
        const Threat* t = threat_on(f, "c7");
        REQUIRE(t);
        CHECK(t->attacker.square == sq("a7"));
        CHECK(t->origin == ThreatOrigin::ProtectionRemoved);
        CHECK(t->real_protectors.empty());
    }

    TEST_CASE("a move that lets a standing capture be made without being mated makes it a threat")
    {
        // The red elephant on e2 could take the rook on c4, but the black cannon on c7 would then
        // take the elephant on c0 over it and mate; the horse stepping to c2 screens c0.
        ClassifierOptions options;
        options.protection.mate_after_capture_depth = 1;
        options.new_threats.capture_made_safe = true;
        const std::string_view fen = "5k3/9/2c6/9/9/2rN5/9/4B4/4A4/2BAK4 w";
        const MoveFacts f = facts_of(fen, "d4c2", options);
        const Threat* t = threat_on(f, "c4");
        REQUIRE(t);
        CHECK(t->attacker.square == sq("e2"));
        CHECK(t->origin == ThreatOrigin::CaptureMadeSafe);
        CHECK_FALSE(t->mated_after_capture);
        // Without the option the attack is not the move's; nor is it when the move leaves the
        // cannon's way open.
        options.new_threats.capture_made_safe = false;
        CHECK_FALSE(threat_on(facts_of(fen, "d4c2", options), "c4"));
        options.new_threats.capture_made_safe = true;
        CHECK_FALSE(threat_on(facts_of(fen, "d4f3", options), "c4"));
    }

    TEST_CASE("a move that lets a standing capture be made without losing material elsewhere makes it a threat")
    {
        // The red rook on f6 could take the pawn on f3, but the black rook on e5 would then take
        // the pawn on e6 that the rook protects; the pawn steps out of its reach. (Worth as in the
        // CXA book, where the black pawn's capture of the advisor on f2 is an even trade.)
        ClassifierOptions options;
        options.new_threats.capture_made_safe = true;
        options.piece_worth = cxa_piece_worth;
        const MoveFacts f = facts_of("4k4/9/3ab4/4PR3/4r4/9/5p3/4BA3/9/2B1K4 w", "e6d6", options);
        const Threat* t = threat_on(f, "f3");
        REQUIRE(t);
        CHECK(t->attacker.square == sq("f6"));
        CHECK(t->origin == ThreatOrigin::CaptureMadeSafe);
        // A piece that was lost anyway and steps away only parries: the rook on a2 could take
        // the pawn on a4 at the cost of the horse before the horse moved, and keeps that attack.
        CHECK_FALSE(threat_on(facts_of("4k4/9/9/9/4N3r/p8/9/R8/9/3K5 w", "e5c6", options), "a4"));
    }

    TEST_CASE("a capture that lays another piece open to a dearer capture loses elsewhere")
    {
        // The red rook stepping to a4 attacks the horse on e4; taking it would open the a-file
        // to the black rook on a9, which could then take the rook on a0, worth more than the horse.
        ClassifierOptions options;
        options.material.capture_opens_lines = true;
        // The facts are kept while their threats are looked at.
        const auto threat_after = [&](std::string_view fen, const char* move, MoveFacts& facts) {
            facts = facts_of(fen, move, options);
            return threat_on(facts, "e4");
        };
        MoveFacts facts;
        const std::string_view fen = "r4k3/9/9/9/9/4n4/R8/9/9/R2K5 w";
        const Threat* t = threat_after(fen, "a3a4", facts);
        REQUIRE(t);
        CHECK(t->exchange_gain == 4);
        REQUIRE(t->lost_elsewhere);
        CHECK(t->lost_elsewhere->square == sq("a0"));
        CHECK(t->lost_elsewhere->piece.type() == PieceType::Chariot);
        // Off, nothing is looked for.
        options.material.capture_opens_lines = false;
        t = threat_after(fen, "a3a4", facts);
        REQUIRE(t);
        CHECK_FALSE(t->lost_elsewhere);
        // A horse on a0 is worth no more than the horse taken: the capture does not lose by it.
        options.material.capture_opens_lines = true;
        t = threat_after("r4k3/9/9/9/9/4n4/R8/9/9/N2K5 w", "a3a4", facts);
        REQUIRE(t);
        CHECK_FALSE(t->lost_elsewhere);
        // Nor does it lose the rook on a0 when the black rook could take it before the capture.
        t = threat_after("r4k3/9/9/9/9/4n4/8R/9/9/R2K5 w", "i3i4", facts);
        REQUIRE(t);
        CHECK_FALSE(t->lost_elsewhere);
    }

    TEST_CASE("a piece is protected in hidden wise when checks win back as much once it is taken")
    {
        // The black rook stepping to c7 attacks the red horse on c8, which nothing protects; but
        // once the rook has taken it, the red rook checks from h9 and h8 and takes it along the
        // eighth rank, the black advisor on f7 leaving that rank open.
        ClassifierOptions options;
        options.protection.hidden_depth = 4;
        MoveFacts facts = facts_of("5k3/2N6/5a3/2r6/9/9/9/7R1/9/4K4 b", "c6c7", options);
        const Threat* t = threat_on(facts, "c8");
        REQUIRE(t);
        CHECK(t->real_protectors.empty());
        REQUIRE(t->hidden_protected());
        CHECK(t->hidden_protection.front() == *parse_iccs("h2h9"));
        CHECK(t->hidden_protection.back() == *parse_iccs("h8c8"));
        // With the advisor on e8 the rank is shut: the checks win no more than the advisor.
        facts = facts_of("5k3/2N1a4/9/2r6/9/9/9/7R1/9/4K4 b", "c6c7", options);
        t = threat_on(facts, "c8");
        REQUIRE(t);
        CHECK_FALSE(t->hidden_protected());
        // Too shallow a search, or none, finds no hidden protection.
        options.protection.hidden_depth = 2;
        facts = facts_of("5k3/2N6/5a3/2r6/9/9/9/7R1/9/4K4 b", "c6c7", options);
        t = threat_on(facts, "c8");
        REQUIRE(t);
        CHECK_FALSE(t->hidden_protected());
        options.protection.hidden_depth = 0;
        facts = facts_of("5k3/2N6/5a3/2r6/9/9/9/7R1/9/4K4 b", "c6c7", options);
        t = threat_on(facts, "c8");
        REQUIRE(t);
        CHECK_FALSE(t->hidden_protected());
    }

    TEST_CASE("a check puts off the threats to the checker's pieces and ends only those it takes away")
    {
        // Figure 16 of the CXA book: the black rook on d6 attacks the red pawn on a6. The red
        // rook's check from h9 is answered first, but the pawn stays attacked.
        const std::string_view fen = "3a1k3/4a4/3cb4/P2rp2R1/6b2/9/9/5C3/4A4/4KA3 w";
        const MoveFacts check = facts_of(fen, "h6h9");
        REQUIRE_FALSE(check.checkers.empty());
        CHECK(check.evaded_threats.empty());
        // A quiet move that steps the pawn out of the rook's reach ends the threat.
        const MoveFacts away = facts_of(fen, "a6a7");
        REQUIRE(away.evaded_threats.size() == 1);
        CHECK(away.evaded_threats[0].square == sq("a6"));
    }

    TEST_CASE("a trade of like pieces offered through a screen is that offer, not an even trade besides")
    {
        // Figure 13 of the CXA book: the rook stepping to e6 screens the red cannon on e5 for
        // the black cannon on e7, which can take it in an even trade.
        ClassifierOptions options;
        options.material.like_piece_trades = true;
        const MoveFacts f = facts_of("4kab2/4a4/4c4/3R4p/3PC4/4r4/8P/9/9/5K3 w", "d6e6", options);
        REQUIRE(f.screen_offers.size() == 1);
        CHECK(f.screen_offers[0].taker.square == sq("e7"));
        CHECK(f.screen_offers[0].offered.square == sq("e5"));
        CHECK(f.even_trades.empty());
        CHECK(f.has(MoveClass::Exchange));
    }

    TEST_CASE("a line of checks wins nothing by a capture that its side is mated for")
    {
        // The rook on h8 would check on h9 and take the elephant on c9 once the king has stepped
        // off the rank; but then the black rook mates from i0, the horses keeping the king in.
        const std::string_view fen = "2b1k4/R8/9/9/8r/9/4n4/2n6/9/4K4 w";
        ClassifierOptions options;
        const MoveFacts unweighed = facts_of(fen, "a8h8", options);
        CHECK(unweighed.check_then_capture);
        CHECK(unweighed.check_capture_line.back() == *parse_iccs("h9c9"));
        options.protection.mate_after_capture_depth = 1;
        CHECK_FALSE(facts_of(fen, "a8h8", options).check_then_capture);
    }

    TEST_CASE("a piece is not protected in hidden wise by checks whose last capture is mated for")
    {
        // Reference figure 20 of the CXA book: the red king stepping back to e0 lets the rook
        // on a1 attack the cannon on h1. Once the rook has taken it, the black rook checks from
        // c0 and c1 and takes it back on h1; but the black rook has left c8, and the red horse
        // stepping off c9 then mates with the rook on a9.
        const std::string_view fen = "R1Nk1ab2/2rCa4/8n/p8/8p/P3Pp3/8P/5A3/R3K2c1/5nB2 w";
        ClassifierOptions options;
        options.protection.hidden_depth = 5;
        const MoveFacts unweighed = facts_of(fen, "e1e0", options);
        const Threat* t = threat_on(unweighed, "h1");
        REQUIRE(t);
        CHECK(t->hidden_protected());
        options.protection.mate_after_capture_depth = 1;
        const MoveFacts weighed = facts_of(fen, "e1e0", options);
        t = threat_on(weighed, "h1");
        REQUIRE(t);
        CHECK(t->attacker.square == sq("a1"));
        CHECK_FALSE(t->hidden_protected());
    }

    TEST_CASE("a check-then-capture line ends in no capture that lays a piece open to as dear a capture")
    {
        // The rook back on h2 threatens h9+, Kf8 and the capture of the advisor on d9; but then the
        // black rook takes the horse on c8, which the red rook on h9 protected in hidden wise (h8+,
        // Kf9 and the capture along the eighth rank): taking the advisor would lose the horse.
        ClassifierOptions options;
        options.material.capture_opens_lines = true;
        options.protection.hidden_depth = 5;
        const std::string_view fen = "3a1k3/2N6/2r2a3/9/9/9/9/5R3/9/4K4 w";
        CHECK_FALSE(facts_of(fen, "f2h2", options).check_then_capture);
        // Without the black rook nothing is laid open; without hidden protection the horse could
        // be taken before the capture as after it, and its loss is no cost of the capture.
        const MoveFacts free = facts_of("3a1k3/2N6/5a3/9/9/9/9/5R3/9/4K4 w", "f2h2", options);
        CHECK(free.check_then_capture);
        CHECK(free.check_capture_line.back() == *parse_iccs("h9d9"));
        options.protection.hidden_depth = 0;
        CHECK(facts_of(fen, "f2h2", options).check_then_capture);
        // Nor is anything weighed unless the lines a capture opens are looked at.
        options.material.capture_opens_lines = false;
        options.protection.hidden_depth = 5;
        CHECK(facts_of(fen, "f2h2", options).check_then_capture);
    }

    TEST_CASE("a move that takes away a hidden protection makes the standing attack its threat")
    {
        // The black rook on c7 attacked the horse on c8 before the advisor went back to e8, but
        // taking it would have lost the rook to the red rook's checks along the eighth rank.
        ClassifierOptions options;
        options.protection.hidden_depth = 4;
        const std::string_view fen = "5k3/2N6/2r2a3/9/9/9/9/7R1/9/4K4 b";
        MoveFacts facts = facts_of(fen, "f7e8", options);
        const Threat* t = threat_on(facts, "c8");
        REQUIRE(t);
        CHECK(t->attacker.square == sq("c7"));
        CHECK(t->origin == ThreatOrigin::HiddenProtectionRemoved);
        CHECK_FALSE(t->hidden_protected());
        // Without looking for hidden protection the attack is merely the rook's, standing before.
        options.protection.hidden_depth = 0;
        facts = facts_of(fen, "f7e8", options);
        CHECK_FALSE(threat_on(facts, "c8"));
    }

    TEST_CASE("the best exchange on a point is led by whichever of the mover's pieces there wins most")
    {
        ClassifierOptions options;
        options.material.best_exchange = true;
        options.piece_worth = cxa_piece_worth;
        // CXA figure 26, move 3: the rook back on d4 attacks the cannon on e4, which the horse
        // on g3 protects and the horse on d2 attacks too. Taking first, the rook wins nothing;
        // the horse taking first wins the cannon.
        const std::string_view fen = "2baka2r/9/2nRb2c1/2p1p4/9/4c1P2/4C1n2/3NB1NC1/4A4/4KAB2 w";
        MoveFacts facts = facts_of(fen, "d7d4", options);
        const Threat* t = threat_on(facts, "e4");
        REQUIRE(t);
        CHECK(t->exchange_gain == 0);
        REQUIRE(t->best_exchange_gain);
        CHECK(*t->best_exchange_gain == 2);
        // Off, no threat has it.
        options.material.best_exchange = false;
        facts = facts_of(fen, "d7d4", options);
        t = threat_on(facts, "e4");
        REQUIRE(t);
        CHECK_FALSE(t->best_exchange_gain);
        // CXA figure 30, move 2: the rook on f6 attacks the horse on e6, which the horse on c7
        // attacks too; but the red horse can take that horse in turn, which offers a trade.
        options.material.best_exchange = true;
        facts = facts_of("2bakab2/9/2n1c3c/p1p1N3p/7n1/2P6/P3P1P1P/1C2CrN2/9/1RBAKAB2 b", "f2f6", options);
        t = threat_on(facts, "e6");
        REQUIRE(t);
        CHECK(t->exchange_gain == 0);
        REQUIRE(t->best_exchange_gain);
        CHECK(*t->best_exchange_gain == 0);
    }

    TEST_CASE(
        "a fellow attacker of the target's kind that the target can take stands to trade: the move offers an exchange")
    {
        ClassifierOptions options;
        options.material.like_piece_trades = true;
        // CXA figure 21, move 1: the rook back on f6 attacks the horse on h6, which the rook on
        // h3 protects; the red horse on f5 attacks it too, and the black horse can take that one.
        const std::string_view fen = "2b1ka3/1c2aR1c1/4b4/p1p4np/4nN3/2P1C4/P5PrP/2N1BC3/9/3AKAB2 w";
        MoveFacts facts = facts_of(fen, "f8f6", options);
        const Threat* t = threat_on(facts, "h6");
        REQUIRE(t);
        REQUIRE(t->trading_fellow);
        CHECK(t->trading_fellow->square == sq("f5"));
        CHECK(facts.has(MoveClass::Exchange));
        // The pawn on c6 has no fellow attacker of its kind.
        t = threat_on(facts, "c6");
        REQUIRE(t);
        CHECK_FALSE(t->trading_fellow);
        // Off, no threat has it, and the move offers nothing.
        options.material.like_piece_trades = false;
        facts = facts_of(fen, "f8f6", options);
        t = threat_on(facts, "h6");
        REQUIRE(t);
        CHECK_FALSE(t->trading_fellow);
        CHECK_FALSE(facts.has(MoveClass::Exchange));
    }

    TEST_CASE("a fellow attacker of the target's kind is no trade when the target cannot take it or the exchange wins "
              "without it")
    {
        ClassifierOptions options;
        options.material.like_piece_trades = true;
        // The rook comes to e1 against the horse on e5, which the black rook on e9 protects and
        // the red horse on c4 attacks too: without that horse, the rook's capture loses it.
        MoveFacts facts = facts_of("4rk3/9/9/9/4n4/2N6/9/9/R8/3K5 w", "a1e1", options);
        const Threat* t = threat_on(facts, "e5");
        REQUIRE(t);
        REQUIRE(t->trading_fellow);
        CHECK(t->trading_fellow->square == sq("c4"));
        // The red cannon on d5 stands on the black horse's leg towards c4: no trade.
        facts = facts_of("4rk3/9/9/9/3Cn4/2N6/9/9/R8/3K5 w", "a1e1", options);
        t = threat_on(facts, "e5");
        REQUIRE(t);
        CHECK(t->fellow_attackers.size() == 1);
        CHECK_FALSE(t->trading_fellow);
        CHECK_FALSE(facts.has(MoveClass::Exchange));
        // CXA reference figure 49, move 4: the rook back on b5 attacks the horse on b6 with the
        // horse on d5, which the red horse can take; as the cannon's new screen, it lets the
        // cannon on b2 take first, which wins the horse with the rook behind it, no horse needed.
        facts = facts_of("3akab2/3cn1C2/4b2C1/pN6R/2rn2p2/9/P1p1P1P1P/1c2B4/5N3/2BAKA3 b", "c5b5", options);
        bool rook_trades = false, cannon_trades = true;
        for (const Threat& threat : facts.threats) {
            if (threat.attacker.square == sq("b5"))
                rook_trades = threat.trading_fellow.has_value();
            if (threat.attacker.square == sq("b2"))
                cannon_trades = threat.trading_fellow.has_value();
        }
        CHECK(rook_trades);
        CHECK_FALSE(cannon_trades);
        // The rooks on a4 and d1 win the horse on d4 that the rook on d9 protects. The red horse
        // on e2, which the black horse could take, is pinned by the rook on e7: it takes no part
        // in the exchange, which wins the horse without it, so it offers no trade.
        facts = facts_of("3r1k3/9/4r4/9/9/3n5/9/4N4/3R5/R3K1B2 w", "a0a4", options);
        const auto by_new_rook = std::find_if(facts.threats.begin(), facts.threats.end(),
            [](const Threat& threat) { return threat.attacker.square == sq("a4"); });
        REQUIRE(by_new_rook != facts.threats.end());
        CHECK(by_new_rook->target.square == sq("d4"));
        CHECK(by_new_rook->exchange_gain > 0);
        CHECK_FALSE(by_new_rook->trading_fellow);
    }

    TEST_CASE(
        "a move that makes the other side's capture of a piece by one of its kind an even trade offers an exchange")
    {
        ClassifierOptions options;
        options.material.like_piece_trades = true;
        // CXA figure 30, move 3: the cannon back on b6 protects the horse on e6 over the pawn on
        // c6; the black horse on c7, which took it winning the red cannon on e2 with the rook
        // on f6 behind, now only trades horses.
        const std::string_view fen = "2bakab2/9/2n1c3c/p1p1Nr2p/7n1/2P6/P3P1P1P/1C2C1N2/9/1RBAKAB2 w";
        MoveFacts facts = facts_of(fen, "b2b6", options);
        REQUIRE(facts.even_trades.size() == 1);
        CHECK(facts.even_trades[0].taker.square == sq("c7"));
        CHECK(facts.even_trades[0].offered.square == sq("e6"));
        CHECK(facts.has(MoveClass::Exchange));
        // Off, nothing is looked for.
        options.material.like_piece_trades = false;
        facts = facts_of(fen, "b2b6", options);
        CHECK(facts.even_trades.empty());
        CHECK_FALSE(facts.has(MoveClass::Exchange));
    }

    TEST_CASE("a capture is weighed with the captures that follow it anywhere on the board")
    {
        ClassifierOptions options;
        options.material.sequence_depth = 4;
        options.material.sequence_takers = { false, true, true, true, true, true, false };
        options.piece_worth = cxa_piece_worth;
        // CXA figure 4, move 3: the horse back on f6 unmasks the cannon on i5 against the horse
        // on c5 (the elephant on g5 its screen), which the elephant on e7 protects: an even trade
        // on c5, but the elephant's recapture takes the horse that protected the pawn on e4,
        // which the horse on f6 then wins.
        const std::string_view fen = "4k4/4a4/4ba3/9/2nN2b1C/4p2p1/P4n3/4BA3/4A4/2B1K4 w";
        MoveFacts facts = facts_of(fen, "d5f6", options);
        const Threat* t = threat_on(facts, "c5");
        REQUIRE(t);
        CHECK(t->exchange_gain == 0);
        REQUIRE(t->capture_sequence_gain);
        CHECK(*t->capture_sequence_gain == 1);
        // Off, no threat has it.
        options.material.sequence_depth = 0;
        facts = facts_of(fen, "d5f6", options);
        t = threat_on(facts, "c5");
        REQUIRE(t);
        CHECK_FALSE(t->capture_sequence_gain);
        // CXA reference figure 33, move 3: the horse taking the cannon on d9 is taken back by the
        // advisor on e8, which leaves the advisor on f7 to the pawn on f6. The pawn wins it by
        // itself: with the king and the pawns no takers of the sequence, the trade wins nothing.
        options.material.sequence_depth = 4;
        facts = facts_of("2bck1b2/4a4/5a3/2N2P3/9/9/p8/5A3/4A1n2/3K5 w", "c6b8", options);
        t = threat_on(facts, "d9");
        REQUIRE(t);
        REQUIRE(t->capture_sequence_gain);
        CHECK(*t->capture_sequence_gain == 0);
        options.material.sequence_takers.fill(true);
        facts = facts_of("2bck1b2/4a4/5a3/2N2P3/9/9/p8/5A3/4A1n2/3K5 w", "c6b8", options);
        t = threat_on(facts, "d9");
        REQUIRE(t);
        REQUIRE(t->capture_sequence_gain);
        CHECK(*t->capture_sequence_gain == 1);
        // A game of the corpus: the black horse off c5 unmasks the cannon on c7 against the horse
        // on c2, which the cannon on f2 takes back; the horse no longer protects the pawn on a3,
        // which the cannon on h3 then takes. A pawn on its own side of the river may count for
        // nothing.
        const std::string_view unmasked = "4kab2/4a4/2c1b3n/4p1p2/1rn5p/2CR2P2/P3P2cP/2N1BCN2/9/3AKAB2 b";
        facts = facts_of(unmasked, "c5b7", options);
        t = threat_on(facts, "c2");
        REQUIRE(t);
        REQUIRE(t->capture_sequence_gain);
        CHECK(*t->capture_sequence_gain == 1);
        options.material.sequence_counts_uncrossed_soldiers = false;
        facts = facts_of(unmasked, "c5b7", options);
        t = threat_on(facts, "c2");
        REQUIRE(t);
        REQUIRE(t->capture_sequence_gain);
        CHECK(*t->capture_sequence_gain == 0);
    }

    TEST_CASE("a threat to win another piece through checks is new, though one stood before")
    {
        ClassifierOptions options;
        options.check_capture.depth = 3;
        options.check_capture.quiet_checks = true;
        options.check_capture.takers = { false, true, true, true, true, true, false };
        options.piece_worth = cxa_piece_worth;
        // CXA reference figure 42, move 1: before it, the advisor to f2 screens the cannon on f1
        // for a check that only the horse on f4 blocks, and the cannon takes it; after the
        // advisor's step to d0, the rook to f6 checks a king that may not step onto the open
        // e-file nor onto f9, so the cannon blocks on f7, where the cannon on f1 takes it.
        const std::string_view fen = "9/5k3/2c6/p3R4/9/9/9/r5n1B/4AC3/4KA3 w";
        CHECK_FALSE(facts_of(fen, "e1d0", options).check_then_capture);
        options.check_capture.new_by_target = true;
        const MoveFacts facts = facts_of(fen, "e1d0", options);
        CHECK(facts.check_then_capture);
        REQUIRE(facts.check_capture_line.size() == 3);
        CHECK(to_iccs(facts.check_capture_line.back()) == "f1f7");
    }

    TEST_CASE("a check-then-capture line wins only what its capture keeps once the captures that follow it are made")
    {
        ClassifierOptions options;
        options.material.sequence_depth = 4;
        options.piece_worth = cxa_piece_worth;
        // Reference figure 8 of the CXA book: the black cannon back on i3 threatens to check from
        // i0. The king steps up and the rook takes the elephant on g0, the elephant moves off and
        // the rook takes it on i2, but the red rook blocking on h0 pins the elephant on g0 to the
        // cannon's check, so that the rook takes the elephant on e2, and the red rook then takes
        // the cannon: the line wins nothing.
        const std::string_view rook_on_h_file = "7R1/3ka4/3a5/9/9/4p4/7c1/4B1r2/4A4/3A1KB2 b";
        CHECK(facts_of(rook_on_h_file, "h3i3", options).check_then_capture);
        options.check_capture.weighs_following_captures = true;
        CHECK_FALSE(facts_of(rook_on_h_file, "h3i3", options).check_then_capture);
        // With the rook on the i-file nothing blocks the check from h0: the elephant on g0 is won.
        const MoveFacts facts = facts_of("8R/3ka4/3a5/9/9/4p4/8c/4B1r2/4A4/3A1KB2 b", "i3h3", options);
        CHECK(facts.check_then_capture);
        REQUIRE_FALSE(facts.check_capture_line.empty());
        CHECK(to_iccs(facts.check_capture_line.back()) == "g2g0");
    }

    TEST_CASE("a pawn that is no taker of a sequence of captures still takes back on the capture's point")
    {
        ClassifierOptions options;
        options.material.sequence_depth = 4;
        options.material.sequence_takers = { false, true, true, true, true, true, false };
        options.new_threats.capture_made_safe = true;
        options.piece_worth = cxa_piece_worth;
        // A game of the corpus: the black pawn to d4 backs the rook on b3 against the cannon on
        // d3, which the rook on h3 protects: the rook's capture, lost before, is safe now, since
        // the pawn takes back what retakes on d3.
        const MoveFacts facts = facts_of("3ak1b2/4a4/4b1n1c/4C3p/4P4/2p2p3/1r1C3RP/2c6/4A4/R3KAB2 b", "c4d4", options);
        const auto t = std::find_if(facts.threats.begin(), facts.threats.end(), [](const Threat& threat) {
            return threat.attacker.piece.type() == PieceType::Chariot && threat.target.square == sq("d3");
        });
        REQUIRE(t != facts.threats.end());
        CHECK(t->origin == ThreatOrigin::CaptureMadeSafe);
        REQUIRE(t->capture_sequence_gain);
        CHECK(*t->capture_sequence_gain > 0);
    }

    TEST_CASE(
        "figure 8: the king's step makes the rook's capture safe; a pawn takes back, and a standing loss is no cost")
    {
        ClassifierOptions options = cxa_kill_options();
        options.new_threats.capture_made_safe = true;
        options.new_threats.capture_cost_counts_kills = true;
        options.material.sequence_depth = 4;
        options.material.sequence_takers = { false, true, true, true, true, true, false };
        options.material.sequence_counts_uncrossed_soldiers = false;
        // CXA figure 8, move 2 (the book: a chase): with the king on f8, the black rook on f6
        // taking the pawn on a6 opens the f-file to the red rook on h3; on f9 it does not. After
        // the capture, the red rook may take the horse on i3, which the pawn on i4 takes back,
        // or the pawn on c3, which it could take whether or not the rook takes.
        const std::string_view fen = "3a5/3Nck3/3ab4/P4r3/9/8p/2p4Rn/C3BA2B/4A4/4K4 b";
        const auto made_safe = [](const MoveFacts& f) {
            const Threat* t = threat_on(f, "a6");
            return t && t->attacker.square == sq("f6") && t->origin == ThreatOrigin::CaptureMadeSafe;
        };
        CHECK_FALSE(made_safe(facts_of(fen, "f8f9", options)));
        // The pawn, no taker of the sequence, takes back on i3: the horse is not won...
        options.material.sequence_any_piece_takes_back = true;
        CHECK_FALSE(made_safe(facts_of(fen, "f8f9", options)));
        // ...and the pawn on c3, lost before the move and after it, is no cost of the capture.
        options.new_threats.capture_cost_leaves_standing_losses = true;
        CHECK(made_safe(facts_of(fen, "f8f9", options)));
        // Without the pawn's take-back, the rook's capture of the horse on i3 is its cost.
        options.material.sequence_any_piece_takes_back = false;
        CHECK_FALSE(made_safe(facts_of(fen, "f8f9", options)));
    }

    TEST_CASE("a move that parries a loss and protects a piece a standing capture needs makes the capture a threat")
    {
        ClassifierOptions options;
        options.new_threats.capture_made_safe = true;
        options.material.sequence_depth = 4;
        options.piece_worth = cxa_piece_worth;
        // CXA reference figure 15, move 2 (the book: a chase): the black cannon on g5 attacks the
        // horse on g2 over the horse on g3, which the cannon on g7 protects over the cannon on g5.
        // Taking on g2 takes that protection away, and the red rook on f3 takes the horse on g3:
        // an even trade. The rook on h1, attacked by the cannon on d1, steps to h3, out of reach
        // and beside the horse on g3: the capture on g2 now wins a horse.
        const std::string_view fen = "1r2kab2/4a4/2n1b1c2/p1p1p3p/6c2/4R4/P1P1PRn1P/N4CN2/3CA2r1/2BAK1B2 b";
        // The rook was lost anyway: its step only parries.
        CHECK_FALSE(makes_capture_safe(facts_of(fen, "h1h3", options), "g5", "g2"));
        // It protects the cannon's screen, and the capture lost that screen even with the rook
        // left out of its cost.
        options.new_threats.capture_made_safe_by_protected_participant = true;
        CHECK(makes_capture_safe(facts_of(fen, "h1h3", options), "g5", "g2"));
        // A step out of reach that leaves the horse on g3 unprotected makes the capture no safer.
        CHECK_FALSE(makes_capture_safe(facts_of(fen, "h1h0", options), "g5", "g2"));
        // Reference figure 21, move 4 (the book: idle): the black rook on g3 attacks the horse on
        // g2 all along; the rook on d4, attacked by the horse on c2, steps back to d3. It protects
        // nothing the capture needs, which cost nothing but that rook: the step only parries.
        CHECK_FALSE(
            threat_on(facts_of("3k1ab2/4a4/9/p2c3Rp/2b3p2/3r5/P3P1r1P/C1NA2N2/4A4/2B1K1B2 b", "d4d3", options), "g2"));
        // Figure 26, move 4: the cannon's step to h4 protects the cannon on e4, which the red rook
        // and horse attack; that cannon takes on e2 and leaves its point: the attacker is no
        // piece the move protects for the capture.
        CHECK_FALSE(makes_capture_safe(
            facts_of("2baka2r/9/2n1b2c1/2p1p4/9/3Rc1P2/4C1n2/3NB1NC1/4A4/4KAB2 b", "h7h4", options), "e4", "e2"));
        // A piece that shields the king takes part in no capture: the cannon on e3 protects the
        // pawn on e6, without which the red cannon on e4 would check, so that the black rook on
        // c3 could take nothing (a national championships game, ply 42).
        CHECK_FALSE(makes_capture_safe(
            facts_of("3akab2/9/2n1b1nr1/p1N1p1R1p/6p2/P1P1C4/2rc2P2/2C1B4/3RA4/2B1KA3 b", "d3e3", options), "c3",
            "c2"));
    }

    TEST_CASE("a pawn on its own side of the river that the other side could take does not make a move merely parry")
    {
        ClassifierOptions options;
        options.new_threats.capture_made_safe = true;
        options.material.sequence_depth = 4;
        options.material.sequence_counts_uncrossed_soldiers = false;
        options.piece_worth = cxa_piece_worth;
        // A national championships game (1984), ply 42: the black rook on c3 protects the cannon
        // on d3, which the red rook on d1 attacks, so that taking the cannon on c2 loses the
        // cannon on d3. The cannon steps to e3, and the capture on c2 wins a cannon. Only the
        // red rook on g6 could take anything before the move: the pawn on g5, on its own side of
        // the river.
        const std::string_view fen = "3akab2/9/2n1b1nr1/p1N1p1R1p/6p2/P1P1C4/2rc2P2/2C1B4/3RA4/2B1KA3 b";
        CHECK_FALSE(makes_capture_safe(facts_of(fen, "d3e3", options), "c3", "c2"));
        options.new_threats.capture_made_safe_ignores_uncrossed_soldiers = true;
        CHECK(makes_capture_safe(facts_of(fen, "d3e3", options), "c3", "c2"));
        // A pawn across the river is material: with the pawn on g4, which the rook and the pawn
        // on g3 could take, the cannon's step only parries a loss.
        CHECK_FALSE(makes_capture_safe(
            facts_of("3akab2/9/2n1b1nr1/p1N1p1R1p/9/P1P1C1p2/2rc2P2/2C1B4/3RA4/2B1KA3 b", "d3e3", options), "c3",
            "c2"));
    }

    TEST_CASE("a piece that was lost anyway and steps away makes a standing capture safe when it takes part in it")
    {
        ClassifierOptions options;
        options.new_threats.capture_made_safe = true;
        options.piece_worth = cxa_piece_worth;
        // Figure 27 of the CXA book: the black rook on a1 takes the horse on a0 and the cannon
        // behind the elephant on a7 takes back on a0 after the red rook, but the red horse on c8
        // would take the cannon on a9 first. The cannon steps to a8, out of the horse's reach and
        // still behind the rook.
        const std::string_view fen = "c4k3/2N1a4/b4a3/2p5p/6p2/9/6P2/4B4/r3A4/N2RKA3 b";
        CHECK_FALSE(threat_on(facts_of(fen, "a9a8", options), "a0"));
        options.new_threats.capture_made_safe_by_saved_participant = true;
        const MoveFacts facts = facts_of(fen, "a9a8", options);
        const Threat* t = threat_on(facts, "a0");
        REQUIRE(t);
        CHECK(t->attacker.square == sq("a1"));
        CHECK(t->origin == ThreatOrigin::ParticipantSaved);
        // A piece that takes no part in the capture still only parries (the horse of the test
        // above).
        CHECK_FALSE(threat_on(facts_of("4k4/9/9/9/4N3r/p8/9/R8/9/3K5 w", "e5c6", options), "a4"));
        // Figure 11: the red cannon on b9, which the black rook on b8 attacks, pins the elephant
        // on c9 that protects the elephant on e7 against the rook on e5; on a9 it is out of the
        // rook's reach and pins the elephant still. It takes part without taking: without it, the
        // elephant on c9 would take back.
        const MoveFacts pinning = facts_of("1Cbak4/1r2a4/c3b4/p8/2p1R4/6P1P/2P6/4B4/4A4/2BAK4 w", "b9a9", options);
        const Threat* e7 = threat_on(pinning, "e7");
        REQUIRE(e7);
        CHECK(e7->origin == ThreatOrigin::ParticipantSaved);
    }

    TEST_CASE("a saved piece that holds the target on its point takes part in the capture")
    {
        ClassifierOptions options;
        options.protection.mate_after_capture_depth = 1;
        options.new_threats.capture_made_safe = true;
        options.new_threats.capture_made_safe_by_saved_participant = true;
        options.material.sequence_depth = 4;
        options.piece_worth = cxa_piece_worth;
        // Reference figure 50 of the CXA book: the red cannon on g8 attacks the black cannon on
        // d8 over the horse on e8 all along, and the black cannon attacks it back. The red horse
        // on b6, which the black rook and horse win by their exchange, steps to c8, from where
        // it would check the king on e9 but for the black cannon on d8, on its leg: the cannon is
        // pinned and can no longer take back. Back on b6 (the horse on c8 was the rook's), it leaves the cannon
        // free to take, but taking lets the horse mate on d7. The book: "the horse's moves keep
        // the black cannon from leaving its line", a chase on each of them.
        const std::string_view start = "3akab2/3cn1C2/4b2C1/pN6R/1r1n2p2/9/P1p1P1P1P/4B4/9/2BAKA3 w";
        const std::string_view later = "3akab2/2Ncn1C2/4b2C1/p7R/2rn2p2/9/P1p1P1P1P/4B4/9/2BAKA3 w";
        // Without the keys, neither move makes the standing attack the move's.
        CHECK_FALSE(threat_on(facts_of(start, "b6c8", options), "d8"));
        CHECK_FALSE(threat_on(facts_of(later, "c8b6", options), "d8"));

        options.new_threats.saved_participant_holds_target = true;
        options.new_threats.saved_participant_won_by_exchange = true;
        options.material.capture_back_unless_mated = true;
        const MoveFacts pinning = facts_of(start, "b6c8", options);
        const Threat* first = threat_on(pinning, "d8");
        REQUIRE(first);
        CHECK(first->attacker.square == sq("g8"));
        CHECK(first->origin == ThreatOrigin::ParticipantSaved);
        CHECK_FALSE(first->target_can_capture_back);
        const MoveFacts tying = facts_of(later, "c8b6", options);
        const Threat* second = threat_on(tying, "d8");
        REQUIRE(second);
        CHECK(second->origin == ThreatOrigin::ParticipantSaved);
        // The cannon may take the red cannon back, but is mated for it: no mutual attack.
        CHECK_FALSE(second->target_can_capture_back);

        // The horse on b6 is won only by the exchange (each capture alone wins nothing).
        options.new_threats.saved_participant_won_by_exchange = false;
        CHECK_FALSE(threat_on(facts_of(start, "b6c8", options), "d8"));
        options.new_threats.saved_participant_won_by_exchange = true;
        // The horse takes part only by holding the cannon.
        options.new_threats.saved_participant_holds_target = false;
        CHECK_FALSE(threat_on(facts_of(start, "b6c8", options), "d8"));
        CHECK_FALSE(threat_on(facts_of(later, "c8b6", options), "d8"));
        options.new_threats.saved_participant_holds_target = true;
        // A take-back that is mated counts as one without capture_back_unless_mated.
        options.material.capture_back_unless_mated = false;
        const MoveFacts unpinning = facts_of(later, "c8b6", options);
        const Threat* mutual = threat_on(unpinning, "d8");
        REQUIRE(mutual);
        CHECK(mutual->target_can_capture_back);
    }

    TEST_CASE("a target that is mated for taking the attacker back cannot take it back")
    {
        ClassifierOptions options;
        options.protection.mate_after_capture_depth = 1;
        options.piece_worth = cxa_piece_worth;
        // The red cannon steps to g8 and attacks the black cannon on d8 over the horse on e8;
        // the black cannon can take it back the same way, but then the horse on b6 mates on d7.
        const std::string_view fen = "3akab2/3cn4/4b2C1/pN4C1R/1r4p2/9/P1p1P1P1P/4B4/9/2BAKA3 w";
        const MoveFacts plain = facts_of(fen, "g6g8", options);
        const Threat* mutual = threat_on(plain, "d8");
        REQUIRE(mutual);
        CHECK(mutual->origin == ThreatOrigin::Direct);
        CHECK(mutual->target_can_capture_back);
        options.material.capture_back_unless_mated = true;
        const MoveFacts mated_back = facts_of(fen, "g6g8", options);
        const Threat* one_sided = threat_on(mated_back, "d8");
        REQUIRE(one_sided);
        CHECK_FALSE(one_sided->target_can_capture_back);
        // Without the horse, the take-back costs nothing: the cannons attack each other.
        const std::string_view no_horse = "3akab2/3cn4/4b2C1/p5C1R/1r4p2/9/P1p1P1P1P/4B4/9/2BAKA3 w";
        const MoveFacts free_back = facts_of(no_horse, "g6g8", options);
        const Threat* even = threat_on(free_back, "d8");
        REQUIRE(even);
        CHECK(even->target_can_capture_back);
    }

    TEST_CASE("a protector whose recapture is mated protects nothing under protection.unless_mated")
    {
        // Reference figure 25, move 3: the red cannon back on e2 stands behind the rook on e4. If
        // the rook takes the cannon on e7 and an elephant takes it back, the cannon on e2 pins the
        // advisor on e8 over the elephant, and the rook on d3 mates on d9. Before the move (the
        // cannon on f2) the elephants took back safely.
        ClassifierOptions options;
        options.protection.mate_after_capture_depth = 1;
        options.piece_worth = cxa_piece_worth;
        const std::string_view fen = "2bak1b2/4a2r1/4c1n2/p7p/2p2rpc1/4R4/P1PR2P1P/2N2CN2/4A4/2BK1AB2 w";
        // Without the key the elephants protect the cannon, and the rook's attack stood before.
        CHECK_FALSE(threat_on(facts_of(fen, "f2e2", options), "e7", "e4"));

        options.protection.unless_mated = true;
        const MoveFacts f = facts_of(fen, "f2e2", options);
        const Threat* t = threat_on(f, "e7", "e4");
        REQUIRE(t);
        CHECK(t->origin == ThreatOrigin::ProtectionRemoved);
        CHECK(t->protected_now());
        CHECK(t->real_protectors.empty());
        CHECK(t->fake_protectors.size() == 2);
        CHECK(t->capture_gain == 2);
        // The cannon's own capture checks over the advisor; an elephant takes it back and is
        // not mated for it: a real protection.
        const Threat* by_cannon = threat_on(f, "e7", "e2");
        REQUIRE(by_cannon);
        CHECK(by_cannon->real_protectors.size() == 2);

        // After a check the defender answers it first: a recapture that only the standing check
        // would have mated still protects. The black cannon checks from a0 over the advisor on
        // d0; the rooks on c2 and h2 still protect the elephant on e2 against the rook on e5, so
        // the move takes no protection away and the rook's attack stays the standing one.
        const MoveFacts check = facts_of("3akr3/4a4/9/4P4/4r4/P5P2/9/c1R1B2RB/4Ap3/3AK4 b", "a2a0", options);
        CHECK_FALSE(threat_on(check, "e2", "e5"));
    }

    TEST_CASE("a move that parries a mate threat makes no standing capture safe")
    {
        // Red threatens mate with the rook on g7. Before the black king steps aside, taking the
        // pawn on c5 with the elephant is mated as any other move would be; the step parries
        // the threat and attacks nothing anew.
        ClassifierOptions options;
        options.protection.mate_after_capture_depth = 1;
        options.new_threats.capture_made_safe = true;
        const MoveFacts f = facts_of("2b3R2/5P3/b3k3n/5np2/2P6/9/1pp6/3CB4/4A4/4KAB1r b", "e7f7", options);
        CHECK_FALSE(threat_on(f, "c5"));
    }

    TEST_CASE("a parry of a mate threat makes safe a capture that came with the threat")
    {
        // Reference figure 20, move 4. The red king answered the rook's check on c0 by stepping
        // back to e1, which threatens mate (the horse leaves c9, the rook on a9 checks, takes the
        // blocking rook on c9) and screens the black cannon on h1's capture of the rook on a1:
        // taking at once is mated. The rook back on c8 parries the threat; the capture, which
        // came with the threat (the king on e0 screened nothing), is then safe.
        ClassifierOptions options = cxa_kill_options();
        options.new_threats.capture_made_safe = true;
        options.new_threats.capture_cost_counts_kills = true;
        const Position before_check_answered = from_fen("R1Nk1ab2/3Ca4/8n/p8/8p/P3Pp3/8P/5A3/R6c1/2r1KnB2 w");
        const Position before = from_fen("R1Nk1ab2/3Ca4/8n/p8/8p/P3Pp3/8P/5A3/R3K2c1/2r2nB2 b");
        const Move parry = *parse_iccs("c0c8");
        // Without the key, or without the position before the threat, the parry only parries.
        CHECK_FALSE(threat_on(classify_move(before, parry, options, &before_check_answered), "a1"));
        options.new_threats.capture_made_safe_by_parry_of_new_capture = true;
        CHECK_FALSE(threat_on(classify_move(before, parry, options), "a1"));

        const MoveFacts f = classify_move(before, parry, options, &before_check_answered);
        const Threat* t = threat_on(f, "a1", "h1");
        REQUIRE(t);
        CHECK(t->origin == ThreatOrigin::CaptureMadeSafe);
        CHECK(t->capture_gain == 4);
        // A capture that stood safe before the threat was made is only restored by the parry:
        // with the black rook still on c8 and the red king on e1, the cannon took safely.
        const Position capture_stood = from_fen("R1Nk1ab2/2rCa4/8n/p8/8p/P3Pp3/8P/5A3/R3K2c1/5nB2 w");
        CHECK_FALSE(threat_on(classify_move(before, parry, options, &capture_stood), "a1"));
    }

    TEST_CASE("a pinned protector is a fake protection")
    {
        // The black rook on e8 protects the horse on d8, but recapturing would open the
        // e-file to the red rook on e1 and expose the black king.
        const MoveFacts f = facts_of("4k4/3nr4/9/9/9/9/9/9/4R4/R2K5 w", "a0a8");
        const Threat* t = threat_on(f, "d8");
        REQUIRE(t);
        CHECK(t->protected_now());
        CHECK_FALSE(t->protected_after_capture());
        REQUIRE(t->fake_protectors.size() == 1);
        CHECK(t->fake_protectors[0].square == sq("e8"));
        CHECK_FALSE(t->fake_by_flying_general); // pinned by the rook, not by the other king
    }

    TEST_CASE("a protector whose recapture would let the kings face each other is fake")
    {
        // The black horse on e7 is the only piece between the kings.
        const MoveFacts f = facts_of("4k4/9/4n4/9/3c5/9/9/9/9/R3K4 w", "a0a5");
        const Threat* t = threat_on(f, "d5");
        REQUIRE(t);
        REQUIRE(t->fake_protectors.size() == 1);
        CHECK(t->fake_protectors[0].square == sq("e7"));
        CHECK(t->real_protectors.empty());
        CHECK(t->fake_by_flying_general);
    }

    TEST_CASE("a protector that can really recapture is a real protection")
    {
        const MoveFacts f = facts_of("2r1k4/9/2n6/9/9/9/9/9/9/R2K5 w", "a0a7");
        const Threat* t = threat_on(f, "c7");
        REQUIRE(t);
        REQUIRE(t->real_protectors.size() == 1);
        CHECK(t->real_protectors[0].square == sq("c9"));
    }

    TEST_CASE("a threat whose capture would expose the attacker's own king is marked illegal")
    {
        // The red rook on e3 is pinned on the e-file by the black rook on e8.
        const MoveFacts f = facts_of("3k5/4r4/9/9/9/9/2nNR4/9/9/4K4 w", "d3c5");
        const Threat* t = threat_on(f, "c3");
        REQUIRE(t);
        CHECK(t->attacker.square == sq("e3"));
        CHECK(t->origin == ThreatOrigin::Discovered);
        CHECK_FALSE(t->capture_legal);
        CHECK(t->attacker_restriction.kind == Restriction::ConfinedToLine);
    }

    TEST_CASE("a rook on the leg of a horse that would check its king is immobilised by the horse")
    {
        // The rook on f1 may only take the horse on f2: any other move lets the horse check.
        const Position pos = from_fen("3k5/9/9/9/9/9/9/5n3/5R3/4K4 w");
        const RestrictionFacts r = restriction_of(pos, sq("f1"));
        CHECK(r.kind == Restriction::Immobilised);
        CHECK(r.by_horse_only());
        REQUIRE(r.by.size() == 1);
        CHECK(r.by[0].square == sq("f2"));
        const Position free = from_fen("3k5/9/9/9/9/9/9/9/5R3/4K4 w");
        CHECK(restriction_of(free, sq("f1")).kind == Restriction::None);
    }

    TEST_CASE("a king kept off attacked points is not restricted")
    {
        // Figure 15 of the CXA book: the red king on e1 attacks the pawn on e0 and may not step
        // to f1, where it would face the black king; it is no pinned attacker for that.
        const Position pos = from_fen("3a2b1r/4ak3/8b/9/9/9/9/B2NN3B/4K4/4p4 b");
        CHECK(restriction_of(pos, sq("e1")).kind == Restriction::None);
    }

    TEST_CASE("a check restricts no piece: only a piece whose move would let the king be attacked anew")
    {
        // Figure 13 of the CXA book, after the rook's check from d6: the advisor on e8 may not
        // go to f7, since the check would stand, but may block on d7; it is not pinned.
        const Position pos = from_fen("3k1ab2/4a4/4c4/3R4p/3PC4/4r4/8P/9/9/5K3 b");
        CHECK(restriction_of(pos, sq("e8")).kind == Restriction::None);
        // Without a check, the cannon on e7 between the red rook on e5 and its king on e8 is
        // confined to the file.
        const Position pinned = from_fen("3a1ab2/4k4/4c4/9/4R4/9/9/9/9/5K3 b");
        CHECK(restriction_of(pinned, sq("e7")).kind == Restriction::ConfinedToLine);
    }

    TEST_CASE("a rook between a cannon's screen and its king is confined to the line")
    {
        // Black cannon d7, its screen the black horse on d6, then the red rook d4 and the red
        // king d0: if the rook left the d-file the cannon would check.
        const Position pos = from_fen("3k5/9/3c5/3n5/9/3R5/9/9/9/3K5 w");
        const RestrictionFacts r = restriction_of(pos, sq("d4"));
        CHECK(r.kind == Restriction::ConfinedToLine);
        CHECK(r.by_cannon_only());
    }

    TEST_CASE("a move into a same-kind mutual attack is an exchange offer and a threat that can be answered")
    {
        const MoveFacts f = facts_of("r3k4/9/9/9/1R7/9/9/9/9/3K5 w", "b5a5");
        CHECK(f.has(MoveClass::Exchange));
        REQUIRE(f.can_be_taken_by.size() == 1);
        CHECK(f.can_be_taken_by[0].square == sq("a9"));
        const Threat* t = threat_on(f, "a9");
        REQUIRE(t);
        CHECK(t->target_can_capture_back);
    }

    TEST_CASE("a move onto an enemy rook's path is a block, and an offer if the rook can take it")
    {
        const MoveFacts f = facts_of("r3k4/9/9/9/9/9/2N6/9/9/3K5 w", "c3a4");
        CHECK(f.has(MoveClass::Block));
        REQUIRE(f.blocks.size() == 1);
        CHECK(f.blocks[0].blocked.square == sq("a9"));
        CHECK(f.has(MoveClass::Offer));
    }

    TEST_CASE("checks name their pieces, discovered ones included")
    {
        const MoveFacts direct = facts_of("4k4/9/9/9/9/9/9/9/9/R2K5 w", "a0a9");
        CHECK(direct.has(MoveClass::Check));
        REQUIRE(direct.checkers.size() == 1);
        CHECK_FALSE(direct.discovered_check);

        // The horse on e5 steps off the e-file and uncovers the rook on e1.
        const MoveFacts discovered = facts_of("4k4/9/9/9/4N4/9/9/9/4R4/3K5 w", "e5c6");
        CHECK(discovered.discovered_check);
        CHECK(discovered.checkers[0].square == sq("e1"));
    }

    TEST_CASE("a kill: the mover would mate if it could move again")
    {
        // With the rook on a8 covering rank 8, the other rook mates on b9.
        const MoveFacts f = facts_of("4k4/9/9/9/9/9/9/9/9/RR1K5 w", "a0a8");
        CHECK(f.kill);
        CHECK(f.has(MoveClass::Kill));
        REQUIRE_FALSE(f.kill_line.empty());
        CHECK(to_iccs(f.kill_line[0]) == "b0b9");

        const MoveFacts quiet = facts_of("3k5/9/9/9/9/9/P8/9/9/4K4 w", "a3a4");
        CHECK_FALSE(quiet.kill);
    }

    TEST_CASE("kills through a series of checks, and by the threat of leaving no legal move")
    {
        const auto line_of = [](const MoveFacts& f) {
            std::vector<std::string> line;
            for (const Move m : f.kill_line)
                line.push_back(to_iccs(m));
            return line;
        };
        // Moving again, Red's pawn on e6 would take Black's last free point, e8: no legal move
        // is left, which loses as mate does.
        const MoveFacts stalemate = facts_of("4k4/9/3R1R3/4P4/9/9/9/9/9/3K5 w", "d0d1");
        CHECK(stalemate.kill);
        CHECK(line_of(stalemate) == std::vector<std::string> { "e6e7" });
        // A horse check, the king's one step aside, and the horse mates (a corpus game).
        const MoveFacts two = facts_of("3ak3C/4a3N/9/4p4/9/8P/2n6/4B4/2n1A4/3K1AB2 b", "c3b1");
        CHECK(line_of(two) == std::vector<std::string> { "c1e2", "d0d1", "e2c3" });
        // Three checks deep: rook, horse, then the rook again (a corpus game).
        const MoveFacts three = facts_of("9/5k3/4b4/3R3N1/2b6/9/5r3/8B/4A4/2BK5 w", "h6i8");
        CHECK(line_of(three) == std::vector<std::string> { "d6d8", "f8f9", "i8g7", "f9e9", "d8d9" });

        // Where a mate must come by check (kill.mates_by_check), the pawn's quiet step that
        // leaves no legal move is passed over for the rook's mate on e7 (the red king on d1
        // keeps the black one off the d-file); the checks' mates stay as they were.
        ClassifierOptions by_check;
        by_check.kill.mates_by_check = true;
        CHECK(line_of(facts_of("4k4/9/3R1R3/4P4/9/9/9/9/9/3K5 w", "d0d1", by_check))
            == std::vector<std::string> { "d7e7" });
        CHECK(line_of(facts_of("3ak3C/4a3N/9/4p4/9/8P/2n6/4B4/2n1A4/3K1AB2 b", "c3b1", by_check))
            == std::vector<std::string> { "c1e2", "d0d1", "e2c3" });
        CHECK(line_of(facts_of("9/5k3/4b4/3R3N1/2b6/9/5r3/8B/4A4/2BK5 w", "h6i8", by_check))
            == std::vector<std::string> { "d6d8", "f8f9", "i8g7", "f9e9", "d8d9" });
    }

    TEST_CASE("under capture_back_unless_losing, a target that loses material by taking back cannot take back")
    {
        // Figure 17, move 3: the red rook back on b7 attacks the black rook on c7, which the king
        // on d7 cannot reach. The rook on c7 may take the rook on b7, but the rook on b9 then
        // retakes with check and wins the rook on h7 whatever the answer.
        const std::string_view fen = "1R3a3/1R2a4/b1rk3r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w";
        ClassifierOptions options = cxa_kill_options();
        const MoveFacts without_key = facts_of(fen, "b8b7", options);
        const Threat* mutual = threat_on(without_key, "c7", "b7");
        REQUIRE(mutual);
        CHECK(mutual->target_can_capture_back);
        CHECK(mutual->capture_gain == 4);

        options.material.capture_back_unless_losing = true;
        const MoveFacts with_key = facts_of(fen, "b8b7", options);
        const Threat* chased = threat_on(with_key, "c7", "b7");
        REQUIRE(chased);
        CHECK_FALSE(chased->target_can_capture_back);
        CHECK(chased->capture_gain == 4);
        // Without the rook on h7 and the elephant on a7 the retake with check wins nothing
        // more: an even trade.
        const MoveFacts trade = facts_of("1R3a3/1R2a4/2rk5/p3p3P/4c4/6B2/9/3A5/9/4KA3 w", "b8b7", options);
        const Threat* even = threat_on(trade, "c7", "b7");
        REQUIRE(even);
        CHECK(even->target_can_capture_back);
    }

    TEST_CASE("a kill by seven checks: figure 17's king steps back and frees a rook to check")
    {
        // Figure 17, move 4: on d7 the black king stood behind the rook on c7, which the red rook
        // on b7 pinned; back on d8 it frees the rook. Moving again, black mates by checks with
        // its two rooks, and by no fewer than seven: the rook on c7 to c0, the rook on h7 to h1
        // and h2 driving the king up and down, c0c1, h2e2, the advisor on d2 taken, and d2d0.
        const std::string_view fen = "1R3a3/4a4/bRrk3r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 b";
        ClassifierOptions options = cxa_kill_options();
        options.kill.depth = 6;
        CHECK_FALSE(facts_of(fen, "d7d8", options).kill);
        options.kill.depth = 7;
        const MoveFacts f = facts_of(fen, "d7d8", options);
        CHECK(f.kill);
        std::vector<std::string> line;
        for (const Move m : f.kill_line)
            line.push_back(to_iccs(m));
        CHECK(line
            == std::vector<std::string> { "c7c0", "e0e1", "h7h1", "e1e2", "h1h2", "e2e1", "c0c1", "e1e0", "h2e2",
                "e0d0", "e2d2", "d0e0", "d2d0" });
    }

    TEST_CASE("the kill line shown is a shortest one")
    {
        // Figure 17, move 3: the rook back on b7 mates by three checks (taking the rook on c7,
        // c7c8, and the other rook to b7). Searched through seven moves, the first line found
        // checks back and forth on c7 and c8 before it mates; the one shown takes no more moves
        // than the mate needs.
        const MoveFacts f = facts_of("1R3a3/1R2a4/b1rk3r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w", "b8b7", cxa_kill_options());
        CHECK(f.kill);
        std::vector<std::string> line;
        for (const Move m : f.kill_line)
            line.push_back(to_iccs(m));
        CHECK(line == std::vector<std::string> { "b7c7", "d7d8", "c7c8", "d8d7", "b9b7" });
    }

    TEST_CASE("under kill_capture_first, a kill that begins by a capture short of mate says so, one whose capture "
              "mates does not")
    {
        ClassifierOptions options = cxa_kill_options();
        options.kill.capture_first = true;
        // Figure 17, move 3: every mate the rook back on b7 threatens takes the rook on c7 first,
        // and the capture (a check) does not mate at once: what the move threatens next is the
        // capture.
        const MoveFacts capture_first = facts_of("1R3a3/1R2a4/b1rk3r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w", "b8b7", options);
        CHECK(capture_first.kill);
        CHECK(capture_first.kill_capture_first);
        // Figure 18, move 4: the king's step lets the rook take the advisor on d2, which mates
        // at once: the capture is the mate.
        const MoveFacts capture_mates = facts_of("4ka3/4a4/b3b4/9/9/4R4/4n4/3Ar4/3KA4/9 b", "e9d9", options);
        CHECK(capture_mates.kill);
        CHECK_FALSE(capture_mates.kill_capture_first);
        // Without the option, nothing is looked for.
        CHECK_FALSE(facts_of("1R3a3/1R2a4/b1rk3r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w", "b8b7", cxa_kill_options())
                        .kill_capture_first);
    }

    TEST_CASE("under kill.through_offered_exchange, a mate only by taking a like piece that can safely take back first "
              "is no kill")
    {
        ClassifierOptions options = cxa_kill_options();
        const auto kill = [&](std::string_view fen, const char* move) { return facts_of(fen, move, options).kill; };
        // CXA figure 29: the rook to h3 would mate by taking the rook on h9 (f9 is then covered,
        // and the advisor cannot block there without opening the e-file to the cannon on e6).
        // Moving the flank rook (i3h3), the rook on h9 may take first, the rook on e3 retaking:
        // an even trade, and the mate, every line of which takes that rook (the pawn's check on
        // e8 too leads to it), is only what the trade forestalls: the book's exchange offer.
        const std::string_view fen = "2bak2r1/4aP3/4b4/2r1C4/4P4/2B6/4R3R/B8/1p7/c3K4 w";
        CHECK(kill(fen, "i3h3"));
        options.kill.through_offered_exchange = true;
        CHECK_FALSE(kill(fen, "i3h3"));
        // Moving the central rook (e3h3, the figure's note), the rook on h9 cannot leave its
        // rank: taking, it is mated by the rook from i3 (i3i9, h3h9, i9h9). The kill stands.
        CHECK(kill(fen, "e3h3"));
        // Figure 17: the rook's retreat to b7 would mate by taking the rook on c7 with check;
        // the rook on c7 may take first, but the other rook retakes with check and wins the
        // rook on h7 whatever the answer (the book: black then loses both rooks). The kill stands.
        CHECK(kill("1R3a3/1R2a4/b1rk3r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w", "b8b7"));
        // The trade must be the move's offer: with the red rook already on h3 and the flank
        // rook's move elsewhere, the mutual attack of the rooks on the h-file stood before it.
        const std::string_view standing = "2bak2r1/4aP3/4b4/2r1C4/4P4/2B6/4R2R1/B8/1p7/c3K4 w";
        CHECK(kill(standing, "e3d3"));
    }

    TEST_CASE(
        "under kill.through_offered_exchange, the piece that may take back is followed as it moves along a mating line")
    {
        ClassifierOptions options = cxa_kill_options();
        // The rook's step to a1 attacks the black rook on a5, which may take it first: the rook
        // on i1 cannot then mate on the e-file, the black rook on a1 taking the checker. Every
        // mate takes the black rook after it has blocked a check on the e-file, on e5: where it
        // stands when taken, not where it stood. (The horse on b9 keeps the a-file rook, once
        // the a-file is open, from mating on the back rank.)
        const std::string_view fen = "1n2k4/5P3/9/8p/r8/9/9/9/1R6R/3K5 w";
        const MoveFacts kill = facts_of(fen, "b1a1", options);
        CHECK(kill.kill);
        std::vector<std::string> line;
        for (const Move m : kill.kill_line)
            line.push_back(to_iccs(m));
        REQUIRE(line.size() == 3);
        CHECK(line[1] == "a5e5");
        CHECK(line[2] == "e1e5");
        options.kill.through_offered_exchange = true;
        CHECK_FALSE(facts_of(fen, "b1a1", options).kill);
    }

    TEST_CASE("a move with nothing to it has no fact class; escaping check is marked")
    {
        const MoveFacts idle = facts_of("4k4/9/9/9/9/9/9/9/9/3K5 w", "d0d1");
        CHECK(idle.classes.empty());
        CHECK(idle.threats.empty());
        const MoveFacts escape = facts_of("4k4/9/9/9/9/9/9/9/9/3KR4 b", "e9f9");
        CHECK(escape.evades_check);
    }

    TEST_CASE("moving a piece out of an attack is marked as an evasion")
    {
        const MoveFacts f = facts_of("4k4/9/2n6/9/9/9/9/9/9/R2K5 b", "c7b5"); // no attack
        CHECK(f.evaded_threats.empty());
        const MoveFacts away = facts_of("4k4/9/R1n6/9/9/9/9/9/9/3K5 b", "c7d5");
        REQUIRE(away.evaded_threats.size() == 1);
        CHECK(away.evaded_threats[0].square == sq("c7"));
    }

    TEST_CASE("under blocks.shield, a move blocks only where it stops a winning capture or a mate")
    {
        // The cannon's step to a3 stands in the way of the black rook on a7, which could take
        // the unprotected horse on a1 before the move.
        ClassifierOptions shield;
        shield.blocks.shield = true;
        shield.piece_worth = cxa_piece_worth;
        const MoveFacts shielding = facts_of("4k4/9/r8/9/9/9/1C7/9/N8/3K5 w", "b3a3", shield);
        REQUIRE(shielding.blocks.size() == 1);
        CHECK(shielding.blocks[0].blocked.square == sq("a7"));
        REQUIRE(shielding.blocks[0].shielded.size() == 1);
        CHECK(shielding.blocks[0].shielded[0].square == sq("a1"));
        CHECK(shielding.has(MoveClass::Block));

        // An empty line: the step stops the rook's travel, and shields nothing.
        CHECK(facts_of("4k4/9/r8/9/9/9/1C7/9/9/3K5 w", "b3a3").has(MoveClass::Block));
        const MoveFacts empty_line = facts_of("4k4/9/r8/9/9/9/1C7/9/9/3K5 w", "b3a3", shield);
        CHECK(empty_line.blocks.empty());
        CHECK_FALSE(empty_line.has(MoveClass::Block));

        // The rook on b1 protects the horse: the rook's capture would lose, so nothing is shielded.
        CHECK_FALSE(facts_of("4k4/9/r8/9/9/9/1C7/9/NR7/3K5 w", "b3a3", shield).has(MoveClass::Block));
        // The horse's step to i5 stands in the way of the red rook's Ri9, a mate (the horse on c7
        // holds e8): the block shields the king.
        const MoveFacts parry = facts_of("3ak4/9/2N6/6n2/9/9/9/9/9/3K4R b", "g6i5", shield);
        REQUIRE(parry.blocks.size() == 1);
        CHECK(parry.blocks[0].blocked.square == sq("i0"));
        REQUIRE(parry.blocks[0].shielded.size() == 1);
        CHECK(parry.blocks[0].shielded[0].square == sq("e9"));
        // Without the horse on c7 the king escapes to e8: there was no mate to parry.
        CHECK_FALSE(facts_of("3ak4/9/9/6n2/9/9/9/9/9/3K4R b", "g6i5", shield).has(MoveClass::Block));
        // Without the key, the facts carry no shielded pieces.
        const MoveFacts plain = facts_of("4k4/9/r8/9/9/9/1C7/9/N8/3K5 w", "b3a3");
        REQUIRE(plain.blocks.size() == 1);
        CHECK(plain.blocks[0].shielded.empty());
    }
}
