#include <doctest/doctest.h>

#include <atomic>
#include <optional>
#include <thread>
#include <vector>

#include "xq/batch/in_order_buffer.hpp"

namespace {

using namespace xq;

TEST_SUITE("in_order_buffer")
{
    TEST_CASE("items put out of order are taken in order, and nothing after the count")
    {
        InOrderBuffer<int> buffer(8);
        for (const int n : { 3, 1, 0, 2 })
            CHECK(buffer.put(static_cast<std::size_t>(n), n * 10));
        buffer.finish(4);
        std::vector<int> taken;
        while (auto item = buffer.take())
            taken.push_back(*item);
        CHECK(taken == std::vector<int> { 0, 10, 20, 30 });
    }

    TEST_CASE("an item a window ahead waits until the items before it are taken")
    {
        InOrderBuffer<int> buffer(2);
        std::atomic<bool> put_far_ahead = false;
        std::jthread ahead([&] {
            buffer.put(2, 2); // item 0 has not been taken: 2 is a window ahead
            put_far_ahead = true;
        });
        CHECK(buffer.put(1, 1));
        // Polling for the put to block, or to return when it does not wait, rather than
        // sleeping, so the check sees it held back, not merely not scheduled yet.
        while (buffer.waiting() == 0 && !put_far_ahead)
            std::this_thread::yield();
        REQUIRE(buffer.waiting() == 1);
        CHECK_FALSE(put_far_ahead);
        CHECK(buffer.put(0, 0));
        CHECK(buffer.take() == 0);
        CHECK(buffer.take() == 1);
        CHECK(buffer.take() == 2);
        ahead.join();
        CHECK(put_far_ahead);
    }

    TEST_CASE("cancel() releases a waiting taker and a waiting putter")
    {
        InOrderBuffer<int> buffer(1);
        bool put = true;
        std::optional<int> taken = 0;
        std::atomic<int> returned = 0;
        std::jthread putter([&] {
            put = buffer.put(5, 5);
            ++returned;
        });
        std::jthread taker([&] {
            taken = buffer.take();
            ++returned;
        });
        // Both calls must be blocked when cancel() comes: a call made after it is refused at
        // once, which would pass the checks without anything being released.
        while (buffer.waiting() < 2 && returned == 0)
            std::this_thread::yield();
        CHECK(buffer.waiting() == 2);
        buffer.cancel();
        putter.join();
        taker.join();
        CHECK_FALSE(put);
        CHECK_FALSE(taken);
    }
}

} // namespace
