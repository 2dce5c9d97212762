// What `xqarb validate` writes: summary, JSON lines or CSV rows, and the summary's totals.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "xq/arbiter/game_validation.hpp"
#include "xq/arbiter/ruleset.hpp"
#include "xq/records/game_source.hpp"
#include "xq/report/message_catalogue.hpp"

namespace xq {

// The output forms of `xqarb validate` (field names and columns are part of the interface;
// see README):
//  - Summary: the findings of each game that has any, then the totals (write_validation_summary_end);
//  - Jsonl: one JSON object per row, adjudicate's game object with validate's fields added;
//  - Csv: a header line (validation_csv_header), then one line per row; a cell a spreadsheet
//    would read as a formula (=, +, -, @, a tab or a carriage return first) starts with '.
// Rows hold nothing that varies from run to run; only the summary's `time:` lines do.
enum class ValidationFormat { Summary, Jsonl, Csv };

// "summary", "jsonl", "csv"
[[nodiscard]] std::optional<ValidationFormat> parse_validation_format(std::string_view name);

// The text of one row in `format`: a line (with its newline) for Jsonl and Csv; for Summary,
// the game's findings, or nothing when it has none. Jsonl explains rulings in the catalogue's
// language.
std::string render_validation_row(
    const CheckedGame& game, ValidationFormat format, const RuleSet& rules, const MessageCatalogue& messages);

std::string validation_csv_header();

// What the end of the summary needs, gathered row by row: counts, and the few games worth a
// look (kept as they come, so memory does not grow with the archive).
class ValidationTally {
public:
    void add(const GameValidation& row);
    void add(const FinishedFile& file);

    std::size_t rows() const { return rows_; }
    std::size_t count(ValidationStatus status) const { return counts_[static_cast<std::size_t>(status)]; }
    // Whether every row is ok.
    [[nodiscard]] bool clean() const { return rows_ == count(ValidationStatus::Ok); }

    // A game named in the summary, with the figure it stands out by, and what names it in the
    // summary's language ("file:line: game 3 (Red vs Black)").
    struct Notable {
        double figure = 0;
        std::string file;
        std::uint32_t line = 0;
        std::size_t game = 0; // 0: the file itself
        std::string description; // the row's, "game 3 (Red vs Black)"
        std::string red, black;
    };

private:
    friend void write_validation_summary_end(
        std::ostream&, const ValidationTally&, std::chrono::duration<double>, unsigned, const MessageCatalogue&);

    std::size_t rows_ = 0;
    std::size_t games_ = 0; // rows about a game, not a file
    std::array<std::size_t, all_validation_statuses.size()> counts_ {};
    std::size_t files_ = 0;
    std::size_t files_without_games_ = 0;
    std::uint64_t bytes_ = 0;
    std::size_t plies_ = 0;
    std::size_t games_repeating_ = 0;
    std::size_t rulings_agreeing_ = 0;
    std::size_t rulings_against_ = 0;
    std::size_t games_without_moves_ = 0;
    std::vector<Notable> longest_;
    std::vector<Notable> most_repetitions_;
    std::vector<Notable> without_moves_; // the first ones
    std::vector<Notable> slowest_;
};

// The summary's end in the catalogue's language: files and games read, the count per status
// (by its code), the games worth a look, and the run's time and speed on lines of their own
// that start with "time:" in English (the only lines of any output that vary from run to run).
void write_validation_summary_end(std::ostream& out, const ValidationTally& tally,
    std::chrono::duration<double> elapsed, unsigned jobs, const MessageCatalogue& messages);

} // namespace xq
