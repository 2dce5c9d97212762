// Validating an archive: every game checked on several threads, rows handed over in input order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "xq/arbiter/game_validation.hpp"
#include "xq/arbiter/ruleset.hpp"
#include "xq/records/game_source.hpp"

namespace xq {

struct ArchiveValidationOptions {
    // Threads that check games, the calling thread among them. 1 checks them one after the
    // other; with more, the threads take turns at reading the files, and the one that finishes
    // the batch next in input order hands it to the sink.
    unsigned jobs = 1;
    // With more than one job, a thread reads and checks this many games at a time (0 counts
    // as 1), or from a quarter of them on when another thread waits to read.
    std::size_t games_per_batch = 32;
    // Batches checked but not yet handed over (waiting for an earlier, slower one), at most.
    // So at most (checked_batches + jobs) * games_per_batch games are held: the window and the
    // threads' own.
    std::size_t checked_batches = 32;
};

// A row as it is handed over: the row, the text the renderer made of it, and how far the
// input has been read (all files before this one, and this one up to here).
struct ValidatedRow {
    GameValidation row;
    std::string text;
    std::uint64_t bytes_read = 0;
};

// Receives the results in input order, one call at a time, on the checking threads.
class ValidationSink {
public:
    virtual ~ValidationSink() = default;
    virtual void row(const ValidatedRow& row) = 0;
    // After the file's rows (and after its own row, when it could not be read).
    virtual void file_done(const FinishedFile& file) = 0;
};

// Turns a checked game into the text the output holds for it. Runs on the checking threads,
// so the formatting is shared out too; it must not touch anything but its argument.
using RowRenderer = std::function<std::string(const CheckedGame& game)>;

// Checks every game of the source, in parallel when options.jobs > 1, and hands the rows and
// files to the sink in input order, whatever the number of jobs: the same input gives the
// same calls. Memory stays bounded by the options' queue sizes, however large the archive.
// A file that cannot be read gives a row of its own (check_file_problems).
//
// An exception from the checks, the renderer or the sink stops the run: the threads are
// stopped and it is thrown on to the caller, with what was being checked in its message.
void validate_archive(GameSource& source, const RuleSet& rules, const ArchiveValidationOptions& options,
    const RowRenderer& render, ValidationSink& sink);

} // namespace xq
