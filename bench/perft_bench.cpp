// Move-generator speed: perft from the opening position, printed as nodes per second.
// Usage: perft_bench [depth] (default 5, 133,312,995 nodes).

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "xq/board/movegen.hpp"

int main(int argc, char** argv)
{
    const int depth = argc > 1 ? std::atoi(argv[1]) : 5;
    xq::Position pos = xq::Position::start();
    const auto started = std::chrono::steady_clock::now();
    const std::uint64_t nodes = xq::perft(pos, depth);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf("perft(%d) from the opening position: %llu nodes in %.3f s, %.1f million nodes/s\n", depth,
        static_cast<unsigned long long>(nodes), seconds, static_cast<double>(nodes) / seconds / 1e6);
    return 0;
}
