#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
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
        std::jthread producer([&] {
            for (int i = 0; i < 10; ++i) {
                queue.push(i);
                ++pushed;
            }
            queue.close();
        });
        // The first two go in at once; the third waits for room while nobody takes.
        while (pushed < 2)
            std::this_thread::yield();
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
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
        std::jthread producer([&] { CHECK_FALSE(full.push(2)); });
        BoundedQueue<int> empty(1);
        std::jthread consumer([&] { CHECK_FALSE(empty.pop()); });
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        full.cancel();
        empty.cancel();
    }
}

} // namespace
