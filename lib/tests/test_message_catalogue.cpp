// Tests of the message catalogues: both load with the same keys, placeholders, bad files refused.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "xq/report/message_catalogue.hpp"

using namespace xq;

namespace {

std::string read_file(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::set<std::string> keys_of(const std::string& path)
{
    const nlohmann::json catalogue = nlohmann::json::parse(read_file(path));
    std::set<std::string> keys;
    for (const auto& [key, value] : catalogue.items())
        keys.insert(key);
    return keys;
}

// The codes of the problems found in a catalogue given as text.
std::vector<std::string> problems_of(const std::string& json)
{
    Diagnostics diagnostics;
    CHECK_FALSE(parse_message_catalogue(json, "xx", "test.json", diagnostics));
    std::vector<std::string> codes;
    for (const Diagnostic& d : diagnostics)
        codes.push_back(d.code);
    return codes;
}

// The English catalogue with one phrase replaced, as JSON text.
std::string english_with(const std::string& key, const nlohmann::json& phrase)
{
    nlohmann::json catalogue = nlohmann::json::parse(read_file(XQ_RULESETS "/messages/en.json"));
    catalogue[key] = phrase;
    return catalogue.dump();
}

} // namespace

TEST_SUITE("message catalogue")
{
    TEST_CASE("the English and Chinese catalogues load cleanly and hold the same keys")
    {
        for (const char* language : { "en", "zh" }) {
            Diagnostics diagnostics;
            const auto catalogue
                = load_message_catalogue(std::string(XQ_RULESETS "/messages/") + language + ".json", diagnostics);
            for (const Diagnostic& d : diagnostics)
                INFO(format_diagnostic(d));
            CHECK(catalogue);
            CHECK(diagnostics.empty());
            if (catalogue)
                CHECK(catalogue->language() == language);
        }
        CHECK(keys_of(XQ_RULESETS "/messages/en.json") == keys_of(XQ_RULESETS "/messages/zh.json"));
        CHECK(keys_of(XQ_RULESETS "/messages/en.json").size() == message_keys().size());
    }

    TEST_CASE("the catalogues' README names every key")
    {
        const std::string readme = read_file(XQ_RULESETS "/messages/README.md");
        for (const MessageKey& k : message_keys())
            CHECK_MESSAGE(readme.find("`" + std::string(k.key) + "`") != std::string::npos, k.key);
    }

    TEST_CASE("phrases are filled in by placeholder name, as often as the language needs")
    {
        Diagnostics diagnostics;
        const auto catalogue = parse_message_catalogue(
            english_with("verdict.must_change", "{side} must change ({rules}); {side} loses at {count} ({loss_rule})"),
            "en", "test.json", diagnostics);
        REQUIRE(catalogue);
        CHECK(catalogue->format("verdict.must_change",
                  { { "side", "Red" }, { "rules", "AXF-6" }, { "count", "4" }, { "loss_rule", "AXF-3" } })
            == "Red must change (AXF-6); Red loses at 4 (AXF-3)");
        const std::vector<std::string> three { "a", "b", "c" }, one { "a" };
        CHECK(catalogue->join(three) == "a, b and c");
        CHECK(catalogue->join(one) == "a");
        CHECK(catalogue->list(three) == "a, b, c");
        CHECK(catalogue->paragraph(three) == "a b c");
        Diagnostics zh_diagnostics;
        const auto zh = load_message_catalogue(XQ_RULESETS "/messages/zh.json", zh_diagnostics);
        REQUIRE(zh);
        CHECK(zh->join(three) == "a、b、c");
        CHECK(zh->list(three) == "a、b、c");
        CHECK(zh->paragraph(three) == "abc");
    }

    TEST_CASE("a catalogue with an unknown or missing key, a non-string, or a stray placeholder is refused")
    {
        CHECK(problems_of(english_with("verdict.no_such_phrase", "x"))
            == std::vector<std::string> { "messages.unknown-key" });
        nlohmann::json without = nlohmann::json::parse(read_file(XQ_RULESETS "/messages/en.json"));
        without.erase("side.red");
        CHECK(problems_of(without.dump()) == std::vector<std::string> { "messages.missing-key" });
        CHECK(problems_of(english_with("side.red", 1)) == std::vector<std::string> { "messages.type" });
        CHECK(
            problems_of(english_with("side.red", "{side}")) == std::vector<std::string> { "messages.bad-placeholder" });
        CHECK(problems_of(english_with("conduct.none", "{side"))
            == std::vector<std::string> { "messages.bad-placeholder" });
        CHECK(problems_of(english_with("conduct.none", "side}"))
            == std::vector<std::string> { "messages.bad-placeholder" });
        CHECK(problems_of("[1, 2]") == std::vector<std::string> { "messages.type" });
    }

    TEST_CASE("broken JSON is reported at its line and column")
    {
        Diagnostics diagnostics;
        CHECK_FALSE(parse_message_catalogue("{\n  \"side.red\": \"红方\",,\n}", "zh", "test.json", diagnostics));
        REQUIRE(diagnostics.size() == 1);
        const Diagnostic& d = *diagnostics.begin();
        CHECK(d.code == "messages.syntax");
        CHECK(d.location.line == 2);
        CHECK(d.location.column == 20);
    }
}
