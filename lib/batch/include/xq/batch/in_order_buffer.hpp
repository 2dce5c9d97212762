#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <vector>

namespace xq {

// Puts back in order the results that threads finish out of order. Items are numbered 0, 1,
// 2, ... by whoever hands out the work; put() may come in any order, take() returns them in
// numbering order. At most `window` items wait in the buffer: put() of an item that far ahead
// of the next one to take waits, so one slow item cannot make the others pile up.
//
// No deadlock as long as work is handed out in numbering order: the item take() waits for was
// handed out before any item a window ahead of it, so some thread is working on it and its
// put() never waits.
//
// One thread takes; any number put. finish(count) says how many items there are in all; take() returns nothing after the last.
// cancel() abandons the buffer: waiting calls return at once (put false, take nothing).
template <typename T>
class InOrderBuffer {
public:
    explicit InOrderBuffer(std::size_t window)
        : slots_(window == 0 ? 1 : window)
    {
    }

    bool put(std::size_t number, T item)
    {
        std::unique_lock lock(mutex_);
        ++waiting_;
        room_.wait(lock, [&] { return number < next_ + slots_.size() || cancelled_; });
        --waiting_;
        if (cancelled_)
            return false;
        slots_[number % slots_.size()] = std::move(item);
        if (number == next_)
            ready_.notify_all();
        return true;
    }

    std::optional<T> take()
    {
        std::unique_lock lock(mutex_);
        std::optional<T>& slot = slots_[next_ % slots_.size()];
        ++waiting_;
        ready_.wait(lock, [&] { return slot.has_value() || (count_ && next_ == *count_) || cancelled_; });
        --waiting_;
        if (cancelled_ || !slot)
            return std::nullopt;
        std::optional<T> item = std::move(slot);
        slot.reset();
        ++next_;
        room_.notify_all();
        return item;
    }

    void finish(std::size_t count)
    {
        const std::lock_guard lock(mutex_);
        count_ = count;
        ready_.notify_all();
    }

    void cancel()
    {
        const std::lock_guard lock(mutex_);
        cancelled_ = true;
        ready_.notify_all();
        room_.notify_all();
    }

    // How many put and take calls are blocked waiting right now. For tests, which must know a
    // call really waits before they release it; the count may change as soon as it is read.
    std::size_t waiting() const
    {
        const std::lock_guard lock(mutex_);
        return waiting_;
    }

private:
    mutable std::mutex mutex_;
    std::condition_variable ready_; // the next item came, the count is known, or cancelled
    std::condition_variable room_; // the window moved on, or cancelled
    std::vector<std::optional<T>> slots_; // item n waits in slot n % window
    std::size_t next_ = 0; // the number of the next item to take
    std::optional<std::size_t> count_;
    bool cancelled_ = false;
    // Seen by others only while the lock is released, that is while a call is blocked in wait().
    std::size_t waiting_ = 0;
};

} // namespace xq
