// The file model WXF and Chinese notation share: how a move reads by piece, file and direction.
#pragma once

#include <array>
#include <cassert>
#include <span>
#include <string_view>
#include <variant>

#include "xq/board/position.hpp"
#include "xq/notation/move_error.hpp"

// WXF and Chinese notation describe a move the same way, by files: which piece (its kind, and
// its file or its place among pieces of that kind on one file), which way it goes (forward,
// backward, sideways) and a number (steps along the file, or the destination file). This is
// that shared model, private to the notation library: how a move reads, the ways a token's
// piece part can be read, and the matching of those readings against the legal moves.

namespace xq::detail {

enum class Direction { Forward, Backward, Sideways };

// Both notations count files 1..9 from the mover's right: Red's file 1 is the i-file, Black's
// file 1 is the a-file.
constexpr int file_number(Color c, int board_file) { return c == Color::Red ? 9 - board_file : board_file + 1; }
constexpr int board_file_of(Color c, int file_number) { return c == Color::Red ? 9 - file_number : file_number - 1; }

// Whether the number after the direction counts steps along the file (king, chariot, cannon
// and soldier moving forward or backward) rather than naming the destination file.
bool counts_steps(PieceType t, Direction d);

// One side's pieces of each kind, file by file, foremost first (the front is the enemy's
// side). Only the side that moves is ever described, so only its pieces are counted. This is
// built for every move read or written, and most moves name one file: a file is scanned the
// first time it is asked about. `pos` must outlive the census.
class FileCensus {
public:
    FileCensus(const Position& pos, Color side);

    // The side's pieces of kind t on file `file` (1..9, counted from its right), foremost first.
    std::span<const Square> on_file(Color c, PieceType t, int file) const;
    // How many files hold two or more of the side's soldiers.
    int tandem_soldier_files(Color c) const;

private:
    struct Column {
        std::uint8_t size;
        // Five at most are kept; the sixth place takes what a made-up position has beyond.
        std::array<Square, 6> squares;
    };
    // The kinds, and one more for the squares that hold none of the side's pieces: a scan
    // puts every square of the file in a column, so that no square costs a branch.
    static constexpr int kinds_and_others = piece_type_count + 1;
    static std::size_t slot(int kind, int file);
    void scan(int file) const;

    const Position& pos_;
    Color side_;
    mutable std::uint16_t scanned_files_ = 0; // bit `file` set once that file is counted
    // Left uninitialised, as most of it is never read: a file's columns are written when it
    // is scanned, before they are read.
    union {
        mutable std::array<Column, kinds_and_others * file_count> columns_;
    };
};

// Where a piece stands, as file notation sees it, from its own side.
struct PiecePlace {
    PieceType kind = PieceType::King;
    int file = 0; // 1..9 from the piece's right
    int pieces_on_file = 0; // pieces of its side and kind on that file, itself included
    int from_front = 0; // its place among them, 0 for the foremost
    // Only for a soldier that shares its file with another (otherwise 0):
    int tandem_soldier_files = 0; // the files holding two or more of the side's soldiers
    // xqbase's number, 1..5, counting every soldier on such files, files from the side's
    // right to left and each file front to back.
    int tandem_number = 0;
};

// `s` must hold a piece.
PiecePlace place_of(const Position& pos, const FileCensus& census, Square s);

// How a move reads in file notation, from the mover's side.
struct FileMove {
    Move move;
    PiecePlace piece;
    Direction direction = Direction::Forward;
    int argument = 0; // steps, or the destination file (see counts_steps)
};

// `m` must move a piece (of either side) that stands on its origin.
FileMove describe(const Position& pos, const FileCensus& census, Move m);

// Bit set of piece kinds: a letter such as WXF's G can name more than one.
using PieceKinds = unsigned;
constexpr PieceKinds kind_bit(PieceType t) { return 1u << index(t); }

// Which of the mover's pieces of the named kinds a token's piece part points at. `n` below is
// PiecePlace::pieces_on_file.
enum class Pick {
    OnFile, // the one on the file; advisors and elephants: any on it (the move tells them apart)
    OnFileOrMiddle, // WXF: as OnFile, and with 3 or 5 soldiers on the file the middle one ("P3=4")
    AnyOnFile, // any on the file: the lenient reading of a plain file given for tandem pieces
    Front, // the foremost of n >= 2 (前, +R, ++)
    Rear, // the rearmost of n >= 2 (后, -R, --)
    Middle, // the middle one of n = 3 or 5 (中, =P, xqbase's P..4, WXF's 33=4)
    WxfFront, // WXF's R+ / P+: the foremost of 2 or 3, the second from the front of 4 or 5
    WxfRear, // WXF's R- / P-: the rearmost of 2 or 3, the second from the rear of 4 or 5
    Ordinal, // the ordinal-th from the front (Fairy-Stockfish's 23=4, DhtmlXQ's 二7平6)
    Numbered, // the soldier whose tandem_number is the ordinal (xqbase's 一兵...五兵, Pa...Pe)
};

// Standard readings follow a published convention and win; fallback readings (other
// dialects, sloppy writing) count only when no standard reading fits a legal move, so that a
// canonical text can never be made ambiguous by a dialect's reading of the same characters.
enum class Tier { Standard, Fallback };

struct Selector {
    PieceKinds kinds = 0;
    Pick pick = Pick::OnFile;
    int file = 0; // 1..9; 0 means "on whichever file" (for the tandem picks only)
    int ordinal = 0; // 1-based, for Ordinal and Numbered
    Tier tier = Tier::Standard;
};

bool selects(const Selector& selector, const PiecePlace& place);

// Every reading of a token's piece part: at most four (WXF's "33": a middle soldier, an
// ordinal, and a keypad code in two readings).
class Readings {
public:
    void push_back(const Selector& selector)
    {
        assert(size_ < items_.size());
        items_[size_++] = selector;
    }
    const Selector* begin() const { return items_.data(); }
    const Selector* end() const { return items_.data() + size_; }
    bool empty() const { return size_ == 0; }
    const Selector& front() const { return items_[0]; }

private:
    std::array<Selector, 4> items_ {};
    std::size_t size_ = 0;
};

// What a well-formed token says: every reading of its piece part, and the motion.
struct FileMoveText {
    Readings selectors;
    Direction direction = Direction::Forward;
    int argument = 0;
};

// The legal move the text stands for, or why there is none or more than one. `token` is the
// text as written, for the messages.
std::variant<Move, MoveError> resolve(const Position& pos, std::string_view token, const FileMoveText& text);

} // namespace xq::detail
