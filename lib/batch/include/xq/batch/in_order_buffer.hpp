// Puts back in input order the results that checking threads finish out of order.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <vector>

namespace xq {

// Puts back in order the results that threads finish out of order, and hands them over in that
// order. Items are numbered 0, 1, 2, ... by whoever hands out the work; put() may come in any
// order. The put() of the next item to hand over hands it over itself, with every item after
// it that is already there, one put() at a time: no thread of its own waits to take them (on
// two cores such a thread woke some 3,500 times a run, and the checking threads it interrupted
// used a fifth more CPU). At most `window` items wait in the buffer: put() of an item that far
// ahead of the next one to hand over waits, so one slow item cannot make the others pile up.
//
// No deadlock as long as work is handed out in numbering order: the next item to hand over was
// handed out before any item a window ahead of it, so some thread is working on it and its
// put() never waits.
//
// cancel() abandons the buffer: a waiting put() returns at once, and every later one does
// nothing; a hand-over that fails cancels it too.
template <typename T> class InOrderBuffer {
public:
    explicit InOrderBuffer(std::size_t window)
        : slots_(window == 0 ? 1 : window)
    {
    }

    // Puts item `number`, then hands over, in order, every item there from the next one on, with
    // `hand_over(T&)`, which returns false to stop everything. False once the buffer is
    // cancelled.
    template <typename HandOver> [[nodiscard]] bool put(std::size_t number, T item, HandOver&& hand_over)
    {
        std::unique_lock lock(mutex_);
        ++waiting_;
        room_.wait(lock, [&] { return number < next_ + slots_.size() || cancelled_; });
        --waiting_;
        if (cancelled_)
            return false;
        slots_[number % slots_.size()] = std::move(item);
        for (std::optional<T>* slot = &slots_[next_ % slots_.size()]; slot->has_value() && !cancelled_;
             slot = &slots_[next_ % slots_.size()]) {
            std::optional<T> ready = std::move(*slot);
            slot->reset();
            ++next_;
            if (!hand_over(*ready))
                cancelled_ = true;
        }
        room_.notify_all();
        return !cancelled_;
    }

    void cancel()
    {
        const std::lock_guard lock(mutex_);
        cancelled_ = true;
        room_.notify_all();
    }

    // How many put calls are blocked waiting right now. For tests, which must know a call
    // really waits before they release it; the count may change as soon as it is read.
    std::size_t waiting() const
    {
        const std::lock_guard lock(mutex_);
        return waiting_;
    }

private:
    mutable std::mutex mutex_;
    std::condition_variable room_; // the window moved on, or cancelled
    std::vector<std::optional<T>> slots_; // item n waits in slot n % window
    std::size_t next_ = 0; // the number of the next item to hand over
    bool cancelled_ = false;
    // Seen by others only while the lock is released, that is while a call is blocked in wait().
    std::size_t waiting_ = 0;
};

} // namespace xq
