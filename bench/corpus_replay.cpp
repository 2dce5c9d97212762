// Reads and replays every game of the record files given, and prints per file the games
// read, replayed to their last move and stopped by an error (each error listed), then the
// totals with the speed (MB/s and games/s, reading and replaying together).
// Usage: corpus_replay FILE... (folders are searched for *.pgn, *.txt files).

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "xq/arbiter/record_replay.hpp"
#include "xq/notation/record_reader.hpp"

namespace fs = std::filesystem;

int main(int argc, char** argv)
{
    std::vector<fs::path> files;
    for (int i = 1; i < argc; ++i) {
        const fs::path p(argv[i]);
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
            for (const auto& d : replay.diagnostics)
                if (d.severity == xq::Severity::Error)
                    std::printf("  %s\n", xq::format_diagnostic(d).c_str());
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
    return 0;
}
