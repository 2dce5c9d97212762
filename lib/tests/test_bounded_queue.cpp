#include <doctest/doctest.h>

#include <atomic>
#include <optional>
#include <thread>
#include <vector>

#include "xq/batch/bounded_queue.hpp"

namespace {

using namespace xq;

TEST_SUITE("bounded_queue")
{
    TEST_CASE("items come out in the order they went in, and after close() the rest drains")
    {
        BoundedQueue<int> queue(4);
        for (int i = 0; i < 3; ++i)
            CHECK(queue.push(i));
        queue.close();
        CHECK_FALSE(queue.push(99));
        for (int i = 0; i < 3; ++i)
            CHECK(queue.pop() == i);
        CHECK_FALSE(queue.pop());
    }

    TEST_CASE("a producer waits while the queue is full, so it never holds more than its capacity")
    {
        BoundedQueue<int> queue(2);
        std::atomic<int> pushed = 0;
        std::atomic<bool> finished = false;
        std::jthread producer([&] {
            for (int i = 0; i < 10; ++i) {
                queue.push(i);
                ++pushed;
            }
            queue.close();
            finished = true;
        });
        // The first two go in at once; the third waits for room while nobody takes. Polling for
        // the producer to block, or to finish when push does not wait, rather than sleeping, so
        // the checks see the producer stopped, not merely not scheduled yet.
        while (queue.waiting() == 0 && !finished)
            std::this_thread::yield();
        CHECK(queue.waiting() == 1);
        CHECK(pushed == 2);
        std::vector<int> taken;
        while (auto item = queue.pop())
            taken.push_back(*item);
        CHECK(taken == std::vector<int> { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 });
    }

    TEST_CASE("cancel() releases a waiting producer and a waiting consumer")
    {
        BoundedQueue<int> full(1);
        full.push(1);
        BoundedQueue<int> empty(1);
        bool pushed = true;
        std::optional<int> popped = 0;
        std::atomic<int> returned = 0;
        std::jthread producer([&] {
            pushed = full.push(2);
            ++returned;
        });
        std::jthread consumer([&] {
            popped = empty.pop();
            ++returned;
        });
        // Both calls must be blocked when cancel() comes: a call made after it is refused at
        // once, which would pass the checks without anything being released.
        while ((full.waiting() == 0 || empty.waiting() == 0) && returned == 0)
            std::this_thread::yield();
        CHECK(full.waiting() == 1);
        CHECK(empty.waiting() == 1);
        full.cancel();
        empty.cancel();
        producer.join();
        consumer.join();
        CHECK_FALSE(pushed);
        CHECK_FALSE(popped);
    }
}

} // namespace
