// The XQF reader: XQStudio's header and move tree, unscrambled from version 1.1 on.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "binary_building.hpp"

// XQF, XQStudio's game file (binary-formats.md §2): a 1,024-byte header, then the move tree
// from byte 0x400, each node a record with a child and a sibling flag. From version 1.1 on the
// piece table, the body, the squares and the comment lengths are offset by keys derived from
// header bytes 0x03 and 0x08..0x0F.

namespace xq::detail {

namespace {

    constexpr std::size_t header_bytes = 0x400;
    constexpr unsigned first_scrambled_version = 11;
    constexpr unsigned first_rotated_version = 12;
    constexpr unsigned last_known_version = 18;

    // Slot i of the piece table holds the square of this piece.
    constexpr std::string_view slot_pieces = "RNBAKABNRCCPPPPPrnbakabnrccppppp";

    // The key stream is this text masked by four key bytes.
    constexpr std::string_view key_stream_text = "[(C) Copyright Mr. Dong Shiwei.]";
    static_assert(key_stream_text.size() == 32);

    // Length-prefixed GBK text fields of the header.
    constexpr std::array<TextField, 6> game_fields = { {
        { 0x50, 64, "Title" },
        { 0xD0, 64, "Event" },
        { 0x110, 16, "Date" },
        { 0x120, 16, "Site" },
        { 0x130, 16, "Red" },
        { 0x140, 16, "Black" },
    } };
    constexpr std::array<TextField, 5> other_fields = { {
        { 0x150, 64, "TimeRule" },
        { 0x190, 16, "RedTime" },
        { 0x1A0, 16, "BlackTime" },
        { 0x1D0, 16, "Annotator" },
        { 0x1E0, 16, "Author" },
    } };
    constexpr std::size_t result_offset = 0x33;
    constexpr std::size_t type_offset = 0x40;
    constexpr std::size_t piece_table_offset = 0x10;
    constexpr std::array<std::string_view, 4> game_types = { "full game", "opening", "middlegame", "endgame" };

    struct Keys {
        unsigned piece = 0; // Kp
        unsigned from = 0; // Kf
        unsigned to = 0; // Kt
        std::uint32_t comment_length = 0; // Kc
        std::array<unsigned char, 32> stream {};
    };

    // §2.5; all arithmetic on unsigned values, reduced mod 256 where the format says.
    Keys derive_keys(std::string_view header)
    {
        const auto g = [](std::uint32_t k) { return 54 * k * k + 221; };
        const unsigned mask = byte_at(header, 0x03);
        const unsigned sum = byte_at(header, 0x0C);
        const unsigned piece_seed = byte_at(header, 0x0D);
        const unsigned from_seed = byte_at(header, 0x0E);
        const unsigned to_seed = byte_at(header, 0x0F);
        Keys keys;
        keys.piece = (g(piece_seed) * piece_seed) & 0xFF;
        keys.from = (g(from_seed) * keys.piece) & 0xFF;
        keys.to = (g(to_seed) * keys.from) & 0xFF;
        keys.comment_length = ((sum * 256 + piece_seed) % 32000) + 767;
        std::array<unsigned, 4> stream_bytes {};
        for (std::size_t n = 0; n < 4; ++n)
            stream_bytes[n] = (byte_at(header, 0x0C + n) & mask) | byte_at(header, 0x08 + n);
        for (std::size_t j = 0; j < keys.stream.size(); ++j)
            keys.stream[j]
                = static_cast<unsigned char>(static_cast<unsigned char>(key_stream_text[j]) & stream_bytes[j % 4]);
        return keys;
    }

    struct XqfNode {
        unsigned origin = 0; // squares as x*10 + y; above 89 is off the board
        unsigned target = 0;
        bool has_child = false;
        bool has_sibling = false;
        std::optional<std::string> comment;
        std::size_t offset = 0;
    };

    class XqfParser {
    public:
        XqfParser(std::string_view bytes, const std::string& source_name, const RecordLimits& limits)
            : bytes_(bytes)
            , source_name_(source_name)
            , limits_(limits)
            , diagnostics_(limits.max_diagnostics)
            , record_(new_binary_record(1, source_name))
        {
        }

        GameRecord parse();

    private:
        void read_header();
        void read_board();
        void read_tree();
        std::optional<XqfNode> read_node();
        std::string decode_text(std::string_view raw, TextEnd end, std::string_view what, std::size_t offset);
        SourceLocation at(std::size_t offset) const { return { source_name_, 0, 0, offset }; }

        std::string_view bytes_;
        const std::string& source_name_;
        const RecordLimits& limits_;
        GameDiagnostics diagnostics_;
        GameRecord record_;

        unsigned version_ = 0;
        bool scrambled_ = false;
        Keys keys_;
        std::string body_; // bytes from 0x400 on, unscrambled
        std::size_t position_ = 0; // in body_
        BoardLetters board_ {};
        std::optional<unsigned> first_origin_;
    };

    GameRecord XqfParser::parse()
    {
        version_ = byte_at(bytes_, 0x02);
        scrambled_ = version_ >= first_scrambled_version;
        if (version_ > last_known_version)
            diagnostics_.add(Severity::Warning, "xqf.unknown-version",
                "version " + std::to_string(version_) + " is newer than any known ("
                    + std::to_string(last_known_version) + "); it is read as versions 12 to 18 are",
                { source_name_ });
        if (scrambled_)
            keys_ = derive_keys(bytes_.substr(0, header_bytes));
        read_header();
        read_board();
        read_tree();
        if (first_origin_ && *first_origin_ <= 89) {
            const char mover
                = board_[board_index(static_cast<int>(*first_origin_ / 10), static_cast<int>(*first_origin_ % 10))];
            record_.start_fen = LocatedText { fen_of(board_, !(mover >= 'a' && mover <= 'z')), { source_name_ } };
        } else {
            record_.start_fen = LocatedText { fen_of(board_, true), { source_name_ } };
        }
        diagnostics_.finish_into(record_);
        return std::move(record_);
    }

    std::string XqfParser::decode_text(std::string_view raw, TextEnd end, std::string_view what, std::size_t offset)
    {
        return decode_stored_text(raw, TextEncoding::Gb18030, end, what, at(offset), diagnostics_);
    }

    void XqfParser::read_header()
    {
        const auto read_field = [&](const TextField& field) {
            const std::size_t length = std::min<std::size_t>(byte_at(bytes_, field.offset), field.size - 1);
            add_tag(record_, std::string(field.tag),
                decode_text(bytes_.substr(field.offset + 1, length), TextEnd::FirstZero,
                    "the " + std::string(field.tag) + " field", field.offset));
        };
        for (const TextField& field : game_fields)
            read_field(field);
        bool known = false;
        const unsigned result_code = byte_at(bytes_, result_offset);
        add_tag(record_, "Result", result_from_code(result_code, known));
        if (!known)
            diagnostics_.add(Severity::Warning, "xqf.bad-result",
                "the result code " + std::to_string(result_code) + " is none of 0 to 4; the result is taken as unknown",
                at(result_offset));
        for (const TextField& field : other_fields)
            read_field(field);
        const unsigned type = byte_at(bytes_, type_offset);
        if (type < game_types.size())
            add_tag(record_, "GameType", std::string(game_types[type]));
    }

    void XqfParser::read_board()
    {
        std::array<unsigned, 32> squares {};
        for (std::size_t stored = 0; stored < squares.size(); ++stored) {
            const unsigned value = byte_at(bytes_, piece_table_offset + stored);
            if (!scrambled_) {
                squares[stored] = value;
                continue;
            }
            const std::size_t slot = version_ >= first_rotated_version ? (keys_.piece + 1 + stored) % 32 : stored;
            squares[slot] = (value - keys_.piece) & 0xFF;
        }
        std::array<int, 90> slot_on_square {};
        slot_on_square.fill(-1);
        for (std::size_t slot = 0; slot < squares.size(); ++slot) {
            const unsigned square = squares[slot];
            if (square > 89)
                continue; // captured or unused
            const std::size_t index = board_index(static_cast<int>(square / 10), static_cast<int>(square % 10));
            if (slot_on_square[index] >= 0) {
                diagnostics_.add(Severity::Error, "xqf.bad-board",
                    "pieces " + std::to_string(slot_on_square[index] + 1) + " and " + std::to_string(slot + 1)
                        + " of the piece table both stand on "
                        + iccs_square(static_cast<int>(square / 10), static_cast<int>(square % 10))
                        + "; the second is left out",
                    at(piece_table_offset));
                continue;
            }
            slot_on_square[index] = static_cast<int>(slot);
            board_[index] = slot_pieces[slot];
        }
    }

    // One record at position_, which it passes; nothing (reported) when the body ends inside it.
    std::optional<XqfNode> XqfParser::read_node()
    {
        XqfNode node;
        node.offset = header_bytes + position_;
        const std::size_t fixed_bytes = scrambled_ ? 4 : 8;
        const std::optional<std::string_view> fixed = slice(body_, position_, fixed_bytes);
        if (!fixed) {
            diagnostics_.add(Severity::Error, "xqf.truncated",
                "the file ends inside the move record here (" + std::to_string(body_.size() - position_) + " of its "
                    + std::to_string(fixed_bytes) + " bytes are there); the rest of the move tree is missing",
                at(node.offset));
            return std::nullopt;
        }
        position_ += fixed_bytes;
        const unsigned origin_byte = byte_at(*fixed, 0);
        const unsigned target_byte = byte_at(*fixed, 1);
        const unsigned flags = byte_at(*fixed, 2);
        std::size_t comment_length = 0;
        if (scrambled_) {
            node.origin = (origin_byte - 24 - keys_.from) & 0xFF;
            node.target = (target_byte - 32 - keys_.to) & 0xFF;
            // The low five flag bits and the fourth byte are random.
            node.has_child = (flags & 0x80) != 0;
            node.has_sibling = (flags & 0x40) != 0;
            if (flags & 0x20) {
                const std::optional<std::uint32_t> encoded = read_u32le(body_, position_);
                if (!encoded) {
                    diagnostics_.add(Severity::Error, "xqf.truncated",
                        "the file ends inside the comment length of the move record here; the rest of the move tree is "
                        "missing",
                        at(node.offset));
                    return std::nullopt;
                }
                position_ += 4;
                const auto length = static_cast<std::int32_t>(*encoded - keys_.comment_length);
                if (length > 0)
                    comment_length = static_cast<std::size_t>(length);
            }
        } else {
            node.origin = (origin_byte - 24) & 0xFF;
            node.target = (target_byte - 32) & 0xFF;
            node.has_child = (flags & 0xF0) != 0;
            // Not in the 1.0 description; the Python reference reader writes 0x0F for it.
            node.has_sibling = (flags & 0x0F) != 0;
            comment_length = *read_u32le(*fixed, 4);
        }
        if (comment_length > 0) {
            const std::optional<std::string_view> raw = slice(body_, position_, comment_length);
            if (!raw) {
                diagnostics_.add(Severity::Error, "xqf.bad-length",
                    "the move record here announces a comment of " + std::to_string(comment_length)
                        + " bytes, but only " + std::to_string(body_.size() - position_)
                        + " are left; the rest of the move tree is not read",
                    at(node.offset));
                return std::nullopt;
            }
            // Decoded only when it can be kept: a game's comments are limited as a whole.
            if (comment_length <= limits_.max_comment_bytes)
                node.comment = decode_text(*raw, TextEnd::StoredLength, "the comment", header_bytes + position_);
            else
                diagnostics_.add(Severity::Warning, "xqf.comment-too-long",
                    "the comment of " + std::to_string(comment_length) + " bytes here is longer than the "
                        + std::to_string(limits_.max_comment_bytes)
                        + " bytes a game's comments may have; it is dropped",
                    at(header_bytes + position_));
            position_ += comment_length;
        }
        return node;
    }

    void XqfParser::read_tree()
    {
        body_ = std::string(bytes_.substr(header_bytes));
        if (scrambled_)
            for (std::size_t i = 0; i < body_.size(); ++i)
                body_[i]
                    = static_cast<char>(static_cast<unsigned char>(body_[i]) - keys_.stream[i % keys_.stream.size()]);
        MoveTreeBuilder tree(record_, diagnostics_, limits_, "xqf");
        const std::optional<XqfNode> root = read_node();
        if (!root)
            return;
        StoredMove root_move;
        root_move.location = at(root->offset);
        tree.start(root->has_child, root->comment, root_move);
        while (tree.wants_more()) {
            std::optional<XqfNode> node = read_node();
            if (!node) {
                tree.abandon();
                break;
            }
            if (!first_origin_)
                first_origin_ = node->origin;
            StoredMove move;
            if (node->origin <= 89 && node->target <= 89) {
                move.text = iccs_square(static_cast<int>(node->origin / 10), static_cast<int>(node->origin % 10))
                    + iccs_square(static_cast<int>(node->target / 10), static_cast<int>(node->target % 10));
            } else {
                // Kept as read, so that the replay stops at this ply and says where.
                move.text = std::to_string(node->origin) + "-" + std::to_string(node->target);
                diagnostics_.add(Severity::Error, "xqf.bad-move",
                    "the move record here goes from square " + std::to_string(node->origin) + " to "
                        + std::to_string(node->target) + ", but squares run from 0 to 89",
                    at(node->offset));
            }
            move.comment = std::move(node->comment);
            move.has_child = node->has_child;
            move.has_sibling = node->has_sibling;
            move.location = at(node->offset);
            tree.add(std::move(move));
        }
        if (!tree.stopped_early() && position_ != body_.size())
            diagnostics_.add(Severity::Warning, "xqf.trailing-bytes",
                "the move tree ends here, " + std::to_string(body_.size() - position_)
                    + " bytes before the end of the file; they are not read (a damaged file, or misread keys)",
                at(header_bytes + position_));
    }

} // namespace

void read_xqf(std::string_view bytes, const std::string& source_name, const RecordLimits& limits, BinaryRecords& out)
{
    if (!bytes.starts_with("XQ")) {
        out.diagnostics.error(
            "xqf.not-xqf", "the file does not start with the XQF magic bytes \"XQ\"", { source_name });
        return;
    }
    if (bytes.size() < header_bytes) {
        out.diagnostics.error("xqf.truncated",
            "the file has " + std::to_string(bytes.size()) + " bytes, fewer than the " + std::to_string(header_bytes)
                + " of an XQF header; no game is read",
            { source_name });
        return;
    }
    XqfParser parser(bytes, source_name, limits);
    out.games.push_back(parser.parse());
}

} // namespace xq::detail
