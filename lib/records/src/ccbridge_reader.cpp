// The CCBridge readers: a CBR record's header and move tree, and a CBL library entry by entry.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "binary_building.hpp"

// CCBridge (象棋桥) files (binary-formats.md §3, §4): a CBR record is a 2,214-byte header, a
// raw memory image of which only the fields below mean anything, then the move tree; a CBL
// library is a header, a directory of 276-byte entries and one 4,096-byte block per entry,
// each holding a CBR record. Text is UTF-16LE.

namespace xq::detail {

namespace {

    constexpr std::size_t cbr_header_bytes = 2214;
    constexpr std::size_t node_bytes = 4;

    // UTF-16LE text fields, each ending at its first zero code unit; the sizes are those the
    // fixtures show, so leftover memory after a field is never read as text.
    constexpr std::array<TextField, 8> cbr_fields = { {
        { 180, 128, "Title" },
        { 692, 64, "Event" },
        { 884, 64, "Date" },
        { 948, 64, "Site" },
        { 1076, 64, "Red" },
        { 1140, 64, "RedTeam" },
        { 1300, 64, "Black" },
        { 1364, 64, "BlackTeam" },
    } };
    constexpr std::size_t result_offset = 2076;
    constexpr std::size_t side_offset = 2116;
    constexpr std::size_t board_offset = 2120;
    constexpr unsigned red_side_code = 1;

    constexpr unsigned end_flag = 0x01; // no child: the line stops after this move
    constexpr unsigned sibling_flag = 0x02;
    constexpr unsigned comment_flag = 0x04;

    // Piece codes 0x11..0x17 (Red) and 0x21..0x27 (Black), in this order.
    constexpr std::string_view piece_letters = "RNBAKCP";

    constexpr std::size_t cbl_header_bytes = 0x10440;
    constexpr std::size_t capacity_offset = 0x3C;
    constexpr std::size_t directory_entry_bytes = 276;
    constexpr std::size_t block_bytes = 4096;
    constexpr std::size_t entry_content_length_offset = 12;
    constexpr std::size_t entry_title_offset = 100;
    constexpr std::size_t entry_title_bytes = 176;
    constexpr std::array<TextField, 6> library_fields = { {
        { 0x40, 512, "LibraryName" },
        { 0x240, 256, "LibrarySource" },
        { 0x340, 128, "LibraryAuthor" },
        { 0x3C0, 64, "LibraryCreated" },
        { 0x400, 64, "LibraryModified" },
        { 0x440, 65536, "LibraryDescription" },
    } };

    std::string square_text(unsigned index)
    {
        return iccs_square(static_cast<int>(index % 9), static_cast<int>(9 - index / 9));
    }

    struct CbrResult {
        GameRecord record;
        bool heading = false; // no board and no moves
    };

    // Reads one CBR record. `record` holds exactly its bytes (a library entry's content),
    // `base` is where it starts in the file, for messages.
    class CbrParser {
    public:
        CbrParser(std::string_view record, std::size_t base, bool in_library, std::size_t index,
            const std::string& source_name, const RecordLimits& limits)
            : bytes_(record)
            , base_(base)
            , in_library_(in_library)
            , source_name_(source_name)
            , limits_(limits)
            , diagnostics_(limits.max_diagnostics)
            , result_ { new_binary_record(index, source_name) }
        {
        }

        // The record must hold at least the header and the root node.
        CbrResult parse();

        // The diagnostics of a record that turned out to be a heading, which has no game to
        // carry them.
        void hand_over(Diagnostics& to) { diagnostics_.hand_over(to, limits_.max_diagnostics); }

    private:
        void read_header();
        void read_tree();
        bool read_node(unsigned& flags, unsigned& origin, unsigned& target, std::optional<std::string>& comment);
        std::string decode_text(std::string_view raw, TextEnd end, std::string_view what, std::size_t offset);
        // `offset` is within this record: the location gives it within the file.
        SourceLocation at(std::size_t offset) const { return { source_name_, 0, 0, base_ + offset }; }
        void error(std::string code, std::string message, std::size_t offset)
        {
            report(Severity::Error, std::move(code), std::move(message), offset);
        }
        void report(Severity severity, std::string code, std::string message, std::size_t offset)
        {
            diagnostics_.add(severity, std::move(code), std::move(message), at(offset));
        }

        std::string_view bytes_;
        std::size_t base_;
        bool in_library_;
        const std::string& source_name_;
        const RecordLimits& limits_;
        GameDiagnostics diagnostics_;
        CbrResult result_;

        BoardLetters board_ {};
        bool board_empty_ = true;
        std::size_t position_ = cbr_header_bytes;
        std::optional<unsigned> first_origin_;
        bool unknown_flags_reported_ = false;
    };

    CbrResult CbrParser::parse()
    {
        read_header();
        read_tree();
        result_.heading = board_empty_ && result_.record.moves.empty();
        if (result_.heading)
            return std::move(result_);
        const unsigned side_code = static_cast<unsigned>(byte_at(bytes_, side_offset))
            | static_cast<unsigned>(byte_at(bytes_, side_offset + 1)) << 8;
        bool red_to_move = side_code == red_side_code;
        // The side field is 1 (Red) in every known file, so the mover of the first move has
        // the last word, as for XQF, which has no side field at all.
        if (first_origin_ && *first_origin_ < board_.size() && board_[*first_origin_]) {
            const char mover = board_[*first_origin_];
            const bool red_moves = !(mover >= 'a' && mover <= 'z');
            if (red_moves != red_to_move)
                report(Severity::Warning, "cbr.side-to-move",
                    "the side-to-move field is " + std::to_string(side_code) + ", but the first move is "
                        + (red_moves ? "Red's" : "Black's") + "; it is taken as " + (red_moves ? "Red's" : "Black's")
                        + " turn",
                    side_offset);
            red_to_move = red_moves;
        }
        result_.record.start_fen = LocatedText { fen_of(board_, red_to_move), { source_name_ } };
        diagnostics_.finish_into(result_.record);
        return std::move(result_);
    }

    std::string CbrParser::decode_text(std::string_view raw, TextEnd end, std::string_view what, std::size_t offset)
    {
        return decode_stored_text(raw, TextEncoding::Utf16Le, end, what, at(offset), diagnostics_);
    }

    void CbrParser::read_header()
    {
        GameRecord& record = result_.record;
        for (const TextField& field : cbr_fields) {
            add_tag(record, std::string(field.tag),
                decode_text(bytes_.substr(field.offset, field.size), TextEnd::FirstZero,
                    "the " + std::string(field.tag) + " field", field.offset));
            if (field.tag == "Black") { // the tags in PGN's order: Result after the players
                bool known = false;
                const unsigned code = byte_at(bytes_, result_offset);
                add_tag(record, "Result", result_from_code(code, known));
                if (!known)
                    report(Severity::Warning, "cbr.bad-result",
                        "the result code " + std::to_string(code)
                            + " is none of 0 to 4; the result is taken as unknown",
                        result_offset);
            }
        }
        for (std::size_t k = 0; k < board_.size(); ++k) {
            const unsigned code = byte_at(bytes_, board_offset + k);
            if (code == 0)
                continue;
            const unsigned kind = code & 0x0F;
            const unsigned colour = code >> 4;
            if (kind < 1 || kind > piece_letters.size() || (colour != 1 && colour != 2)) {
                error("cbr.bad-board",
                    "the board byte for " + square_text(static_cast<unsigned>(k)) + " is " + hex_number(code)
                        + ", which is no piece; the square is left empty",
                    board_offset + k);
                continue;
            }
            const char letter = piece_letters[kind - 1];
            board_[k] = colour == 1 ? letter : static_cast<char>(letter - 'A' + 'a');
            board_empty_ = false;
        }
    }

    // Reads the node at position_ and passes it; false (reported) when it does not fit.
    bool CbrParser::read_node(unsigned& flags, unsigned& origin, unsigned& target, std::optional<std::string>& comment)
    {
        const std::size_t offset = position_;
        const std::optional<std::string_view> node = slice(bytes_, position_, node_bytes);
        if (!node) {
            error("cbr.truncated",
                "the " + std::string(in_library_ ? "entry" : "file")
                    + " ends inside the move record here; the rest of the move tree is missing",
                offset);
            return false;
        }
        flags = byte_at(*node, 0);
        origin = byte_at(*node, 2);
        target = byte_at(*node, 3);
        position_ += node_bytes;
        if ((flags & ~(end_flag | sibling_flag | comment_flag)) && !unknown_flags_reported_) {
            unknown_flags_reported_ = true;
            report(Severity::Warning, "cbr.unknown-flags",
                "the move record here has flag bits " + hex_number(flags)
                    + ", of which only 0x01, 0x02 and 0x04 are known; the others are ignored",
                offset);
        }
        if (!(flags & comment_flag))
            return true;
        const std::optional<std::uint32_t> length = read_u32le(bytes_, position_);
        if (!length) {
            error("cbr.truncated",
                "the " + std::string(in_library_ ? "entry" : "file")
                    + " ends inside the comment length of the move record here; the rest of the move tree is missing",
                offset);
            return false;
        }
        position_ += 4;
        const std::optional<std::string_view> raw = slice(bytes_, position_, *length);
        if (!raw) {
            error("cbr.bad-length",
                "the move record here announces a comment of " + std::to_string(*length) + " bytes, but only "
                    + std::to_string(bytes_.size() - position_) + " are left; the rest of the move tree is not read",
                offset);
            return false;
        }
        // Decoded only when it can be kept: a game's comments are limited as a whole.
        if (*length <= limits_.max_comment_bytes)
            comment = decode_text(*raw, TextEnd::StoredLength, "the comment", position_);
        else
            report(Severity::Warning, "cbr.comment-too-long",
                "the comment of " + std::to_string(*length) + " bytes here is longer than the "
                    + std::to_string(limits_.max_comment_bytes) + " bytes a game's comments may have; it is dropped",
                position_);
        position_ += *length;
        return true;
    }

    void CbrParser::read_tree()
    {
        MoveTreeBuilder tree(result_.record, diagnostics_, limits_, "cbr");
        unsigned flags = 0, origin = 0, target = 0;
        std::optional<std::string> comment;
        StoredMove root;
        root.location = at(position_);
        if (!read_node(flags, origin, target, comment))
            return;
        tree.start(!(flags & end_flag), std::move(comment), root);
        while (tree.wants_more()) {
            const std::size_t offset = position_;
            // Blocks of a library are padded with zeros, and a zero record (a9 to a9) is no move.
            const std::optional<std::string_view> next = slice(bytes_, position_, node_bytes);
            if (!next || *next == std::string_view("\0\0\0\0", 4)) {
                error("cbr.truncated", "the move tree stops here, but its last record announced another move", offset);
                tree.abandon();
                break;
            }
            comment.reset();
            if (!read_node(flags, origin, target, comment)) {
                tree.abandon();
                break;
            }
            if (!first_origin_)
                first_origin_ = origin;
            StoredMove move;
            if (origin < board_.size() && target < board_.size()) {
                move.text = square_text(origin) + square_text(target);
            } else {
                // Kept as read, so that the replay stops at this ply and says where.
                move.text = std::to_string(origin) + "-" + std::to_string(target);
                error("cbr.bad-move",
                    "the move record here goes from square " + std::to_string(origin) + " to " + std::to_string(target)
                        + ", but squares run from 0 to 89",
                    offset);
            }
            move.comment = std::move(comment);
            move.has_child = !(flags & end_flag);
            move.has_sibling = (flags & sibling_flag) != 0;
            move.location = at(offset);
            tree.add(std::move(move));
        }
        if (tree.stopped_early())
            return;
        const std::string_view rest = bytes_.substr(position_);
        if (!rest.empty() && rest.find_first_not_of('\0') != std::string_view::npos)
            report(Severity::Warning, "cbr.trailing-bytes",
                "the move tree ends here, " + std::to_string(rest.size()) + " bytes before the end of the "
                    + (in_library_ ? "entry's content" : "file") + "; they are not read",
                position_);
    }

    // Compares games by what they hold, to spot a library storing one game twice.
    std::string game_signature(const GameRecord& game)
    {
        std::string signature = game.start_fen ? game.start_fen->text : std::string();
        const auto add_line = [&](const std::vector<RecordedMove>& moves) {
            for (const RecordedMove& move : moves)
                signature += " " + move.text;
            signature += ";";
        };
        add_line(game.moves);
        for (const RecordedVariation& variation : game.variations) {
            signature += std::to_string(variation.parent) + "@" + std::to_string(variation.first_ply);
            add_line(variation.moves);
        }
        return signature;
    }

    std::string decode_library_text(std::string_view raw)
    {
        // The library's own fields are for show: damage in them is worth no warning.
        bool damaged = false;
        std::optional<int> control;
        return single_line(clean_text(decode_utf16le(raw, TextEnd::FirstZero, damaged), control));
    }

    class CblParser {
    public:
        CblParser(
            std::string_view bytes, const std::string& source_name, const RecordLimits& limits, BinaryRecords& out)
            : bytes_(bytes)
            , source_name_(source_name)
            , limits_(limits)
            , out_(out)
        {
        }

        void parse()
        {
            begin();
            while (read_next()) { }
        }

        // The library's own fields and the directory's size.
        void begin();
        // Reads directory entries until one gives a game or a heading; false once none is left
        // (then not to be called again).
        bool read_next();

    private:
        // Reads one entry; whether it gave a game or a heading.
        bool read_entry(
            std::size_t slot, std::string_view entry, std::uint64_t entry_offset, std::uint64_t block_offset);
        void bad_entry(std::size_t slot, const std::string& title, std::string problem, std::uint64_t offset)
        {
            add_bounded(out_.diagnostics,
                { Severity::Error, "cbl.bad-entry",
                    "entry " + std::to_string(slot + 1) + (title.empty() ? std::string() : " (" + title + ")") + ": "
                        + std::move(problem) + "; it is skipped",
                    { source_name_, 0, 0, offset } },
                limits_.max_diagnostics);
        }

        std::string_view bytes_;
        const std::string& source_name_;
        const RecordLimits& limits_;
        BinaryRecords& out_;
        std::unordered_map<std::string, std::size_t> entry_of_signature_;
        std::uint64_t capacity_ = 0;
        std::uint64_t blocks_offset_ = 0;
        std::uint64_t next_slot_ = 0;
        std::size_t used_ = 0;
    };

    void CblParser::begin()
    {
        for (const TextField& field : library_fields) {
            std::string value = decode_library_text(bytes_.substr(field.offset, field.size));
            if (!value.empty())
                out_.library_tags.push_back(
                    { std::string(field.tag), single_line(std::move(value)), { source_name_ }, { source_name_ } });
        }
        // The header says how many directory slots there are, not how many games.
        capacity_ = *read_u32le(bytes_, capacity_offset);
        blocks_offset_ = cbl_header_bytes + directory_entry_bytes * capacity_;
        if (blocks_offset_ > bytes_.size())
            out_.diagnostics.error("cbl.bad-directory",
                "the header announces " + std::to_string(capacity_)
                    + " directory entries, which would end past the end of the file; the entries that fit are read",
                { source_name_, 0, 0, capacity_offset });
    }

    bool CblParser::read_next()
    {
        while (next_slot_ < capacity_) {
            const std::uint64_t slot = next_slot_++;
            const std::uint64_t entry_offset = cbl_header_bytes + directory_entry_bytes * slot;
            const std::optional<std::string_view> entry = slice(bytes_, entry_offset, directory_entry_bytes);
            if (!entry) {
                next_slot_ = capacity_;
                break;
            }
            if (entry->find_first_not_of('\0') == std::string_view::npos)
                continue; // an unused slot
            ++used_;
            if (read_entry(static_cast<std::size_t>(slot), *entry, entry_offset, blocks_offset_ + block_bytes * slot))
                return true;
        }
        if (used_ == 0)
            out_.diagnostics.warning("cbl.no-games", "the library's directory has no entries", { source_name_ });
        return false;
    }

    bool CblParser::read_entry(
        std::size_t slot, std::string_view entry, std::uint64_t entry_offset, std::uint64_t block_offset)
    {
        const std::string title = decode_library_text(entry.substr(entry_title_offset, entry_title_bytes));
        const std::uint32_t content_length = *read_u32le(entry, entry_content_length_offset);
        if (content_length < cbr_header_bytes + node_bytes) {
            bad_entry(slot, title,
                "its content length is " + std::to_string(content_length)
                    + " bytes, less than a CBR header and its root record",
                entry_offset);
            return false;
        }
        // No known library stores a record of more than one block, so how it would is unknown.
        if (content_length > block_bytes) {
            bad_entry(slot, title,
                "its content length is " + std::to_string(content_length) + " bytes, more than the "
                    + std::to_string(block_bytes) + "-byte block a CBL entry is known to have",
                entry_offset);
            return false;
        }
        if (block_offset > bytes_.size() || bytes_.size() - block_offset < content_length) {
            bad_entry(slot, title, "its record would end past the end of the file", block_offset);
            return false;
        }
        const std::string_view record = bytes_.substr(static_cast<std::size_t>(block_offset), content_length);
        if (!record.starts_with(cbr_magic)) {
            bad_entry(slot, title, "its block does not start with \"CCBridge Record\"", block_offset);
            return false;
        }
        CbrParser parser(record, static_cast<std::size_t>(block_offset), true, slot + 1, source_name_, limits_);
        CbrResult result = parser.parse();
        if (result.heading) {
            parser.hand_over(out_.diagnostics);
            out_.diagnostics.note("cbl.heading",
                "entry " + std::to_string(slot + 1) + " has no pieces and no moves: a heading, not a game",
                { source_name_ });
            const RecordedTag* heading_title = result.record.find_tag("Title");
            out_.headings.push_back({ slot + 1, heading_title ? heading_title->value : title,
                std::move(result.record.comments_before_first_move), { source_name_ } });
            return true;
        }
        const auto [first, inserted] = entry_of_signature_.try_emplace(game_signature(result.record), slot + 1);
        if (!inserted)
            out_.diagnostics.note("cbl.duplicate-game",
                "entry " + std::to_string(slot + 1) + " holds the same moves from the same position as entry "
                    + std::to_string(first->second),
                { source_name_ });
        out_.games.push_back(std::move(result.record));
        return true;
    }

} // namespace

void read_cbr(std::string_view bytes, const std::string& source_name, const RecordLimits& limits, BinaryRecords& out)
{
    if (!bytes.starts_with(cbr_magic)) {
        out.diagnostics.error("cbr.not-cbr", "the file does not start with \"CCBridge Record\"", { source_name });
        return;
    }
    if (bytes.size() < cbr_header_bytes + node_bytes) {
        out.diagnostics.error("cbr.truncated",
            "the file has " + std::to_string(bytes.size()) + " bytes, fewer than the "
                + std::to_string(cbr_header_bytes + node_bytes)
                + " of a CBR header and its root record; no game is read",
            { source_name });
        return;
    }
    CbrParser parser(bytes, 0, false, 1, source_name, limits);
    CbrResult result = parser.parse();
    if (!result.heading) {
        out.games.push_back(std::move(result.record));
        return;
    }
    parser.hand_over(out.diagnostics);
    out.diagnostics.note(
        "cbr.heading", "the record has no pieces and no moves: a heading, not a game", { source_name });
    const RecordedTag* title = result.record.find_tag("Title");
    out.headings.push_back({ 1, title ? title->value : std::string(),
        std::move(result.record.comments_before_first_move), { source_name } });
}

namespace {

    // Whether `bytes` start as a CBL library does; if not, says why into `out`.
    bool starts_as_cbl(std::string_view bytes, const std::string& source_name, BinaryRecords& out)
    {
        if (!bytes.starts_with(cbl_magic)) {
            out.diagnostics.error("cbl.not-cbl", "the file does not start with \"CCBridgeLibrary\"", { source_name });
            return false;
        }
        if (bytes.size() < cbl_header_bytes) {
            out.diagnostics.error("cbl.truncated",
                "the file has " + std::to_string(bytes.size()) + " bytes, fewer than the "
                    + std::to_string(cbl_header_bytes) + " of a CBL header; no game is read",
                { source_name });
            return false;
        }
        return true;
    }

} // namespace

void read_cbl(std::string_view bytes, const std::string& source_name, const RecordLimits& limits, BinaryRecords& out)
{
    if (starts_as_cbl(bytes, source_name, out))
        CblParser(bytes, source_name, limits, out).parse();
}

struct CblEntryReader::Parsing {
    Parsing(std::string_view bytes, const std::string& name, const RecordLimits& game_limits)
        : source_name(name)
        , limits(game_limits)
        , parser(bytes, source_name, limits, read)
    {
        if (starts_as_cbl(bytes, source_name, read))
            parser.begin();
        else
            finished = true;
    }

    // The parser keeps references to these.
    std::string source_name;
    RecordLimits limits;
    BinaryRecords read; // what the parser reads into; handed out entry by entry
    CblParser parser;
    std::size_t diagnostics_handed_out = 0;
    bool finished = false;
};

CblEntryReader::CblEntryReader(std::string_view bytes, const std::string& source_name, const RecordLimits& limits)
    : parsing_(std::make_unique<Parsing>(bytes, source_name, limits))
{
}

CblEntryReader::~CblEntryReader() = default;

bool CblEntryReader::next(BinaryRecords& into)
{
    Parsing& p = *parsing_;
    into.games.clear();
    into.headings.clear();
    into.diagnostics.clear();
    into.library_tags = std::move(p.read.library_tags);
    p.read.library_tags.clear();
    const bool entry_read = !p.finished && p.parser.read_next();
    p.finished = !entry_read;
    std::swap(into.games, p.read.games);
    std::swap(into.headings, p.read.headings);
    // The parser's diagnostics stay where it counts them against the limit; the new ones are
    // handed out.
    const std::vector<Diagnostic>& found = p.read.diagnostics.items();
    for (std::size_t i = p.diagnostics_handed_out; i < found.size(); ++i)
        add_diagnostic(into.diagnostics, found[i]);
    p.diagnostics_handed_out = found.size();
    return entry_read;
}

} // namespace xq::detail
