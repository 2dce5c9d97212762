// The "move list" reader: games written as a FEN line, then the moves, with no tags.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "xq/base/diagnostic.hpp"
#include "xq/base/text_decoding.hpp"
#include "xq/records/game_record.hpp"
#include "xq/records/record_reader.hpp"

namespace xq {

namespace detail {
    class MoveListScanner;
}

// Reads "move list" text: a FEN, then the moves, with no tags, as test data and tool dumps
// write games (walker8088/cchess's fixtures). Two layouts occur:
//  - a FEN line, then the moves, one or several a line, perhaps ending with a result:
//        rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w
//        兵七进一
//        马８进７
//  - all on one line, the FEN, the moves and the result separated by commas:
//        9/3k5/4c4/4N4/9/6R2/9/5p3/4r4/5K3 w, g4g8 d8d9 e6c7 d9e9 g8g9, 1-0
// Words are separated by white space (U+3000 and U+00A0 too) and commas (',' and '，'), and
// cut at RecordLimits::max_token_bytes. Each game is:
//  - its FEN: a line's first word, when it contains '/' and is not a result (no move in any
//    notation has a '/'). That word is the placement; the words after it on the same line, up
//    to a comma, that read as FEN fields (a one-letter side to move, '-', counters; five at
//    most) are the rest. The FEN is kept as written, for the replay to check, with the same
//    columns; a placement that is not 10 ranks of piece letters and digits is also reported
//    here (movelist.bad-fen), since the game cannot be set up;
//  - its moves, in any notation (the replay decides which), with move numbers ("1." "1..."
//    "1．", or glued: "1.炮二平五") and a standing ellipsis skipped;
//  - optionally a result (1-0, 0-1, 1/2-1/2, *, or a Chinese result word), which ends it: the
//    text after it, up to the next FEN line, is skipped with a note.
// So a file may hold several games, one after another, each starting on a FEN line: with or
// without blank lines between them, and one a line in the one-line layout. Blank lines mean
// nothing else, so a game may have them between its moves. Text before the first FEN line is
// not part of any game and is skipped with a warning.
class MoveListReader final : public RecordReader {
public:
    // `input` must outlive the reader; `source_name` goes into every location.
    MoveListReader(std::istream& input, std::string source_name, const RecordReaderOptions& options = {});
    ~MoveListReader() override;

    [[nodiscard]] std::optional<GameRecord> next() override;
    const Diagnostics& diagnostics() const override { return diagnostics_; }
    TextEncoding encoding() const override { return source_->encoding(); }

private:
    RecordLimits limits_;
    Diagnostics diagnostics_;
    std::unique_ptr<TextSource> source_;
    std::unique_ptr<detail::MoveListScanner> scanner_;
    std::size_t games_read_ = 0;
    bool exhausted_ = false;
    bool no_games_reported_ = false;
};

// Whether `text` has the shape of a FEN placement: 10 ranks separated by '/', each a non-empty
// run of FEN piece letters (either case, either letter set: K A B/E N/H R C P) and digits.
// Only the shape: rank widths and piece counts are the FEN parser's to check.
[[nodiscard]] bool is_fen_placement(std::string_view text);

} // namespace xq
