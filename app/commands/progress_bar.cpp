// Drawing the progress line: redrawn in place on a terminal, a line a second elsewhere.
#include "commands/progress_bar.hpp"

#include <algorithm>

namespace xq::app {

namespace {

    using Clock = std::chrono::steady_clock;

    double megabytes(std::uint64_t bytes) { return static_cast<double>(bytes) / 1e6; }

} // namespace

ProgressBar::ProgressBar(std::FILE* out, bool on_terminal, std::uint64_t total_bytes)
    : out_(out)
    , on_terminal_(on_terminal)
    , total_bytes_(total_bytes)
    , started_(Clock::now())
    , last_drawn_(started_)
{
}

void ProgressBar::update(std::size_t games, std::uint64_t bytes_read)
{
    const auto now = Clock::now();
    const auto interval = on_terminal_ ? std::chrono::milliseconds(100) : std::chrono::milliseconds(1000);
    if (now - last_drawn_ >= interval)
        draw(games, bytes_read, now);
}

void ProgressBar::finish(std::size_t games, std::uint64_t bytes_read)
{
    draw(games, bytes_read, Clock::now());
    if (on_terminal_)
        std::fputc('\n', out_);
    std::fflush(out_);
}

void ProgressBar::draw(std::size_t games, std::uint64_t bytes_read, Clock::time_point now)
{
    last_drawn_ = now;
    const double seconds = std::max(std::chrono::duration<double>(now - started_).count(), 1e-3);
    const double bytes_per_second = static_cast<double>(bytes_read) / seconds;
    const double left = bytes_per_second > 0 && total_bytes_ > bytes_read
        ? static_cast<double>(total_bytes_ - bytes_read) / bytes_per_second
        : 0.0;
    const auto left_seconds = static_cast<long>(left + 0.5);
    // "\r" goes back to the start of the line and "\x1b[K" clears what a longer line left.
    std::fprintf(out_, "%s%zu games, %.1f/%.1f MB, %.0f games/s, ETA %ld:%02ld%s", on_terminal_ ? "\r" : "", games,
        megabytes(bytes_read), megabytes(total_bytes_), static_cast<double>(games) / seconds, left_seconds / 60,
        left_seconds % 60, on_terminal_ ? "\x1b[K" : "\n");
    std::fflush(out_);
}

} // namespace xq::app
