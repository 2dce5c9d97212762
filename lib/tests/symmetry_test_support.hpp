// What the symmetry tests share: the list of known asymmetries, and how a found one is written.
// The cases' test (test_ruling_symmetry.cpp) and the corpus's (symmetry_corpus.cpp) both use it.
#pragma once

#include <fstream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "xq/arbiter/ruling_symmetry.hpp"

namespace xq::test {

// testdata/symmetry/known_asymmetries.tsv: where a twin is known to be ruled otherwise than its
// game, one row each. A row is the game's source (a file of testdata/, or of ../shared), the case
// or game, the ruleset, the symmetry (to_string(Symmetry)) and the first aspect that differs,
// tab-separated. The rows whose source starts with `source_prefix`; nothing when the list cannot
// be read (the test then finds every asymmetry new).
inline std::set<std::string> known_asymmetries(std::string_view source_prefix)
{
    std::set<std::string> rows;
    std::ifstream in(XQ_TESTDATA "/symmetry/known_asymmetries.tsv");
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#' && line.starts_with(source_prefix))
            rows.insert(line);
    return rows;
}

// The row of the list for a twin ruled otherwise, by the first of its differences.
inline std::string asymmetry_row(const std::string& source, const std::string& game, const std::string& ruleset,
    Symmetry symmetry, const std::vector<RulingDifference>& differences)
{
    return source + "\t" + game + "\t" + ruleset + "\t" + std::string(to_string(symmetry)) + "\t"
        + (differences.empty() ? std::string("none") : differences.front().aspect);
}

// "ruling 2 ply 5 move_classes: chase against idle", for the test's messages.
inline std::string describe(const RulingDifference& difference)
{
    std::string where = difference.ruling ? "ruling " + std::to_string(*difference.ruling + 1) + " " : "";
    if (difference.ply)
        where += "ply " + std::to_string(difference.ply) + " ";
    return where + difference.aspect + ": " + (difference.game.empty() ? "-" : difference.game) + " against the twin's "
        + (difference.twin.empty() ? "-" : difference.twin);
}

} // namespace xq::test
