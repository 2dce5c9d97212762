// What the binary readers share: reading bytes, decoding stored text, building records.
#include "binary_building.hpp"

namespace xq {

namespace detail {

    std::optional<std::uint32_t> read_u32le(std::string_view bytes, std::size_t offset)
    {
        if (offset > bytes.size() || bytes.size() - offset < 4)
            return std::nullopt;
        std::uint32_t value = 0;
        for (std::size_t i = 4; i-- > 0;)
            value = (value << 8) | static_cast<unsigned char>(bytes[offset + i]);
        return value;
    }

    std::optional<std::string_view> slice(std::string_view bytes, std::size_t offset, std::size_t length)
    {
        if (offset > bytes.size() || bytes.size() - offset < length)
            return std::nullopt;
        return bytes.substr(offset, length);
    }

    std::string decode_utf16le(std::string_view bytes, TextEnd end, bool& damaged)
    {
        std::size_t length = 0;
        while (end == TextEnd::FirstZero && length + 1 < bytes.size() && (bytes[length] != 0 || bytes[length + 1] != 0))
            length += 2;
        if (end == TextEnd::StoredLength || length + 1 == bytes.size())
            length = bytes.size(); // an odd last byte is decoded: a truncated unit
        std::size_t undecodable = 0;
        std::string text = decode_text(bytes.substr(0, length), TextEncoding::Utf16Le, undecodable);
        damaged = damaged || undecodable > 0;
        return text;
    }

    std::string decode_gbk(std::string_view bytes, TextEnd end, bool& damaged)
    {
        std::size_t undecodable = 0;
        const std::string_view text_bytes = end == TextEnd::FirstZero ? bytes.substr(0, bytes.find('\0')) : bytes;
        std::string text = decode_text(text_bytes, TextEncoding::Gb18030, undecodable);
        damaged = damaged || undecodable > 0;
        return text;
    }

    std::string decode_stored_text(std::string_view raw, TextEncoding encoding, TextEnd end, std::string_view what,
        const SourceLocation& where, GameDiagnostics& diagnostics)
    {
        bool damaged = false;
        std::optional<int> control;
        const bool gbk = encoding == TextEncoding::Gb18030;
        std::string text = clean_text(gbk ? decode_gbk(raw, end, damaged) : decode_utf16le(raw, end, damaged), control);
        if (damaged)
            diagnostics.add(Severity::Warning, "encoding.invalid-sequence",
                std::string(what) + " is not well-formed " + std::string(to_string(encoding))
                    + "; what cannot be read is U+FFFD",
                where);
        if (control)
            diagnostics.add(control_character_warning(std::string(gbk ? "xqf" : "cbr") + ".control-character", *control,
                "dropped from " + std::string(what), where));
        return text;
    }

    std::string clean_text(std::string_view text, std::optional<int>& dropped)
    {
        std::string out;
        out.reserve(text.size());
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] == '\r') {
                out += '\n';
                if (i + 1 < text.size() && text[i + 1] == '\n')
                    ++i;
                continue;
            }
            // In UTF-8 a byte below 0x20 or 0x7F is always a character of its own.
            if (is_control_character(static_cast<unsigned char>(text[i]))) {
                if (!dropped)
                    dropped = static_cast<unsigned char>(text[i]);
                continue;
            }
            if (c1_control_at(text, i)) {
                if (!dropped)
                    dropped = static_cast<unsigned char>(text[i + 1]);
                ++i;
                continue;
            }
            out += text[i];
        }
        return out;
    }

    std::string result_from_code(unsigned code, bool& known)
    {
        known = code <= 4;
        switch (code) {
        case 1:
            return "1-0";
        case 2:
            return "0-1";
        case 3:
        case 4:
            return "1/2-1/2";
        default:
            return "*";
        }
    }

    std::string iccs_square(int file, int rank)
    {
        return { static_cast<char>('a' + file), static_cast<char>('0' + rank) };
    }

    GameRecord new_binary_record(std::size_t index, const std::string& source_name)
    {
        GameRecord record;
        record.index = index;
        record.location = { source_name };
        record.notation_hint = "ICCS";
        return record;
    }

    void add_tag(GameRecord& record, std::string name, std::string value)
    {
        if (value.empty())
            return;
        const SourceLocation location = record.location;
        record.tags.push_back({ std::move(name), single_line(std::move(value)), location, location });
    }

    MoveTreeBuilder::MoveTreeBuilder(
        GameRecord& record, GameDiagnostics& diagnostics, const RecordLimits& limits, std::string code_prefix)
        : record_(record)
        , diagnostics_(diagnostics)
        , limits_(limits)
        , code_prefix_(std::move(code_prefix))
        , lines_ { LineInfo {} }
    {
    }

    void MoveTreeBuilder::start(bool root_has_child, std::optional<std::string> game_comment, const StoredMove& root)
    {
        if (game_comment)
            add_comment(record_.comments_before_first_move, std::move(*game_comment), root);
        finished_ = !root_has_child;
        next_ply_ = 1;
        current_line_ = 0;
        next_starts_variation_ = false;
    }

    std::vector<RecordedMove>& MoveTreeBuilder::moves_of(int line)
    {
        return line == 0 ? record_.moves : record_.variations[static_cast<std::size_t>(line - 1)].moves;
    }

    void MoveTreeBuilder::report_once(
        bool& reported, Severity severity, const std::string& code_suffix, std::string message, const StoredMove& where)
    {
        if (reported)
            return;
        reported = true;
        diagnostics_.add(severity, code_prefix_ + "." + code_suffix, std::move(message), where.location);
    }

    int MoveTreeBuilder::open_variation(int parent, std::size_t ply, const StoredMove& first_move)
    {
        if (parent == dropped_line) {
            ++record_.skipped_variations;
            return dropped_line;
        }
        const std::size_t nesting = lines_[static_cast<std::size_t>(parent)].nesting + 1;
        if (moves_kept_ >= limits_.max_plies) {
            ++record_.skipped_variations;
            return dropped_line; // reported by add()
        }
        if (nesting > limits_.max_variation_depth) {
            report_once(nesting_limit_reported_, Severity::Warning, "too-deep-variations",
                "variations nested more than " + std::to_string(limits_.max_variation_depth) + " deep are skipped",
                first_move);
            ++record_.skipped_variations;
            return dropped_line;
        }
        if (record_.variations.size() >= limits_.max_variations) {
            report_once(variations_limit_reported_, Severity::Warning, "too-many-variations",
                "more than " + std::to_string(limits_.max_variations) + " variations; the rest are skipped",
                first_move);
            ++record_.skipped_variations;
            return dropped_line;
        }
        RecordedVariation variation;
        variation.id = static_cast<int>(record_.variations.size()) + 1;
        variation.parent = parent;
        variation.first_ply = ply;
        variation.location = first_move.location;
        record_.variations.push_back(std::move(variation));
        lines_.push_back({ parent, ply, nesting });
        return record_.variations.back().id;
    }

    void MoveTreeBuilder::add_comment(std::vector<std::string>& to, std::string text, const StoredMove& where)
    {
        if (comments_kept_ >= limits_.max_comments || text.size() > limits_.max_comment_bytes - comment_bytes_kept_) {
            report_once(comments_limit_reported_, Severity::Warning, "too-many-comments",
                "the game's comments exceed " + std::to_string(limits_.max_comments) + " comments or "
                    + std::to_string(limits_.max_comment_bytes) + " bytes; the rest are dropped",
                where);
            return;
        }
        ++comments_kept_;
        comment_bytes_kept_ += text.size();
        to.push_back(std::move(text));
    }

    void MoveTreeBuilder::add(StoredMove move)
    {
        if (finished_)
            return;
        const std::size_t ply = next_ply_;
        int line = next_starts_variation_ ? open_variation(next_variation_parent_, ply, move) : current_line_;
        if (moves_kept_ >= limits_.max_plies) {
            report_once(plies_limit_reported_, Severity::Error, "too-many-plies",
                "more than " + std::to_string(limits_.max_plies) + " moves in one game; the rest are read but not kept",
                move);
            line = dropped_line;
        }
        // Another alternative to this move branches from the line this move replaces a move of.
        int sibling_parent = line;
        if (line > 0 && lines_[static_cast<std::size_t>(line)].first_ply == ply)
            sibling_parent = lines_[static_cast<std::size_t>(line)].parent;

        if (line != dropped_line) {
            RecordedMove kept;
            kept.text = std::move(move.text);
            kept.location = move.location;
            if (move.comment)
                add_comment(kept.comments, std::move(*move.comment), move);
            moves_of(line).push_back(std::move(kept));
            ++moves_kept_;
        }

        if (move.has_child) {
            if (ply >= limits_.max_plies) {
                diagnostics_.add(Severity::Error, code_prefix_ + ".too-deep",
                    "a line goes on past " + std::to_string(limits_.max_plies)
                        + " plies; the rest of the move tree is not read",
                    move.location);
                abandon();
                return;
            }
            if (move.has_sibling)
                pending_.push_back({ ply, sibling_parent });
            current_line_ = line;
            next_ply_ = ply + 1;
            next_starts_variation_ = false;
        } else if (move.has_sibling) {
            next_ply_ = ply;
            next_starts_variation_ = true;
            next_variation_parent_ = sibling_parent;
        } else if (!pending_.empty()) {
            next_ply_ = pending_.back().ply;
            next_starts_variation_ = true;
            next_variation_parent_ = pending_.back().parent_line;
            pending_.pop_back();
        } else {
            finished_ = true;
        }
    }

} // namespace detail

} // namespace xq
