// The DhtmlXQ ("UBB") reader: each [DhtmlXQ] block in a web page or forum post is one game.
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

// Reads DhtmlXQ ("UBB") text, the format of dpxq.com, wxf.ca and CCBridge web exports
// (formats.md §7.2): each [DhtmlXQ] ... [/DhtmlXQ] block is one game, wherever it stands in
// the file (usually among HTML or forum text, which is skipped). Inside a block:
//   [DhtmlXQ_movelist]774772...[/DhtmlXQ_movelist]  the main line, 4 digits a move;
//   [DhtmlXQ_move_P_N_V]...[/DhtmlXQ_move_P_N_V]   variation V, branching from line P (0 =
//                                                  the main line), its first move replacing ply N;
//   [DhtmlXQ_commentN], [DhtmlXQ_commentV_N]        the comment after ply N of the main line or
//                                                  of variation V ("||" is a line break);
//   [DhtmlXQ_binit]                                 the start position, converted to a FEN;
//   any other field                                 a tag: event, date, place, round, red,
//                                                  redteam, black, blackteam, result and title
//                                                  under their PGN names (Event, Date, Site,
//                                                  Round, Red, RedTeam, Black, BlackTeam, Result,
//                                                  Title), the rest as "DhtmlXQ_<field>".
// Moves become ICCS tokens ("7747" -> "h2e2"), so records carry the notation hint "ICCS".
// A closing tag is recognised by its "[/DhtmlXQ_" prefix alone: real files close fields under
// another name ([DhtmlXQ_blacktime]...[/DhtmlXQ_time]).
class DhtmlXqReader final : public RecordReader {
public:
    // `input` must outlive the reader; `source_name` goes into every location.
    DhtmlXqReader(std::istream& input, std::string source_name, const RecordReaderOptions& options = {});
    ~DhtmlXqReader() override;

    [[nodiscard]] std::optional<GameRecord> next() override;
    const Diagnostics& diagnostics() const override { return diagnostics_; }
    TextEncoding encoding() const override { return source_->encoding(); }

private:
    RecordLimits limits_;
    bool keep_variation_moves_;
    Diagnostics diagnostics_;
    std::unique_ptr<TextSource> source_;
    std::size_t games_read_ = 0;
    bool exhausted_ = false;
    bool no_games_reported_ = false;
};

// A DhtmlXQ square is two digits: x, the file from the left (0..8 = a..i), then y, the rank
// from the top (0..9, so ICCS rank 9 - y). Returns "h2e2" for "7747", or nothing when the text
// is not four digits naming squares on the board.
[[nodiscard]] std::optional<std::string> dhtmlxq_move_to_iccs(std::string_view digits);

// The FEN (Red to move, as DhtmlXQ has no side-to-move field) of a binit: 32 squares of two
// digits each, for Red's chariot, horse, elephant, advisor, king, advisor, elephant, horse,
// chariot (the back rank from a to i), two cannons and five soldiers, then Black's the same
// way; "99" is a piece not on the board. Nothing, and `problem` set, if it is not that.
[[nodiscard]] std::optional<std::string> dhtmlxq_binit_to_fen(std::string_view binit, std::string& problem);

} // namespace xq
