// The PGN reader: tags, movetext, comments and variations of a PGN file, one game at a time.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include "xq/base/diagnostic.hpp"
#include "xq/base/text_decoding.hpp"
#include "xq/records/game_record.hpp"
#include "xq/records/record_reader.hpp"

namespace xq {

namespace detail {
    class PgnTokenizer;
}

// Reads Xiangqi PGN, one game per next(), in whatever dialect real files use (formats.md §2):
//  - tags, several on a line or one per line; empty values; a bare '"' or ']' inside a value;
//  - move numbers "1." "1..." "1．" "1。", padded ("  1. ") or glued to the move ("1.炮二平五");
//    Black-first games written "1. ... 炮２平３", "1... C8=5" or "1.          馬２進３";
//    one move per line, or several pairs per line;
//  - {...} comments (which may span lines) and ; comments, attached to the move before them;
//  - variations ( ... ), nested, kept apart from the main line; NAGs $n and ! ? !? ...;
//  - the result token (1-0, 0-1, 1/2-1/2, *, or a Chinese result word); whatever follows it
//    up to the next tag line, such as XQWizard's advert, is skipped with a note.
// A game ends where a line starts with a tag after its movetext, or with a tag the game already
// has (so tag-only games split even with nothing between them), or at the end of the input.
// A broken tag, comment or variation never swallows the next game: an unclosed comment ends at
// the next line that starts like a tag.
class PgnReader final : public RecordReader {
public:
    // `input` must outlive the reader; `source_name` goes into every location.
    PgnReader(std::istream& input, std::string source_name, const RecordReaderOptions& options = {});
    ~PgnReader() override;

    [[nodiscard]] std::optional<GameRecord> next() override;
    const Diagnostics& diagnostics() const override { return diagnostics_; }
    TextEncoding encoding() const override { return source_->encoding(); }

private:
    RecordLimits limits_;
    Diagnostics diagnostics_;
    std::unique_ptr<TextSource> source_;
    std::unique_ptr<detail::PgnTokenizer> tokenizer_;
    std::size_t games_read_ = 0;
    // The size of the last game read, which the next one is given room for.
    std::size_t previous_tags_ = 0;
    std::size_t previous_moves_ = 0;
    bool exhausted_ = false;
    bool no_games_reported_ = false;
};

} // namespace xq
