// A one-line progress report of a long run on stderr: games, megabytes, speed and time left.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>

namespace xq::app {

// A one-line progress report of a long run, on a stream of its own (stderr): games done,
// megabytes read of the total, games per second and the time left. On a terminal the line
// is redrawn in place ten times a second; elsewhere a new line is written every second, so a
// log stays readable.
class ProgressBar {
public:
    ProgressBar(std::FILE* out, bool on_terminal, std::uint64_t total_bytes);

    void update(std::size_t games, std::uint64_t bytes_read);
    // The final figures, drawn whatever the time since the last update, and the line ended.
    void finish(std::size_t games, std::uint64_t bytes_read);

private:
    void draw(std::size_t games, std::uint64_t bytes_read, std::chrono::steady_clock::time_point now);

    std::FILE* out_;
    bool on_terminal_;
    std::uint64_t total_bytes_;
    std::chrono::steady_clock::time_point started_;
    std::chrono::steady_clock::time_point last_drawn_;
};

} // namespace xq::app
