// The DhtmlXQ reader: finding the blocks, their fields, and the variations by branch and ply.
#include "xq/records/dhtmlxq_reader.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "record_building.hpp"
#include "xq/notation/notation_alphabet.hpp"

namespace xq {

namespace {

    constexpr std::string_view block_open = "[dhtmlxq]";
    constexpr std::string_view block_close = "[/dhtmlxq]";
    constexpr std::string_view field_open = "[dhtmlxq_";
    constexpr std::string_view field_close = "[/dhtmlxq_";

    // A binit is 32 squares of 2 digits; anything much longer is not one.
    constexpr std::size_t max_binit_bytes = 128;

    // DhtmlXQ fields that have a PGN tag of the same meaning.
    constexpr std::array<std::pair<std::string_view, std::string_view>, 10> pgn_tag_names = { {
        { "event", "Event" },
        { "date", "Date" },
        { "place", "Site" },
        { "round", "Round" },
        { "red", "Red" },
        { "redteam", "RedTeam" },
        { "black", "Black" },
        { "blackteam", "BlackTeam" },
        { "result", "Result" },
        { "title", "Title" },
    } };

    char lower(int c) { return static_cast<char>((c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c); }

    std::string lowercase(std::string_view text)
    {
        std::string out(text);
        for (char& c : out)
            c = lower(static_cast<unsigned char>(c));
        return out;
    }

    bool is_blank(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f'; }

    // The ASCII bytes a field's text takes without a closer look: all but '[', which may end
    // the field, and the control characters, which are dropped with a warning.
    constexpr auto plain_text_ascii = [] {
        std::array<bool, 128> plain {};
        for (int c = 0; c < 128; ++c)
            plain[static_cast<std::size_t>(c)] = c != '[' && !detail::is_control_character(c);
        return plain;
    }();

    // is_tag_name_character as a table: a field's name is scanned for its end a byte at a time,
    // twice for every field.
    constexpr auto tag_name_bytes = [] {
        std::array<bool, 256> name {};
        for (int c = 0; c < 256; ++c)
            name[static_cast<std::size_t>(c)] = detail::is_tag_name_character(c);
        return name;
    }();

    // Where the run of a tag name's characters that starts at `start` in `bytes` ends, after at
    // most `max_length` of them. `start` may lie past the end (a marker not all ready); a limit
    // of SIZE_MAX means none, so nothing is added to it.
    std::size_t tag_name_end(std::string_view bytes, std::size_t start, std::size_t max_length)
    {
        std::size_t stop = bytes.size();
        if (start < stop && max_length < stop - start)
            stop = start + max_length;
        std::size_t end = start;
        while (end < stop && tag_name_bytes[static_cast<unsigned char>(bytes[end])])
            ++end;
        return end;
    }

    bool are_four_digits(const char* bytes)
    {
        // '0'..'9' are 0x30..0x39: their high half is 3, and still is with 6 added (no byte carries).
        std::uint32_t four = 0;
        std::memcpy(&four, bytes, 4);
        return (four & 0xf0f0f0f0) == 0x30303030 && ((four + 0x06060606) & 0xf0f0f0f0) == 0x30303030;
    }

    // The longest number a field's name may hold.
    constexpr std::size_t max_number_digits = 6;

    // Whether `text` starts with `lower_prefix`, which is in lower case, in any case.
    bool starts_with_in_any_case(std::string_view text, std::string_view lower_prefix)
    {
        if (text.size() < lower_prefix.size())
            return false;
        for (std::size_t i = 0; i < lower_prefix.size(); ++i)
            if (lower(static_cast<unsigned char>(text[i])) != lower_prefix[i])
                return false;
        return true;
    }

    bool equals_in_any_case(std::string_view text, std::string_view lower_word)
    {
        return text.size() == lower_word.size() && starts_with_in_any_case(text, lower_word);
    }

    // What a field holds, from its name in any case (compared where it stands: a lowercased
    // copy of every field's name cost more than classifying it).
    struct FieldName {
        enum class Kind { MainLine, Variation, Comment, StartPosition, Tag } kind = Kind::Tag;
        int variation = 0; // Variation, Comment: 0 is the main line
        int parent = 0; // Variation
        std::size_t ply = 0; // Variation: the ply its first move replaces; Comment: the ply it follows
    };

    FieldName classify_field(std::string_view name)
    {
        using Kind = FieldName::Kind;
        if (equals_in_any_case(name, "movelist"))
            return { Kind::MainLine };
        if (equals_in_any_case(name, "binit"))
            return { Kind::StartPosition };
        // The numbers separated by '_' in the rest of the name; false when one is not a number
        // of at most six digits or there are more than three, which no field has. Read a
        // character at a time: a study has a field for each of its hundreds of variations and
        // comments, and finding each number and converting it apart took twice as long.
        std::array<std::size_t, 3> numbers {};
        std::size_t count = 0;
        auto split_numbers = [&](std::string_view rest) {
            count = 0;
            std::size_t value = 0;
            std::size_t digits = 0;
            const auto end_number = [&] {
                if (digits == 0 || count == numbers.size())
                    return false;
                numbers[count++] = value;
                value = 0;
                digits = 0;
                return true;
            };
            for (const char c : rest) {
                if (c == '_') {
                    if (!end_number())
                        return false;
                } else if (c >= '0' && c <= '9' && digits < max_number_digits) {
                    value = value * 10 + static_cast<std::size_t>(c - '0');
                    ++digits;
                } else {
                    return false;
                }
            }
            return end_number();
        };
        if (starts_with_in_any_case(name, "move_") && split_numbers(name.substr(5)) && count == 3)
            return { Kind::Variation, static_cast<int>(numbers[2]), static_cast<int>(numbers[0]), numbers[1] };
        if (starts_with_in_any_case(name, "comment") && split_numbers(name.substr(7))) {
            if (count == 1)
                return { Kind::Comment, 0, 0, numbers[0] };
            if (count == 2)
                return { Kind::Comment, static_cast<int>(numbers[0]), 0, numbers[1] };
        }
        return { Kind::Tag };
    }

    std::string tag_name_for(std::string_view field_name)
    {
        const std::string key = lowercase(field_name);
        for (const auto& [field, tag] : pgn_tag_names)
            if (key == field)
                return std::string(tag);
        return "DhtmlXQ_" + std::string(field_name);
    }

    std::string replace_line_breaks(std::string text)
    {
        for (std::size_t at = text.find("||"); at != std::string::npos; at = text.find("||", at + 1))
            text.replace(at, 2, "\n");
        return text;
    }

    bool names_two_squares(std::string_view digits)
    {
        const auto digit = [&](std::size_t i, char highest) { return digits[i] >= '0' && digits[i] <= highest; };
        return digits.size() == 4 && digit(0, '8') && digit(1, '9') && digit(2, '8') && digit(3, '9');
    }

    // dhtmlxq_move_to_iccs into `iccs`, which is empty, and left so when `digits` are no move.
    bool write_iccs(std::string_view digits, std::string& iccs)
    {
        if (!names_two_squares(digits))
            return false;
        const char text[4] = { static_cast<char>('a' + (digits[0] - '0')), static_cast<char>('9' - (digits[1] - '0')),
            static_cast<char>('a' + (digits[2] - '0')), static_cast<char>('9' - (digits[3] - '0')) };
        // A character at a time, inline: cheaper than a call of append() or assign().
        for (const char c : text)
            iccs.push_back(c);
        return true;
    }

    struct PendingComment {
        int variation = 0;
        std::size_t ply = 0;
        std::string text;
        SourceLocation location;
    };

    // Reads one [DhtmlXQ] block from the text source into a GameRecord.
    class BlockParser {
    public:
        BlockParser(TextSource& source, const RecordLimits& limits, bool keep_variation_moves, std::size_t index)
            : source_(source)
            , limits_(limits)
            , keep_variation_moves_(keep_variation_moves)
            , diagnostics_(limits.max_diagnostics)
        {
            record_.format = RecordFormat::DhtmlXq;
            record_.index = index;
            record_.notation_hint = "ICCS";
        }

        // The source must be at "[DhtmlXQ]".
        GameRecord parse();

    private:
        enum class ValueEnd { None, Closed, Interrupted, EndOfText };

        bool at(std::string_view marker)
        {
            // In the bytes ready when they reach that far (an undecodable mark matches no marker),
            // the first eight at once: a byte under a marker's letter matches in either case
            // when its case bit is set, any other byte only as it is.
            const std::string_view ready = source_.ready();
            if (ready.size() >= marker.size()) {
                static_assert(block_open.size() >= 8 && field_open.size() >= 8);
                std::uint64_t head = 0, marker_head = 0, letters = 0;
                std::memcpy(&head, ready.data(), 8);
                std::memcpy(&marker_head, marker.data(), 8);
                for (std::size_t i = 0; i < 8; ++i)
                    if (marker[i] >= 'a' && marker[i] <= 'z')
                        letters |= std::uint64_t { 0x20 } << (8 * i);
                if ((head | letters) != marker_head)
                    return false;
                for (std::size_t i = 8; i < marker.size(); ++i)
                    if (lower(static_cast<unsigned char>(ready[i])) != marker[i])
                        return false;
                return true;
            }
            for (std::size_t i = 0; i < marker.size(); ++i)
                if (lower(source_.peek(i)) != marker[i])
                    return false;
            return true;
        }
        // Consumes a marker at() has just matched, so already read (and ASCII).
        void skip(std::size_t count) { source_.consume_ascii_in_line(count); }
        void skip_character()
        {
            if (source_.get() == TextSource::undecodable)
                diagnostics_.add(source_.last_undecodable());
        }
        void report_limit(
            bool& reported, Severity severity, std::string code, std::string message, const SourceLocation& where)
        {
            if (!reported)
                diagnostics_.add(severity, std::move(code), std::move(message), where);
            reported = true;
        }

        ValueEnd value_end_here();
        void read_field();
        void read_moves(const FieldName& field, const SourceLocation& field_location);
        // The digits of a move not yet complete, and the line and column of its first one.
        struct PartialMove {
            std::array<char, 4> digits {};
            std::size_t size = 0;
            std::uint32_t line = 0;
            std::uint32_t column = 0;
            std::string_view text() const { return { digits.data(), size }; }
            SourceLocation location(const std::string& source) const { return { source, line, column }; }
        };
        // Where a move list's moves go: into `moves`, or only counted in `not_kept` when the
        // caller keeps no variation moves; nowhere when the field is dropped.
        struct MoveLine {
            std::vector<RecordedMove>* moves = nullptr;
            std::size_t* not_kept = nullptr;
        };
        void take_digits_and_blanks(const MoveLine& line, PartialMove& partial);
        // The field's text, at most `max_bytes` of it; `too_long` says whether more was dropped.
        std::string read_text(std::size_t max_bytes, bool& too_long, const SourceLocation& field_location);
        void report_unterminated(ValueEnd end, const SourceLocation& field_location);
        MoveLine line_for(const FieldName& field, const SourceLocation& field_location);
        // Here, to be inlined: it is called for every move, and most moves are only counted.
        void add_move(const MoveLine& line, const PartialMove& partial)
        {
            if (!line.moves && !line.not_kept)
                return;
            if (plies_ >= limits_.max_plies) {
                report_too_many_plies(partial);
                return;
            }
            ++plies_;
            if (line.moves) {
                keep_move(*line.moves, partial);
                return;
            }
            ++*line.not_kept;
            if (!names_two_squares(partial.text()))
                report_bad_move(partial.text(), partial.location(source_.source_name()));
        }
        void keep_move(std::vector<RecordedMove>& moves, const PartialMove& partial);
        void report_too_many_plies(const PartialMove& partial);
        void report_bad_move(std::string_view digits, const SourceLocation& where);
        void add_comment(const FieldName& field, std::string text, const SourceLocation& where);
        void attach_comments();
        // Skips the variations nested deeper than the limit, as the PGN and binary readers do.
        void skip_too_deep_variations();
        // The variation with this id, once the variations are sorted by id (a search of them
        // all for every variation and comment took longer than reading the moves). Mostly the
        // ids are 1, 2, 3 ... and the id says where it is.
        RecordedVariation* sorted_variation(int id)
        {
            if (id >= 1 && static_cast<std::size_t>(id) <= record_.variations.size()
                && record_.variations[static_cast<std::size_t>(id) - 1].id == id)
                return &record_.variations[static_cast<std::size_t>(id) - 1];
            const auto it = std::lower_bound(record_.variations.begin(), record_.variations.end(), id,
                [](const RecordedVariation& v, int wanted) { return v.id < wanted; });
            return it != record_.variations.end() && it->id == id ? &*it : nullptr;
        }
        // The moves not kept of the variation with this id, once moves_not_kept_ is sorted.
        std::size_t sorted_moves_not_kept(int id) const
        {
            if (id >= 1 && static_cast<std::size_t>(id) <= moves_not_kept_.size()
                && moves_not_kept_[static_cast<std::size_t>(id) - 1].first == id)
                return moves_not_kept_[static_cast<std::size_t>(id) - 1].second;
            const auto it
                = std::lower_bound(moves_not_kept_.begin(), moves_not_kept_.end(), std::pair { id, std::size_t { 0 } });
            return it != moves_not_kept_.end() && it->first == id ? it->second : 0;
        }
        GameRecord finish();

        TextSource& source_;
        const RecordLimits& limits_;
        const bool keep_variation_moves_;
        detail::GameDiagnostics diagnostics_;
        GameRecord record_;
        bool main_line_read_ = false;
        std::vector<PendingComment> comments_;
        std::vector<int> too_deep_ids_; // sorted: their comments go with them, unreported
        // The moves of each variation whose moves are not kept, by id: what its comments are
        // checked against.
        std::vector<std::pair<int, std::size_t>> moves_not_kept_;
        std::size_t comment_bytes_ = 0;
        std::size_t plies_ = 0;
        bool plies_limit_reported_ = false;
        bool comments_limit_reported_ = false;
        bool tags_limit_reported_ = false;
        bool variations_limit_reported_ = false;
        int highest_variation_id_ = 0;
    };

    GameRecord BlockParser::parse()
    {
        record_.location = source_.location();
        skip(block_open.size());
        bool stray_text_reported = false;
        for (;;) {
            const int c = source_.peek();
            if (c == TextSource::end_of_text) {
                diagnostics_.add(Severity::Error, "dhtmlxq.unterminated-block",
                    "the block has no [/DhtmlXQ] before the end of the input", record_.location);
                break;
            }
            if (c == '[') {
                // The field first: a block has hundreds of them, and no field marker matches
                // where a block marker does.
                if (at(field_open)) {
                    read_field();
                    continue;
                }
                if (at(block_close)) {
                    skip(block_close.size());
                    break;
                }
                if (at(block_open)) {
                    diagnostics_.add(Severity::Error, "dhtmlxq.unterminated-block",
                        "the block has no [/DhtmlXQ] before the next [DhtmlXQ]", record_.location);
                    break;
                }
            }
            if (is_blank(c)) {
                source_.get();
                continue;
            }
            if (!stray_text_reported)
                diagnostics_.add(Severity::Warning, "dhtmlxq.stray-text",
                    "text between the fields of a block is ignored", source_.location());
            stray_text_reported = true;
            skip_character();
        }
        return finish();
    }

    // At '[': a closing tag ends the field (and is consumed); the start of another field or
    // block interrupts it (and is left for the block loop).
    BlockParser::ValueEnd BlockParser::value_end_here()
    {
        const int c = source_.peek();
        if (c == TextSource::end_of_text)
            return ValueEnd::EndOfText;
        if (c != '[')
            return ValueEnd::None;
        if (at(field_close)) {
            // Mostly the whole tag is ready: it is taken at once.
            const std::string_view tag = source_.ready();
            const std::size_t end = tag_name_end(tag, field_close.size(), limits_.max_tag_name_bytes);
            if (end < tag.size()) {
                source_.consume_ascii_in_line(tag[end] == ']' ? end + 1 : end);
                return ValueEnd::Closed;
            }
            skip(field_close.size());
            // The closing tag's name, at most max_tag_name_bytes of it, a run of ready bytes at a time.
            for (std::size_t taken = 0; taken < limits_.max_tag_name_bytes;) {
                const std::string_view ready = source_.ready();
                const std::size_t n = tag_name_end(ready, 0, limits_.max_tag_name_bytes - taken);
                source_.consume_ascii_in_line(n);
                taken += n;
                if (n == 0 || n < ready.size())
                    break;
            }
            if (source_.peek() == ']')
                source_.get();
            return ValueEnd::Closed;
        }
        if (at(block_close) || at(block_open) || at(field_open))
            return ValueEnd::Interrupted;
        return ValueEnd::None;
    }

    void BlockParser::report_unterminated(ValueEnd end, const SourceLocation& field_location)
    {
        if (end != ValueEnd::Closed)
            diagnostics_.add(Severity::Warning, "dhtmlxq.unterminated-field",
                "the field has no closing [/DhtmlXQ_...] tag", field_location);
    }

    void BlockParser::read_field()
    {
        const SourceLocation field_location = source_.location();
        // The name, at most one byte longer than allowed, so that a longer one is told.
        const std::size_t max_name_bytes = limits_.max_tag_name_bytes + (limits_.max_tag_name_bytes < SIZE_MAX);
        std::string name;
        // Mostly the marker and the whole name are ready: they are taken at once.
        const std::string_view ready = source_.ready();
        const std::size_t end = tag_name_end(ready, field_open.size(), max_name_bytes);
        if (end < ready.size()) {
            name = ready.substr(field_open.size(), end - field_open.size());
            source_.consume_ascii_in_line(end);
        } else {
            skip(field_open.size());
            for (;;) {
                const std::string_view more = source_.ready();
                const std::size_t n = tag_name_end(more, 0, max_name_bytes - name.size());
                name.append(more.substr(0, n));
                source_.consume_ascii_in_line(n);
                if (n < more.size() || n == 0)
                    break;
            }
        }
        if (name.empty() || name.size() > limits_.max_tag_name_bytes || source_.peek() != ']') {
            diagnostics_.add(Severity::Warning, "dhtmlxq.bad-field",
                "expected a field name of at most " + std::to_string(limits_.max_tag_name_bytes)
                    + " letters, digits or '_' and ']' after [DhtmlXQ_; the field is ignored",
                field_location);
            return;
        }
        source_.get(); // ']'
        const SourceLocation value_location = source_.location();
        const FieldName field = classify_field(name);
        using Kind = FieldName::Kind;
        if (field.kind == Kind::MainLine || field.kind == Kind::Variation) {
            read_moves(field, field_location);
            return;
        }
        bool too_long = false;
        switch (field.kind) {
        case Kind::Comment:
            add_comment(field, replace_line_breaks(read_text(limits_.max_comment_bytes, too_long, field_location)),
                field_location);
            break;
        case Kind::StartPosition: {
            std::string binit = read_text(max_binit_bytes, too_long, field_location);
            if (binit.empty()) // an empty binit, as some writers emit, means the standard start
                break;
            std::string problem;
            if (std::optional<std::string> fen = dhtmlxq_binit_to_fen(binit, problem))
                record_.start_fen = LocatedText { std::move(*fen), value_location };
            else
                diagnostics_.add(
                    Severity::Error, "dhtmlxq.bad-binit", problem + "; the start position is unknown", value_location);
            break;
        }
        case Kind::Tag: {
            std::string value = detail::single_line(read_text(limits_.max_tag_value_bytes, too_long, field_location));
            if (too_long)
                diagnostics_.add(Severity::Warning, "dhtmlxq.field-too-long",
                    "the value of field " + name + " is cut at " + std::to_string(limits_.max_tag_value_bytes)
                        + " bytes",
                    value_location);
            if (record_.tags.size() >= limits_.max_tags)
                report_limit(tags_limit_reported_, Severity::Warning, "dhtmlxq.too-many-fields",
                    "more than " + std::to_string(limits_.max_tags) + " fields; the rest are ignored", field_location);
            else
                record_.tags.push_back({ tag_name_for(name), std::move(value), field_location, value_location });
            break;
        }
        case Kind::MainLine:
        case Kind::Variation:
            break;
        }
    }

    std::string BlockParser::read_text(std::size_t max_bytes, bool& too_long, const SourceLocation& field_location)
    {
        std::string text;
        for (;;) {
            if (!detail::take_plain_run(
                    source_, text, too_long ? text.size() : max_bytes, plain_text_ascii.data(), false))
                too_long = true;
            if (const ValueEnd end = value_end_here(); end != ValueEnd::None) {
                report_unterminated(end, field_location);
                break;
            }
            if (detail::is_control_character(source_.peek())) {
                diagnostics_.add(detail::control_character_warning(
                    "dhtmlxq.control-character", source_.peek(), "ignored", source_.location()));
                source_.get();
                continue;
            }
            const detail::TakenCharacter taken
                = detail::take_character(source_, text, too_long ? text.size() : max_bytes);
            if (taken.undecodable)
                diagnostics_.add(source_.last_undecodable());
            if (!taken.stored)
                too_long = true;
        }
        return text;
    }

    void BlockParser::read_moves(const FieldName& field, const SourceLocation& field_location)
    {
        const MoveLine line = line_for(field, field_location);
        if (line.moves) {
            // Room for the moves of the field as far as it is ready (four digits each), not to
            // move every move at each growth of a long line.
            const std::string_view ready = source_.ready();
            line.moves->reserve(line.moves->size() + std::min(ready.find('['), ready.size()) / 4);
        }
        PartialMove partial;
        bool bad_character_reported = false;
        for (;;) {
            take_digits_and_blanks(line, partial);
            if (const ValueEnd end = value_end_here(); end != ValueEnd::None) {
                report_unterminated(end, field_location);
                break;
            }
            // A digit or a blank here was past the bytes that were ready; now they are.
            const int c = source_.peek();
            if ((c >= '0' && c <= '9') || is_blank(c))
                continue;
            if (!bad_character_reported)
                diagnostics_.add(Severity::Error, "dhtmlxq.bad-move",
                    "a move list holds only digits, four to a move; other characters are ignored", source_.location());
            bad_character_reported = true;
            skip_character();
        }
        if (partial.size > 0)
            diagnostics_.add(Severity::Error, "dhtmlxq.bad-move",
                "the move list ends with an incomplete move '" + std::string(partial.text()) + "'",
                partial.location(source_.source_name()));
    }

    // The common case of a move list, a run of digits and blanks, taken from the ready bytes at
    // once: four digits make a move, located at its first digit.
    void BlockParser::take_digits_and_blanks(const MoveLine& line, PartialMove& partial)
    {
        const std::string_view ready = source_.ready();
        // Where each byte stands, followed here and consumed once at the end: digits and
        // blanks are ASCII, a column each, and a line feed starts a line.
        SourceLocation here = source_.location();
        const std::uint32_t first_line = here.line;
        std::size_t i = 0;
        for (; i < ready.size(); ++i) {
            // Mostly a move's four digits stand together: they are checked and taken at once.
            while (partial.size == 0 && i + 4 <= ready.size() && are_four_digits(ready.data() + i)) {
                partial.line = here.line;
                partial.column = here.column;
                std::memcpy(partial.digits.data(), ready.data() + i, 4);
                partial.size = 4;
                add_move(line, partial);
                partial.size = 0;
                i += 4;
                here.column += 4;
            }
            if (i == ready.size())
                break;
            const char c = ready[i];
            if (c >= '0' && c <= '9') {
                if (partial.size == 0) {
                    partial.line = here.line;
                    partial.column = here.column;
                }
                partial.digits[partial.size++] = c;
                if (partial.size == partial.digits.size()) {
                    add_move(line, partial);
                    partial.size = 0;
                }
            } else if (!is_blank(c)) {
                break;
            }
            if (c == '\n') {
                ++here.line;
                here.column = 1;
            } else {
                ++here.column;
            }
        }
        // Digits and blanks are ASCII: on one line, they need no second look.
        if (here.line == first_line)
            source_.consume_ascii_in_line(i);
        else
            source_.consume(i);
    }

    // Where the moves of `field` go, or nowhere when they are to be dropped (reported).
    BlockParser::MoveLine BlockParser::line_for(const FieldName& field, const SourceLocation& field_location)
    {
        if (field.kind == FieldName::Kind::MainLine) {
            if (main_line_read_) {
                diagnostics_.add(
                    Severity::Warning, "dhtmlxq.duplicate-field", "a second movelist field is ignored", field_location);
                return {};
            }
            main_line_read_ = true;
            return { &record_.moves };
        }
        // Variations mostly come in the order of their ids: one beyond the highest so far is new.
        const auto same_id = [&](const RecordedVariation& v) { return v.id == field.variation; };
        if (field.variation <= highest_variation_id_
            && std::any_of(record_.variations.begin(), record_.variations.end(), same_id)) {
            diagnostics_.add(Severity::Warning, "dhtmlxq.duplicate-field",
                "variation " + std::to_string(field.variation) + " is given twice; the second is ignored",
                field_location);
            return {};
        }
        if (record_.variations.size() >= limits_.max_variations) {
            report_limit(variations_limit_reported_, Severity::Warning, "dhtmlxq.too-many-variations",
                "more than " + std::to_string(limits_.max_variations) + " variations; the rest are skipped",
                field_location);
            ++record_.skipped_variations;
            return {};
        }
        highest_variation_id_ = std::max(highest_variation_id_, field.variation);
        RecordedVariation variation;
        variation.id = field.variation;
        variation.parent = field.parent;
        variation.first_ply = field.ply;
        variation.location = field_location;
        record_.variations.push_back(std::move(variation));
        if (!keep_variation_moves_)
            return { nullptr, &moves_not_kept_.emplace_back(field.variation, 0).second };
        return { &record_.variations.back().moves };
    }

    void BlockParser::report_bad_move(std::string_view digits, const SourceLocation& where)
    {
        diagnostics_.add(Severity::Error, "dhtmlxq.bad-move",
            "'" + std::string(digits) + "' does not name two squares (file digit 0-8, rank digit 0-9)", where);
    }

    void BlockParser::report_too_many_plies(const PartialMove& partial)
    {
        report_limit(plies_limit_reported_, Severity::Error, "dhtmlxq.too-many-plies",
            "more than " + std::to_string(limits_.max_plies) + " moves in one game; the rest are ignored",
            partial.location(source_.source_name()));
    }

    void BlockParser::keep_move(std::vector<RecordedMove>& moves, const PartialMove& partial)
    {
        // Filled in place: building a move and moving it in cost as much as reading its digits.
        RecordedMove& move = moves.emplace_back();
        if (!source_.source_name().empty()) // an archive's reader leaves the name out
            move.location.source = source_.source_name();
        move.location.line = partial.line;
        move.location.column = partial.column;
        if (!write_iccs(partial.text(), move.text)) {
            // Kept as written, so that the replay stops at this ply and says where.
            report_bad_move(partial.text(), move.location);
            move.text = partial.text();
        }
    }

    void BlockParser::add_comment(const FieldName& field, std::string text, const SourceLocation& where)
    {
        if (comments_.size() >= limits_.max_comments || comment_bytes_ + text.size() > limits_.max_comment_bytes) {
            report_limit(comments_limit_reported_, Severity::Warning, "dhtmlxq.too-many-comments",
                "the game's comments exceed " + std::to_string(limits_.max_comments) + " comments or "
                    + std::to_string(limits_.max_comment_bytes) + " bytes; the rest are ignored",
                where);
            return;
        }
        comment_bytes_ += text.size();
        comments_.push_back({ field.variation, field.ply, std::move(text), where });
    }

    // Comments may come before or after the moves they belong to, so they are placed last.
    void BlockParser::attach_comments()
    {
        for (PendingComment& comment : comments_) {
            std::vector<std::string>* leading = nullptr;
            std::vector<RecordedMove>* moves = nullptr;
            std::size_t length = 0; // the moves of the line, kept or not
            std::size_t first_ply = 1;
            if (std::binary_search(too_deep_ids_.begin(), too_deep_ids_.end(), comment.variation))
                continue;
            if (comment.variation == 0) {
                leading = &record_.comments_before_first_move;
                moves = &record_.moves;
                length = moves->size();
            } else {
                if (RecordedVariation* it = sorted_variation(comment.variation)) {
                    leading = &it->comments_before_first_move;
                    moves = &it->moves;
                    length = keep_variation_moves_ ? moves->size() : sorted_moves_not_kept(comment.variation);
                    first_ply = it->first_ply;
                }
            }
            if (moves && comment.ply + 1 == first_ply) {
                leading->push_back(std::move(comment.text));
            } else if (moves && comment.ply >= first_ply && comment.ply - first_ply < length) {
                // A comment on a move not kept goes with it.
                if (comment.ply - first_ply < moves->size())
                    (*moves)[comment.ply - first_ply].comments.push_back(std::move(comment.text));
            } else {
                diagnostics_.add(Severity::Warning, "dhtmlxq.orphan-comment",
                    "the comment refers to ply " + std::to_string(comment.ply)
                        + (comment.variation ? " of variation " + std::to_string(comment.variation)
                                             : std::string(" of the main line"))
                        + ", which the record does not have; it is ignored",
                    comment.location);
            }
        }
        comments_.clear();
    }

    void BlockParser::skip_too_deep_variations()
    {
        // A variation's depth: 1 when it branches from the main line (or from a variation the
        // record does not have), else one more than its parent's. A chain of parents that
        // comes back on itself has no depth but the limit's: it is skipped.
        const std::size_t count = record_.variations.size();
        const std::size_t too_deep = limits_.max_variation_depth + 1;
        std::vector<std::size_t> depth(count, 0); // 0: not known yet
        std::vector<std::size_t> chain;
        for (std::size_t i = 0; i < count; ++i) {
            chain.clear();
            std::size_t at = i;
            std::size_t base = 0;
            while (depth[at] == 0 && chain.size() <= count) {
                chain.push_back(at);
                const RecordedVariation* parent
                    = record_.variations[at].parent == 0 ? nullptr : sorted_variation(record_.variations[at].parent);
                if (!parent)
                    break;
                at = static_cast<std::size_t>(parent - record_.variations.data());
            }
            if (depth[at] != 0)
                base = depth[at];
            else if (chain.size() > count)
                base = too_deep;
            for (auto it = chain.rbegin(); it != chain.rend(); ++it)
                depth[*it] = base = std::min(base + 1, too_deep);
        }
        std::size_t kept = 0;
        for (std::size_t i = 0; i < count; ++i) {
            if (depth[i] < too_deep) {
                if (kept != i)
                    record_.variations[kept] = std::move(record_.variations[i]);
                ++kept;
                continue;
            }
            if (too_deep_ids_.empty())
                diagnostics_.add(Severity::Warning, "dhtmlxq.variation-too-deep",
                    "variations nested more than " + std::to_string(limits_.max_variation_depth)
                        + " deep are skipped (the first is here)",
                    record_.variations[i].location);
            too_deep_ids_.push_back(record_.variations[i].id);
            ++record_.skipped_variations;
        }
        record_.variations.resize(kept);
    }

    GameRecord BlockParser::finish()
    {
        // Usually in order already: sorting would still move every variation about.
        const auto by_id = [](const RecordedVariation& a, const RecordedVariation& b) { return a.id < b.id; };
        if (!std::is_sorted(record_.variations.begin(), record_.variations.end(), by_id))
            std::sort(record_.variations.begin(), record_.variations.end(), by_id);
        if (!std::is_sorted(moves_not_kept_.begin(), moves_not_kept_.end()))
            std::sort(moves_not_kept_.begin(), moves_not_kept_.end());
        for (const RecordedVariation& variation : record_.variations) {
            const bool parent_known = variation.parent == 0 || sorted_variation(variation.parent);
            if (!parent_known)
                diagnostics_.add(Severity::Warning, "dhtmlxq.orphan-variation",
                    "variation " + std::to_string(variation.id) + " branches from variation "
                        + std::to_string(variation.parent) + ", which the record does not have",
                    variation.location);
        }
        skip_too_deep_variations();
        attach_comments();
        diagnostics_.finish_into(record_);
        return std::move(record_);
    }

} // namespace

std::optional<std::string> dhtmlxq_move_to_iccs(std::string_view digits)
{
    std::string iccs;
    if (!write_iccs(digits, iccs))
        return std::nullopt;
    return iccs;
}

std::optional<std::string> dhtmlxq_binit_to_fen(std::string_view binit, std::string& problem)
{
    static constexpr std::string_view piece_order = "RNBAKABNRCCPPPPPrnbakabnrccppppp";
    if (binit.size() != 2 * piece_order.size() || binit.find_first_not_of("0123456789") != std::string_view::npos) {
        problem = "binit must be 64 digits, two for each of the 32 pieces";
        return std::nullopt;
    }
    detail::BoardLetters board {}; // row y = 0 (Black's back rank) first, as FEN lists them
    for (std::size_t piece = 0; piece < piece_order.size(); ++piece) {
        const int x = binit[2 * piece] - '0';
        const int y = binit[2 * piece + 1] - '0';
        if (x == 9 && y == 9)
            continue;
        if (x > 8) {
            problem = "binit gives piece " + std::to_string(piece + 1) + " the file digit 9";
            return std::nullopt;
        }
        char& square = board[static_cast<std::size_t>(y * 9 + x)];
        if (square) {
            problem = "binit puts two pieces on square " + std::string(binit.substr(2 * piece, 2));
            return std::nullopt;
        }
        square = piece_order[piece];
    }
    // DhtmlXQ has no side-to-move field: Red moves first.
    return detail::fen_of(board, true);
}

DhtmlXqReader::DhtmlXqReader(std::istream& input, std::string source_name, const RecordReaderOptions& options)
    : limits_(options.limits)
    , keep_variation_moves_(options.keep_variation_moves)
    , source_(std::make_unique<TextSource>(input, std::move(source_name),
          TextSourceOptions { options.encoding, options.read_chunk_size }, notation_plausibility(), diagnostics_))
{
}

DhtmlXqReader::~DhtmlXqReader() = default;

std::optional<GameRecord> DhtmlXqReader::next()
{
    while (!exhausted_) {
        const int c = source_->peek();
        if (c == TextSource::end_of_text) {
            exhausted_ = true;
            break;
        }
        if (c == '[') {
            bool block_starts = true;
            for (std::size_t i = 0; i < block_open.size() && block_starts; ++i)
                block_starts = lower(source_->peek(i)) == block_open[i];
            if (block_starts) {
                BlockParser block(*source_, limits_, keep_variation_moves_, games_read_ + 1);
                ++games_read_;
                return block.parse();
            }
        }
        // Text around the blocks (HTML, forum posts) is not ours to check, but undecodable bytes
        // in it still mean the encoding may be wrong.
        if (source_->get() == TextSource::undecodable)
            detail::add_bounded(diagnostics_, source_->last_undecodable(), limits_.max_diagnostics);
    }
    if (games_read_ == 0 && !no_games_reported_) {
        diagnostics_.warning("dhtmlxq.no-games", "no [DhtmlXQ] block found", { source_->source_name() });
        no_games_reported_ = true;
    }
    return std::nullopt;
}

} // namespace xq
