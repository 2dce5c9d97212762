// Tests of the facts of the rule-book diagrams' cycles, per rule group of the AXF reference.
// The facts are classes, attackers and targets, never verdicts (those are the interpreter's).

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "xq/arbiter/move_facts.hpp"
#include "xq/board/fen.hpp"

using namespace xq;

namespace {

struct Diagram {
    ReplayedGame game;
    CycleFacts cycle;
};

// The first repetition cycle of a diagram's main line (or its alt line).
Diagram diagram(const std::string& id, bool alt = false)
{
    std::ifstream in(XQ_TESTDATA "/axf/diagrams.jsonl");
    REQUIRE(in);
    for (std::string text; std::getline(in, text);) {
        if (text.empty() || text[0] == '#')
            continue;
        const auto c = nlohmann::json::parse(text);
        if (c["id"] != id)
            continue;
        const auto& line = alt ? c["alt"] : c;
        Diagnostics diagnostics;
        auto pos = parse_fen(line["fen"].get<std::string>(), diagnostics, {}, FenOptions { true });
        REQUIRE(pos);
        ReplayedGame game(*pos);
        std::istringstream moves(line["moves_iccs"].get<std::string>());
        for (std::string m; moves >> m;)
            REQUIRE(game.play(*parse_iccs(m)));
        const auto episodes = find_repetition_episodes(game);
        REQUIRE_FALSE(episodes.empty());
        CycleFacts cycle = classify_cycle(game, episodes.front().cycle);
        return { std::move(game), std::move(cycle) };
    }
    FAIL("no diagram " << id);
    throw std::logic_error("unreachable");
}

std::vector<const MoveFacts*> moves_of(const CycleFacts& cycle, Color side)
{
    std::vector<const MoveFacts*> out;
    for (const MoveFacts& m : cycle.moves)
        if (m.mover == side)
            out.push_back(&m);
    return out;
}

const Threat* threat_on_type(const MoveFacts& m, PieceType target)
{
    for (const Threat& t : m.threats)
        if (t.target.piece.type() == target)
            return &t;
    return nullptr;
}

} // namespace

TEST_SUITE("cycle classification")
{
    TEST_CASE("perpetual check (rule 6, D1): every red move checks")
    {
        const Diagram d = diagram("AXF-D1");
        CHECK(d.cycle.red.every_move_checks);
        for (const MoveFacts* m : moves_of(d.cycle, Color::Red)) {
            CHECK(m->has(MoveClass::Check));
            CHECK(m->checkers.size() == 1);
        }
        CHECK_FALSE(d.cycle.black.every_move_checks);
    }

    TEST_CASE("kill (rule 9, D6): the rook's moves threaten mate without checking")
    {
        const Diagram d = diagram("AXF-D6");
        CHECK(d.cycle.red.kills == 2);
        for (const MoveFacts* m : moves_of(d.cycle, Color::Red)) {
            CHECK(m->has(MoveClass::Kill));
            CHECK_FALSE(m->has(MoveClass::Check));
            CHECK_FALSE(m->kill_line.empty());
        }
        int black_moves = 0;
        for (const MoveFacts* m : moves_of(d.cycle, Color::Black)) {
            CHECK(m->classes.empty());
            CHECK_FALSE(m->has_new_threat());
            ++black_moves;
        }
        CHECK(black_moves == 2);
    }

    TEST_CASE("chase of an unprotected piece (rule 18, D34): the rook threatens the same cannon every move")
    {
        const Diagram d = diagram("AXF-D34");
        for (const MoveFacts* m : moves_of(d.cycle, Color::Red)) {
            const Threat* t = threat_on_type(*m, PieceType::Cannon);
            REQUIRE(t);
            CHECK(t->attacker.piece.type() == PieceType::Chariot);
            CHECK(t->real_protectors.empty());
            CHECK(t->origin == ThreatOrigin::Direct);
        }
        REQUIRE(d.cycle.red.threatened_on_every_move.size() == 1);
        CHECK(d.cycle.red.threatened_on_every_move[0].piece == Piece(Color::Black, PieceType::Cannon));
        CHECK(d.cycle.black.kills == 2);
    }

    TEST_CASE("horse and cannon on a rook (rules 15 and 21, D18, D45): protected or not, the rook is the target")
    {
        const Diagram cannon = diagram("AXF-D18");
        for (const MoveFacts* m : moves_of(cannon.cycle, Color::Red)) {
            const Threat* t = threat_on_type(*m, PieceType::Chariot);
            REQUIRE(t);
            CHECK(t->attacker.piece.type() == PieceType::Cannon);
            CHECK(t->protected_after_capture());
        }
        const Diagram horse = diagram("AXF-D45");
        for (const MoveFacts* m : moves_of(horse.cycle, Color::Red)) {
            const Threat* t = threat_on_type(*m, PieceType::Chariot);
            REQUIRE(t);
            CHECK(t->attacker.piece.type() == PieceType::Horse);
        }
        CHECK(horse.cycle.red.threatened_on_every_move.size() == 1);
    }

    TEST_CASE("same kinds of piece (rule 24, D51, D53): whether the target can take back")
    {
        const Diagram rooks = diagram("AXF-D51");
        for (const MoveFacts* m : moves_of(rooks.cycle, Color::Red)) {
            const Threat* t = threat_on_type(*m, PieceType::Chariot);
            REQUIRE(t);
            CHECK(t->target_can_capture_back);
            CHECK(m->has(MoveClass::Exchange));
        }
        const Diagram cannons = diagram("AXF-D53");
        for (const MoveFacts* m : moves_of(cannons.cycle, Color::Red)) {
            const Threat* t = threat_on_type(*m, PieceType::Cannon);
            REQUIRE(t);
            CHECK_FALSE(t->target_can_capture_back);
            CHECK(t->target_restriction.kind == Restriction::ConfinedToLine);
        }
    }

    TEST_CASE("cannon screens (rule 25, D57): the screen steps away and back, the cannon stays")
    {
        const Diagram d = diagram("AXF-D57");
        const auto red = moves_of(d.cycle, Color::Red);
        REQUIRE(red.size() == 2);
        REQUIRE(red[0]->threats.size() == 1);
        CHECK(red[0]->threats[0].origin == ThreatOrigin::Discovered);
        CHECK(red[0]->threats[0].attacker.piece.type() == PieceType::Cannon);
        REQUIRE(red[1]->threats.size() == 1);
        CHECK(red[1]->threats[0].origin == ThreatOrigin::ScreenPlaced);
        CHECK(red[0]->threats[0].attacker.square == red[1]->threats[0].attacker.square);
        CHECK(d.cycle.red.threatened_on_every_move.size() == 1);
    }

    TEST_CASE("a rook immobilised by a horse (rule 19, D39) and confined by a cannon (rule 27, D64)")
    {
        const Diagram pinned = diagram("AXF-D39");
        bool seen = false;
        for (const MoveFacts* m : moves_of(pinned.cycle, Color::Red))
            for (const Threat& t : m->threats)
                if (t.target.piece.type() == PieceType::Chariot) {
                    CHECK(t.target_restriction.kind == Restriction::Immobilised);
                    CHECK(t.target_restriction.by_horse_only());
                    seen = true;
                }
        CHECK(seen);
        const Diagram confined = diagram("AXF-D64");
        for (const MoveFacts* m : moves_of(confined.cycle, Color::Red)) {
            const Threat* t = threat_on_type(*m, PieceType::Chariot);
            REQUIRE(t);
            CHECK(t->target_restriction.kind == Restriction::ConfinedToLine);
            CHECK(t->target_restriction.by_cannon_only());
        }
        // The confined rook's own new attack is a capture it may not make: one, on the pawn.
        int new_threats = 0;
        for (const MoveFacts* m : moves_of(confined.cycle, Color::Black))
            for (const Threat& t : m->threats)
                if (t.is_new()) {
                    CHECK_FALSE(t.capture_legal);
                    ++new_threats;
                }
        CHECK(new_threats == 1);
    }

    TEST_CASE("king and pawn attacks (rules 28 and 29, D67, D69): the attacker is the king or the pawn")
    {
        const Diagram king = diagram("AXF-D67");
        for (const MoveFacts* m : moves_of(king.cycle, Color::Red)) {
            const Threat* t = threat_on_type(*m, PieceType::Cannon);
            REQUIRE(t);
            CHECK(t->attacker.piece.type() == PieceType::King);
        }
        const Diagram pawn = diagram("AXF-D69");
        for (const MoveFacts* m : moves_of(pawn.cycle, Color::Red)) {
            const Threat* t = threat_on_type(*m, PieceType::Cannon);
            REQUIRE(t);
            CHECK(t->attacker.piece.type() == PieceType::Soldier);
        }
    }

    TEST_CASE("fake protection (rule 34, D83): the cannon's protector could not legally recapture")
    {
        const Diagram d = diagram("AXF-D83");
        const auto red = moves_of(d.cycle, Color::Red);
        const Threat* first = threat_on_type(*red[0], PieceType::Cannon);
        REQUIRE(first);
        CHECK(first->real_protectors.empty());
        CHECK_FALSE(first->fake_protectors.empty());
    }

    TEST_CASE("two attackers on one target (rule 33, D81): the rooks take turns on the cannon")
    {
        const Diagram d = diagram("AXF-D81", true);
        REQUIRE(d.cycle.red.threatened_on_every_move.size() == 1);
        CHECK(d.cycle.red.threatened_on_every_move[0].piece.type() == PieceType::Cannon);
        CHECK(d.cycle.red.attackers.size() == 2);
    }

    TEST_CASE("one attacker on two targets (rule 16, D26): a threat every move, no piece threatened every move")
    {
        const Diagram d = diagram("AXF-D26");
        CHECK(d.cycle.red.every_move_threatens);
        CHECK(d.cycle.red.threatened_on_every_move.empty());
        CHECK(d.cycle.red.targets.size() == 2);
        CHECK(d.cycle.red.attackers.size() == 1);
    }

    TEST_CASE("offers and blocks (rules 40 and 39, D101, D99)")
    {
        const Diagram offer = diagram("AXF-D101");
        for (const MoveFacts* m : moves_of(offer.cycle, Color::Red)) {
            CHECK(m->has(MoveClass::Exchange));
            REQUIRE(m->can_be_taken_by.size() == 1);
            CHECK(m->can_be_taken_by[0].piece.type() == PieceType::Chariot);
        }
        const Diagram block = diagram("AXF-D99");
        for (const MoveFacts* m : moves_of(block.cycle, Color::Red)) {
            CHECK(m->has(MoveClass::Block));
            REQUIRE_FALSE(m->blocks.empty());
        }
    }

    TEST_CASE("a chase that also offers an exchange (rule 36, D93): both classes on every red move")
    {
        const Diagram d = diagram("AXF-D93");
        for (const MoveFacts* m : moves_of(d.cycle, Color::Red)) {
            CHECK(m->has_new_threat());
            CHECK(m->has(MoveClass::Exchange));
        }
        REQUIRE(d.cycle.red.threatened_on_every_move.size() == 1);
        CHECK(d.cycle.red.threatened_on_every_move[0].piece.type() == PieceType::Chariot);
    }

    TEST_CASE("several pieces on one protected piece (rule 35, D86, D89): each threat names the other attackers")
    {
        const Diagram rooks = diagram("AXF-D86");
        for (const MoveFacts* m : moves_of(rooks.cycle, Color::Red)) {
            const Threat* t = threat_on_type(*m, PieceType::Cannon);
            REQUIRE(t);
            CHECK(t->protected_after_capture());
            REQUIRE(t->fellow_attackers.size() == 1);
            CHECK(t->fellow_attackers[0].square == Square(8, 0)); // the rook on i0, on the cannon's file
        }
        const Diagram rook_and_cannon = diagram("AXF-D89");
        int threats = 0;
        for (const MoveFacts* m : moves_of(rook_and_cannon.cycle, Color::Red))
            for (const Threat& t : m->threats) {
                CHECK(t.target.piece.type() == PieceType::Horse);
                CHECK(t.fellow_attackers.size() == 1);
                ++threats;
            }
        CHECK(threats == 4); // the rook's and the cannon's, on each of the two red moves
    }

    TEST_CASE("the pinning rook (rule 37, D94, D96): the chased rook pins the mover's rook against its king")
    {
        for (const char* id : { "AXF-D94", "AXF-D96" }) {
            CAPTURE(id);
            const Diagram d = diagram(id);
            for (const MoveFacts* m : moves_of(d.cycle, Color::Red)) {
                const Threat* t = threat_on_type(*m, PieceType::Chariot);
                REQUIRE(t);
                REQUIRE(t->restricted_by_target.size() == 1);
                CHECK(t->restricted_by_target[0].piece == Piece(Color::Red, PieceType::Chariot));
            }
        }
    }

    TEST_CASE("check-then-capture threats (rule 38, D97, D98): every red move threatens to win material by checking")
    {
        for (const char* id : { "AXF-D97", "AXF-D98" }) {
            CAPTURE(id);
            const Diagram d = diagram(id);
            Position pos = d.cycle.start;
            for (const MoveFacts& m : d.cycle.moves) {
                UndoInfo undo;
                pos.do_move(m.move, undo);
                if (m.mover != Color::Red)
                    continue;
                CHECK(m.has(MoveClass::CheckThenCapture));
                CHECK_FALSE(m.has(MoveClass::Check));
                CHECK_FALSE(m.has(MoveClass::Kill));
                // The line: a check, a reply, ..., and a capture by the mover.
                REQUIRE(m.check_capture_line.size() % 2 == 1);
                REQUIRE(m.check_capture_line.size() >= 3);
                Position line = pos;
                line.set_side_to_move(Color::Red);
                for (std::size_t i = 0; i + 1 < m.check_capture_line.size(); ++i) {
                    line.do_move(m.check_capture_line[i], undo);
                    if (i % 2 == 0)
                        CHECK(line.in_check());
                }
                const Piece taken = line.piece_on(m.check_capture_line.back().to());
                CHECK(taken);
                CHECK(taken.color() == Color::Black);
            }
        }
    }

    TEST_CASE("an attack that is not new (appendix 2, D106): the rook's attacks on the cannon stand from before")
    {
        const Diagram d = diagram("AXF-D106");
        int standing = 0;
        for (const MoveFacts* m : moves_of(d.cycle, Color::Red))
            for (const Threat& t : m->threats)
                if (t.target.piece.type() == PieceType::Cannon) {
                    CHECK(t.origin == ThreatOrigin::Standing);
                    CHECK(t.attacker.square == m->move.to());
                    ++standing;
                }
        CHECK(standing == 2);
        CHECK(d.cycle.red.threatened_on_every_move.empty());
    }

    TEST_CASE("a game's classifier gives a cycle played again the facts of its own plies")
    {
        const Diagram d = diagram("AXF-D29");
        const RepetitionEpisode episode = find_repetition_episodes(d.game).front();
        REQUIRE(episode.stands.size() >= 3);
        const RepetitionCycle first = episode.cycle;
        const RepetitionCycle again { episode.stands[1] + 1, episode.stands[2] };
        REQUIRE(again.first_ply > first.last_ply);

        const ClassifierOptions options;
        const CycleClassifier classifier(d.game, options);
        const CycleFacts before = classifier.classify(first);
        const CycleFacts after = classifier.classify(again);
        const CycleFacts fresh = classify_cycle(d.game, again);
        REQUIRE(after.moves.size() == fresh.moves.size());
        CHECK(
            std::any_of(after.moves.begin(), after.moves.end(), [](const MoveFacts& m) { return !m.threats.empty(); }));
        CHECK(after.cycle.first_ply == again.first_ply);
        for (std::size_t i = 0; i < after.moves.size(); ++i) {
            CAPTURE(i);
            CHECK(after.moves[i].ply == again.first_ply + static_cast<int>(i));
            CHECK(after.moves[i].ply == fresh.moves[i].ply);
            CHECK(after.moves[i].classes == fresh.moves[i].classes);
            CHECK(after.moves[i].classes == before.moves[i].classes);
            REQUIRE(after.moves[i].threats.size() == fresh.moves[i].threats.size());
            for (std::size_t t = 0; t < after.moves[i].threats.size(); ++t) {
                CHECK(after.moves[i].threats[t].attacker_id == fresh.moves[i].threats[t].attacker_id);
                CHECK(after.moves[i].threats[t].target_id == fresh.moves[i].threats[t].target_id);
            }
        }
        CHECK(after.red.targets == fresh.red.targets);
        CHECK(after.black.attackers == fresh.black.attackers);
    }
}
