// Tests of comparing rule books: a ruling per book as alone, and each way the books can part.
#include <doctest/doctest.h>

#include <algorithm>

#include "validation_test_helpers.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/arbiter/rule_book_comparison.hpp"
#include "xq/arbiter/ruleset_loader.hpp"
#include "xq/records/move_list.hpp"

// A game judged under several rule books side by side: each book's ruling is the one it
// gives alone, and the comparison says where they part. The books here are the AXF ruleset
// and copies of it changed in one point each, so that each difference has a known cause; and
// the AXF and CXA rulesets on the CXA book's figure 8.

using namespace xq;
using test::axf_rules;

namespace {

RuleSet cxa_rules()
{
    Diagnostics diagnostics;
    std::optional<RuleSet> loaded = load_ruleset_file(XQ_RULESETS "/cxa.json", diagnostics);
    REQUIRE(loaded);
    return *loaded;
}

// The AXF ruleset under another id, to be changed by a test.
RuleSet axf_copy(const std::string& id)
{
    RuleSet copy = axf_rules();
    copy.id = id;
    return copy;
}

Conduct& conduct(RuleSet& rules, std::string_view id)
{
    const auto found
        = std::find_if(rules.conducts.begin(), rules.conducts.end(), [&](const Conduct& c) { return c.id == id; });
    REQUIRE(found != rules.conducts.end());
    return *found;
}

struct Judged {
    RecordReplay replay;
    RuleBookComparison comparison;
};

// The game of `fen` and `moves` under `books`; the replay is kept beside the rulings that
// point into it.
std::unique_ptr<Judged> compare(const char* fen, const char* moves, const std::vector<RuleSet>& books)
{
    auto judged = std::make_unique<Judged>();
    judged->replay = replay_record(record_from_move_list(fen, moves));
    REQUIRE(judged->replay.status == GameStatus::Ok);
    judged->comparison = compare_rule_books(1, {}, judged->replay, books);
    return judged;
}

// Red's rook checks the black king up and down the side of the board.
constexpr const char* checking_rook = "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1";
constexpr const char* perpetual_check = "i0i9 d9d8 i9i8 d8d9 i8i9 d9d8 i9i8 d8d9";
// AXF rule 7, diagram 4: both sides check on every move.
constexpr const char* both_check_fen = "3akr3/5c3/1P2b4/4R4/9/9/9/9/9/4CK3 w - - 0 1";
constexpr const char* both_check = "e6e7 f8e8 e7f7 e8f8 f7e7 f8e8 e7f7 e8f8 f7e7";

} // namespace

TEST_SUITE("rule book comparison")
{
    TEST_CASE("each book's ruling is the one it gives alone, in the order given")
    {
        const std::vector<RuleSet> books { axf_rules(), axf_copy("axf_again") };
        const auto judged = compare(checking_rook, perpetual_check, books);
        const RuleBookComparison& c = judged->comparison;
        REQUIRE(c.books.size() == 2);
        CHECK(c.books[0].rules == &books[0]);
        CHECK(c.books[1].rules == &books[1]);
        const GameRuling alone = judge_game(1, {}, judged->replay, axf_rules());
        for (const BookRuling& book : c.books) {
            REQUIRE(book.deciding());
            CHECK(book.game.rulings.size() == alone.rulings.size());
            CHECK(book.outcome() == alone.deciding_ruling()->outcome);
            CHECK(book.first_rule() == "AXF-6");
            CHECK(book.deciding_sides() == std::vector<Color> { Color::Red });
        }
        CHECK_FALSE(c.outcomes_differ);
        CHECK(c.without_ruling.empty());
        CHECK(c.conduct_differences.empty());
        CHECK_FALSE(c.precedence_differs);
        CHECK_FALSE(c.loss_difference);
        CHECK_FALSE(c.spans_differ);
    }

    TEST_CASE("a book that forbids a conduct the other allows: the side and the books on each side")
    {
        RuleSet lenient = axf_copy("lenient");
        // Its checks on every move are then only checks among idle moves, allowed.
        std::erase_if(lenient.conducts, [](const Conduct& c) { return c.id == "perpetual_check"; });
        const std::vector<RuleSet> books { axf_rules(), lenient };
        const auto judged = compare(checking_rook, perpetual_check, books);
        const RuleBookComparison& c = judged->comparison;
        CHECK(c.books[0].outcome() == Outcome::RedMustChange);
        CHECK(c.books[1].outcome() == Outcome::Draw);
        CHECK(c.outcomes_differ);
        REQUIRE(c.conduct_differences.size() == 1);
        CHECK(c.conduct_differences[0].side == Color::Red);
        CHECK(c.conduct_differences[0].forbidden_under == std::vector<std::size_t> { 0 });
        CHECK(c.conduct_differences[0].allowed_under == std::vector<std::size_t> { 1 });
        // A draw without a violator: both sides' conduct decides it.
        CHECK(c.books[1].deciding_sides() == std::vector<Color> { Color::Red, Color::Black });
        CHECK_FALSE(c.precedence_differs);
        CHECK_FALSE(c.loss_difference);
    }

    TEST_CASE("a book that rules later has no ruling yet where the other has one")
    {
        RuleSet later = axf_copy("later");
        later.repetition.ruling_at_occurrence = 3;
        const std::vector<RuleSet> books { axf_rules(), later };
        // The cycle's start position stands twice: enough for AXF, not for the other book.
        const auto judged = compare(checking_rook, perpetual_check, books);
        const RuleBookComparison& c = judged->comparison;
        CHECK(c.books[0].deciding());
        CHECK_FALSE(c.books[1].deciding());
        CHECK_FALSE(c.books[1].outcome());
        CHECK(c.books[1].first_rule().empty());
        CHECK(c.books[1].deciding_sides().empty());
        CHECK(c.outcomes_differ);
        CHECK(c.without_ruling == std::vector<std::size_t> { 1 });
        CHECK(c.conduct_differences.empty());
    }

    TEST_CASE("no book rules on a game without repetition, and they agree")
    {
        const std::vector<RuleSet> books { axf_rules(), cxa_rules() };
        const auto judged = compare("", "h2e2 h9g7 h0g2", books);
        const RuleBookComparison& c = judged->comparison;
        CHECK_FALSE(c.outcomes_differ);
        CHECK(c.without_ruling.empty());
        CHECK(c.conduct_differences.empty());
    }

    TEST_CASE("the same violator loses under one book and must change under the other")
    {
        RuleSet strict = axf_copy("strict");
        conduct(strict, "perpetual_check").loses_at_once = true;
        const std::vector<RuleSet> books { axf_rules(), strict };
        const auto judged = compare(checking_rook, perpetual_check, books);
        const RuleBookComparison& c = judged->comparison;
        CHECK(c.books[0].outcome() == Outcome::RedMustChange);
        CHECK(c.books[1].outcome() == Outcome::RedLoses);
        CHECK(c.outcomes_differ);
        CHECK(c.conduct_differences.empty());
        REQUIRE(c.loss_difference);
        CHECK(c.loss_difference->side == Color::Red);
        CHECK(c.loss_difference->lost_under == std::vector<std::size_t> { 1 });
        CHECK(c.loss_difference->must_change_under == std::vector<std::size_t> { 0 });
    }

    TEST_CASE("both sides forbidden under both books, one book ranking the violations")
    {
        // Without AXF's rule 7 row (mutual perpetual check is a draw), the next row makes the
        // first side that checks perpetually, red, the violator.
        RuleSet ranked = axf_copy("ranked");
        std::erase_if(ranked.verdicts, [](const VerdictRow& row) { return row.id == "both_check"; });
        const std::vector<RuleSet> books { axf_rules(), ranked };
        const auto judged = compare(both_check_fen, both_check, books);
        const RuleBookComparison& c = judged->comparison;
        CHECK(c.books[0].outcome() == Outcome::Draw);
        REQUIRE(c.books[1].deciding());
        CHECK(c.books[1].deciding()->violator == Color::Red);
        CHECK(c.outcomes_differ);
        CHECK(c.conduct_differences.empty());
        CHECK(c.precedence_differs);
        CHECK_FALSE(c.loss_difference);
        // The precedence decides: both sides' conduct, forbidden both.
        CHECK(c.books[1].deciding_sides() == std::vector<Color> { Color::Red, Color::Black });
    }

    TEST_CASE("books that judge other spans of the record")
    {
        RuleSet whole = axf_copy("whole");
        whole.repetition.judged_span = JudgedSpan::WholeRecord;
        const std::vector<RuleSet> books { axf_rules(), whole };
        // The first cycle is plies 4 to 7; the whole record from ply 4 runs on to ply 9.
        const auto judged = compare(checking_rook, "e0f0 d9d8 i0i8 d8d9 i8i9 d9d8 i9i8 d8d9 i8i9", books);
        const RuleBookComparison& c = judged->comparison;
        REQUIRE(c.books[0].deciding());
        REQUIRE(c.books[1].deciding());
        CHECK(c.spans_differ);
        // Both rulings are on Red's perpetual check, but not on the same moves: the conducts
        // are not compared.
        CHECK(c.conduct_differences.empty());
        CHECK_FALSE(c.loss_difference);
    }

    TEST_CASE("rulings on other repetitions are not compared side by side")
    {
        // Black's rook checks the red king perpetually, then Red's rook the black king. Under a
        // book where a perpetual check loses at once, Black's first repetition decides the
        // game; under AXF, where Black only must change there, the last one, Red's.
        RuleSet strict = axf_copy("strict");
        conduct(strict, "perpetual_check").loses_at_once = true;
        const std::vector<RuleSet> books { axf_rules(), strict };
        const auto judged = compare("5k2r/9/9/9/9/9/9/R8/9/3K5 b - - 0 1",
            "i9i0 d0d1 i0i1 d1d0 i1i0 d0d1 i0i1 d1d0 i1i3 a2a9 f9f8 a9a8 f8f9 a8a9 f9f8 a9a8 f8f9", books);
        const RuleBookComparison& c = judged->comparison;
        REQUIRE(c.books[0].deciding());
        REQUIRE(c.books[1].deciding());
        CHECK(c.books[0].outcome() == Outcome::RedMustChange);
        CHECK(c.books[1].outcome() == Outcome::BlackLoses);
        CHECK(c.spans_differ);
        // Red's checks are forbidden under AXF, and Red's king moves allowed under the other
        // book: not a difference between the books, which judged other moves.
        CHECK(c.conduct_differences.empty());
        CHECK_FALSE(c.precedence_differs);
        CHECK_FALSE(c.loss_difference);
    }

    TEST_CASE("CXA figure 8: one check and one chase, allowed by AXF rule 12, forbidden by CXA")
    {
        const std::vector<RuleSet> books { axf_rules(), cxa_rules() };
        const auto judged = compare("3a3R1/3Nck3/3ab4/P4r3/9/8p/2p5n/C3BA2B/4A4/4K4 w - - 0 1",
            "h9h3 f8f9 h3h9 f9f8 h9h3 f8f9 h3h9 f9f8", books);
        const RuleBookComparison& c = judged->comparison;
        CHECK(c.books[0].outcome() == Outcome::Draw);
        CHECK(c.books[0].first_rule() == "AXF-12");
        CHECK(c.books[1].outcome() == Outcome::RedMustChange);
        CHECK(c.books[1].deciding_sides() == std::vector<Color> { Color::Red });
        CHECK(c.outcomes_differ);
        REQUIRE(c.conduct_differences.size() == 1);
        CHECK(c.conduct_differences[0].side == Color::Red);
        CHECK(c.conduct_differences[0].forbidden_under == std::vector<std::size_t> { 1 });
        CHECK(c.conduct_differences[0].allowed_under == std::vector<std::size_t> { 0 });
        CHECK_FALSE(c.spans_differ);
    }
}
