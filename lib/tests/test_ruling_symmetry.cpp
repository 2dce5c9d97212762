// Tests that every rule-book case is ruled alike mirrored and colour-swapped, under every book.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "rule_book_test_support.hpp"
#include "symmetry_test_support.hpp"
#include "xq/arbiter/ruling_symmetry.hpp"

using namespace xq;

namespace {

// One line of a case file: a position and the moves played from it.
struct CaseLine {
    std::string source; // the file, from testdata/ or ../shared
    std::string id; // the case's, with " alt" for its second line
    std::string fen;
    std::string moves; // ICCS, separated by spaces
    bool whole_record = false; // judged as a whole, as the rule-book tests judge it
};

std::string moves_text(const nlohmann::json& moves)
{
    if (moves.is_string())
        return moves.get<std::string>();
    std::string text;
    for (const nlohmann::json& move : moves)
        text += (text.empty() ? "" : " ") + move.get<std::string>();
    return text;
}

// The lines of a testdata file of the AXF book (diagrams, composed positions, reproducers): the
// main line, judged as a whole where the book does, and the diagram's alternative line.
std::vector<CaseLine> axf_lines(const std::string& file)
{
    std::vector<CaseLine> lines;
    for (const nlohmann::json& c : test::testdata_cases(file)) {
        const std::string id = c["id"];
        lines.push_back(
            { "testdata/" + file, id, c["fen"], c["moves_iccs"], c.value("judged_span", "") == "whole_record" });
        if (c.contains("alt"))
            lines.push_back({ "testdata/" + file, id + " alt", c["alt"]["fen"], c["alt"]["moves_iccs"], false });
    }
    return lines;
}

// The lines of a testdata file of the CXA or computer book: played on to the position's third
// occurrence, where the books judge; a line that closes no cycle is judged as a whole.
std::vector<CaseLine> threefold_lines(const std::string& file)
{
    std::vector<CaseLine> lines;
    for (const nlohmann::json& c : test::testdata_cases(file)) {
        const bool threefold = c.contains("moves_to_threefold");
        lines.push_back({ "testdata/" + file, c["id"], c["fen"], threefold ? c["moves_to_threefold"] : c["moves_iccs"],
            !threefold });
    }
    return lines;
}

// The shared cases (../shared/testdata): the AXF diagrams' main and alternative lines (a main
// line in which no position stands twice judged as a whole), and the CXA and computer figures
// played to the third occurrence.
std::vector<CaseLine> shared_lines(const std::filesystem::path& folder)
{
    std::vector<CaseLine> lines;
    std::ifstream axf(folder / "axf-diagrams.json");
    REQUIRE(axf);
    for (const nlohmann::json& c : nlohmann::json::parse(axf)) {
        const std::string id = c["id"];
        const std::string source = "shared/testdata/axf-diagrams.json";
        lines.push_back({ source, id, c["fen"], moves_text(c["moves_iccs"]), !c.value("line_repeats", true) });
        if (c.contains("alt_line"))
            lines.push_back(
                { source, id + " alt", c["alt_line"]["fen"], moves_text(c["alt_line"]["moves_iccs"]), false });
    }
    std::ifstream cxa(folder / "cxa-cases.json");
    REQUIRE(cxa);
    for (const nlohmann::json& c : nlohmann::json::parse(cxa))
        lines.push_back(
            { "shared/testdata/cxa-cases.json", c["id"], c["fen"], moves_text(c["moves_to_threefold"]), false });
    return lines;
}

struct BundledBook {
    std::string name;
    RuleSet rules;
};

const std::vector<BundledBook>& bundled_books()
{
    static const std::vector<BundledBook> books = [] {
        std::vector<BundledBook> loaded;
        for (const char* name : { "axf", "cxa", "computer" })
            loaded.push_back({ name, test::load_bundled_ruleset(name) });
        return loaded;
    }();
    return books;
}

// Plays every line three ways (as recorded, mirrored, colours swapped) under every bundled
// book, and checks that the twins' rulings are the line's, but for the asymmetries listed for
// these sources, each of which must still be found.
void check_lines_ruled_alike(const std::vector<CaseLine>& lines, const std::string& source_prefix)
{
    const std::set<std::string> known = test::known_asymmetries(source_prefix);
    std::set<std::string> found;
    std::map<std::string, int> compared; // rulings, by book
    int total = 0;
    for (const BundledBook& book : bundled_books())
        for (const CaseLine& line : lines) {
            RuleSet rules = book.rules;
            if (line.whole_record)
                rules.repetition.judged_span = JudgedSpan::WholeRecord;
            const ReplayedGame game = test::play_line(line.fen, line.moves);
            const std::vector<Ruling> rulings = rule_on_game(game, rules);
            for (const Symmetry symmetry : { Symmetry::Mirror, Symmetry::ColourSwap }) {
                const std::optional<ReplayedGame> twin = transformed(game, symmetry);
                REQUIRE_MESSAGE(twin, line.id << ": a move is not legal in the " << to_string(symmetry));
                const std::vector<RulingDifference> differences
                    = ruling_differences(rulings, rule_on_game(*twin, rules), symmetry);
                compared[book.name] += static_cast<int>(rulings.size());
                total += static_cast<int>(rulings.size());
                if (differences.empty())
                    continue;
                const std::string row = test::asymmetry_row(line.source, line.id, book.name, symmetry, differences);
                found.insert(row);
                std::string details;
                for (const RulingDifference& difference : differences)
                    details += "\n  " + test::describe(difference);
                MESSAGE(line.id << " under " << book.name << ", " << to_string(symmetry) << ":" << details);
            }
        }
    for (const std::string& row : found)
        CHECK_MESSAGE(known.count(row), "an asymmetry not in testdata/symmetry/known_asymmetries.tsv: ", row);
    for (const std::string& row : known)
        CHECK_MESSAGE(
            found.count(row), "no longer an asymmetry, take it out of testdata/symmetry/known_asymmetries.tsv: ", row);
    std::string by_book;
    for (const auto& [name, count] : compared)
        by_book += " " + name + " " + std::to_string(count);
    MESSAGE(lines.size() << " lines, " << total << " rulings compared with their twins' (by book:" << by_book << "), "
                         << found.size() << " twins ruled otherwise");
    CHECK(total > 0);
}

} // namespace

TEST_SUITE("ruling symmetry")
{
    TEST_CASE("every case of testdata is ruled alike mirrored and with the colours swapped, under every book")
    {
        std::vector<CaseLine> lines;
        for (const char* file : { "axf/diagrams.jsonl", "axf/composed.jsonl", "axf/reproducers.jsonl" })
            for (CaseLine& line : axf_lines(file))
                lines.push_back(std::move(line));
        for (const char* file : { "cxa/cases.jsonl", "computer/cases.jsonl" })
            for (CaseLine& line : threefold_lines(file))
                lines.push_back(std::move(line));
        check_lines_ruled_alike(lines, "testdata/");
    }

    TEST_CASE("every shared rule-book case is ruled alike mirrored and with the colours swapped, under every book")
    {
        const std::filesystem::path folder = std::filesystem::path(XQ_SHARED) / "testdata";
        if (!std::filesystem::exists(folder / "axf-diagrams.json")) {
            MESSAGE("skipped: the shared corpus is not at " << folder.string());
            return;
        }
        check_lines_ruled_alike(shared_lines(folder), "shared/testdata/");
    }
}
