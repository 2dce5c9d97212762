// xqarb watch's cost per move: the CPU time LiveGame::play takes, move by move, on 300 plies.
// The game is full of repetition: the bundled sample game (a perpetual chase from ply 93) is
// played, then its last cycle again and again up to ply 300: from ply 93 on every move brings
// a position back, so every move is judged, with the repetition growing as it goes, the worst
// case for watch. Prints the mean and the worst time per move over plies 1-92 (before the cycle),
// over the whole game, and over plies 291-300.
// Usage: watch_bench [rounds] (default 20)

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "xq/arbiter/live_game.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/arbiter/ruleset_loader.hpp"
#include "xq/records/open_record.hpp"

namespace {

double thread_cpu_seconds()
{
    timespec t {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

} // namespace

int main(int argc, char** argv)
{
    const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 20;
    constexpr int plies = 300;
    xq::Diagnostics diagnostics;
    const auto rules = xq::load_ruleset_file(XQ_RULESETS "/axf.json", diagnostics);
    const auto reader = xq::open_record_file(
        XQ_TESTDATA "/samples/world_championship_2001_perpetual_chase.pgn", xq::RecordReaderOptions {}, diagnostics);
    if (!rules || !reader) {
        std::fprintf(stderr, "watch_bench: cannot load the AXF ruleset or the sample game\n");
        return 1;
    }
    const auto record = reader->next();
    const xq::RecordReplay replay = xq::replay_record(*record);
    std::vector<xq::Move> moves;
    for (const xq::PlyRecord& p : replay.game->plies())
        moves.push_back(p.move);
    const std::size_t played = moves.size();
    for (std::size_t i = played; i < plies; ++i)
        moves.push_back(moves[i - 4]); // the last cycle, four plies, again
    std::vector<double> per_ply(plies, 0.0);
    std::vector<double> worst(plies, 0.0);
    for (int r = 0; r < rounds; ++r) {
        xq::LiveGame game(replay.game->start(), *rules);
        for (int p = 0; p < plies; ++p) {
            const double before = thread_cpu_seconds();
            const xq::MoveUpdate update = game.play(moves[static_cast<std::size_t>(p)]);
            const double spent = thread_cpu_seconds() - before;
            per_ply[static_cast<std::size_t>(p)] += spent;
            worst[static_cast<std::size_t>(p)] = std::max(worst[static_cast<std::size_t>(p)], spent);
            if (update.ply != p + 1)
                return 1;
        }
    }
    const auto report = [&](const char* what, int first, int last) {
        double total = 0;
        double most = 0;
        for (int p = first; p <= last; ++p) {
            total += per_ply[static_cast<std::size_t>(p - 1)];
            most = std::max(most, worst[static_cast<std::size_t>(p - 1)]);
        }
        std::printf(
            "%-32s mean %8.1f us/move, worst %8.1f us\n", what, total / rounds / (last - first + 1) * 1e6, most * 1e6);
    };
    std::printf("watch_bench: the sample game (%zu plies) and its last cycle again to ply %d, %d rounds\n", played,
        plies, rounds);
    report("plies 1-92 (before the cycle)", 1, 92);
    report("plies 1-300", 1, plies);
    report("plies 291-300 (all repeating)", 291, plies);
    return 0;
}
