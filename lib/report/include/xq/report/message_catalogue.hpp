// The message catalogues: every phrase of the output by key, per language, loaded strictly.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "xq/arbiter/ruleset.hpp"
#include "xq/base/diagnostic.hpp"
#include "xq/notation/chinese.hpp"

namespace xq {

// A phrase of written rulings, by key, and the placeholders its text may use, separated by
// spaces ("side rule" allows "{side}" and "{rule}").
struct MessageKey {
    std::string_view key;
    std::string_view placeholders;
};

// Every key a message catalogue must hold, no more (rulesets/messages/README.md describes each).
std::span<const MessageKey> message_keys();

// A placeholder's name and the text that replaces it.
using MessageArgument = std::pair<std::string_view, std::string>;

// The phrases of written rulings in one language: rulesets/messages/<language>.json, a JSON
// object from key to text. Loading checks it strictly, so that formatting cannot fail.
class MessageCatalogue {
public:
    // "en", "zh" (simplified characters) or "zh-Hant" (the same in traditional characters).
    const std::string& language() const { return language_; }
    [[nodiscard]] bool chinese() const { return language_.starts_with("zh"); }
    ChineseScript script() const
    {
        return language_ == "zh-Hant" ? ChineseScript::Traditional : ChineseScript::Simplified;
    }

    // The text of a rule book's `key` in this language (its Chinese in traditional
    // characters under zh-Hant), or `english` when the book has none.
    std::string localised(const Translations& translations, std::string_view key, const std::string& english) const;

    // How the rule book's texts in this language were made ("据英译本回译…") when they are a
    // translation, for the places that quote them; empty in the book's own language.
    std::string translation_note(const RuleSet& rules) const;

    // The rule book as a sentence names it ("the AXF rules", "亚洲象联规则"); its id when the
    // ruleset gives no short_title.
    std::string book_name(const RuleSet& rules) const;

    // This catalogue with every phrase in traditional characters: the catalogue of zh-Hant.
    MessageCatalogue in_traditional_characters() const;

    // The phrase `key` with each {name} replaced by its argument. `key` must be one of
    // message_keys() and every placeholder of the phrase must be given.
    std::string format(std::string_view key, std::initializer_list<MessageArgument> arguments = {}) const;
    // The same with each placeholder's text asked of `argument` as the phrase uses it.
    std::string format(std::string_view key, const std::function<std::string(std::string_view name)>& argument) const;

    // "a, b and c" in the catalogue's words.
    std::string join(std::span<const std::string> items) const;
    // "a, b, c": items of equal standing, such as the classes of a move.
    std::string list(std::span<const std::string> items) const;
    // Sentences run into one paragraph.
    std::string paragraph(std::span<const std::string> sentences) const;

private:
    friend std::optional<MessageCatalogue> parse_message_catalogue(
        std::string_view json_text, const std::string& language, const std::string& source, Diagnostics& diagnostics);

    // Looked up by string_view without a copy of the key: a written ruling formats thousands
    // of phrases, and a search of a sorted map cost 40% of formatting them.
    struct KeyHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view key) const { return std::hash<std::string_view> {}(key); }
    };

    std::string language_;
    std::unordered_map<std::string, std::string, KeyHash, std::equal_to<>> phrases_;
};

// Reads a catalogue and reports every problem (messages.syntax with line:col,
// messages.type, messages.unknown-key, messages.missing-key, messages.bad-placeholder); nothing
// is returned when there is one.
[[nodiscard]] std::optional<MessageCatalogue> parse_message_catalogue(
    std::string_view json_text, const std::string& language, const std::string& source, Diagnostics& diagnostics);

// The catalogue of `file`, whose stem names its language (zh.json).
[[nodiscard]] std::optional<MessageCatalogue> load_message_catalogue(
    const std::filesystem::path& file, Diagnostics& diagnostics);

} // namespace xq
