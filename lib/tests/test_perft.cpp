// Tests of perft against published figures, and of keys, do/undo and legality through the plies.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "xq/board/fen.hpp"
#include "xq/board/movegen.hpp"

using namespace xq;

namespace {

struct PerftCase {
    std::string id;
    std::string fen;
    int depth;
    std::uint64_t nodes;
};

std::vector<PerftCase> load_perft_file()
{
    std::ifstream in(XQ_TESTDATA "/perft/xiangqi.perft");
    REQUIRE(in);
    std::vector<PerftCase> cases;
    std::string line, id, fen;
    while (std::getline(in, line)) {
        if (line.rfind("id ", 0) == 0)
            id = line.substr(3);
        else if (line.rfind("fen ", 0) == 0)
            fen = line.substr(4);
        else if (line.rfind("perft ", 0) == 0) {
            std::istringstream fields(line.substr(6));
            PerftCase c { id, fen, 0, 0 };
            fields >> c.depth >> c.nodes;
            cases.push_back(c);
        }
    }
    return cases;
}

// Walks the tree and checks at every node what perft alone would not see: the incremental
// key against one computed from scratch, do/undo restoring the position exactly, and
// is_legal agreeing with legal_moves.
void check_tree(Position& pos, int depth)
{
    REQUIRE(pos.key() == pos.compute_key());
    if (depth == 0)
        return;
    const MoveList legal = legal_moves(pos);
    for (const Move m : pseudo_legal_moves(pos))
        REQUIRE(is_legal(pos, m) == legal.contains(m));
    for (const Move m : legal) {
        const Position before = pos;
        UndoInfo undo;
        pos.do_move(m, undo);
        REQUIRE_FALSE(pos.in_check(~pos.side_to_move()));
        check_tree(pos, depth - 1);
        pos.undo_move(m, undo);
        REQUIRE(pos == before);
    }
}

} // namespace

TEST_SUITE("perft")
{
    TEST_CASE("perft equals the published figures where it runs in well under a second")
    {
        // Deeper entries (up to 133 million nodes) are the benchmark's, not the tests'.
        constexpr std::uint64_t node_budget = 5'000'000;
        int checked = 0;
        for (const PerftCase& c : load_perft_file()) {
            if (c.nodes > node_budget)
                continue;
            Diagnostics diagnostics;
            auto pos = parse_fen(c.fen, diagnostics);
            REQUIRE(pos);
            CAPTURE(c.id);
            CAPTURE(c.depth);
            CHECK(perft(*pos, c.depth) == c.nodes);
            ++checked;
        }
        CHECK(checked >= 6);
    }

    TEST_CASE("keys, do/undo and legality stay consistent through the first plies")
    {
        std::string previous_fen;
        for (const PerftCase& c : load_perft_file()) {
            if (c.fen == previous_fen)
                continue;
            previous_fen = c.fen;
            Diagnostics diagnostics;
            auto pos = parse_fen(c.fen, diagnostics);
            REQUIRE(pos);
            CAPTURE(c.id);
            check_tree(*pos, 3);
        }
    }
}
