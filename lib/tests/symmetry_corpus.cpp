// The test symmetry.corpus: the corpus games with a repetition, ruled mirrored and colour-swapped.
// Usage: symmetry_corpus CORPUS_FOLDER
// Reads every game of the folder (and its subfolders) through the library's GameSource, finds
// the games with a repetition that some bundled ruleset (axf, cxa, computer) rules on (without
// classifying a move: that is the costly part), and rules on every repetition of those games
// under each ruleset three ways: as recorded, mirrored and with the colours swapped. A twin
// ruled otherwise than its game must be listed in testdata/symmetry/known_asymmetries.tsv, and
// each listed one must still be found; it exits 1 otherwise, 0 when all is as listed. It says
// it skipped when the folder is missing. Too slow for the sanitizer build: .ci/run runs it in
// its Release stage.

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "symmetry_test_support.hpp"
#include "xq/arbiter/game_ruling.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/arbiter/ruleset_loader.hpp"
#include "xq/arbiter/ruling_symmetry.hpp"
#include "xq/records/game_source.hpp"
#include "xq/records/record_files.hpp"

namespace fs = std::filesystem;
using namespace xq;

namespace {

struct BundledBook {
    std::string name;
    RuleSet rules;
    long rulings_compared = 0;
};

std::optional<RuleSet> load_bundled(const std::string& name)
{
    Diagnostics diagnostics;
    std::optional<RuleSet> rules = load_ruleset_file(XQ_RULESETS "/" + name + ".json", diagnostics);
    for (const Diagnostic& d : diagnostics)
        std::printf("%s\n", format_diagnostic(d).c_str());
    return diagnostics.empty() ? rules : std::nullopt;
}

// Whether the ruleset would rule on a repetition of the game: the spans it judges are found
// from the positions' keys alone, and passed over unruled.
bool has_repetition_ruled(const ReplayedGame& game, const RuleSet& rules)
{
    return !rule_on_repetitions(game, rules, [](const RepetitionEpisode&) { return false; }).not_ruled.empty();
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: symmetry_corpus CORPUS_FOLDER\n");
        return 2;
    }
    const fs::path corpus(argv[1]);
    if (!fs::is_directory(corpus)) {
        std::printf("skipped: the shared corpus is not at %s\n", corpus.string().c_str());
        return 0;
    }
    std::vector<BundledBook> books;
    for (const char* name : { "axf", "cxa", "computer" }) {
        std::optional<RuleSet> rules = load_bundled(name);
        if (!rules) {
            std::printf("the bundled ruleset %s does not load\n", name);
            return 1;
        }
        books.push_back({ name, std::move(*rules) });
    }

    const auto started = std::chrono::steady_clock::now();
    Diagnostics listing;
    GameSource source(list_record_files({ corpus }, true, listing), GameSourceOptions {});
    for (const Diagnostic& d : listing)
        std::printf("%s\n", format_diagnostic(d).c_str());
    const std::set<std::string> known = test::known_asymmetries("shared/corpus/");
    std::set<std::string> found;
    long games = 0, replayed = 0, with_repetitions = 0;
    while (std::optional<SourceItem> item = source.next()) {
        const GameRecord* record = std::get_if<GameRecord>(&item->item);
        if (!record)
            continue;
        ++games;
        const RecordReplay replay = replay_record(*record);
        if (replay.status != GameStatus::Ok || !replay.game)
            continue;
        ++replayed;
        bool repeats = false;
        for (const BundledBook& book : books)
            repeats = repeats || has_repetition_ruled(*replay.game, book.rules);
        if (!repeats)
            continue;
        ++with_repetitions;
        const std::string file
            = "shared/corpus/" + fs::path(record->location.source).lexically_relative(corpus).generic_string();
        const std::string game = std::to_string(record->index);
        const int plies = replay.game->ply_count();
        const std::optional<RecordReplay> mirror = transformed(replay, Symmetry::Mirror);
        const std::optional<RecordReplay> colour_swap = transformed(replay, Symmetry::ColourSwap);
        if (!mirror || !colour_swap) {
            std::printf("%s game %s: a move is not legal in a twin\n", file.c_str(), game.c_str());
            return 1;
        }
        for (BundledBook& book : books) {
            const EpisodeFilter every = repetitions_ruled(RepetitionsRuled::Every, plies, book.rules);
            const GameRuling ruling = judge_game(1, record->location, replay, book.rules, every);
            for (const auto& [symmetry, twin] :
                { std::pair { Symmetry::Mirror, &*mirror }, std::pair { Symmetry::ColourSwap, &*colour_swap } }) {
                const GameRuling twin_ruling = judge_game(1, record->location, *twin, book.rules, every);
                book.rulings_compared += static_cast<long>(ruling.rulings.size());
                const std::vector<RulingDifference> differences = ruling_differences(ruling, twin_ruling, symmetry);
                if (differences.empty())
                    continue;
                found.insert(test::asymmetry_row(file, game, book.name, symmetry, differences));
                std::printf("%s game %s under %s, %s:\n", file.c_str(), game.c_str(), book.name.c_str(),
                    std::string(to_string(symmetry)).c_str());
                for (const RulingDifference& difference : differences)
                    std::printf("  %s\n", test::describe(difference).c_str());
            }
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    int new_rows = 0, gone_rows = 0;
    for (const std::string& row : found)
        if (!known.count(row)) {
            std::printf("an asymmetry not in testdata/symmetry/known_asymmetries.tsv: %s\n", row.c_str());
            ++new_rows;
        }
    for (const std::string& row : known)
        if (!found.count(row)) {
            std::printf(
                "no longer an asymmetry, take it out of testdata/symmetry/known_asymmetries.tsv: %s\n", row.c_str());
            ++gone_rows;
        }
    const std::size_t listed = found.size() - static_cast<std::size_t>(new_rows);
    long total = 0;
    std::string by_book;
    for (const BundledBook& book : books) {
        total += book.rulings_compared;
        by_book += " " + book.name + " " + std::to_string(book.rulings_compared);
    }
    std::printf("%ld games, %ld replayed, %ld with a repetition ruled on; %ld rulings compared with their twins' "
                "(by ruleset:%s); %zu twins ruled otherwise, %zu of them listed; %.1f s\n",
        games, replayed, with_repetitions, total, by_book.c_str(), found.size(), listed, seconds);
    return new_rows || gone_rows ? 1 : 0;
}
