// Reading and replaying speed on record files, with the games each file read, replayed or lost.
// Reads and replays every game of the record files given, and prints per file the games
// read, replayed to their last move and stopped by an error (each error listed), then the
// totals with the speed (MB/s and games/s, reading and replaying together).
// Usage: corpus_replay [--expect KNOWN_BAD.tsv] FILE|FOLDER...
// With --expect (one folder), the games that fail must be exactly those listed (file relative
// to the folder, game, ply, code); it exits 1 otherwise, and says it skipped when the folder
// is missing.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "xq/arbiter/record_replay.hpp"
#include "xq/records/open_record.hpp"

namespace fs = std::filesystem;

using Failure = std::tuple<std::string, long, int, std::string>; // file, game, ply, code

std::set<Failure> read_expected(const fs::path& list)
{
    std::set<Failure> out;
    std::ifstream in(list);
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream fields(line);
        Failure f;
        fields >> std::get<0>(f) >> std::get<1>(f) >> std::get<2>(f) >> std::get<3>(f);
        out.insert(f);
    }
    return out;
}

int main(int argc, char** argv)
{
    std::vector<fs::path> files;
    std::optional<fs::path> expected_list;
    fs::path root;
    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "--expect" && i + 1 < argc) {
            expected_list = argv[++i];
            continue;
        }
        const fs::path p(argv[i]);
        if (expected_list && !fs::exists(p)) {
            std::printf("skipped: the shared corpus is not at %s\n", p.string().c_str());
            return 0;
        }
        root = fs::is_directory(p) ? p : p.parent_path();
        if (fs::is_directory(p)) {
            for (const auto& entry : fs::recursive_directory_iterator(p))
                if (entry.is_regular_file() && entry.path().filename() != "LICENSE.txt"
                    && entry.path().filename() != "SOURCES.md")
                    files.push_back(entry.path());
        } else {
            files.push_back(p);
        }
    }
    std::sort(files.begin(), files.end());

    std::set<Failure> failures;
    std::uintmax_t bytes = 0;
    long games = 0, replayed = 0, failed = 0, plies = 0;
    const auto started = std::chrono::steady_clock::now();
    for (const fs::path& file : files) {
        bytes += fs::file_size(file);
        xq::Diagnostics open_problems;
        auto reader = xq::open_record_file(file, {}, open_problems);
        if (!reader) {
            for (const auto& d : open_problems)
                std::printf("  %s\n", xq::format_diagnostic(d).c_str());
            continue;
        }
        long file_games = 0, file_failed = 0;
        while (auto record = reader->next()) {
            ++file_games;
            const xq::RecordReplay replay = xq::replay_record(*record);
            if (replay.game)
                plies += replay.game->ply_count();
            if (replay.status == xq::GameStatus::Ok)
                continue;
            ++file_failed;
            std::string code;
            for (const auto& d : replay.diagnostics)
                if (d.severity == xq::Severity::Error) {
                    std::printf("  %s\n", xq::format_diagnostic(d).c_str());
                    code = d.code;
                }
            failures.insert({ fs::relative(file, root).generic_string(), static_cast<long>(record->index),
                replay.failed_ply, code });
        }
        std::printf("%s: %ld games, %ld replayed, %ld with errors\n", file.string().c_str(), file_games,
            file_games - file_failed, file_failed);
        games += file_games;
        failed += file_failed;
        replayed += file_games - file_failed;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf("total: %zu files, %.1f MB, %ld games read, %ld replayed, %ld with errors, %ld plies\n", files.size(),
        static_cast<double>(bytes) / 1e6, games, replayed, failed, plies);
    std::printf("speed: %.2f s, %.1f MB/s, %.0f games/s\n", seconds, static_cast<double>(bytes) / 1e6 / seconds,
        static_cast<double>(games) / seconds);
    if (!expected_list)
        return 0;
    const std::set<Failure> expected = read_expected(*expected_list);
    int mismatches = 0;
    for (const Failure& f : failures)
        if (!expected.count(f)) {
            std::printf("unexpected failure: %s game %ld ply %d %s\n", std::get<0>(f).c_str(), std::get<1>(f),
                std::get<2>(f), std::get<3>(f).c_str());
            ++mismatches;
        }
    for (const Failure& f : expected)
        if (!failures.count(f)) {
            std::printf("expected failure not found: %s game %ld ply %d %s\n", std::get<0>(f).c_str(), std::get<1>(f),
                std::get<2>(f), std::get<3>(f).c_str());
            ++mismatches;
        }
    std::printf("%zu failures, %zu expected, %d mismatches\n", failures.size(), expected.size(), mismatches);
    return mismatches == 0 ? 0 : 1;
}
