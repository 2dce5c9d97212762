// A game as a record file writes it, before any rule: tags, move texts, comments, variations.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xq/base/diagnostic.hpp"

namespace xq {

// A game as written in a record file, before any rule is applied: tags, move texts with where
// they stand, comments, variations and the result, all as found. Turning the move texts into
// moves and checking them is the replay's job; a GameRecord knows nothing of the rules.

// MoveList is a FEN followed by moves, with no tags (move_list_reader.hpp). Xqf, Cbr, Cbl
// and Cbf are the files of Chinese Xiangqi programs (binary_records.hpp). BinaryData is
// what is none of these, nor text: it holds no game.
enum class RecordFormat { Pgn, DhtmlXq, MoveList, Xqf, Cbr, Cbl, Cbf, BinaryData };

// "PGN", "DhtmlXQ", "move list", "XQF", "CBR", "CBL", "CBF", "binary data"
std::string_view to_string(RecordFormat format);

// Text from the file with the location of its first character.
struct LocatedText {
    std::string text;
    SourceLocation location;
};

// A header field: a PGN tag, or a DhtmlXQ field (under its PGN name where one exists, see
// dhtmlxq_reader.hpp). `location` is the opening bracket, `value_location` the value's first
// character.
struct RecordedTag {
    std::string name;
    std::string value;
    SourceLocation location;
    SourceLocation value_location;
};

struct RecordedMove {
    std::string text; // UTF-8, as written, less annotation glyphs glued to its end (see `nags`)
    SourceLocation location;
    // The move number written before this move in its line, 0 if none was. Several moves may
    // carry one number (a pair, or XQWizard repeating it after a comment), so which side moved
    // is for the replay to say, not this number.
    int move_number = 0;
    std::vector<int> nags; // $n, and ! ? !! ?? !? ?! as $1..$6
    std::vector<std::string> comments; // the comments that follow the move
};

// A side line. Plies are numbered from 1 at the start of the game, as in the line it branches
// from: a variation with first_ply 5 offers another fifth ply (and what follows it).
struct RecordedVariation {
    int id = 0; // 1, 2, ... in the order the record gives them
    int parent = 0; // 0 for the main line, else the id of the variation it branches from
    std::size_t first_ply = 0;
    SourceLocation location;
    std::vector<std::string> comments_before_first_move;
    std::vector<RecordedMove> moves;
};

struct GameRecord {
    RecordFormat format = RecordFormat::Pgn;
    std::size_t index = 0; // 1-based position of the game in its file
    SourceLocation location; // where the game starts

    std::vector<RecordedTag> tags; // in file order
    // The start position's FEN as written (the FEN tag, DhtmlXQ's binit converted, or a move
    // list's FEN line), not checked here. Absent means the standard start position.
    std::optional<LocatedText> start_fen;
    // Which notation the moves claim to use: the PGN Format tag ("Chinese", "WXF", "ICCS"),
    // or "ICCS" for DhtmlXQ, whose moves this reader writes as ICCS. Absent if not stated.
    std::optional<std::string> notation_hint;

    std::vector<std::string> comments_before_first_move;
    std::vector<RecordedMove> moves; // the main line only
    std::vector<RecordedVariation> variations; // kept apart from the main line
    // Variations dropped because a limit was hit or they had nothing to branch from.
    std::size_t skipped_variations = 0;

    // Where text after the result token starts, if there is any before the next game: it is
    // not part of the game (an annotator's summary, or XQWizard's advert), so it is not kept.
    std::optional<SourceLocation> text_after_result;

    // The result token that ended the movetext (1-0, 0-1, 1/2-1/2, *, or a Chinese result
    // word), as written. A Result tag is among the tags.
    std::optional<LocatedText> result;

    // Problems found in this game, each naming the game in its message.
    Diagnostics diagnostics;

    // The first tag called `name`, compared without regard to ASCII case (as xqbase does).
    const RecordedTag* find_tag(std::string_view name) const;
};

// "game 3 (Hu Ronghua vs Xu Tianhong)", or with the Event or Title tag when the players are
// not known, or just "game 3". White is read as Red, as Lichess-style files use it.
std::string describe_game(const GameRecord& game);
// The same for a catalogue to word: `game_number`, and `game_red` and `game_black`, or else
// `game_title` (the Event or Title tag), each empty when the record has none.
DiagnosticFields game_fields(const GameRecord& game);

// The standard spelling ("1-0", "0-1", "1/2-1/2" or "*") of a result written as a PGN token or
// tag value, or in the Chinese words DhtmlXQ uses (红胜, 黑胜, 和局, 和棋, 未知, Simplified or
// Traditional). Nothing for anything else.
[[nodiscard]] std::optional<std::string_view> normalize_result(std::string_view text);

} // namespace xq
