// The binary readers' toolbox: checked byte reads, GBK and UTF-16LE text, move trees as records.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "record_building.hpp"
#include "xq/records/binary_format.hpp"
#include "xq/records/game_record.hpp"
#include "xq/records/record_reader.hpp"

// What the readers of binary game files (XQF, CBR and CBL, CBF) share. Private to the records
// library.

namespace xq::detail {

inline constexpr std::string_view cbr_magic { "CCBridge Record\0", 16 };
inline constexpr std::string_view cbl_magic { "CCBridgeLibrary\0", 16 };

// The little-endian u32 at `offset`, or nothing when it does not fit in `bytes`.
std::optional<std::uint32_t> read_u32le(std::string_view bytes, std::size_t offset);

// A text field of a header: where it starts, the bytes it may take, and the tag it becomes.
struct TextField {
    std::size_t offset;
    std::size_t size;
    std::string_view tag;
};

// The byte at `offset`, which the caller has checked is within `bytes`.
inline unsigned byte_at(std::string_view bytes, std::size_t offset)
{
    return static_cast<unsigned char>(bytes[offset]);
}

// `length` bytes at `offset`, or nothing when they do not fit in `bytes`.
std::optional<std::string_view> slice(std::string_view bytes, std::size_t offset, std::size_t length);

// Where a stored text ends: a field of fixed size is padded with zeros after its text; a
// comment has its length stored, and a zero inside it is a character (a control character,
// which clean_text drops with a warning), not its end.
enum class TextEnd { FirstZero, StoredLength };

// UTF-16LE text, up to its first zero code unit (at an even offset: a zero byte pair that
// straddles two characters, as in "2退" = 32 00 00 90, is not one) when `end` says so. A lone
// surrogate or an odd last byte becomes U+FFFD and sets `damaged`.
std::string decode_utf16le(std::string_view bytes, TextEnd end, bool& damaged);

// GBK text (decoded as GB18030, its superset) to UTF-8, up to its first zero byte when `end`
// says so. Bytes that do not decode become U+FFFD and set `damaged`.
std::string decode_gbk(std::string_view bytes, TextEnd end, bool& damaged);

// A stored text (a field, a comment) of an XQF (GBK) or a CBR (UTF-16LE), decoded and cleaned
// as the text readers hand text out; bytes that do not decode and control characters are
// reported into `diagnostics` (codes `encoding.invalid-sequence`, `<format>.control-character`),
// naming the text as `what`, at `where`.
std::string decode_stored_text(std::string_view raw, TextEncoding encoding, TextEnd end, std::string_view what,
    const SourceLocation& where, GameDiagnostics& diagnostics);

// `text` as the text readers hand it out: CR LF and lone CR become LF, and control characters
// (is_control_character, and C1) are dropped, the first of them given in `dropped` for a warning.
std::string clean_text(std::string_view text, std::optional<int>& dropped);

// "1-0", "0-1", "1/2-1/2" for the result codes 1, 2, 3 (and 4, a draw in some XQF files);
// "*" for 0 and, with `known` false, for anything else.
std::string result_from_code(unsigned code, bool& known);

// "h2", for file 0..8 and rank 0..9 from Red's side.
std::string iccs_square(int file, int rank);

// One stored node of a move tree, as XQF and CBR store them: in pre-order, each saying
// whether a child (the next move of its line) and a sibling (another move from the same
// position, stored after this node's whole subtree) follow.
struct StoredMove {
    std::string text; // ICCS, or the raw squares when they are off the board
    std::optional<std::string> comment;
    bool has_child = false;
    bool has_sibling = false;
    // A byte offset for the binary formats, a line and column for CBF.
    SourceLocation location;
};

// Turns the nodes of a stored move tree, fed in file order, into a GameRecord's main line
// and variations: the main line takes the first move at every branch point, and every other
// alternative starts a variation whose parent is the line of the move it replaces. Lines keep
// file order, so variation ids follow the order of their leaves in the file. Memory stays
// bounded: past a limit nodes are only counted, and the pending branch points are never more
// than the plies of the current line, which is itself limited.
class MoveTreeBuilder {
public:
    // `code_prefix` ("xqf", "cbr") starts the codes of the diagnostics it reports.
    MoveTreeBuilder(
        GameRecord& record, GameDiagnostics& diagnostics, const RecordLimits& limits, std::string code_prefix);

    // After the root record: whether any move follows, and the game comment.
    void start(bool root_has_child, std::optional<std::string> game_comment, const StoredMove& root);

    // True while the tree announces another node.
    bool wants_more() const { return !finished_; }

    // Adds the next node; wants_more() says whether the tree goes on.
    void add(StoredMove move);

    // Stops early (the caller reports why): the tree is incomplete.
    void abandon()
    {
        finished_ = true;
        stopped_early_ = true;
    }
    // The tree was not read to its end, by abandon() or because a line was too long.
    bool stopped_early() const { return stopped_early_; }

private:
    struct LineInfo {
        int parent = 0;
        std::size_t first_ply = 1;
        std::size_t nesting = 0; // 0 for the main line, 1 for its variations, ...
    };
    struct PendingSibling {
        std::size_t ply = 0;
        int parent_line = 0; // dropped_line when the sibling cannot be kept
    };
    static constexpr int dropped_line = -1;

    int open_variation(int parent, std::size_t ply, const StoredMove& first_move);
    std::vector<RecordedMove>& moves_of(int line);
    void add_comment(std::vector<std::string>& to, std::string text, const StoredMove& where);
    void report_once(bool& reported, Severity severity, const std::string& code_suffix, std::string message,
        const StoredMove& where);

    GameRecord& record_;
    GameDiagnostics& diagnostics_;
    const RecordLimits& limits_;
    std::string code_prefix_;
    std::vector<LineInfo> lines_; // by line id: 0 the main line, then the variations' ids

    bool finished_ = true;
    bool stopped_early_ = false;
    std::size_t next_ply_ = 1;
    int current_line_ = 0; // the line the next node continues, unless it starts a variation
    bool next_starts_variation_ = false;
    int next_variation_parent_ = 0;
    std::vector<PendingSibling> pending_;

    std::size_t moves_kept_ = 0;
    std::size_t comments_kept_ = 0;
    std::size_t comment_bytes_kept_ = 0;
    bool plies_limit_reported_ = false;
    bool variations_limit_reported_ = false;
    bool nesting_limit_reported_ = false;
    bool comments_limit_reported_ = false;
};

// A fresh record of a binary file: index, location, ICCS hint.
GameRecord new_binary_record(std::size_t index, const std::string& source_name);

// True when the XML text `bytes` (after a byte-order mark, the declaration, comments) opens
// with the root element of a CBF file.
bool starts_with_cbf_root(std::string_view bytes);

// Adds a tag unless its value is empty.
void add_tag(GameRecord& record, std::string name, std::string value);

// The readers of each format, called by read_binary_records with a size already checked.
void read_xqf(std::string_view bytes, const std::string& source_name, const RecordLimits& limits, BinaryRecords& out);
void read_cbr(std::string_view bytes, const std::string& source_name, const RecordLimits& limits, BinaryRecords& out);
void read_cbl(std::string_view bytes, const std::string& source_name, const RecordLimits& limits, BinaryRecords& out);
void read_cbf(std::string_view bytes, const std::string& source_name, const RecordLimits& limits, BinaryRecords& out);

// read_cbl an entry at a time (see CblEntries).
class CblEntryReader {
public:
    CblEntryReader(std::string_view bytes, const std::string& source_name, const RecordLimits& limits);
    ~CblEntryReader();
    CblEntryReader(const CblEntryReader&) = delete;
    CblEntryReader& operator=(const CblEntryReader&) = delete;
    bool next(BinaryRecords& into);

private:
    struct Parsing;
    std::unique_ptr<Parsing> parsing_;
};

} // namespace xq::detail
