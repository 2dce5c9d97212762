// Positions whose CXA ruling once changed when the board was mirrored or the colours swapped:
// the check-then-capture search then depended on the order in which it tried the moves.
#include <doctest/doctest.h>

#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include "rule_book_test_support.hpp"
#include "xq/arbiter/rule_interpreter.hpp"

using namespace xq;

namespace {

// The opening position, from which the games below start.
constexpr std::string_view opening = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

// Each FEN rank read into one letter or '.' per file, file a first.
std::vector<std::string> ranks_of(std::string_view placement)
{
    std::vector<std::string> ranks(1);
    for (const char c : placement) {
        if (c == '/')
            ranks.emplace_back();
        else if (std::isdigit(static_cast<unsigned char>(c)))
            ranks.back().append(static_cast<std::size_t>(c - '0'), '.');
        else
            ranks.back() += c;
    }
    return ranks;
}

std::string placement_of(const std::vector<std::string>& ranks)
{
    std::string placement;
    for (const std::string& rank : ranks) {
        if (!placement.empty())
            placement += '/';
        int empty = 0;
        for (const char c : rank) {
            if (c == '.') {
                ++empty;
                continue;
            }
            if (empty > 0)
                placement += std::to_string(empty);
            empty = 0;
            placement += c;
        }
        if (empty > 0)
            placement += std::to_string(empty);
    }
    return placement;
}

// The position seen in a mirror: file a becomes file i.
std::string mirrored_fen(std::string_view fen)
{
    const std::size_t space = fen.find(' ');
    std::vector<std::string> ranks = ranks_of(fen.substr(0, space));
    for (std::string& rank : ranks)
        rank.assign(rank.rbegin(), rank.rend());
    return placement_of(ranks) + std::string(fen.substr(space));
}

// The position with the colours swapped: each red piece black and each black piece red on the
// point across the river (rank r becomes rank 9 - r), the other side to move.
std::string colour_swapped_fen(std::string_view fen)
{
    const std::size_t space = fen.find(' ');
    std::vector<std::string> ranks = ranks_of(fen.substr(0, space));
    std::vector<std::string> swapped(ranks.rbegin(), ranks.rend());
    for (std::string& rank : swapped)
        for (char& c : rank)
            c = static_cast<char>(std::isupper(static_cast<unsigned char>(c)) ? std::tolower(c) : std::toupper(c));
    std::string rest(fen.substr(space));
    rest[1] = rest[1] == 'b' ? 'w' : 'b';
    return placement_of(swapped) + rest;
}

// ICCS moves (separated by spaces) with each file letter or each rank digit replaced.
std::string moves_with(std::string_view moves, bool mirror)
{
    std::string out(moves);
    for (char& c : out) {
        if (mirror && c >= 'a' && c <= 'i')
            c = static_cast<char>('i' - (c - 'a'));
        else if (!mirror && c >= '0' && c <= '9')
            c = static_cast<char>('9' - (c - '0'));
    }
    return out;
}

// What a ruling says, in words that swap with the colours: the outcome, the violator and each
// side's conduct, the cycle where it starts.
std::string summary_of(const Ruling& r, bool swap_colours)
{
    const auto side = [&](Color c) { return std::string(to_string(swap_colours ? ~c : c)); };
    std::string outcome(to_string(r.outcome));
    if (swap_colours && outcome.starts_with("red"))
        outcome = "black" + outcome.substr(3);
    else if (swap_colours && outcome.starts_with("black"))
        outcome = "red" + outcome.substr(5);
    std::ostringstream out;
    out << "cycle from ply " << r.episode.cycle.first_ply << ": " << outcome << ", violator "
        << (r.violator ? side(*r.violator) : "none") << "; red " << (swap_colours ? r.black : r.red).conduct
        << ", black " << (swap_colours ? r.red : r.black).conduct << "\n";
    return out.str();
}

// The rulings on the game, one summary_of a line.
std::string rulings_of(std::string_view fen, std::string_view moves, bool swap_colours = false)
{
    static const RuleSet cxa = test::load_bundled_ruleset("cxa");
    std::string out;
    for (const Ruling& r : rule_on_game(test::play_line(fen, moves), cxa))
        out += summary_of(r, swap_colours);
    return out;
}

void check_symmetric(std::string_view fen, std::string_view moves)
{
    const std::string as_played = rulings_of(fen, moves);
    REQUIRE_FALSE(as_played.empty());
    CHECK(rulings_of(mirrored_fen(fen), moves_with(moves, true)) == as_played);
    CHECK(rulings_of(colour_swapped_fen(fen), moves_with(moves, false), true) == as_played);
}

} // namespace

TEST_SUITE("rule books")
{
    TEST_CASE("the transforms of a position are the ones the symmetry checks need")
    {
        CHECK(mirrored_fen("9/5k3/2c6/p3R4/9/9/9/r5n1B/4AC3/4KA3 w - - 0 1")
            == "9/3k5/6c2/4R3p/9/9/9/B1n5r/3CA4/3AK4 w - - 0 1");
        CHECK(colour_swapped_fen("9/5k3/2c6/p3R4/9/9/9/r5n1B/4AC3/4KA3 w - - 0 1")
            == "4ka3/4ac3/R5N1b/9/9/9/P3r4/2C6/5K3/9 b - - 0 1");
        CHECK(moves_with("e1d0 c7c0", true) == "e1f0 g7g0");
        CHECK(moves_with("e1d0 c7c0", false) == "e8d9 c2c9");
    }

    // The CXA 2020 book's reference figure 42: with the colours swapped, the red advisor's
    // e1d0 lost its check-then-capture threat (the cannon taken on f7 after e6f6 c7f7), since
    // the fork of checks before it (e1f2, taking the horse after g2f4 or the cannon after
    // c7f7) was counted as winning whichever piece the search met first.
    TEST_CASE("CXA figure 42 is ruled alike with the colours swapped and in a mirror")
    {
        check_symmetric("9/5k3/2c6/p3R4/9/9/9/r5n1B/4AC3/4KA3 w - - 0 1", "e1d0 c7c0 d0e1 c0c7 e1d0 c7c0 d0e1 c0c7");
    }

    // Game 6799 of ccpd_tournament_national_championships.big5.pgn in the shared corpus (game
    // 6874 there is the same record), to the end of its first repetition: figure 42's cycle
    // in play.
    TEST_CASE("a national championship game reaching figure 42 is ruled alike with the colours swapped")
    {
        check_symmetric(opening,
            "c3c4 b7c7 h2e2 c9e7 h0g2 i9i8 i0h0 i8b8 b0c2 b9d8 b2a2 h9i7 c2d4 d9e8 e2d2 i6i5 d0e1 a9a8 g0e2 b8b5 "
            "h0h6 a8b8 d2d0 c6c5 c4c5 b5c5 a2d2 d8c6 g3g4 c5c1 d4e6 h7f7 g4g5 g6g5 e6c7 f7c7 g2f4 c6e5 f4d5 e5g6 "
            "h6h4 c1c5 a3a4 c7c9 a0a3 b8b1 h4d4 g5g4 d5f6 g6f4 a3a0 b1d1 e2g4 f4g2 c0a2 c5c6 f6d5 i7h5 a0b0 c6c5 "
            "d4d3 e8d7 d5e7 g9e7 d3d7 c5e5 b0b7 f9e8 d7e7 e5e7 b7e7 c9c1 e7h7 h5f4 d2f2 d1d3 d0d2 d3e3 h7h9 e8f9 "
            "h9f9 e9e8 d2g2 f4g2 f9f6 g2i3 f2e2 e3a3 f6e6 e8f8 g4i2 a3a2 e2f2 c1c7 f2f1 i3g2 e1d0 c7c0 d0e1 c0c7 "
            "e1d0 c7c0 d0e1 c0c7 e1d0 c7c0 d0e1 c0c7");
    }

    // Game 11587 of the same file, to the end of its last repetition: in a mirror, the horse's
    // c7a8 lost its check-then-capture threat (red must change became a draw), the fork of
    // checks before it counted as winning one piece or two by the order of the moves.
    TEST_CASE("a national championship game with a forked line of checks is ruled alike in a mirror")
    {
        check_symmetric(opening,
            "c3c4 b7c7 h2e2 c9e7 h0g2 c6c5 i0h0 c5c4 b0a2 i9i8 a0b0 i8d8 d0e1 d8d6 b2d2 b9d8 g3g4 h9i7 h0h5 i6i5 "
            "h5f5 a9b9 b0b9 d8b9 g2f4 f9e8 f4d5 c7c5 d2d6 c5f5 d5b6 b9c7 e2c2 f5f3 a3a4 e9f9 b6c4 c7d5 d6d8 e8f7 "
            "c2e2 h7h3 e2e6 h3e3 c0e2 e3i3 c4e5 f3f5 e6f6 f9e9 d8d6 d9e8 f6a6 i5i4 a6a9 i4h4 d6c6 e9f9 c6f6 f9e9 "
            "f6c6 e9f9 e5d3 i3f3 a2b4 d5b4 d3b4 f5f6 c6c9 f9f8 c9c8 f8f9 c8c9 f9f8 c9c8 f8f9 b4c6 f6d6 c6d4 f3f4 "
            "d4f5 d6f6 a4a5 h4g4 a5b5 i7h5 b5b6 f4f3 b6c6 g4f4 f5d4 f4e4 d4b5 h5f4 c6d6 f3e3 b5c7 f6f5 c8c9 f9f8 "
            "c9c8 f8f9 c8d8 f5c5 c7a8 c5h5 a8c7 h5c5 c7a8 c5h5 a8c7 h5c5 c7a8 c5h5 a8c7");
    }
}
