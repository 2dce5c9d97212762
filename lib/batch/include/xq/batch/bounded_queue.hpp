#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

namespace xq {

// A first-in first-out queue between threads that holds at most `capacity` items: push waits
// while it is full, so a fast producer cannot fill memory ahead of slow consumers.
//
// close() says no more items will come: pop hands out what is left, then nothing. cancel()
// abandons the queue: waiting pushes and pops return at once, and so do later ones.
template <typename T>
class BoundedQueue {
public:
    explicit BoundedQueue(std::size_t capacity)
        : capacity_(capacity == 0 ? 1 : capacity)
    {
    }

    // Waits for room; false (and the item dropped) once the queue is closed or cancelled.
    bool push(T item)
    {
        std::unique_lock lock(mutex_);
        ++waiting_;
        room_.wait(lock, [&] { return items_.size() < capacity_ || closed_ || cancelled_; });
        --waiting_;
        if (closed_ || cancelled_)
            return false;
        items_.push_back(std::move(item));
        ready_.notify_one();
        return true;
    }

    // Waits for an item; nothing once the queue is closed and empty, or cancelled.
    std::optional<T> pop()
    {
        std::unique_lock lock(mutex_);
        ++waiting_;
        ready_.wait(lock, [&] { return !items_.empty() || closed_ || cancelled_; });
        --waiting_;
        if (cancelled_ || items_.empty())
            return std::nullopt;
        T item = std::move(items_.front());
        items_.pop_front();
        room_.notify_one();
        return item;
    }

    void close()
    {
        const std::lock_guard lock(mutex_);
        closed_ = true;
        ready_.notify_all();
        room_.notify_all();
    }

    void cancel()
    {
        const std::lock_guard lock(mutex_);
        cancelled_ = true;
        ready_.notify_all();
        room_.notify_all();
    }

    // How many push and pop calls are blocked waiting right now. For tests, which must know a
    // call really waits before they release it; the count may change as soon as it is read.
    std::size_t waiting() const
    {
        const std::lock_guard lock(mutex_);
        return waiting_;
    }

private:
    const std::size_t capacity_;
    mutable std::mutex mutex_;
    std::condition_variable ready_; // an item came, or the queue closed
    std::condition_variable room_; // an item left, or the queue closed
    std::deque<T> items_;
    bool closed_ = false;
    bool cancelled_ = false;
    // Seen by others only while the lock is released, that is while a call is blocked in wait().
    std::size_t waiting_ = 0;
};

} // namespace xq
