// The ruleset loader: each key of the JSON read by its kind and checked, every problem reported.
#include "xq/arbiter/ruleset_loader.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "xq/arbiter/enum_names.hpp"
#include "xq/arbiter/row_conditions.hpp"
#include "xq/base/utf8.hpp"

namespace xq {

namespace {

    using Json = nlohmann::json;

    // A rule book has a few hundred diagrams at most; a larger number is a typing error.
    constexpr int max_diagram_number = 9999;

    // Read as the type it was parsed as: a conversion to int would wrap.
    bool in_diagram_range(const Json& number)
    {
        if (number.is_number_unsigned())
            return number.get<std::uint64_t>() >= 1 && number.get<std::uint64_t>() <= max_diagram_number;
        return number.get<std::int64_t>() >= 1 && number.get<std::int64_t>() <= max_diagram_number;
    }

    // Rule books count the natural limit in tens of moves; thousands of plies is a typing error.
    constexpr int max_natural_limit_plies = 2000;

    // A ruleset is tens of kilobytes; anything near this is not one (or is /dev/zero).
    constexpr std::size_t max_ruleset_bytes = 4 * 1024 * 1024;

    // Follows the parser through the document, so that a problem it meets (a key given twice
    // in one object, a number out of range) can be reported with its JSON path: nlohmann's
    // parser keeps the last of duplicate keys silently, and says nothing of where a number
    // overflowed.
    class PathTracker {
    public:
        bool on_event(Json::parse_event_t event, const Json& parsed)
        {
            switch (event) {
            case Json::parse_event_t::object_start:
            case Json::parse_event_t::array_start:
                enter_value();
                frames_.emplace_back().is_object = event == Json::parse_event_t::object_start;
                break;
            case Json::parse_event_t::object_end:
            case Json::parse_event_t::array_end:
                frames_.pop_back();
                break;
            case Json::parse_event_t::key: {
                Frame& object = frames_.back();
                object.key = parsed.get<std::string>();
                if (!object.keys.insert(object.key).second && !duplicate_)
                    duplicate_ = path();
                break;
            }
            case Json::parse_event_t::value:
                enter_value();
                break;
            }
            return true;
        }

        // The path of the value being read, as a JSON pointer ("/rules/3/id").
        std::string path() const
        {
            std::string out;
            for (const Frame& f : frames_)
                out += "/" + (f.is_object ? f.key : std::to_string(f.index));
            return out;
        }

        // The path of the first key found twice in its object.
        const std::optional<std::string>& duplicate() const { return duplicate_; }

    private:
        struct Frame {
            bool is_object = false;
            std::size_t index = 0; // of an array: the element being read
            std::string key; // of an object: the key being read
            std::set<std::string> keys;
            bool started = false; // of an array: an element was read
        };

        // A value starts in the innermost array: it is that array's next element.
        void enter_value()
        {
            if (frames_.empty() || frames_.back().is_object)
                return;
            Frame& array = frames_.back();
            if (array.started)
                ++array.index;
            array.started = true;
        }

        std::vector<Frame> frames_;
        std::optional<std::string> duplicate_;
    };

    // The board's names of the pieces, as a table the readers below take.
    constexpr auto piece_names = [] {
        std::array<EnumName<PieceType>, piece_type_count> names {};
        for (int i = 0; i < piece_type_count; ++i)
            names[static_cast<std::size_t>(i)] = { piece_type_names[i], static_cast<PieceType>(i) };
        return names;
    }();

    // The languages a ruleset's texts may be written in (its "language") and translated into,
    // each a key of the rows that have texts; English first, the default.
    constexpr std::string_view text_languages[] = { "en", "zh" };

    std::string type_name(const Json& j)
    {
        switch (j.type()) {
        case Json::value_t::object:
            return "an object";
        case Json::value_t::array:
            return "an array";
        case Json::value_t::string:
            return "a string";
        case Json::value_t::boolean:
            return "a boolean";
        case Json::value_t::null:
            return "null";
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned:
            return "an integer";
        case Json::value_t::number_float:
            return "a number";
        default:
            return "a value";
        }
    }

    // A list a condition names, as the set of its values.
    template <typename E> std::optional<ValueSet> value_set(const std::optional<std::vector<E>>& list)
    {
        if (!list)
            return std::nullopt;
        ValueSet set = 0;
        for (const E value : *list)
            set |= value_bit(value);
        return set;
    }

    // Reads JSON into a RuleSet, collecting every problem with its JSON pointer.
    class Reader {
    public:
        Reader(std::string source, Diagnostics& diagnostics)
            : source_(std::move(source))
            , diagnostics_(diagnostics)
        {
        }

        // The message quotes keys and values from the file, where JSON escapes can put any
        // control character: they are shown escaped, never passed to a terminal.
        void error(std::string_view code, const std::string& path, const std::string& message)
        {
            diagnostics_.error(std::string(code),
                utf8::escape_for_display("at " + (path.empty() ? std::string("/") : path) + ": " + message),
                { source_, 0, 0 });
            ++errors_;
        }
        int errors() const { return errors_; }

        // Reports an id that `seen` already holds; `what` names the kind of row.
        void unique_id(
            std::set<std::string>& seen, const std::string& id, const std::string& path, std::string_view what)
        {
            if (!id.empty() && !seen.insert(id).second)
                error("ruleset.bad-value", path + "/id", std::string(what) + " '" + id + "' is defined twice");
        }

        // Checks that j is an object holding only the given keys, and that the required ones
        // are there.
        bool object(const Json& j, const std::string& path, const std::vector<std::string_view>& keys,
            const std::vector<std::string_view>& required = {})
        {
            if (!j.is_object()) {
                error("ruleset.type", path, "expected an object, found " + type_name(j));
                return false;
            }
            for (const auto& [key, value] : j.items()) {
                if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
                    std::string allowed;
                    for (const std::string_view k : keys)
                        allowed += (allowed.empty() ? "" : ", ") + std::string(k);
                    error("ruleset.unknown-key", path + "/" + key,
                        "unknown key '" + key + "' (allowed: " + allowed + ")");
                }
            }
            for (const std::string_view key : required)
                if (!j.contains(key))
                    error("ruleset.missing-key", path, "missing key '" + std::string(key) + "'");
            return true;
        }

        std::string string(const Json& j, std::string_view key, const std::string& path)
        {
            if (!j.contains(key))
                return {};
            const Json& v = j.at(key);
            if (!v.is_string()) {
                error("ruleset.type", path + "/" + std::string(key), "expected a string, found " + type_name(v));
                return {};
            }
            return v.get<std::string>();
        }

        std::optional<bool> boolean(const Json& j, std::string_view key, const std::string& path)
        {
            if (!j.contains(key))
                return std::nullopt;
            const Json& v = j.at(key);
            if (!v.is_boolean()) {
                error("ruleset.type", path + "/" + std::string(key), "expected true or false, found " + type_name(v));
                return std::nullopt;
            }
            return v.get<bool>();
        }

        std::optional<int> integer(const Json& j, std::string_view key, const std::string& path, int low, int high)
        {
            if (!j.contains(key))
                return std::nullopt;
            const Json& v = j.at(key);
            const std::string where = path + "/" + std::string(key);
            if (!v.is_number_integer()) {
                error("ruleset.type", where, "expected an integer, found " + type_name(v));
                return std::nullopt;
            }
            const auto n = v.get<long long>();
            if (n < low || n > high) {
                error("ruleset.bad-value", where,
                    std::to_string(n) + " is out of range " + std::to_string(low) + ".." + std::to_string(high));
                return std::nullopt;
            }
            return static_cast<int>(n);
        }

        // The enum a name table names.
        template <typename Names>
        using named_enum = std::remove_cvref_t<decltype(std::begin(std::declval<const Names&>())->value)>;

        template <typename Names, typename E = named_enum<Names>>
        std::optional<E> enumerated(const Json& v, const std::string& path, const Names& names, std::string_view what)
        {
            if (!v.is_string()) {
                error("ruleset.type", path, "expected a " + std::string(what) + " name, found " + type_name(v));
                return std::nullopt;
            }
            const std::string s = v.get<std::string>();
            for (const auto& n : names)
                if (n.name == s)
                    return n.value;
            std::string allowed;
            for (const auto& n : names)
                allowed += (allowed.empty() ? "" : ", ") + std::string(n.name);
            error(
                "ruleset.bad-value", path, "unknown " + std::string(what) + " '" + s + "' (allowed: " + allowed + ")");
            return std::nullopt;
        }

        template <typename Names, typename E = named_enum<Names>>
        std::optional<std::vector<E>> enum_list(
            const Json& j, std::string_view key, const std::string& path, const Names& names, std::string_view what)
        {
            if (!j.contains(key))
                return std::nullopt;
            const Json& v = j.at(key);
            const std::string where = path + "/" + std::string(key);
            if (!v.is_array()) {
                error("ruleset.type", where,
                    "expected an array of " + std::string(what) + " names, found " + type_name(v));
                return std::nullopt;
            }
            std::vector<E> out;
            for (std::size_t i = 0; i < v.size(); ++i)
                if (const auto e = enumerated(v[i], where + "/" + std::to_string(i), names, what))
                    out.push_back(*e);
            return out;
        }

        // The language the ruleset's own texts are in (its "language" key).
        void set_language(std::string_view language) { language_ = language; }

        // A row's texts: each key's text in the ruleset's language into its field, and what
        // the row gives in other languages, an object per language holding some of the keys.
        // A row holds its English texts as its own whatever the file's language, and the rest
        // as translations, so that a ruleset written in Chinese with English beside it reads
        // as one written in English with Chinese beside it; a text with no English stays in
        // the file's language.
        Translations texts(const Json& j, const std::string& path,
            std::initializer_list<std::pair<std::string_view, std::string*>> fields)
        {
            std::vector<std::string_view> keys;
            for (const auto& [key, field] : fields) {
                *field = string(j, key, path);
                keys.push_back(key);
            }
            Translations out;
            for (const std::string_view language : text_languages) {
                if (!j.contains(language))
                    continue;
                const std::string where = path + "/" + std::string(language);
                if (language == language_) {
                    error("ruleset.bad-value", where,
                        "the ruleset's texts are in '" + language_
                            + "' already (its \"language\"); a translation is under another language's code");
                    continue;
                }
                const Json& texts = j.at(language);
                if (!object(texts, where, keys))
                    continue;
                for (const std::string_view key : keys)
                    if (std::string text = string(texts, key, where); !text.empty())
                        out[std::string(language)][std::string(key)] = std::move(text);
            }
            if (language_ == "en")
                return out;
            std::map<std::string, std::string, std::less<>> english;
            if (const auto given = out.find("en"); given != out.end()) {
                english = std::move(given->second);
                out.erase(given);
            }
            for (const auto& [key, field] : fields) {
                std::string own = std::move(*field);
                const auto in_english = english.find(key);
                *field = in_english != english.end() ? in_english->second : own;
                if (!own.empty())
                    out[language_][std::string(key)] = std::move(own);
            }
            return out;
        }

        ReadingGuard guard(const Json& j, const std::string& path)
        {
            ReadingGuard g { string(j, "reading", path), string(j, "unless_reading", path) };
            for (const auto& [name, key] :
                { std::pair { g.reading, "reading" }, { g.unless_reading, "unless_reading" } })
                if (!name.empty())
                    guarded_.push_back({ name, path + "/" + key });
            return g;
        }

        void rule_reference(const std::string& id, const std::string& path)
        {
            if (!id.empty())
                references_.push_back({ id, path });
        }

        // Checks the references collected while reading against what the file defines.
        void check_references(const RuleSet& rs)
        {
            for (const auto& [id, path] : references_)
                if (!rs.find_rule(id))
                    error(
                        "ruleset.unknown-rule", path, "refers to rule '" + id + "', which the ruleset does not define");
            for (const ClassificationNeed* need : classification_needs())
                for (const auto& [needing, path] : needing_)
                    if (needing == need && !need->given(rs.classification))
                        error("ruleset.bad-value", path, std::string(need->unmet));
            for (const auto& guard : guarded_) {
                const std::string& name = guard.first;
                if (std::none_of(
                        rs.readings.begin(), rs.readings.end(), [&](const Reading& r) { return r.name == name; }))
                    error("ruleset.bad-value", guard.second,
                        "unknown reading '" + name + "' (declare it under /readings)");
            }
        }

        ThreatCondition threat_condition(const Json& j, const std::string& path)
        {
            ThreatCondition c;
            std::vector<std::string_view> names;
            for (const ThreatConditionKey& key : threat_condition_keys())
                names.push_back(key.name);
            if (!object(j, path, names))
                return c;
            for (const ThreatConditionKey& key : threat_condition_keys()) {
                const std::optional<ValueSet> accepted = values(j, key, path);
                if (!accepted)
                    continue;
                c.name(key, *accepted);
                if (key.needs)
                    needing_.push_back({ key.needs, path + "/" + std::string(key.name) });
            }
            return c;
        }

        // The values a row names for a key, as a set; none when it does not name the key or
        // names it wrongly.
        std::optional<ValueSet> values(const Json& j, const ThreatConditionKey& key, const std::string& path)
        {
            switch (key.kind) {
            case ConditionKind::Boolean: {
                const std::optional<bool> wanted = boolean(j, key.name, path);
                return wanted ? std::optional(value_bit(*wanted)) : std::nullopt;
            }
            case ConditionKind::Pieces:
                return value_set(enum_list(j, key.name, path, piece_names, "piece"));
            case ConditionKind::Origins:
                return value_set(enum_list(j, key.name, path, origin_names, "threat origin"));
            case ConditionKind::Protections:
                return value_set(enum_list(j, key.name, path, protection_names, "protection"));
            case ConditionKind::Restrictions:
                return value_set(enum_list(j, key.name, path, restriction_names, "restriction"));
            case ConditionKind::Gains:
                return value_set(enum_list(j, key.name, path, gain_names, "gain"));
            }
            return std::nullopt;
        }

        std::vector<MoveClass> kinds(const Json& j, std::string_view key, const std::string& path)
        {
            return enum_list(j, key, path, move_class_names, "move class").value_or(std::vector<MoveClass> {});
        }

        // The keys of a condition table that `j` names, each read by its kind and stored in `row`.
        template <typename Row, typename Context>
        void conditions(
            const Json& j, const std::string& path, std::span<const RowConditionKey<Row, Context>> keys, Row& row)
        {
            for (const RowConditionKey<Row, Context>& key : keys)
                if (std::optional<RowConditionValue> value = condition_value(j, key.name, key.kind, path))
                    key.set(row, std::move(*value));
        }

        template <typename Row, typename Context>
        static std::vector<std::string_view> names_of(std::span<const RowConditionKey<Row, Context>> keys)
        {
            std::vector<std::string_view> names;
            for (const RowConditionKey<Row, Context>& key : keys)
                names.push_back(key.name);
            return names;
        }

        // What `j` gives for a key of a condition table; none when it does not name the key or
        // names it wrongly.
        std::optional<RowConditionValue> condition_value(
            const Json& j, std::string_view key, RowConditionKind kind, const std::string& path)
        {
            if (!j.contains(key))
                return std::nullopt;
            switch (kind) {
            case RowConditionKind::Boolean:
                if (const std::optional<bool> b = boolean(j, key, path))
                    return *b;
                return std::nullopt;
            case RowConditionKind::Grade:
                if (const std::optional<int> n = integer(j, key, path, 1, 9))
                    return *n;
                return std::nullopt;
            case RowConditionKind::MoveClasses:
                if (auto classes = enum_list(j, key, path, move_class_names, "move class"))
                    return std::move(*classes);
                return std::nullopt;
            case RowConditionKind::Pieces:
                if (auto pieces = enum_list(j, key, path, piece_names, "piece"))
                    return std::move(*pieces);
                return std::nullopt;
            case RowConditionKind::Tags: {
                std::vector<std::string> names = tags(j, key, path);
                for (std::size_t i = 0; i < names.size(); ++i)
                    tag_uses_.push_back({ names[i], path + "/" + std::string(key) + "/" + std::to_string(i) });
                return names;
            }
            case RowConditionKind::ConductName:
                return string(j, key, path);
            }
            return std::nullopt;
        }

        ConductCondition conduct_condition(const Json& j, const std::string& path)
        {
            ConductCondition c;
            if (!object(j, path, names_of(conduct_condition_keys())))
                return c;
            conditions(j, path, conduct_condition_keys(), c);
            if (c.several_attackers && !c.same_target)
                error("ruleset.bad-value", path + "/several_attackers", "needs same_target: true");
            return c;
        }

        // A list of tag names (lower case, digits and underscores).
        std::vector<std::string> tags(const Json& j, std::string_view key, const std::string& path)
        {
            std::vector<std::string> out;
            if (!j.contains(key))
                return out;
            const Json& v = j.at(key);
            const std::string where = path + "/" + std::string(key);
            if (!v.is_array()) {
                error("ruleset.type", where, "expected an array of tags, found " + type_name(v));
                return out;
            }
            for (std::size_t i = 0; i < v.size(); ++i) {
                const std::string at = where + "/" + std::to_string(i);
                if (!v[i].is_string()) {
                    error("ruleset.type", at, "expected a tag, found " + type_name(v[i]));
                    continue;
                }
                const std::string tag = v[i].get<std::string>();
                if (tag.empty() || !std::all_of(tag.begin(), tag.end(), [](char ch) {
                        return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_';
                    }))
                    error("ruleset.bad-value", at, "'" + tag + "' is no tag: lower-case letters, digits and _ only");
                else
                    out.push_back(tag);
            }
            return out;
        }

        // Every tag a conduct looks for must be given by some chase row: a misspelt tag would
        // never match.
        void check_tags(const RuleSet& rs)
        {
            for (const auto& use : tag_uses_) {
                const std::string& tag = use.first;
                if (std::none_of(rs.chase_rules.begin(), rs.chase_rules.end(), [&](const ChaseRule& c) {
                        return std::find(c.tags.begin(), c.tags.end(), tag) != c.tags.end();
                    }))
                    error("ruleset.bad-value", use.second, "no chase row has the tag '" + tag + "'");
            }
        }

    private:
        std::string source_;
        Diagnostics& diagnostics_;
        int errors_ = 0;
        std::string language_ = "en";
        std::vector<std::pair<std::string, std::string>> references_;
        std::vector<std::pair<std::string, std::string>> guarded_;
        std::vector<std::pair<std::string, std::string>> tag_uses_;
        // Conditions on facts computed only under some option, with their paths.
        std::vector<std::pair<const ClassificationNeed*, std::string>> needing_;
    };

    template <typename F> void each(Reader& r, const Json& root, std::string_view key, F&& read)
    {
        if (!root.contains(key))
            return;
        const Json& list = root.at(key);
        const std::string path = "/" + std::string(key);
        if (!list.is_array()) {
            r.error("ruleset.type", path, "expected an array, found " + type_name(list));
            return;
        }
        for (std::size_t i = 0; i < list.size(); ++i)
            read(list[i], path + "/" + std::to_string(i));
    }

    // When a ruling is made and when a violator loses.
    void read_repetition(Reader& r, const Json& root, RuleSet& rs)
    {
        if (root.contains("repetition")) {
            const Json& j = root["repetition"];
            const std::string path = "/repetition";
            if (r.object(j, path,
                    { "ruling_at_occurrence", "violator_loses_at_occurrence", "loss_rule", "draw_rule", "judged_span" },
                    { "ruling_at_occurrence", "violator_loses_at_occurrence", "loss_rule", "draw_rule" })) {
                rs.repetition.ruling_at_occurrence = r.integer(j, "ruling_at_occurrence", path, 2, 10).value_or(2);
                rs.repetition.violator_loses_at_occurrence
                    = r.integer(j, "violator_loses_at_occurrence", path, 2, 20).value_or(4);
                if (rs.repetition.violator_loses_at_occurrence < rs.repetition.ruling_at_occurrence)
                    r.error("ruleset.bad-value", path + "/violator_loses_at_occurrence",
                        "must not be less than ruling_at_occurrence");
                rs.repetition.loss_rule = r.string(j, "loss_rule", path);
                rs.repetition.draw_rule = r.string(j, "draw_rule", path);
                if (j.contains("judged_span"))
                    rs.repetition.judged_span
                        = r.enumerated(j["judged_span"], path + "/judged_span", span_names, "span")
                              .value_or(JudgedSpan::FirstCycle);
                r.rule_reference(rs.repetition.loss_rule, path + "/loss_rule");
                r.rule_reference(rs.repetition.draw_rule, path + "/draw_rule");
            }
        }
    }

    // The natural move limit, when the rule book sets one.
    void read_limits(Reader& r, const Json& root, RuleSet& rs)
    {
        if (root.contains("limits")) {
            const Json& j = root["limits"];
            const std::string path = "/limits";
            if (r.object(j, path, { "natural_limit_plies", "checks_counted_per_side", "rule" },
                    { "natural_limit_plies", "rule" })) {
                NaturalLimit limit;
                limit.plies = r.integer(j, "natural_limit_plies", path, 2, max_natural_limit_plies).value_or(0);
                // Books count the limit in moves of each side: a whole number of rounds.
                if (limit.plies % 2 != 0)
                    r.error("ruleset.bad-value", path + "/natural_limit_plies",
                        "must be even (moves of each side, two plies to a move)");
                limit.checks_counted_per_side
                    = r.integer(j, "checks_counted_per_side", path, 0, max_natural_limit_plies);
                limit.rule = r.string(j, "rule", path);
                r.rule_reference(limit.rule, path + "/rule");
                if (limit.plies > 0)
                    rs.natural_limit = std::move(limit);
            }
        }
    }

    // The rules behind what the board decides.
    void read_board(Reader& r, const Json& root, RuleSet& rs)
    {
        if (root.contains("board")) {
            const Json& j = root["board"];
            const std::string path = "/board";
            if (r.object(j, path, { "first_mover_rule", "flying_general_rule", "checkmate_rule", "stalemate_rule" },
                    { "first_mover_rule", "flying_general_rule", "checkmate_rule", "stalemate_rule" })) {
                BoardRules& b = rs.board;
                for (auto [field, key] : { std::pair { &b.first_mover_rule, "first_mover_rule" },
                         { &b.flying_general_rule, "flying_general_rule" }, { &b.checkmate_rule, "checkmate_rule" },
                         { &b.stalemate_rule, "stalemate_rule" } }) {
                    *field = r.string(j, key, path);
                    r.rule_reference(*field, path + "/" + key);
                }
            }
        }
    }

    const ClassificationKey& classification_key(std::string_view name)
    {
        const auto& keys = classification_keys();
        const auto key
            = std::find_if(keys.begin(), keys.end(), [&](const ClassificationKey& k) { return k.name == name; });
        if (key == keys.end())
            throw std::logic_error("no classification key " + std::string(name));
        return *key;
    }

    bool is_switch(const ClassificationKey& key) { return std::holds_alternative<OptionField<bool>>(key.field); }

    // Whether the key is on: a switch true, a number given and at least its `on_from`. The options
    // are a copy: a key reaches its field through a function that could write it.
    bool is_on(ClassifierOptions c, std::string_view name)
    {
        const ClassificationKey& key = classification_key(name);
        if (const auto* flag = std::get_if<OptionField<bool>>(&key.field))
            return (*flag)(c);
        if (const auto* number = std::get_if<OptionField<int>>(&key.field))
            return (*number)(c) >= key.on_from;
        const std::optional<int>& given = std::get<OptionField<std::optional<int>>>(key.field)(c);
        return given && *given >= key.on_from;
    }

    // As "new_threats.capture_made_safe: true and kill.depth of 1 or more", "a or b: true", or "a of 2 or
    // more or b: true".
    std::string describe_needs(const std::vector<std::vector<std::string_view>>& needs)
    {
        const auto wants = [](std::string_view name) {
            const ClassificationKey& key = classification_key(name);
            return is_switch(key) ? std::string(": true") : " of " + std::to_string(key.on_from) + " or more";
        };
        std::string text;
        for (const auto& group : needs) {
            if (!text.empty())
                text += " and ";
            const bool all_switches = std::all_of(
                group.begin(), group.end(), [](std::string_view name) { return is_switch(classification_key(name)); });
            for (std::size_t i = 0; i < group.size(); ++i) {
                text += (i == 0 ? "" : " or ") + std::string(group[i]);
                if (!all_switches)
                    text += wants(group[i]);
            }
            if (all_switches)
                text += wants(group.front());
        }
        return text;
    }

    // A key's group, the sub-object of `classification` it stands in ("kill" of "kill.depth"), and
    // its name there ("depth").
    std::string_view group_of(std::string_view name) { return name.substr(0, name.find('.')); }
    std::string_view key_in_group(std::string_view name) { return name.substr(name.find('.') + 1); }

    // The parameters of the move facts: piece_worth, and a sub-object per topic.
    void read_classification(Reader& r, const Json& root, RuleSet& rs)
    {
        if (!root.contains("classification"))
            return;
        const Json& j = root["classification"];
        const std::string path = "/classification";
        ClassifierOptions& c = rs.classification;
        std::vector<std::string_view> groups;
        for (const ClassificationKey& key : classification_keys())
            if (std::find(groups.begin(), groups.end(), group_of(key.name)) == groups.end())
                groups.push_back(group_of(key.name));
        std::vector<std::string_view> names = groups;
        names.push_back("piece_worth");
        if (!r.object(j, path, names))
            return;
        for (const std::string_view group : groups) {
            if (!j.contains(std::string(group)))
                continue;
            const Json& g = j[std::string(group)];
            const std::string group_path = path + "/" + std::string(group);
            std::vector<std::string_view> keys;
            for (const ClassificationKey& key : classification_keys())
                if (group_of(key.name) == group)
                    keys.push_back(key_in_group(key.name));
            if (group == "material")
                keys.push_back("takers");
            if (!r.object(g, group_path, keys))
                continue;
            for (const ClassificationKey& key : classification_keys()) {
                if (group_of(key.name) != group)
                    continue;
                const std::string_view name = key_in_group(key.name);
                if (const auto* flag = std::get_if<OptionField<bool>>(&key.field)) {
                    bool& value = (*flag)(c);
                    value = r.boolean(g, name, group_path).value_or(value);
                    if (g.contains(std::string(name)))
                        for (const KeyPart& part : key.parts)
                            part.field(c) = part.inverted ? !value : value;
                } else if (const auto* number = std::get_if<OptionField<int>>(&key.field)) {
                    int& value = (*number)(c);
                    value = r.integer(g, name, group_path, key.low, key.high).value_or(value);
                } else
                    std::get<OptionField<std::optional<int>>>(key.field)(c)
                        = r.integer(g, name, group_path, key.low, key.high);
            }
            if (group != "material")
                continue;
            if (const auto takers = r.enum_list(g, "takers", group_path, piece_names, "piece")) {
                c.check_capture.takers.fill(false);
                for (const PieceType type : *takers)
                    c.check_capture.takers[index(type)] = true;
                c.material.sequence_takers = c.check_capture.takers;
            }
        }
        for (const ClassificationKey& key : classification_keys()) {
            if (key.needs.empty())
                continue;
            const bool needs_met = std::all_of(key.needs.begin(), key.needs.end(), [&](const auto& group) {
                return std::any_of(group.begin(), group.end(), [&](std::string_view name) { return is_on(c, name); });
            });
            if (!needs_met && is_on(c, key.name))
                r.error("ruleset.bad-value",
                    path + "/" + std::string(group_of(key.name)) + "/" + std::string(key_in_group(key.name)),
                    "needs " + describe_needs(key.needs));
        }
        if (j.contains("piece_worth")) {
            const Json& worth = j["piece_worth"];
            const std::string worth_path = path + "/piece_worth";
            std::vector<std::string_view> kinds;
            for (const auto& [name, type] : piece_names)
                if (type != PieceType::King)
                    kinds.push_back(name);
            if (r.object(worth, worth_path, kinds, kinds))
                for (const auto& [name, type] : piece_names)
                    if (type != PieceType::King)
                        c.piece_worth[index(type)] = r.integer(worth, name, worth_path, 0, 100).value_or(0);
        }
    }

    // The contested readings that rows may depend on.
    void read_readings(Reader& r, const Json& root, RuleSet& rs)
    {
        if (root.contains("readings")) {
            const Json& j = root["readings"];
            if (!j.is_object()) {
                r.error("ruleset.type", "/readings", "expected an object, found " + type_name(j));
            } else {
                for (const auto& [name, value] : j.items()) {
                    const std::string path = "/readings/" + name;
                    if (!r.object(value, path, { "enabled", "description", "en", "zh" }, { "enabled", "description" }))
                        continue;
                    Reading& reading = rs.readings.emplace_back();
                    reading.name = name;
                    reading.enabled = r.boolean(value, "enabled", path).value_or(false);
                    reading.translations = r.texts(value, path, { { "description", &reading.description } });
                }
            }
        }
    }

    // Which threats count as chases.
    void read_chase_rules(Reader& r, const Json& root, RuleSet& rs)
    {
        each(r, root, "chase_rules", [&](const Json& j, const std::string& path) {
            if (!r.object(j, path,
                    { "rule", "if", "counts", "grade", "tags", "description", "en", "zh", "reading", "unless_reading" },
                    { "rule", "counts" }))
                return;
            ChaseRule c;
            c.rule = r.string(j, "rule", path);
            r.rule_reference(c.rule, path + "/rule");
            if (j.contains("if"))
                c.condition = r.threat_condition(j["if"], path + "/if");
            c.counts = r.boolean(j, "counts", path).value_or(true);
            c.grade = r.integer(j, "grade", path, 1, 9).value_or(1);
            c.tags = r.tags(j, "tags", path);
            c.translations = r.texts(j, path, { { "description", &c.description } });
            c.guard = r.guard(j, path);
            rs.chase_rules.push_back(std::move(c));
        });
    }

    // Moves the book classes otherwise than their facts.
    void read_move_rules(Reader& r, const Json& root, RuleSet& rs)
    {
        each(r, root, "move_rules", [&](const Json& j, const std::string& path) {
            if (!r.object(j, path, { "rule", "if", "classes", "description", "en", "zh" }, { "rule", "classes" }))
                return;
            MoveRule m;
            m.rule = r.string(j, "rule", path);
            r.rule_reference(m.rule, path + "/rule");
            if (j.contains("if")) {
                const Json& c = j["if"];
                const std::string where = path + "/if";
                if (r.object(c, where, Reader::names_of(move_rule_condition_keys())))
                    r.conditions(c, where, move_rule_condition_keys(), m.condition);
            }
            m.classes = r.kinds(j, "classes", path);
            if (m.classes.empty())
                r.error("ruleset.bad-value", path + "/classes", "needs at least one move class");
            m.translations = r.texts(j, path, { { "description", &m.description } });
            rs.move_rules.push_back(std::move(m));
        });
    }

    // The book's words for moves, the heaviest first.
    void read_move_terms(Reader& r, const Json& root, RuleSet& rs)
    {
        each(r, root, "move_terms", [&](const Json& j, const std::string& path) {
            if (!r.object(j, path, { "classes", "term", "rule", "en", "zh" }, { "classes", "term", "rule" }))
                return;
            MoveTerm t;
            t.classes = r.kinds(j, "classes", path);
            if (t.classes.empty())
                r.error("ruleset.bad-value", path + "/classes", "needs at least one move class");
            t.translations = r.texts(j, path, { { "term", &t.term } });
            t.rule = r.string(j, "rule", path);
            r.rule_reference(t.rule, path + "/rule");
            rs.move_terms.push_back(std::move(t));
        });
        if (!rs.move_terms.empty() && std::none_of(rs.move_terms.begin(), rs.move_terms.end(), [](const MoveTerm& t) {
                return std::find(t.classes.begin(), t.classes.end(), MoveClass::Idle) != t.classes.end();
            }))
            r.error("ruleset.bad-value", "/move_terms", "needs a row for idle, so that every move has a term");
    }

    // What a side's moves amount to.
    void read_conducts(Reader& r, const Json& root, RuleSet& rs)
    {
        std::set<std::string> conduct_ids;
        each(r, root, "conducts", [&](const Json& j, const std::string& path) {
            if (!r.object(j, path,
                    { "id", "rule", "cite_chase_rules", "forbidden", "rank", "loses_at_once", "if", "description", "en",
                        "zh", "reading", "unless_reading" },
                    { "id", "forbidden", "description" }))
                return;
            Conduct c;
            c.id = r.string(j, "id", path);
            r.unique_id(conduct_ids, c.id, path, "conduct");
            if (c.id == "forbidden" || c.id == "allowed" || c.id == "any")
                r.error("ruleset.bad-value", path + "/id", "'" + c.id + "' is reserved for the verdict table");
            c.rule = r.string(j, "rule", path);
            r.rule_reference(c.rule, path + "/rule");
            c.cite_chase_rules = r.boolean(j, "cite_chase_rules", path).value_or(false);
            if (c.rule.empty() && !c.cite_chase_rules)
                r.error("ruleset.missing-key", path, "a conduct needs a rule, or cite_chase_rules: true");
            c.forbidden = r.boolean(j, "forbidden", path).value_or(false);
            c.rank = r.integer(j, "rank", path, 0, 9).value_or(0);
            c.loses_at_once = r.boolean(j, "loses_at_once", path).value_or(false);
            if (c.loses_at_once && !c.forbidden)
                r.error("ruleset.bad-value", path + "/loses_at_once", "only a forbidden conduct can lose");
            c.translations = r.texts(j, path, { { "description", &c.description } });
            c.guard = r.guard(j, path);
            if (j.contains("if"))
                c.condition = r.conduct_condition(j["if"], path + "/if");
            rs.conducts.push_back(std::move(c));
        });
        if (rs.conducts.empty() && root.contains("conducts"))
            r.error("ruleset.bad-value", "/conducts", "needs at least one conduct");
    }

    // The verdict table; its rows name conducts read before it.
    void read_verdicts(Reader& r, const Json& root, RuleSet& rs)
    {
        std::set<std::string> verdict_ids;
        each(r, root, "verdicts", [&](const Json& j, const std::string& path) {
            if (!r.object(j, path,
                    { "id", "rule", "side", "other", "graver", "outcome", "description", "en", "zh", "reading",
                        "unless_reading" },
                    { "id", "side", "other", "outcome", "description" }))
                return;
            VerdictRow v;
            v.id = r.string(j, "id", path);
            r.unique_id(verdict_ids, v.id, path, "verdict row");
            v.rule = r.string(j, "rule", path);
            v.translations = r.texts(j, path, { { "description", &v.description } });
            r.rule_reference(v.rule, path + "/rule");
            r.conditions(j, path, verdict_condition_keys(), v);
            for (const auto& [name, key] : { std::pair { v.side, "side" }, { v.other, "other" } })
                if (name != "forbidden" && name != "allowed" && name != "any" && !rs.find_conduct(name))
                    r.error("ruleset.bad-value", path + "/" + key,
                        "'" + name + "' is no conduct of this ruleset, nor forbidden, allowed or any");
            if (j.contains("outcome"))
                v.outcome = r.enumerated(j["outcome"], path + "/outcome", verdict_outcome_names, "outcome")
                                .value_or(VerdictOutcome::Draw);
            v.guard = r.guard(j, path);
            rs.verdicts.push_back(std::move(v));
        });
    }

    // The rule texts that rulings cite.
    void read_rules(Reader& r, const Json& root, RuleSet& rs)
    {
        std::set<std::string> rule_ids;
        each(r, root, "rules", [&](const Json& j, const std::string& path) {
            if (!r.object(j, path, { "id", "kind", "number", "title", "text", "diagrams", "en", "zh" },
                    { "id", "number", "title", "text" }))
                return;
            RuleText t;
            t.id = r.string(j, "id", path);
            if (j.contains("kind"))
                t.kind = r.enumerated(j["kind"], path + "/kind", rule_kind_names, "rule kind").value_or(RuleKind::Rule);
            r.unique_id(rule_ids, t.id, path, "rule");
            t.translations = r.texts(j, path, { { "number", &t.number }, { "title", &t.title }, { "text", &t.text } });
            if (j.contains("diagrams")) {
                const Json& d = j["diagrams"];
                if (!d.is_array()) {
                    r.error("ruleset.type", path + "/diagrams",
                        "expected an array of diagram numbers, found " + type_name(d));
                } else {
                    for (std::size_t i = 0; i < d.size(); ++i) {
                        const std::string where = path + "/diagrams/" + std::to_string(i);
                        if (!d[i].is_number_integer())
                            r.error("ruleset.type", where, "expected a diagram number, found " + type_name(d[i]));
                        else if (!in_diagram_range(d[i]))
                            r.error("ruleset.bad-value", where,
                                d[i].dump() + " is out of range 1.." + std::to_string(max_diagram_number));
                        else
                            t.diagrams.push_back(d[i].get<int>());
                    }
                }
            }
            rs.rules.push_back(std::move(t));
        });
    }

} // namespace

std::optional<RuleSet> parse_ruleset(std::string_view json_text, const std::string& source, Diagnostics& diagnostics)
{
    // The parser stops at a NUL as at the end of the text, and would ignore what follows.
    if (const std::size_t nul = json_text.find('\0'); nul != std::string_view::npos) {
        const utf8::LineColumn at = utf8::line_column_of(json_text, nul);
        diagnostics.error("ruleset.syntax", "not valid JSON: a NUL byte", { source, at.line, at.column });
        return std::nullopt;
    }
    Json root;
    PathTracker tracker;
    try {
        root = Json::parse(json_text,
            [&tracker](int, Json::parse_event_t event, Json& parsed) { return tracker.on_event(event, parsed); });
    } catch (const Json::parse_error& e) {
        // e.byte counts from 1.
        const utf8::LineColumn at = utf8::line_column_of(json_text, e.byte == 0 ? 0 : e.byte - 1);
        std::string message = e.what();
        const std::size_t colon = message.find("error: ");
        // nlohmann quotes the bytes it last read, which may be anything.
        diagnostics.error("ruleset.syntax",
            utf8::escape_for_display(
                "not valid JSON: " + (colon == std::string::npos ? message : message.substr(colon + 7))),
            { source, at.line, at.column });
        return std::nullopt;
    } catch (const Json::exception& e) {
        // A number beyond the range of a double (1e400) is the one problem met here.
        std::string message = e.what();
        const std::size_t bracket = message.find("] ");
        diagnostics.error("ruleset.syntax",
            utf8::escape_for_display("at " + (tracker.path().empty() ? std::string("/") : tracker.path())
                + ": not valid JSON: " + (bracket == std::string::npos ? message : message.substr(bracket + 2))),
            { source, 0, 0 });
        return std::nullopt;
    }
    if (tracker.duplicate()) {
        diagnostics.error("ruleset.duplicate-key",
            utf8::escape_for_display(
                "at " + *tracker.duplicate() + ": the key is given twice in its object (a reader would keep only one)"),
            { source, 0, 0 });
        return std::nullopt;
    }

    Reader r(source, diagnostics);
    RuleSet rs;
    rs.source = source;
    if (!r.object(root, "",
            { "id", "language", "title", "short_title", "edition", "translation_note", "en", "zh", "repetition",
                "board", "classification", "limits", "readings", "chase_rules", "move_rules", "move_terms", "conducts",
                "verdicts", "rules" },
            { "id", "title", "edition", "repetition", "board", "chase_rules", "conducts", "verdicts", "rules" }))
        return std::nullopt;
    rs.id = r.string(root, "id", "");
    // A value that is no string is reported by r.string, and the texts are then read as English.
    const std::string language = r.string(root, "language", "");
    if (root.contains("language") && root["language"].is_string()) {
        std::string known;
        for (const std::string_view code : text_languages)
            known += (known.empty() ? "" : ", ") + std::string(code);
        if (std::find(std::begin(text_languages), std::end(text_languages), language) != std::end(text_languages)) {
            r.set_language(language);
            rs.language = language;
        } else
            r.error("ruleset.bad-value", "/language", "unknown language '" + language + "' (known: " + known + ")");
    }
    rs.translations = r.texts(root, "",
        { { "title", &rs.title }, { "short_title", &rs.short_title }, { "edition", &rs.edition },
            { "translation_note", &rs.translation_note } });

    read_repetition(r, root, rs);
    read_board(r, root, rs);
    read_classification(r, root, rs);
    read_limits(r, root, rs);
    read_readings(r, root, rs);
    read_chase_rules(r, root, rs);
    read_move_rules(r, root, rs);
    read_move_terms(r, root, rs);
    read_conducts(r, root, rs);
    read_verdicts(r, root, rs);
    read_rules(r, root, rs);
    r.check_references(rs);
    r.check_tags(rs);
    if (r.errors() > 0)
        return std::nullopt;
    return rs;
}

std::optional<RuleSet> load_ruleset_file(const std::filesystem::path& file, Diagnostics& diagnostics)
{
    const std::string shown_name = utf8::escape_for_display(file.native());
    std::error_code error;
    if (std::filesystem::is_directory(file, error)) {
        diagnostics.error("io.open", "cannot read a directory as a ruleset", { shown_name, 0, 0 });
        return std::nullopt;
    }
    errno = 0;
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        const int reason = errno;
        diagnostics.error("io.open",
            "cannot open the ruleset" + (reason != 0 ? ": " + std::string(std::strerror(reason)) : std::string()),
            { shown_name, 0, 0 });
        return std::nullopt;
    }
    // Read one byte past the limit, to tell a file at the limit from a larger one; a piece at a
    // time, as a buffer of the limit's size cost a thousand page faults at every start.
    std::string text;
    std::array<char, 64 * 1024> piece;
    while (text.size() <= max_ruleset_bytes && in) {
        in.read(
            piece.data(), static_cast<std::streamsize>(std::min(piece.size(), max_ruleset_bytes + 1 - text.size())));
        text.append(piece.data(), static_cast<std::size_t>(in.gcount()));
    }
    if (in.bad()) {
        diagnostics.error("io.read", "cannot read the ruleset", { shown_name, 0, 0 });
        return std::nullopt;
    }
    if (text.size() > max_ruleset_bytes) {
        diagnostics.error("ruleset.too-large",
            "the ruleset is larger than " + std::to_string(max_ruleset_bytes / (1024 * 1024))
                + " MiB, so it is not read (a ruleset is tens of kilobytes)",
            { shown_name, 0, 0 });
        return std::nullopt;
    }
    return parse_ruleset(text, shown_name, diagnostics);
}

const std::vector<ClassificationKey>& classification_keys()
{
    using C = ClassifierOptions;
    // A new key is one row here (besides its field, its use and its row in the README).
    static const std::vector<ClassificationKey> keys = {
        { .name = "material.exchange_offer_costs_nothing",
            .field = &option<&C::material, &MaterialOptions::capture_back_unless_mated>,
            .needs = { { "protection.mate_after_capture_depth" } },
            .parts = { { &option<&C::material, &MaterialOptions::capture_back_unless_losing> } } },
        { .name = "material.capture_opens_lines",
            .field = &option<&C::material, &MaterialOptions::capture_opens_lines> },
        { .name = "material.best_exchange", .field = &option<&C::material, &MaterialOptions::best_exchange> },
        { .name = "material.like_piece_trades", .field = &option<&C::material, &MaterialOptions::like_piece_trades> },
        { .name = "material.sequence_depth",
            .field = &option<&C::material, &MaterialOptions::sequence_depth>,
            .low = 0,
            .high = 8 },
        { .name = "material.sequence_any_piece_takes_back",
            .field = &option<&C::material, &MaterialOptions::sequence_any_piece_takes_back>,
            .needs = { { "material.sequence_depth" } } },
        { .name = "material.uncrossed_soldiers_worthless",
            .field = &option<&C::check_capture, &CheckCaptureOptions::ignores_uncrossed_soldiers>,
            .parts = { { &option<&C::new_threats, &NewThreatOptions::capture_made_safe_ignores_uncrossed_soldiers> },
                { &option<&C::material, &MaterialOptions::sequence_counts_uncrossed_soldiers>, true } } },
        { .name = "protection.mate_after_capture_depth",
            .field = &option<&C::protection, &ProtectionOptions::mate_after_capture_depth>,
            .low = 0,
            .high = 3 },
        { .name = "protection.unless_mated",
            .field = &option<&C::protection, &ProtectionOptions::unless_mated>,
            .needs = { { "protection.mate_after_capture_depth" } } },
        { .name = "protection.hidden_depth",
            .field = &option<&C::protection, &ProtectionOptions::hidden_depth>,
            .low = 0,
            .high = 5 },
        { .name = "new_threats.capture_made_legal",
            .field = &option<&C::new_threats, &NewThreatOptions::capture_made_legal> },
        { .name = "new_threats.capture_made_safe",
            .field = &option<&C::new_threats, &NewThreatOptions::capture_made_safe>,
            .parts = { { &option<&C::new_threats, &NewThreatOptions::capture_made_safe_by_saved_participant> },
                { &option<&C::new_threats, &NewThreatOptions::saved_participant_holds_target> },
                { &option<&C::new_threats, &NewThreatOptions::saved_participant_won_by_exchange> },
                { &option<&C::new_threats, &NewThreatOptions::capture_cost_counts_kills> },
                { &option<&C::new_threats, &NewThreatOptions::capture_cost_counts_check_captures> },
                { &option<&C::new_threats, &NewThreatOptions::capture_cost_leaves_standing_losses> },
                { &option<&C::new_threats, &NewThreatOptions::capture_made_safe_by_protected_participant> },
                { &option<&C::new_threats, &NewThreatOptions::capture_made_safe_by_parry_of_new_capture> } } },
        { .name = "new_threats.prior_attacks", .field = &option<&C::new_threats, &NewThreatOptions::prior_attacks> },
        { .name = "kill.depth", .field = &option<&C::kill, &KillOptions::depth>, .low = 0, .high = 7 },
        { .name = "kill.mates_by_check",
            .field = &option<&C::kill, &KillOptions::mates_by_check>,
            .needs = { { "kill.depth" } } },
        { .name = "kill.capture_first",
            .field = &option<&C::kill, &KillOptions::capture_first>,
            .needs = { { "kill.depth" } } },
        { .name = "kill.through_offered_exchange",
            .field = &option<&C::kill, &KillOptions::through_offered_exchange>,
            .needs = { { "kill.depth" } } },
        { .name = "check_capture.depth",
            .field = &option<&C::check_capture, &CheckCaptureOptions::depth>,
            .low = 0,
            .high = 5,
            .on_from = 2 },
        { .name = "check_capture.by_complete_exchange",
            .field = &option<&C::check_capture, &CheckCaptureOptions::quiet_checks>,
            .needs = { { "check_capture.depth" }, { "material.sequence_depth" } },
            .parts = { { &option<&C::check_capture, &CheckCaptureOptions::through_standing_capture> },
                { &option<&C::check_capture, &CheckCaptureOptions::weighs_following_captures> } } },
        { .name = "check_capture.new_by_material",
            .field = &option<&C::check_capture, &CheckCaptureOptions::not_won_anyway>,
            .needs = { { "check_capture.depth" } },
            .parts = { { &option<&C::check_capture, &CheckCaptureOptions::new_by_target> } } },
        { .name = "check_capture.is_chase",
            .field = &option<&C::check_capture, &CheckCaptureOptions::is_chase>,
            .needs = { { "check_capture.depth" } } },
        { .name = "check_capture.crossed_soldier_given_worth",
            .field = &option<&C::check_capture, &CheckCaptureOptions::crossed_soldier_given_worth>,
            .low = 0,
            .high = 100,
            .on_from = 0,
            .needs = { { "check_capture.depth" } } },
        { .name = "blocks.shield", .field = &option<&C::blocks, &BlockOptions::shield> },
    };
    return keys;
}

} // namespace xq
