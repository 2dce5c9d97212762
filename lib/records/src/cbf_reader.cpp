// The CBF reader: a small XML scanner for <ChineseChessRecord> files and their move lists.
#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "binary_building.hpp"
#include "xq/base/utf8.hpp"

// CBF (binary-formats.md §5): an XML game record, <ChineseChessRecord> holding <Head>, whose
// child elements are the header fields, and <MoveList>, a flat list of <Move value="XY-XY">
// elements whose text is the comment after the move; the first Move, "00-00", stands for the
// start position and carries the game comment. There is no XML library in this layer, so a
// small scanner reads the subset of XML such files use: elements, attributes, text, CDATA,
// character references, comments, the declaration. Whatever it does not expect is reported,
// not guessed at.

namespace xq::detail {

namespace {

    constexpr std::string_view root_name = "ChineseChessRecord";
    constexpr std::string_view utf8_bom = "\xEF\xBB\xBF";
    constexpr std::string_view root_placeholder = "00-00";
    // Deeper than any CBF file goes (3 levels); the bound keeps the element stack small.
    constexpr std::size_t max_element_depth = 16;

    // Head fields that have a PGN tag of the same meaning; the others keep their own names.
    constexpr std::array<std::pair<std::string_view, std::string_view>, 4> renamed_fields = { {
        { "Name", "Title" },
        { "Contest", "Event" },
        { "Commentator", "Annotator" },
        { "RecordResult", "Result" },
    } };

    bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

    bool is_name_character(char c)
    {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-'
            || c == '.' || c == ':' || static_cast<unsigned char>(c) >= 0x80;
    }

    bool is_blank(std::string_view text)
    {
        for (const char c : text)
            if (!is_space(c))
                return false;
        return true;
    }

    // A name PGN can write as a tag and read back: ASCII letters, digits and '_'.
    bool is_tag_name(std::string_view name, std::size_t max_bytes)
    {
        return !name.empty() && name.size() <= max_bytes
            && std::all_of(name.begin(), name.end(), [](char c) { return is_tag_name_character(c); });
    }

    // Line and column (in characters) of byte offsets, for offsets that mostly increase.
    class LocationTracker {
    public:
        LocationTracker(std::string_view text, const std::string& source_name)
            : text_(text)
            , source_name_(source_name)
        {
        }

        SourceLocation at(std::size_t offset)
        {
            if (offset < offset_) {
                offset_ = 0;
                line_ = 1;
                column_ = 1;
            }
            for (; offset_ < offset && offset_ < text_.size(); ++offset_) {
                const auto c = static_cast<unsigned char>(text_[offset_]);
                if (c == '\n') {
                    ++line_;
                    column_ = 1;
                } else if ((c & 0xC0) != 0x80) {
                    ++column_;
                }
            }
            return { source_name_, line_, column_ };
        }

    private:
        std::string_view text_;
        const std::string& source_name_;
        std::size_t offset_ = 0;
        std::uint32_t line_ = 1;
        std::uint32_t column_ = 1;
    };

    struct XmlToken {
        enum class Kind { StartTag, EndTag, Text, End, Error } kind = Kind::End;
        std::string name; // tags
        std::vector<std::pair<std::string, std::string>> attributes;
        bool self_closing = false;
        std::string text; // Text (references resolved, CDATA unwrapped); Error: the problem
        std::size_t offset = 0;
    };

    // Hands out the elements and text of an XML document, skipping comments, processing
    // instructions and the DOCTYPE.
    class XmlScanner {
    public:
        explicit XmlScanner(std::string_view text)
            : text_(text)
        {
        }

        XmlToken next();

        // Set when a reference like "&nbsp;" was kept as written.
        bool unknown_reference_seen() const { return unknown_reference_seen_; }

    private:
        bool skip_past(std::string_view terminator)
        {
            const std::size_t end = text_.find(terminator, position_);
            if (end == std::string_view::npos)
                return false;
            position_ = end + terminator.size();
            return true;
        }
        std::string read_name()
        {
            const std::size_t start = position_;
            while (position_ < text_.size() && is_name_character(text_[position_]))
                ++position_;
            return std::string(text_.substr(start, position_ - start));
        }
        void skip_spaces()
        {
            while (position_ < text_.size() && is_space(text_[position_]))
                ++position_;
        }
        XmlToken error(std::string problem, std::size_t offset)
        {
            XmlToken token;
            token.kind = XmlToken::Kind::Error;
            token.text = std::move(problem);
            token.offset = offset;
            return token;
        }
        XmlToken tag();
        std::string resolve_references(std::string_view raw);

        std::string_view text_;
        std::size_t position_ = 0;
        bool unknown_reference_seen_ = false;
    };

    XmlToken XmlScanner::next()
    {
        for (;;) {
            XmlToken token;
            token.offset = position_;
            if (position_ >= text_.size())
                return token;
            if (text_[position_] != '<') {
                const std::size_t end = std::min(text_.find('<', position_), text_.size());
                token.kind = XmlToken::Kind::Text;
                token.text = resolve_references(text_.substr(position_, end - position_));
                position_ = end;
                return token;
            }
            const std::string_view rest = text_.substr(position_);
            if (rest.starts_with("<!--")) {
                if (!skip_past("-->"))
                    return error("a comment <!-- has no closing -->", token.offset);
                continue;
            }
            if (rest.starts_with("<![CDATA[")) {
                const std::size_t start = position_ + 9;
                if (!skip_past("]]>"))
                    return error("a <![CDATA[ section has no closing ]]>", token.offset);
                token.kind = XmlToken::Kind::Text;
                token.text = std::string(text_.substr(start, position_ - 3 - start));
                return token;
            }
            if (rest.starts_with("<?")) {
                if (!skip_past("?>"))
                    return error("a <? declaration has no closing ?>", token.offset);
                continue;
            }
            if (rest.starts_with("<!")) {
                if (!skip_past(">"))
                    return error("a <! declaration has no closing >", token.offset);
                continue;
            }
            return tag();
        }
    }

    // At '<' of a start or end tag.
    XmlToken XmlScanner::tag()
    {
        XmlToken token;
        token.offset = position_;
        ++position_;
        token.kind = XmlToken::Kind::StartTag;
        if (position_ < text_.size() && text_[position_] == '/') {
            token.kind = XmlToken::Kind::EndTag;
            ++position_;
        }
        token.name = read_name();
        if (token.name.empty())
            return error("'<' is not followed by an element name", token.offset);
        for (;;) {
            skip_spaces();
            if (position_ >= text_.size())
                return error("the tag <" + token.name + " has no closing '>'", token.offset);
            const char c = text_[position_];
            if (c == '>') {
                ++position_;
                return token;
            }
            if (c == '/' && token.kind == XmlToken::Kind::StartTag && position_ + 1 < text_.size()
                && text_[position_ + 1] == '>') {
                position_ += 2;
                token.self_closing = true;
                return token;
            }
            if (token.kind == XmlToken::Kind::EndTag)
                return error("the end tag </" + token.name + " holds more than its name", token.offset);
            std::string attribute = read_name();
            if (attribute.empty())
                return error("unexpected '" + std::string(1, c) + "' in the tag <" + token.name, position_);
            skip_spaces();
            if (position_ >= text_.size() || text_[position_] != '=')
                return error("the attribute " + attribute + " has no value", position_);
            ++position_;
            skip_spaces();
            const char quote = position_ < text_.size() ? text_[position_] : '\0';
            if (quote != '"' && quote != '\'')
                return error("the value of attribute " + attribute + " is not in quotes", position_);
            const std::size_t end = text_.find(quote, position_ + 1);
            if (end == std::string_view::npos)
                return error("the value of attribute " + attribute + " has no closing quote", position_);
            token.attributes.emplace_back(
                std::move(attribute), resolve_references(text_.substr(position_ + 1, end - position_ - 1)));
            position_ = end + 1;
        }
    }

    std::string XmlScanner::resolve_references(std::string_view raw)
    {
        static constexpr std::array<std::pair<std::string_view, std::string_view>, 5> named = { {
            { "lt", "<" },
            { "gt", ">" },
            { "amp", "&" },
            { "quot", "\"" },
            { "apos", "'" },
        } };
        std::string out;
        for (std::size_t i = 0; i < raw.size();) {
            // A reference is at most 10 bytes long: looking further would make a text full of
            // '&' cost its length squared.
            const std::size_t in_reach = raw[i] == '&' ? raw.substr(i, 11).find(';') : std::string_view::npos;
            const std::size_t semicolon = in_reach == std::string_view::npos ? in_reach : i + in_reach;
            if (semicolon == std::string_view::npos) {
                out += raw[i++];
                continue;
            }
            const std::string_view name = raw.substr(i + 1, semicolon - i - 1);
            std::optional<std::string> replacement;
            for (const auto& [entity, text] : named)
                if (name == entity)
                    replacement = std::string(text);
            if (name.size() > 1 && name[0] == '#') {
                const bool hexadecimal = name[1] == 'x';
                std::uint32_t code_point = 0;
                bool valid = name.size() > (hexadecimal ? 2u : 1u);
                for (const char c : name.substr(hexadecimal ? 2 : 1)) {
                    const int digit = (c >= '0' && c <= '9')    ? c - '0'
                        : hexadecimal && (c >= 'a' && c <= 'f') ? c - 'a' + 10
                        : hexadecimal && (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                                                : -1;
                    if (digit < 0 || code_point > 0x10FFFF)
                        valid = false;
                    else
                        code_point = code_point * (hexadecimal ? 16 : 10) + static_cast<std::uint32_t>(digit);
                }
                // A reference to a control character is left as written, as XML does not allow them.
                const bool control = is_control_character(static_cast<int>(code_point)) || is_c1_control(code_point)
                    || code_point == '\r';
                if (valid && !control && code_point <= 0x10FFFF && (code_point < 0xD800 || code_point > 0xDFFF)) {
                    replacement.emplace();
                    utf8::append(*replacement, code_point);
                }
            }
            if (!replacement) {
                unknown_reference_seen_ = true;
                out += raw[i++];
                continue;
            }
            out += *replacement;
            i = semicolon + 1;
        }
        return out;
    }

    // "77-47" (column, then row from the top, for each square) as ICCS "h2e2".
    std::optional<std::string> cbf_move_to_iccs(std::string_view value)
    {
        if (value.size() != 5 || value[2] != '-')
            return std::nullopt;
        std::string iccs;
        for (const std::size_t at : { 0u, 3u }) {
            const char column = value[at];
            const char row = value[at + 1];
            if (column < '0' || column > '8' || row < '0' || row > '9')
                return std::nullopt;
            iccs += iccs_square(column - '0', 9 - (row - '0'));
        }
        return iccs;
    }

    class CbfParser {
    public:
        CbfParser(std::string_view text, const std::string& source_name, const RecordLimits& limits)
            : text_(text)
            , scanner_(text)
            , locations_(text, source_name)
            , limits_(limits)
            , diagnostics_(limits.max_diagnostics)
            , record_(new_binary_record(1, source_name))
            , tree_(record_, diagnostics_, limits, "cbf")
        {
        }

        // Nothing when the text has no <ChineseChessRecord> root; `problem` then says why.
        std::optional<GameRecord> parse(std::string& problem);

        void report(Severity severity, std::string code, std::string message, std::size_t offset)
        {
            report(severity, std::move(code), std::move(message), locations_.at(offset));
        }
        // Messages quote names and values from the file, which may hold control characters
        // (written as character references): they are shown escaped.
        void report(Severity severity, std::string code, std::string message, SourceLocation location)
        {
            diagnostics_.add(severity, std::move(code), utf8::escape_for_display(message), std::move(location));
        }

    private:
        enum class Context { Root, Head, HeadField, MoveList, Move, Ignored };
        // Locations are taken as the scan goes, so the tracker only ever moves forward.
        struct OpenElement {
            std::string name;
            Context context;
            SourceLocation location;
        };
        struct HeldMove {
            std::string value;
            std::optional<std::string> comment;
            bool placeholder = false;
            std::size_t offset = 0;
            SourceLocation location;
        };

        Context context_of_child(Context parent, const XmlToken& tag);
        void open_element(const XmlToken& tag);
        void close_element();
        void add_text(const XmlToken& token);
        void add_head_field(const std::string& name, std::string value, const SourceLocation& location);
        void add_move(const XmlToken& tag);
        void feed_held_move(bool another_follows);
        void check_attributes(const XmlToken& tag, std::initializer_list<std::string_view> known);

        std::string_view text_;
        XmlScanner scanner_;
        LocationTracker locations_;
        const RecordLimits& limits_;
        GameDiagnostics diagnostics_;
        GameRecord record_;
        MoveTreeBuilder tree_;

        std::vector<OpenElement> open_;
        std::string element_text_; // of the open head field or move
        bool element_text_cut_ = false;
        std::optional<HeldMove> held_move_;
        bool move_list_read_ = false;
        bool any_move_read_ = false;
        bool moves_ended_ = false; // a Move with end="1" was read
        bool after_end_reported_ = false;
        bool unknown_element_reported_ = false;
        bool unknown_attribute_reported_ = false;
        bool too_many_fields_reported_ = false;
        bool stray_text_reported_ = false;
    };

    std::optional<GameRecord> CbfParser::parse(std::string& problem)
    {
        bool root_seen = false;
        for (;;) {
            XmlToken token = scanner_.next();
            if (token.kind == XmlToken::Kind::End)
                break;
            if (token.kind == XmlToken::Kind::Error) {
                if (!root_seen) {
                    problem = token.text;
                    return std::nullopt;
                }
                report(Severity::Error, "cbf.bad-xml", token.text + "; the rest of the file is not read", token.offset);
                break;
            }
            if (!root_seen) {
                if (token.kind == XmlToken::Kind::Text && is_blank(token.text))
                    continue;
                if (token.kind != XmlToken::Kind::StartTag || token.name != root_name) {
                    problem = "the document does not start with the element <" + std::string(root_name) + ">";
                    return std::nullopt;
                }
                root_seen = true;
                check_attributes(token, { "Version" });
                open_.push_back({ token.name, Context::Root, locations_.at(token.offset) });
                if (token.self_closing)
                    open_.clear();
                continue;
            }
            if (open_.empty()) {
                if (token.kind != XmlToken::Kind::Text || !is_blank(token.text))
                    report(
                        Severity::Warning, "cbf.stray-text", "what follows the root element is ignored", token.offset);
                break;
            }
            switch (token.kind) {
            case XmlToken::Kind::StartTag:
                if (open_.size() >= max_element_depth) {
                    report(Severity::Error, "cbf.bad-xml",
                        "elements nest more than " + std::to_string(max_element_depth)
                            + " deep; the rest of the file is not read",
                        token.offset);
                    open_.clear();
                    break;
                }
                open_element(token);
                break;
            case XmlToken::Kind::EndTag:
                if (token.name != open_.back().name) {
                    report(Severity::Error, "cbf.bad-xml",
                        "</" + token.name + "> closes <" + open_.back().name + ">; the rest of the file is not read",
                        token.offset);
                    open_.clear();
                    break;
                }
                close_element();
                break;
            case XmlToken::Kind::Text:
                add_text(token);
                break;
            case XmlToken::Kind::End:
            case XmlToken::Kind::Error:
                break;
            }
            if (open_.empty())
                break;
        }
        if (!root_seen) {
            problem = "the document has no element <" + std::string(root_name) + ">";
            return std::nullopt;
        }
        if (!open_.empty())
            report(Severity::Error, "cbf.truncated", "the file ends before <" + open_.back().name + "> is closed",
                text_.size());
        if (held_move_)
            feed_held_move(false);
        if (tree_.wants_more())
            tree_.abandon();
        if (scanner_.unknown_reference_seen())
            report(Severity::Warning, "cbf.unknown-reference",
                "a reference such as &nbsp; that XML does not define is kept as written", 0);
        if (!move_list_read_)
            report(Severity::Warning, "cbf.no-moves", "the record has no <MoveList>", 0);
        diagnostics_.finish_into(record_);
        return std::move(record_);
    }

    void CbfParser::check_attributes(const XmlToken& tag, std::initializer_list<std::string_view> known)
    {
        for (const auto& [name, value] : tag.attributes) {
            if (std::find(known.begin(), known.end(), name) != known.end())
                continue;
            if (!unknown_attribute_reported_)
                report(Severity::Warning, "cbf.unknown-attribute",
                    "the attribute " + name + "=\"" + value + "\" of <" + tag.name
                        + "> is not understood and is ignored; later ones are not reported",
                    tag.offset);
            unknown_attribute_reported_ = true;
        }
    }

    CbfParser::Context CbfParser::context_of_child(Context parent, const XmlToken& tag)
    {
        switch (parent) {
        case Context::Root:
            if (tag.name == "Head")
                return Context::Head;
            if (tag.name == "MoveList" && !move_list_read_) // a second list would be a second game
                return Context::MoveList;
            break;
        case Context::Head:
            // A head field becomes a tag of its name, which PGN must be able to carry.
            if (is_tag_name(tag.name, limits_.max_tag_name_bytes))
                return Context::HeadField;
            break;
        case Context::MoveList:
            if (tag.name == "Move")
                return Context::Move;
            break;
        case Context::HeadField:
        case Context::Move:
        case Context::Ignored:
            break;
        }
        return Context::Ignored;
    }

    void CbfParser::open_element(const XmlToken& tag)
    {
        const Context parent = open_.back().context;
        const Context context = context_of_child(parent, tag);
        if (context == Context::Ignored && parent != Context::Ignored && !unknown_element_reported_) {
            // CBF variations, whose form is unknown, would most likely show up here.
            report(Severity::Warning, "cbf.unknown-element",
                "the element <" + tag.name + "> inside <" + open_.back().name
                    + "> is not understood and is ignored; later ones are not reported",
                tag.offset);
            unknown_element_reported_ = true;
        }
        if (context == Context::MoveList)
            move_list_read_ = true;
        if (context == Context::HeadField || context == Context::Move) {
            element_text_.clear();
            element_text_cut_ = false;
        }
        if (context == Context::Move)
            check_attributes(tag, { "value", "end" });
        open_.push_back({ tag.name, context, locations_.at(tag.offset) });
        if (context == Context::Move)
            add_move(tag);
        if (tag.self_closing)
            close_element();
    }

    void CbfParser::add_text(const XmlToken& token)
    {
        const Context context = open_.back().context;
        if (context == Context::HeadField || context == Context::Move) {
            const std::size_t room = context == Context::Move ? limits_.max_comment_bytes : limits_.max_tag_value_bytes;
            if (element_text_.size() + token.text.size() > room) {
                element_text_ += utf8::prefix_of_whole_characters(token.text, room - element_text_.size());
                element_text_cut_ = true;
            } else {
                element_text_ += token.text;
            }
            return;
        }
        if (context != Context::Ignored && !is_blank(token.text) && !stray_text_reported_) {
            report(Severity::Warning, "cbf.stray-text", "text directly inside <" + open_.back().name + "> is ignored",
                token.offset);
            stray_text_reported_ = true;
        }
    }

    void CbfParser::close_element()
    {
        const OpenElement element = open_.back();
        open_.pop_back();
        if (element_text_cut_ && (element.context == Context::HeadField || element.context == Context::Move))
            report(Severity::Warning, "cbf.text-too-long",
                "the text of <" + element.name + "> is cut at "
                    + std::to_string(
                        element.context == Context::Move ? limits_.max_comment_bytes : limits_.max_tag_value_bytes)
                    + " bytes",
                element.location);
        if (element.context == Context::HeadField || element.context == Context::Move) {
            std::optional<int> control;
            std::string text = clean_text(element_text_, control);
            if (control)
                diagnostics_.add(control_character_warning(
                    "cbf.control-character", *control, "dropped from <" + element.name + ">", element.location));
            if (element.context == Context::HeadField)
                add_head_field(element.name, std::move(text), element.location);
            else if (held_move_ && !is_blank(text))
                held_move_->comment = std::move(text);
        } else if (element.context == Context::MoveList && held_move_) {
            feed_held_move(false);
        }
        // An element inside a move's text (<b/>) does not end that text.
        if (element.context == Context::HeadField || element.context == Context::Move) {
            element_text_.clear();
            element_text_cut_ = false;
        }
    }

    void CbfParser::add_head_field(const std::string& name, std::string value, const SourceLocation& location)
    {
        if (name == "FEN") {
            const std::size_t first = value.find_first_not_of(" \t\r\n");
            const std::size_t last = value.find_last_not_of(" \t\r\n");
            if (first != std::string::npos)
                record_.start_fen = LocatedText { single_line(value.substr(first, last - first + 1)), location };
            return;
        }
        std::string tag = name;
        for (const auto& [field, pgn_name] : renamed_fields)
            if (name == field)
                tag = std::string(pgn_name);
        if (tag == "Result") {
            unsigned code = 0;
            const bool numeric = value.size() == 1 && value[0] >= '0' && value[0] <= '9';
            bool known = false;
            if (numeric)
                code = static_cast<unsigned>(value[0] - '0');
            value = result_from_code(code, known);
            if (!numeric || !known)
                report(Severity::Warning, "cbf.bad-result",
                    "the RecordResult is not one of 0 to 4; the result is taken as unknown", location);
        }
        if (record_.tags.size() >= limits_.max_tags) {
            if (!too_many_fields_reported_)
                report(Severity::Warning, "cbf.too-many-fields",
                    "more than " + std::to_string(limits_.max_tags) + " head fields; the rest are ignored", location);
            too_many_fields_reported_ = true;
            return;
        }
        if (!value.empty())
            record_.tags.push_back({ std::move(tag), single_line(std::move(value)), location, location });
    }

    void CbfParser::add_move(const XmlToken& tag)
    {
        if (moves_ended_) {
            if (!after_end_reported_)
                report(Severity::Warning, "cbf.after-end",
                    "moves after the one marked end=\"1\" are ignored (how CBF writes variations is not known)",
                    tag.offset);
            after_end_reported_ = true;
            open_.back().context = Context::Ignored;
            return;
        }
        HeldMove move;
        move.offset = tag.offset;
        move.location = open_.back().location;
        for (const auto& [name, value] : tag.attributes) {
            if (name == "value")
                move.value = value;
            if (name == "end" && value == "1")
                moves_ended_ = true;
        }
        const bool first = !any_move_read_;
        any_move_read_ = true;
        move.placeholder = first && move.value == root_placeholder;
        if (held_move_) {
            feed_held_move(true);
        } else if (!move.placeholder) {
            report(Severity::Warning, "cbf.no-placeholder",
                "the first <Move> is not the \"00-00\" that stands for the start position; it is read as a move",
                move.location);
            StoredMove root;
            root.location = move.location;
            tree_.start(true, std::nullopt, root);
        }
        held_move_ = std::move(move);
    }

    void CbfParser::feed_held_move(bool another_follows)
    {
        HeldMove held = std::move(*held_move_);
        held_move_.reset();
        StoredMove stored;
        stored.location = held.location;
        if (held.placeholder) {
            tree_.start(another_follows, std::move(held.comment), stored);
            return;
        }
        if (std::optional<std::string> iccs = cbf_move_to_iccs(held.value)) {
            stored.text = std::move(*iccs);
        } else {
            // Kept as written (on one line, as long as a token may be), so that the replay stops at
            // this ply and says where.
            stored.text
                = single_line(std::string(utf8::prefix_of_whole_characters(held.value, limits_.max_token_bytes)));
            report(Severity::Error, "cbf.bad-move",
                "the move value \"" + stored.text + "\" is not two squares XY-XY (column 0-8, row 0-9)", held.location);
        }
        stored.comment = std::move(held.comment);
        stored.has_child = another_follows;
        tree_.add(std::move(stored));
    }

} // namespace

bool starts_with_cbf_root(std::string_view bytes)
{
    if (bytes.starts_with(utf8_bom))
        bytes.remove_prefix(utf8_bom.size());
    for (;;) {
        while (!bytes.empty() && is_space(bytes.front()))
            bytes.remove_prefix(1);
        std::string_view terminator;
        if (bytes.starts_with("<?"))
            terminator = "?>";
        else if (bytes.starts_with("<!--"))
            terminator = "-->";
        else if (bytes.starts_with("<!"))
            terminator = ">";
        else
            break;
        const std::size_t end = bytes.find(terminator);
        if (end == std::string_view::npos)
            return false;
        bytes.remove_prefix(end + terminator.size());
    }
    if (!bytes.starts_with("<") || !bytes.substr(1).starts_with(root_name))
        return false;
    const std::string_view after = bytes.substr(1 + root_name.size());
    return after.empty() || is_space(after.front()) || after.front() == '>' || after.front() == '/';
}

void read_cbf(std::string_view bytes, const std::string& source_name, const RecordLimits& limits, BinaryRecords& out)
{
    if (bytes.starts_with(utf8_bom))
        bytes.remove_prefix(utf8_bom.size());
    const std::optional<std::size_t> first_bad = utf8::first_invalid(bytes);
    std::string text = first_bad ? utf8::replace_invalid(bytes) : std::string(bytes);
    // XML allows no control characters but tab and line ends, and no record means a C1 one:
    // each byte of one reads as a space, so that none reaches an output and every byte offset
    // stays where it was.
    std::optional<std::size_t> first_control;
    for (std::size_t i = 0; i < text.size(); ++i)
        if (is_control_character(static_cast<unsigned char>(text[i])) && text[i] != '\r') {
            first_control = first_control.value_or(i);
            text[i] = ' ';
        } else if (c1_control_at(text, i)) {
            first_control = first_control.value_or(i);
            text[i] = ' ';
            text[++i] = ' ';
        }
    CbfParser parser(text, source_name, limits);
    if (first_control)
        parser.report(Severity::Warning, "cbf.control-character",
            "the file holds control characters, which XML does not allow (the first is here); each reads as a space",
            *first_control);
    if (first_bad)
        parser.report(Severity::Warning, "encoding.invalid-sequence",
            "the file is not well-formed UTF-8 (the first bad byte is here); each bad byte reads as U+FFFD",
            *first_bad);
    std::string problem;
    if (std::optional<GameRecord> game = parser.parse(problem)) {
        out.games.push_back(std::move(*game));
        return;
    }
    out.diagnostics.error("cbf.not-cbf", utf8::escape_for_display(problem), { source_name });
}

} // namespace xq::detail
