// The PGN writer: a record, its main line as replayed, in canonical ICCS, WXF or Chinese moves.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <span>
#include <string_view>

#include "xq/base/diagnostic.hpp"
#include "xq/board/position.hpp"
#include "xq/notation/chinese.hpp"
#include "xq/notation/move_text.hpp"
#include "xq/records/game_record.hpp"
#include "xq/records/played_line.hpp"

namespace xq {

// The notation the moves of a written PGN game are in. Output is always canonical (to_iccs
// with ranks 0-9, to_wxf, to_chinese), so writing a game that was read from our own output
// gives the same bytes again.
enum class PgnNotation { Iccs, Wxf, Chinese };

// The value of the Format tag that announces the notation: "ICCS", "WXF", "Chinese".
std::string_view format_tag_value(PgnNotation notation);

struct PgnWriterOptions {
    PgnNotation notation = PgnNotation::Wxf;
    ChineseScript chinese_script = ChineseScript::Simplified; // for PgnNotation::Chinese
    // Movetext lines are broken before a token that would pass this many columns (a Chinese
    // character takes two); a longer token stands on a line of its own.
    std::size_t line_width = 80;
};

// Writes `record` as one PGN game in the chosen notation, UTF-8, ending with a line break
// (separating games by a blank line is the caller's job):
//  - the tags in their order, values escaped (\" and \\; a line break becomes a space); the
//    Format tag set to format_tag_value(), appended if the record has none; a FEN tag for a
//    start position the record gives elsewhere (DhtmlXQ's binit). A name is written once (a
//    repeated tag would start a new game), the first of it kept; a later one with another
//    value is reported as a `convert.duplicate-tag` warning;
//  - the movetext, with move numbers counted from the start position's move number and
//    "N..." where Black's move follows a comment or a variation or starts a line; NAGs as $n;
//    each comment as {...} after its move, with '}' written as the full-width '｝' (PGN has
//    no escape for it) and a '[' that starts a line of the comment written '［', since such a
//    line would read as the next game's tags;
//  - each variation as ( ... ) after the move it replaces, when all of its moves are legal
//    from its branch point. Otherwise it is left out, with the variations inside it, and a
//    `convert.variation-dropped` warning in `diagnostics` says why;
//  - when the main line stopped short, the moves up to there, then the comment
//    {xqarb: stopped at ply N: <why>. Not converted: <the rest of the moves as written>},
//    and the tag [XqarbStopped "ply N: <why>"] (stopped_tag_name), so that a reader of the
//    output knows by machine that the game is not whole;
//  - when the record has a reading error, the tag [XqarbDamaged "<the first, as
//    format_diagnostic writes it>"] (damaged_tag_name), unless it has one already;
//  - the result: the record's result token, else its Result tag, in standard spelling, else *.
//    Text after the result is not part of the game and is left out, with a
//    `convert.text-after-result-dropped` warning.
void write_pgn(std::ostream& out, const GameRecord& record, const PlayedMainLine& main_line,
    const PgnWriterOptions& options, Diagnostics& diagnostics);

} // namespace xq
