// The threads of a validation run: work dealt out in batches, results freed by their maker.
#include "xq/batch/archive_validation.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <fstream>
#include <memory>
#include <mutex>
#include <new>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <variant>

#include "xq/batch/in_order_buffer.hpp"

namespace xq {

namespace {

    // What the sink is handed for one piece of work.
    struct Result {
        std::optional<ValidatedRow> row;
        std::optional<FinishedFile> file;
    };

    // Work goes between threads a batch at a time: handing over each game alone would cost a
    // lock and often a thread switch per game, as much as a short game takes to check.
    struct Batch {
        std::size_t number = 0; // batches are numbered in input order
        std::vector<SourceItem> items;
    };

    // The results of a batch, up to the failure that stops the run if there is one.
    struct CheckedBatch {
        std::vector<Result> results;
        std::exception_ptr failure;
        std::size_t checker = 0; // the thread that checked it, see Checker
    };

    // A checking thread frees the results it made once they are handed over, whichever thread
    // handed them over. Freed by another thread, each block of a result went back to its
    // maker's malloc arena under that arena's lock: some hundred blocks a batch. What is handed
    // over after its maker's last turn is freed at the end, by the calling thread.
    struct Checker {
        std::mutex lock; // guards handed_over
        std::vector<CheckedBatch> handed_over; // to be freed by this thread
    };

    std::string what_is_checked(const SourceItem& work)
    {
        if (const auto* record = std::get_if<GameRecord>(&work.item))
            return record->location.source + " game " + std::to_string(record->index);
        return std::get<FinishedFile>(work.item).path;
    }

    Result check(SourceItem work, const RuleSet& rules, const RowRenderer& render)
    {
        try {
            Result result;
            if (auto* record = std::get_if<GameRecord>(&work.item)) {
                CheckedGame checked = check_game(*record, rules);
                std::string text = render(checked);
                result.row = ValidatedRow { std::move(checked.row), std::move(text), work.bytes_read };
                return result;
            }
            FinishedFile& file = std::get<FinishedFile>(work.item);
            if (has_file_findings(file.diagnostics)) {
                CheckedGame checked = check_file_problems(file.path, file.diagnostics);
                std::string text = render(checked);
                result.row = ValidatedRow { std::move(checked.row), std::move(text), work.bytes_read };
            }
            result.file = std::move(file);
            return result;
        } catch (const std::exception& e) {
            throw std::runtime_error(std::string(e.what()) + " (while checking " + what_is_checked(work) + ")");
        }
    }

    void hand_over(const Result& result, ValidationSink& sink)
    {
        if (result.row)
            sink.row(*result.row);
        if (result.file)
            sink.file_done(*result.file);
    }

    void validate_one_by_one(GameSource& source, const RuleSet& rules, const RowRenderer& render, ValidationSink& sink)
    {
        while (std::optional<SourceItem> work = source.next())
            hand_over(check(std::move(*work), rules, render), sink);
    }

    // Tells the processor that this thread waits in a loop, so that it yields what the core
    // shares and saves power, with no system call; where no such instruction is known, the
    // thread yields to the scheduler instead.
    void pause_processor()
    {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#elif defined(__aarch64__)
        asm volatile("yield");
#else
        std::this_thread::yield();
#endif
    }

    // Locks the reader, first waiting for it a while without sleeping when every checking thread
    // has a core of its own (else the spin would take the core of the thread that holds the
    // reader). A turn at the reader is short (some 0.3 ms for a batch), and a thread that
    // sleeps until it is woken loses more than the wait itself, the more so on a virtual
    // machine: over the corpus with `--jobs 2`, each thread waited 0.03 s of its 0.64 when it
    // slept at once, 0.01 s in all when it spun first. The spin is bounded in time, so that a
    // longer turn, such as one that opens a file, is still waited for asleep. While it spins,
    // the thread is counted in `spinning`, for the thread at the reader to see.
    std::unique_lock<std::mutex> lock_reader(std::mutex& reader, bool may_spin, std::atomic<unsigned>& spinning)
    {
        constexpr auto spin_for = std::chrono::microseconds(500);
        constexpr int pauses_between_attempts = 64; // each attempt writes the lock's cache line
        std::unique_lock lock(reader, std::try_to_lock);
        if (!lock.owns_lock() && may_spin) {
            spinning.fetch_add(1, std::memory_order_relaxed);
            const auto until = std::chrono::steady_clock::now() + spin_for;
            do {
                for (int pause = 0; pause < pauses_between_attempts; ++pause)
                    pause_processor();
            } while (!lock.try_lock() && std::chrono::steady_clock::now() < until);
            spinning.fetch_sub(1, std::memory_order_relaxed);
        }
        if (!lock.owns_lock())
            lock.lock();
        return lock;
    }

    // Whether a turn at the reader that has read `games` games ends there, short of a whole
    // batch: when one other thread spins for the reader, it has checked all it read and would
    // idle until the turn ends. Ending after the game being read, not the batch, cut each
    // thread's wait over the corpus with `--jobs 2` from 0.026 to 0.009 s of its 0.64. A turn
    // reads a quarter of a batch at least, and goes on when more than one thread spins: then
    // reading bounds the speed, and a turn's fixed cost (the reader's state moves to another
    // core) would be paid more often for nothing.
    bool ends_turn_early(std::size_t games, std::size_t games_per_batch, const std::atomic<unsigned>& spinning)
    {
        return games >= std::max<std::size_t>(games_per_batch / 4, 1) && spinning.load(std::memory_order_relaxed) == 1;
    }

    // What a checking thread reads in its turn: a batch, and a failure of the reader after it.
    struct ReadTurn {
        Batch batch; // may be empty
        std::exception_ptr failure;
        std::size_t failure_number = 0;
    };

    // The checking threads take turns at one reader, a batch at a time, and check what they
    // read. A thread that only read needed a core of its own: with as many threads as cores it
    // got only its share of one, and reading bounded the speed-up (1.3 to 1.65 times on two
    // cores). The calling thread is one of the checking threads. Batches are numbered as they
    // are read; a bounded in-order buffer puts the results back in input order, and the thread
    // that finishes the batch next in order hands it to the sink.
    void validate_in_parallel(GameSource& source, const RuleSet& rules, const ArchiveValidationOptions& options,
        const RowRenderer& render, ValidationSink& sink)
    {
        InOrderBuffer<CheckedBatch> results(options.checked_batches);
        std::vector<Checker> checkers(options.jobs);
        const bool spin_for_reader = options.jobs <= std::thread::hardware_concurrency();
        std::atomic<unsigned> spinning_for_reader { 0 };
        std::mutex reading; // guards the source and the two below
        std::size_t batches = 0; // numbered so far
        bool all_read = false;
        // The next turn at the reader; nothing once all is read. A reading failure is a batch
        // of its own, after the games read before it, so that it stops the run in its place.
        const auto take_turn = [&]() -> std::optional<ReadTurn> {
            const std::unique_lock lock = lock_reader(reading, spin_for_reader, spinning_for_reader);
            if (all_read)
                return std::nullopt;
            ReadTurn turn;
            try {
                const std::size_t games_per_batch = std::max<std::size_t>(options.games_per_batch, 1);
                while (turn.batch.items.size() < games_per_batch
                    && !ends_turn_early(turn.batch.items.size(), games_per_batch, spinning_for_reader)) {
                    std::optional<SourceItem> work = source.next();
                    if (!work) {
                        all_read = true;
                        break;
                    }
                    turn.batch.items.push_back(std::move(*work));
                }
            } catch (...) {
                turn.failure = std::current_exception();
                all_read = true;
            }
            if (!turn.batch.items.empty())
                turn.batch.number = batches++;
            if (turn.failure)
                turn.failure_number = batches++;
            return turn;
        };

        // The first failure, in input order, stops the run: handed over in its place, it
        // cancels the buffer, and every thread stops at its next put.
        std::exception_ptr failure; // set under the buffer's lock, read once the threads are done
        const auto hand_over_batch = [&](CheckedBatch& checked) {
            try {
                for (const Result& result : checked.results)
                    hand_over(result, sink);
            } catch (...) {
                failure = std::current_exception();
                return false;
            }
            failure = checked.failure;
            Checker& maker = checkers[checked.checker];
            const std::lock_guard lock(maker.lock);
            try {
                maker.handed_over.push_back(std::move(checked));
            } catch (const std::bad_alloc&) {
                // No room to give it back: it is freed here, as it was before.
            }
            return !failure;
        };
        const auto check_turns = [&](std::size_t me) {
            std::vector<CheckedBatch> to_free; // swapped with checkers[me].handed_over, so both keep their room
            while (std::optional<ReadTurn> turn = take_turn()) {
                {
                    const std::lock_guard lock(checkers[me].lock);
                    to_free.swap(checkers[me].handed_over);
                }
                to_free.clear();
                if (!turn->batch.items.empty()) {
                    CheckedBatch checked;
                    checked.checker = me;
                    checked.results.reserve(turn->batch.items.size());
                    try {
                        for (SourceItem& work : turn->batch.items)
                            checked.results.push_back(check(std::move(work), rules, render));
                    } catch (...) {
                        checked.failure = std::current_exception();
                    }
                    if (!results.put(turn->batch.number, std::move(checked), hand_over_batch))
                        return;
                }
                if (turn->failure
                    && !results.put(turn->failure_number, CheckedBatch { {}, turn->failure, me }, hand_over_batch))
                    return;
            }
        };

        {
            std::vector<std::jthread> threads; // joined on the way out of this block
            try {
                for (unsigned i = 1; i < options.jobs; ++i)
                    threads.emplace_back(check_turns, i);
                check_turns(0);
            } catch (...) {
                // Releases every waiting thread, so that they can be joined.
                results.cancel();
                throw;
            }
        }
        if (failure)
            std::rethrow_exception(failure);
    }

} // namespace

void validate_archive(GameSource& source, const RuleSet& rules, const ArchiveValidationOptions& options,
    const RowRenderer& render, ValidationSink& sink)
{
    if (options.jobs <= 1)
        validate_one_by_one(source, rules, render, sink);
    else
        validate_in_parallel(source, rules, options, render, sink);
}

} // namespace xq
