// Tests of the in-order buffer: out-of-order puts handed over in order, the window, cancel().
#include <doctest/doctest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "xq/batch/in_order_buffer.hpp"

namespace {

using namespace xq;

TEST_SUITE("in_order_buffer")
{
    TEST_CASE("items put out of order are handed over in order, each by the put that completes its run")
    {
        InOrderBuffer<int> buffer(8);
        std::vector<int> handed;
        const auto collect = [&](int item) {
            handed.push_back(item);
            return true;
        };
        CHECK(buffer.put(3, 30, collect));
        CHECK(buffer.put(1, 10, collect));
        CHECK(handed.empty());
        CHECK(buffer.put(0, 0, collect));
        CHECK(handed == std::vector<int> { 0, 10 });
        CHECK(buffer.put(2, 20, collect));
        CHECK(handed == std::vector<int> { 0, 10, 20, 30 });
    }

    TEST_CASE("an item a window ahead waits until the items before it are handed over")
    {
        InOrderBuffer<int> buffer(2);
        std::vector<int> handed; // only ever touched under the buffer's lock
        const auto collect = [&](int item) {
            handed.push_back(item);
            return true;
        };
        std::atomic<bool> put_far_ahead = false;
        bool put = false;
        std::jthread ahead([&] {
            put = buffer.put(2, 2, collect); // item 0 has not been handed over: 2 is a window ahead
            put_far_ahead = true;
        });
        CHECK(buffer.put(1, 1, collect));
        // Polling for the put to block, or to return when it does not wait, rather than
        // sleeping, so the check sees it held back, not merely not scheduled yet.
        while (buffer.waiting() == 0 && !put_far_ahead)
            std::this_thread::yield();
        REQUIRE(buffer.waiting() == 1);
        CHECK_FALSE(put_far_ahead);
        CHECK(buffer.put(0, 0, collect));
        ahead.join();
        CHECK(put_far_ahead);
        CHECK(put);
        CHECK(handed == std::vector<int> { 0, 1, 2 });
    }

    TEST_CASE("a hand-over that fails stops the items after it, and cancel() releases a waiting put")
    {
        InOrderBuffer<int> buffer(4);
        std::vector<int> handed;
        const auto fail_at_one = [&](int item) {
            handed.push_back(item);
            return item != 1;
        };
        CHECK(buffer.put(2, 2, fail_at_one));
        CHECK(buffer.put(1, 1, fail_at_one));
        CHECK_FALSE(buffer.put(0, 0, fail_at_one));
        CHECK(handed == std::vector<int> { 0, 1 });
        CHECK_FALSE(buffer.put(3, 3, fail_at_one));
        CHECK(handed == std::vector<int> { 0, 1 });

        InOrderBuffer<int> waiting(1);
        const auto accept = [](int) { return true; };
        std::atomic<bool> returned = false;
        bool put = true;
        std::jthread putter([&] {
            put = waiting.put(5, 5, accept);
            returned = true;
        });
        // The call must be blocked when cancel() comes: a call made after it is refused at
        // once, which would pass the checks without anything being released.
        while (waiting.waiting() == 0 && !returned)
            std::this_thread::yield();
        CHECK(waiting.waiting() == 1);
        waiting.cancel();
        putter.join();
        CHECK_FALSE(put);
    }
}

} // namespace
