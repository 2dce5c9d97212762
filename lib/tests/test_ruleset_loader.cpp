// Tests of the ruleset loader: the bundled rulesets load, every kind of bad file is reported.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>
#include <variant>

#include <nlohmann/json.hpp>

#include "xq/arbiter/enum_names.hpp"
#include "xq/arbiter/row_conditions.hpp"
#include "xq/arbiter/ruleset_loader.hpp"

using namespace xq;

namespace {

std::vector<std::pair<std::string, std::string>> problems_of(const std::string& file)
{
    Diagnostics diagnostics;
    const auto rules = load_ruleset_file(XQ_TESTDATA "/rulesets/broken/" + file, diagnostics);
    CHECK_FALSE(rules);
    std::vector<std::pair<std::string, std::string>> out;
    for (const Diagnostic& d : diagnostics) {
        CHECK(d.severity == Severity::Error);
        // The JSON path is the first word after "at ".
        const std::size_t at = d.message.find("at ");
        const std::string path = at == 0 ? d.message.substr(3, d.message.find(':') - 3) : "";
        out.push_back({ d.code, path });
    }
    return out;
}

using Problems = std::vector<std::pair<std::string, std::string>>;

std::string read_readme()
{
    std::ifstream readme_file(XQ_RULESETS "/README.md");
    REQUIRE(readme_file);
    std::stringstream text;
    text << readme_file.rdbuf();
    return text.str();
}

template <typename E, std::size_t N> std::string list_of(const EnumName<E> (&names)[N])
{
    std::string out = "list of ";
    for (std::size_t i = 0; i < N; ++i)
        out += (i ? ", `" : "`") + std::string(names[i].name) + "`";
    return out;
}

// How the README's tables write the type of a condition of this kind.
std::string readme_type(ConditionKind kind)
{
    switch (kind) {
    case ConditionKind::Boolean:
        return "boolean";
    case ConditionKind::Pieces:
        return "list of pieces";
    case ConditionKind::Origins:
        return list_of(origin_names);
    case ConditionKind::Protections:
        return list_of(protection_names);
    case ConditionKind::Restrictions:
        return list_of(restriction_names);
    case ConditionKind::Gains:
        return list_of(gain_names);
    }
    return {};
}

// The rows of the markdown table that follows `heading` in `text`, as their cells.
std::vector<std::vector<std::string>> table_after(const std::string& text, const std::string& heading)
{
    std::vector<std::vector<std::string>> rows;
    std::istringstream lines(text.substr(text.find(heading)));
    std::string line;
    bool in_table = false;
    while (std::getline(lines, line)) {
        if (line.rfind("|", 0) != 0) {
            if (in_table)
                break;
            continue;
        }
        in_table = true;
        std::vector<std::string> cells;
        for (std::size_t at = 1, bar; (bar = line.find(" |", at)) != std::string::npos; at = bar + 2) {
            std::string cell = line.substr(at, bar - at);
            cell.erase(0, cell.find_first_not_of(' '));
            cells.push_back(cell);
        }
        rows.push_back(cells);
    }
    return rows;
}

// The rows of every table of a README section (from its heading to the next of its level), the
// first table's header once, each key named as the loader names it: the key of a table under a
// subsection "### `group`: ..." is "group.key".
std::vector<std::vector<std::string>> tables_of_section(const std::string& text, const std::string& heading)
{
    const std::size_t from = text.find(heading);
    const std::size_t to = text.find("\n## ", from + heading.size());
    std::istringstream lines(text.substr(from, to == std::string::npos ? std::string::npos : to - from));
    std::vector<std::vector<std::string>> rows;
    std::string group, line;
    int row_in_table = 0;
    while (std::getline(lines, line)) {
        if (line.rfind("### `", 0) == 0) {
            group = line.substr(5, line.find('`', 5) - 5);
            continue;
        }
        if (line.rfind("|", 0) != 0) {
            row_in_table = 0;
            continue;
        }
        if (row_in_table++ < 2 && !rows.empty())
            continue;
        std::vector<std::string> cells;
        for (std::size_t at = 1, bar; (bar = line.find(" |", at)) != std::string::npos; at = bar + 2) {
            std::string cell = line.substr(at, bar - at);
            cell.erase(0, cell.find_first_not_of(' '));
            cells.push_back(cell);
        }
        if (row_in_table > 2 && !group.empty() && !cells.empty() && cells[0].size() > 2)
            cells[0] = "`" + group + "." + cells[0].substr(1);
        rows.push_back(cells);
    }
    return rows;
}

// The keys of a README table of conditions, "key" or "condition" first, and their types; each
// key once.
std::map<std::string, std::string> documented_conditions(const std::vector<std::vector<std::string>>& rows)
{
    std::map<std::string, std::string> documented; // key -> type
    REQUIRE(rows.size() > 2);
    CHECK(rows[0].size() == 3);
    CHECK(rows[0][2] == "holds when");
    for (std::size_t i = 2; i < rows.size(); ++i) {
        REQUIRE(rows[i].size() == 3);
        std::istringstream keys(rows[i][0]);
        for (std::string key; std::getline(keys, key, ',');) {
            key.erase(0, key.find_first_not_of(' '));
            REQUIRE(key.size() > 2);
            CHECK(key.front() == '`');
            CHECK(key.back() == '`');
            CHECK_MESSAGE(documented.emplace(key.substr(1, key.size() - 2), rows[i][1]).second, key, " twice");
        }
    }
    return documented;
}

// How the README's tables write the type of a conduct's, move rule's or verdict row's condition.
std::string readme_type(RowConditionKind kind)
{
    switch (kind) {
    case RowConditionKind::Boolean:
        return "boolean";
    case RowConditionKind::Grade:
        return "integer 1-9";
    case RowConditionKind::MoveClasses:
        return "list of move classes";
    case RowConditionKind::Pieces:
        return "list of pieces";
    case RowConditionKind::Tags:
        return "list of tags";
    case RowConditionKind::ConductName:
        return "conduct id, `forbidden`, `allowed` or `any`";
    }
    return {};
}

// The condition table of a section of the README, against the C++ table of its keys: every
// key is listed with its type, and every key listed is one the loader reads.
template <typename Key>
void check_condition_table(const std::string& readme, const std::string& section, std::span<const Key> keys)
{
    const std::size_t at = readme.find(section);
    REQUIRE_MESSAGE(at != std::string::npos, section);
    std::map<std::string, std::string> documented
        = documented_conditions(table_after(readme.substr(at), "| condition | type | holds when |"));
    for (const Key& key : keys) {
        const auto entry = documented.find(std::string(key.name));
        if (entry == documented.end()) {
            FAIL_CHECK("the README's ", section, " does not list ", key.name);
            continue;
        }
        CHECK_MESSAGE(entry->second == readme_type(key.kind), key.name, " is a ", readme_type(key.kind));
        documented.erase(entry);
    }
    for (const auto& [key, type] : documented)
        FAIL_CHECK("the README's ", section, " lists ", key, ", which the loader does not read");
}

} // namespace

TEST_SUITE("ruleset loader")
{
    TEST_CASE("the AXF ruleset loads without a problem")
    {
        Diagnostics diagnostics;
        const auto rules = load_ruleset_file(XQ_RULESETS "/axf.json", diagnostics);
        REQUIRE(rules);
        CHECK(diagnostics.empty());
        CHECK(rules->id == "axf");
        CHECK(rules->find_rule("AXF-19"));
        CHECK(rules->repetition.judged_span == JudgedSpan::FirstCycle);
        CHECK_FALSE(ReadingChoice(*rules).enabled("fake_protection_protects"));
        CHECK(rules->kind_of("AXF-3") == RuleKind::Procedure);
        CHECK(rules->kind_of("AXF-G2") == RuleKind::Definition);
        CHECK(rules->kind_of("AXF-19") == RuleKind::Rule);

        // Rulings cite detail rules, then definitions, then the procedure, each kind as given.
        std::vector<std::string> cited { "AXF-3", "AXF-G2", "AXF-21", "AXF-5", "AXF-19" };
        rules->order_by_kind(cited);
        CHECK(cited == std::vector<std::string> { "AXF-21", "AXF-19", "AXF-G2", "AXF-3", "AXF-5" });
        rules->order_by_kind(cited);
        CHECK(cited == std::vector<std::string> { "AXF-21", "AXF-19", "AXF-G2", "AXF-3", "AXF-5" });
    }

    TEST_CASE("a reading choice tells the readings a judgement asked about, which alone can change it")
    {
        Diagnostics diagnostics;
        const auto rules = load_ruleset_file(XQ_RULESETS "/axf.json", diagnostics);
        REQUIRE(rules);
        REQUIRE(rules->readings.size() >= 2);
        const std::string& asked = rules->readings[0].name;
        const std::string& not_asked = rules->readings[1].name;
        const ReadingChoice choice(*rules);
        CHECK(choice.applies(ReadingGuard {}));
        CHECK_FALSE(choice.consulted(asked));
        CHECK(choice.applies(ReadingGuard { "", asked }) != choice.enabled(asked));
        CHECK(choice.consulted(asked));
        CHECK_FALSE(choice.consulted(not_asked));
        // The same choice with the reading turned starts a judgement of its own.
        CHECK_FALSE(choice.flipped(asked).consulted(asked));
    }

    TEST_CASE("unknown keys are reported with their paths, all of them")
    {
        CHECK(problems_of("unknown_key.json")
            == Problems { { "ruleset.unknown-key", "/colour" }, { "ruleset.unknown-key", "/chase_rules/0/iff" } });
    }

    TEST_CASE("values of the wrong type are reported with their paths")
    {
        CHECK(problems_of("wrong_type.json")
            == Problems {
                { "ruleset.type", "/repetition/ruling_at_occurrence" }, { "ruleset.type", "/conducts/0/forbidden" } });
    }

    TEST_CASE("an unknown piece name is a bad value")
    {
        CHECK(
            problems_of("unknown_piece.json") == Problems { { "ruleset.bad-value", "/chase_rules/0/if/attacker/0" } });
    }

    TEST_CASE("a row citing a rule the ruleset does not define is an error")
    {
        CHECK(problems_of("missing_rule.json")
            == Problems {
                { "ruleset.unknown-rule", "/chase_rules/1/rule" }, { "ruleset.unknown-rule", "/verdicts/0/rule" } });
    }

    TEST_CASE("verdicts naming no conduct and guards naming no reading are errors")
    {
        CHECK(problems_of("bad_reference.json")
            == Problems {
                { "ruleset.bad-value", "/verdicts/1/side" }, { "ruleset.bad-value", "/chase_rules/2/reading" } });
    }

    TEST_CASE("a JSON syntax error gives the line and the column")
    {
        Diagnostics diagnostics;
        CHECK_FALSE(load_ruleset_file(XQ_TESTDATA "/rulesets/broken/syntax_error.json", diagnostics));
        REQUIRE(diagnostics.size() == 1);
        CHECK(diagnostics.items()[0].code == "ruleset.syntax");
        CHECK(diagnostics.items()[0].location.line == 4);
        CHECK(diagnostics.items()[0].location.column == 19);
    }

    TEST_CASE("a missing file is an io error")
    {
        Diagnostics diagnostics;
        CHECK_FALSE(load_ruleset_file(XQ_TESTDATA "/rulesets/no_such_file.json", diagnostics));
        REQUIRE(diagnostics.size() == 1);
        CHECK(diagnostics.items()[0].code == "io.open");
    }

    TEST_CASE("hostile JSON is a ruleset error with its path, never an exception")
    {
        const auto first_problem = [](std::string_view text) {
            Diagnostics diagnostics;
            CHECK_FALSE(parse_ruleset(text, "hostile.json", diagnostics));
            REQUIRE(!diagnostics.empty());
            return diagnostics.items()[0];
        };
        // Beyond a double's range: nlohmann throws out_of_range, not parse_error.
        const Diagnostic overflow = first_problem(R"({"id": "x", "rules": [{"id": "R1", "number": 1e400}]})");
        CHECK(overflow.code == "ruleset.syntax");
        CHECK(overflow.message.find("at /rules/0/number") == 0);
        // A key given twice: the parser would keep the last silently.
        const Diagnostic duplicate
            = first_problem(R"({"id": "x", "rules": [{"id": "R1"}, {"id": "R2", "title": "a", "title": "b"}]})");
        CHECK(duplicate.code == "ruleset.duplicate-key");
        CHECK(duplicate.message.find("at /rules/1/title") == 0);
        // The parser would stop at the NUL and ignore the rest.
        const Diagnostic nul = first_problem(std::string("{\"id\": \"x\"}\0garbage", 20));
        CHECK(nul.code == "ruleset.syntax");
        CHECK(nul.location.column == 12);
    }

    TEST_CASE("a ruleset file that is a folder or larger than the limit is refused without reading it all")
    {
        Diagnostics folder;
        CHECK_FALSE(load_ruleset_file(XQ_TESTDATA "/rulesets", folder));
        REQUIRE(folder.size() == 1);
        CHECK(folder.items()[0].message.find("directory") != std::string::npos);
        Diagnostics endless;
        CHECK_FALSE(load_ruleset_file("/dev/zero", endless));
        REQUIRE(endless.size() == 1);
        CHECK(endless.items()[0].code == "ruleset.too-large");
    }

    TEST_CASE("small rulesets check their own structure: required keys, ranges, reserved ids")
    {
        Diagnostics diagnostics;
        const auto rules = parse_ruleset(R"({
            "id": "tiny", "title": "t", "edition": "e",
            "repetition": {"ruling_at_occurrence": 3, "violator_loses_at_occurrence": 2, "loss_rule": "R1", "draw_rule": "R1", "judged_span": "forever"},
            "board": {"first_mover_rule": "R1", "flying_general_rule": "R1", "checkmate_rule": "R1", "stalemate_rule": "R1"},
            "classification": {"kill": {"depth": 8}, "check_capture": {"depth": -1}, "material": {"takers": ["queen"]},
                "piece_worth": {"advisor": 2, "elephant": 2, "horse": 4, "chariot": 9, "cannon": 4.5, "soldier": 1}},
            "chase_rules": [{"rule": "R1", "counts": true, "if": {"origin": ["sideways"]}},
                {"rule": "R1", "counts": false, "if": {"origin": ["standing"], "target_restricts": ["queen"], "attacked_by_several": "yes"}}],
            "conducts": [{"id": "any", "forbidden": false, "description": "d"}, {"id": "c", "forbidden": true, "description": "d"}],
            "verdicts": [{"id": "v", "side": "c", "other": "any", "outcome": "lose", "description": "d"},
                {"id": "v", "side": "c", "other": "any", "outcome": "draw"}],
            "rules": [{"id": "R1", "kind": "principle", "number": "1", "title": "t", "text": "x", "diagrams": ["D1", 4294967377, 0]}]
        })",
            "tiny.json", diagnostics);
        CHECK_FALSE(rules);
        std::vector<std::string> paths;
        for (const Diagnostic& d : diagnostics)
            paths.push_back(d.message.substr(3, d.message.find(':') - 3));
        const std::vector<std::string> expected { "/repetition/violator_loses_at_occurrence", "/repetition/judged_span",
            "/classification/material/takers/0", "/classification/kill/depth", "/classification/check_capture/depth",
            "/classification/piece_worth/cannon", "/chase_rules/0/if/origin/0", "/chase_rules/1/if/target_restricts/0",
            "/chase_rules/1/if/attacked_by_several", "/conducts/0/id", "/conducts/0", "/conducts/1",
            "/verdicts/0/outcome", "/verdicts/1", "/verdicts/1/id", "/rules/0/kind", "/rules/0/diagrams/0",
            "/rules/0/diagrams/1", "/rules/0/diagrams/2" };
        CHECK(paths == expected);
    }
}

TEST_SUITE("ruleset loader")
{
    TEST_CASE("every text of the AXF ruleset that rulings quote has a Chinese translation")
    {
        Diagnostics diagnostics;
        const auto rules = load_ruleset_file(XQ_RULESETS "/axf.json", diagnostics);
        REQUIRE(rules);
        auto has_zh = [](const Translations& t, std::string_view key) {
            const auto zh = t.find("zh");
            return zh != t.end() && zh->second.count(key) == 1;
        };
        CHECK(has_zh(rules->translations, "title"));
        CHECK(has_zh(rules->translations, "edition"));
        for (const RuleText& r : rules->rules)
            for (const char* key : { "number", "title", "text" })
                CHECK_MESSAGE(has_zh(r.translations, key), r.id << " " << key);
        for (const Conduct& c : rules->conducts)
            CHECK_MESSAGE(has_zh(c.translations, "description"), c.id);
        for (std::size_t i = 0; i < rules->chase_rules.size(); ++i)
            CHECK_MESSAGE(has_zh(rules->chase_rules[i].translations, "description"), "chase rule " << i);
        for (const Reading& r : rules->readings)
            CHECK_MESSAGE(has_zh(r.translations, "description"), r.name);
        const RuleText* perpetual_check = rules->find_rule("AXF-6");
        REQUIRE(perpetual_check);
        CHECK(translated(perpetual_check->translations, "zh", "title", perpetual_check->title) == "长将");
        // A language or a key without a translation falls back to the English text.
        CHECK(translated(perpetual_check->translations, "en", "title", perpetual_check->title) == "Perpetual check");
        CHECK(translated(perpetual_check->translations, "zh", "diagrams", "1, 2, 3") == "1, 2, 3");
    }

    TEST_CASE("a translation may only hold the row's own text keys, as strings")
    {
        std::ifstream in(XQ_RULESETS "/axf.json");
        std::ostringstream text;
        text << in.rdbuf();
        nlohmann::json axf = nlohmann::json::parse(text.str());
        axf["rules"][0]["zh"] = { { "titel", "红先" } };
        axf["conducts"][0]["zh"] = { { "description", 6 } };
        axf["readings"]["fake_protection_protects"]["zh"] = "假根";
        Diagnostics diagnostics;
        CHECK_FALSE(parse_ruleset(axf.dump(), "axf.json", diagnostics));
        Problems found;
        for (const Diagnostic& d : diagnostics)
            found.push_back({ d.code, d.message.substr(3, d.message.find(':') - 3) });
        CHECK(found
            == Problems { { "ruleset.type", "/readings/fake_protection_protects/zh" },
                { "ruleset.type", "/conducts/0/zh/description" }, { "ruleset.unknown-key", "/rules/0/zh/titel" } });
    }
}

namespace {

// A ruleset's JSON with its texts in the other language: each row's own texts swapped with
// those it gives under `to`, which then holds the texts it had in `from`.
void swap_texts(nlohmann::json& j, const std::string& from, const std::string& to)
{
    if (j.is_object()) {
        if (j.contains(to)) {
            nlohmann::json other = j[to];
            nlohmann::json own = nlohmann::json::object();
            for (const auto& [key, text] : other.items()) {
                // A text only the translation has (a translation_note) has none to swap back.
                if (j.contains(key))
                    own[key] = j[key];
                j[key] = text;
            }
            j.erase(to);
            if (!own.empty())
                j[from] = own;
        }
        for (auto& [key, value] : j.items())
            if (key != from)
                swap_texts(value, from, to);
    } else if (j.is_array()) {
        for (auto& value : j)
            swap_texts(value, from, to);
    }
}

std::string ruleset_text(const std::string& name)
{
    std::ifstream in(std::string(XQ_RULESETS "/") + name);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Every text of a ruleset a reader can be shown, in English and in Chinese.
std::vector<std::string> shown_texts(const RuleSet& rules)
{
    std::vector<std::string> out;
    const auto both = [&](const Translations& t, std::string_view key, const std::string& own) {
        out.push_back(translated(t, "en", key, own));
        out.push_back(translated(t, "zh", key, own));
    };
    both(rules.translations, "title", rules.title);
    both(rules.translations, "edition", rules.edition);
    for (const RuleText& r : rules.rules) {
        both(r.translations, "number", r.number);
        both(r.translations, "title", r.title);
        both(r.translations, "text", r.text);
    }
    for (const Conduct& c : rules.conducts)
        both(c.translations, "description", c.description);
    for (const ChaseRule& c : rules.chase_rules)
        both(c.translations, "description", c.description);
    for (const MoveRule& m : rules.move_rules)
        both(m.translations, "description", m.description);
    for (const MoveTerm& t : rules.move_terms)
        both(t.translations, "term", t.term);
    for (const VerdictRow& v : rules.verdicts)
        both(v.translations, "description", v.description);
    for (const Reading& r : rules.readings)
        both(r.translations, "description", r.description);
    return out;
}

} // namespace

TEST_SUITE("ruleset loader")
{
    TEST_CASE(
        "a ruleset written in Chinese with English beside it reads as one written in English with Chinese beside it")
    {
        nlohmann::json cxa = nlohmann::json::parse(ruleset_text("cxa.json"));
        REQUIRE(cxa["language"] == "zh");
        Diagnostics diagnostics;
        const auto in_chinese = parse_ruleset(cxa.dump(), "cxa.json", diagnostics);
        REQUIRE(in_chinese);
        CHECK(in_chinese->title == "Chinese Xiangqi Association rules on repetition (棋例)");
        CHECK(
            translated(in_chinese->translations, "zh", "title", in_chinese->title) == "中国象棋协会象棋竞赛规则：棋例");

        swap_texts(cxa, "zh", "en");
        cxa.erase("language");
        const auto in_english = parse_ruleset(cxa.dump(), "cxa-en.json", diagnostics);
        REQUIRE(in_english);
        CHECK(diagnostics.empty());
        CHECK(shown_texts(*in_chinese) == shown_texts(*in_english));
        CHECK(shown_texts(*in_chinese).size() > 200);

        // A text given only in the ruleset's language is shown in it in every language.
        nlohmann::json partial = nlohmann::json::parse(ruleset_text("cxa.json"));
        partial["rules"][0]["en"].erase("title");
        const auto shown = parse_ruleset(partial.dump(), "cxa.json", diagnostics);
        REQUIRE(shown);
        const RuleText& first = shown->rules.front();
        CHECK(translated(first.translations, "en", "title", first.title) == "单方长将判负");
        CHECK(translated(first.translations, "zh", "title", first.title) == "单方长将判负");
    }

    TEST_CASE("a translation under the ruleset's own language, or an unknown language, is an error")
    {
        nlohmann::json cxa = nlohmann::json::parse(ruleset_text("cxa.json"));
        cxa["conducts"][0]["zh"] = { { "description", "长将" } };
        nlohmann::json axf = nlohmann::json::parse(ruleset_text("axf.json"));
        axf["rules"][0]["en"] = { { "title", "Red first" } };
        nlohmann::json unknown = nlohmann::json::parse(ruleset_text("axf.json"));
        unknown["language"] = "fr";
        for (const auto& [ruleset, path] :
            { std::pair { cxa, "/conducts/0/zh" }, { axf, "/rules/0/en" }, { unknown, "/language" } }) {
            Diagnostics diagnostics;
            CHECK_FALSE(parse_ruleset(ruleset.dump(), "ruleset.json", diagnostics));
            REQUIRE(diagnostics.size() == 1);
            const Diagnostic& d = *diagnostics.begin();
            CHECK(d.code == "ruleset.bad-value");
            CHECK(d.message.substr(3, d.message.find(':') - 3) == path);
        }
        unknown["language"] = 5;
        Diagnostics diagnostics;
        CHECK_FALSE(parse_ruleset(unknown.dump(), "ruleset.json", diagnostics));
        REQUIRE(diagnostics.size() == 1);
        CHECK(diagnostics.begin()->code == "ruleset.type");
    }

    TEST_CASE("the computer ruleset loads with its natural limit, and every text it quotes has a Chinese translation")
    {
        Diagnostics diagnostics;
        const auto rules = load_ruleset_file(XQ_RULESETS "/computer.json", diagnostics);
        REQUIRE(rules);
        CHECK(diagnostics.empty());
        CHECK(rules->repetition.judged_span == JudgedSpan::LastOccurrences);
        CHECK(rules->repetition.ruling_at_occurrence == 3);
        CHECK(rules->repetition.violator_loses_at_occurrence == 3);
        REQUIRE(rules->natural_limit);
        CHECK(rules->natural_limit->plies == 120);
        CHECK(rules->natural_limit->checks_counted_per_side == 10);
        CHECK(rules->natural_limit->rule == "COMP-L1");
        CHECK(rules->classification.new_threats.capture_made_legal);
        CHECK(rules->classification.new_threats.prior_attacks);
        for (const RuleText& r : rules->rules)
            for (const char* key : { "number", "title", "text" })
                CHECK_MESSAGE(translated(r.translations, "zh", key, r.text) != r.text, r.id << " " << key);
        for (const ChaseRule& c : rules->chase_rules)
            CHECK(translated(c.translations, "zh", "description", c.description) != c.description);
        // No rule number of either book is in the C++: the ids are the data's.
        Diagnostics axf_diagnostics;
        const auto axf = load_ruleset_file(XQ_RULESETS "/axf.json", axf_diagnostics);
        REQUIRE(axf);
        CHECK_FALSE(axf->natural_limit); // the AXF book sets none
        CHECK_FALSE(axf->classification.new_threats.capture_made_legal);
        CHECK_FALSE(axf->classification.new_threats.prior_attacks);
    }

    TEST_CASE("the limits section and the new conditions check their values")
    {
        const auto ruleset_with
            = [](const std::string& limits, const std::string& classification, const std::string& condition) {
                  return R"({
                "id": "tiny", "title": "t", "edition": "e",
                "repetition": {"ruling_at_occurrence": 3, "violator_loses_at_occurrence": 3, "loss_rule": "R1", "draw_rule": "R1", "judged_span": "last_occurrences"},
                "board": {"first_mover_rule": "R1", "flying_general_rule": "R1", "checkmate_rule": "R1", "stalemate_rule": "R1"},
                "classification": )"
                      + classification + R"(,
                "limits": )"
                      + limits + R"(,
                "chase_rules": [{"rule": "R1", "counts": false, "if": )"
                      + condition + R"(}],
                "conducts": [{"id": "c", "forbidden": false, "description": "d", "rule": "R1"}],
                "verdicts": [{"id": "v", "side": "any", "other": "any", "outcome": "draw", "description": "d"}],
                "rules": [{"id": "R1", "number": "1", "title": "t", "text": "x"}]
            })";
              };
        auto paths_of = [&](const std::string& limits, const std::string& classification,
                            const std::string& condition) {
            Diagnostics diagnostics;
            const auto rules = parse_ruleset(ruleset_with(limits, classification, condition), "tiny.json", diagnostics);
            std::vector<std::string> paths;
            for (const Diagnostic& d : diagnostics)
                paths.push_back(d.message.substr(3, d.message.find(':') - 3));
            CHECK(rules.has_value() == paths.empty());
            return paths;
        };
        const std::string fine_condition
            = R"({"origin": ["capture_made_legal"], "target_chased_before": true, "loses_more_elsewhere": true,
                 "best_exchange_gain": ["positive"], "capture_sequence_gain": ["positive"], "hidden_protected": false})";
        const std::string fine_classification
            = R"({"new_threats": {"prior_attacks": true}, "material": {"capture_opens_lines": true, "best_exchange": true, "sequence_depth": 4}, "protection": {"hidden_depth": 4}})";
        CHECK(paths_of(R"({"natural_limit_plies": 120, "checks_counted_per_side": 10, "rule": "R1"})",
            R"({"new_threats": {"prior_attacks": true, "capture_made_legal": true, "capture_made_safe": true}, "material": {"capture_opens_lines": true, "best_exchange": true, "sequence_depth": 4, "takers": ["horse", "chariot"], "uncrossed_soldiers_worthless": true}, "check_capture": {"new_by_material": true, "by_complete_exchange": true}, "protection": {"hidden_depth": 2}})",
            fine_condition)
                  .empty());
        CHECK(
            paths_of(R"({"natural_limit_plies": 121, "rule": "R9", "moves": 60})", fine_classification, fine_condition)
            == std::vector<std::string> { "/limits/moves", "/limits/natural_limit_plies", "/limits/rule" });
        CHECK(paths_of(
                  R"({"natural_limit_plies": 0, "checks_counted_per_side": -1})", fine_classification, fine_condition)
            == std::vector<std::string> {
                "/limits", "/limits/natural_limit_plies", "/limits/checks_counted_per_side" });
        // Judging the prior attacks needs them listed, judging what a capture loses elsewhere needs
        // the lines it opens looked at, judging the best exchange or the sequence of captures
        // needs it weighed, and judging a hidden protection needs it looked for (a depth of 2 at
        // least).
        CHECK(
            paths_of(R"({"natural_limit_plies": 120, "rule": "R1"})",
                R"({"new_threats": {"capture_made_legal": "yes", "capture_made_safe": 1}, "material": {"capture_opens_lines": "no", "best_exchange": 0, "sequence_depth": 9, "takers": ["queen"], "uncrossed_soldiers_worthless": "no"}, "protection": {"hidden_depth": 6}})",
                fine_condition)
            == std::vector<std::string> { "/classification/material/capture_opens_lines",
                "/classification/material/best_exchange", "/classification/material/sequence_depth",
                "/classification/material/uncrossed_soldiers_worthless", "/classification/material/takers/0",
                "/classification/protection/hidden_depth", "/classification/new_threats/capture_made_legal",
                "/classification/new_threats/capture_made_safe", "/chase_rules/0/if/target_chased_before",
                "/chase_rules/0/if/best_exchange_gain", "/chase_rules/0/if/capture_sequence_gain",
                "/chase_rules/0/if/loses_more_elsewhere", "/chase_rules/0/if/hidden_protected" });
        CHECK(
            paths_of(R"({"natural_limit_plies": 120, "rule": "R1"})",
                R"({"new_threats": {"prior_attacks": true}, "material": {"capture_opens_lines": true, "best_exchange": true, "sequence_depth": 4}, "protection": {"hidden_depth": 1}})",
                fine_condition)
            == std::vector<std::string> { "/chase_rules/0/if/hidden_protected" });
        CHECK(paths_of(R"({"natural_limit_plies": 120, "rule": "R1"})", R"({"new_threats": {"prior_attacks": true}})",
                  R"({"origin": ["capture_made_legal", "unpinned"], "target_chased_before": 1})")
            == std::vector<std::string> { "/chase_rules/0/if/origin/1", "/chase_rules/0/if/target_chased_before" });
        // A key that refines another needs it set. Each case is a classification's own
        // problems, under limits and a condition that are fine.
        const auto classification_paths = [&](const std::string& classification) {
            return paths_of(
                R"({"natural_limit_plies": 120, "rule": "R1"})", classification, R"({"attacker": ["chariot"]})");
        };
        // Weighing material won through checks by the complete exchange needs the lines of checks
        // looked for and the sequences of captures weighed.
        CHECK(classification_paths(R"({"check_capture": {"by_complete_exchange": true}})")
            == std::vector<std::string> { "/classification/check_capture/by_complete_exchange" });
        CHECK(
            classification_paths(
                R"({"check_capture": {"depth": 0, "by_complete_exchange": "yes"}, "material": {"sequence_depth": 4}})")
            == std::vector<std::string> { "/classification/check_capture/by_complete_exchange" });
        CHECK(classification_paths(
                  R"({"check_capture": {"depth": 0, "by_complete_exchange": true}, "material": {"sequence_depth": 4}})")
            == std::vector<std::string> { "/classification/check_capture/by_complete_exchange" });
        CHECK(classification_paths(
            R"({"material": {"sequence_depth": 4}, "check_capture": {"by_complete_exchange": true}})")
                  .empty());
        // Uncrossed pawns without worth, and a standing capture made safe, stand alone.
        CHECK(classification_paths(
            R"({"material": {"uncrossed_soldiers_worthless": true}, "new_threats": {"capture_made_safe": true}})")
                  .empty());
        // An exchange offer that costs nothing, and a protection judged by mates after the
        // recapture, need the depth of that search.
        CHECK(classification_paths(
                  R"({"material": {"exchange_offer_costs_nothing": true}, "protection": {"unless_mated": true}})")
            == std::vector<std::string> {
                "/classification/material/exchange_offer_costs_nothing", "/classification/protection/unless_mated" });
        CHECK(classification_paths(
            R"({"protection": {"mate_after_capture_depth": 1, "unless_mated": true}, "material": {"exchange_offer_costs_nothing": true}})")
                  .empty());
        // The keys that refine the check-then-capture search need it on, and kills' mates by
        // check need kills looked for.
        CHECK(classification_paths(
                  R"({"check_capture": {"depth": 1, "crossed_soldier_given_worth": 2, "new_by_material": true}})")
            == std::vector<std::string> { "/classification/check_capture/new_by_material",
                "/classification/check_capture/crossed_soldier_given_worth" });
        CHECK(classification_paths(
            R"({"check_capture": {"depth": 2, "crossed_soldier_given_worth": 2, "new_by_material": true}})")
                  .empty());
        CHECK(classification_paths(R"({"kill": {"depth": 0, "mates_by_check": true}})")
            == std::vector<std::string> { "/classification/kill/mates_by_check" });
        CHECK(classification_paths(R"({"kill": {"mates_by_check": true}})").empty());
        // A crossed pawn's floating worth is a worth.
        CHECK(classification_paths(R"({"check_capture": {"crossed_soldier_given_worth": 101}})")
            == std::vector<std::string> { "/classification/check_capture/crossed_soldier_given_worth" });
        CHECK(classification_paths(R"({"check_capture": {"crossed_soldier_given_worth": 2}})").empty());
        // A kill that an offered trade forestalls needs kills looked for.
        CHECK(classification_paths(R"({"kill": {"depth": 0, "through_offered_exchange": true}})")
            == std::vector<std::string> { "/classification/kill/through_offered_exchange" });
        CHECK(classification_paths(R"({"kill": {"through_offered_exchange": true}})").empty());
        // Any piece's take-back refines a sequence of captures.
        CHECK(classification_paths(R"({"material": {"sequence_any_piece_takes_back": true}})")
            == std::vector<std::string> { "/classification/material/sequence_any_piece_takes_back" });
        CHECK(classification_paths(R"({"material": {"sequence_depth": 4, "sequence_any_piece_takes_back": true}})")
                  .empty());
        // The keys of the mechanisms that a concept key now sets are no keys.
        CHECK(classification_paths(R"({"new_threats": {"capture_cost_counts_kills": true}})")
            == std::vector<std::string> { "/classification/new_threats/capture_cost_counts_kills" });
        // A concept's key sets the switches of all its parts.
        {
            Diagnostics diagnostics;
            const auto rules = parse_ruleset(
                ruleset_with(R"({"natural_limit_plies": 120, "rule": "R1"})",
                    R"({"new_threats": {"capture_made_safe": true}, "material": {"uncrossed_soldiers_worthless": true, "takers": ["horse"]}})",
                    R"({"attacker": ["chariot"]})"),
                "parts.json", diagnostics);
            REQUIRE(rules);
            const ClassifierOptions& c = rules->classification;
            CHECK(c.new_threats.capture_made_safe);
            CHECK(c.new_threats.capture_cost_counts_kills);
            CHECK(c.new_threats.saved_participant_holds_target);
            CHECK(c.new_threats.capture_made_safe_by_parry_of_new_capture);
            CHECK(c.check_capture.ignores_uncrossed_soldiers);
            CHECK(c.new_threats.capture_made_safe_ignores_uncrossed_soldiers);
            CHECK_FALSE(c.material.sequence_counts_uncrossed_soldiers);
            CHECK(c.material.sequence_takers == c.check_capture.takers);
            CHECK(c.material.sequence_takers[index(PieceType::Horse)]);
            CHECK_FALSE(c.material.sequence_takers[index(PieceType::Chariot)]);
        }
        // A trade of like pieces among the attackers needs them looked for.
        CHECK(paths_of(R"({"natural_limit_plies": 120, "rule": "R1"})", R"({"material": {"like_piece_trades": false}})",
                  R"({"like_piece_trade": true})")
            == std::vector<std::string> { "/chase_rules/0/if/like_piece_trade" });
        CHECK(paths_of(R"({"natural_limit_plies": 120, "rule": "R1"})", R"({"material": {"like_piece_trades": true}})",
            R"({"like_piece_trade": true})")
                  .empty());
    }

    TEST_CASE("every snippet of the rulesets README loads, added to the AXF ruleset")
    {
        const std::string readme = read_readme();
        std::ifstream axf_file(XQ_RULESETS "/axf.json");
        const nlohmann::json axf = nlohmann::json::parse(axf_file);

        int snippets = 0;
        const std::string fence = "```json\n";
        for (std::size_t at = readme.find(fence); at != std::string::npos; at = readme.find(fence, at)) {
            at += fence.size();
            const std::size_t end = readme.find("```", at);
            REQUIRE(end != std::string::npos);
            const nlohmann::json snippet = nlohmann::json::parse(readme.substr(at, end - at));
            nlohmann::json ruleset = axf;
            for (const auto& [key, rows] : snippet.items()) {
                REQUIRE(rows.is_array());
                nlohmann::json& into = ruleset[key];
                if (!into.is_array())
                    into = nlohmann::json::array();
                into.insert(into.begin(), rows.begin(), rows.end());
            }
            Diagnostics diagnostics;
            const auto rules = parse_ruleset(ruleset.dump(), "snippet", diagnostics);
            std::string problems;
            for (const Diagnostic& d : diagnostics)
                problems += format_diagnostic(d) + "\n";
            CHECK_MESSAGE(rules, "snippet ", snippets + 1, ": ", problems);
            ++snippets;
        }
        CHECK(snippets >= 3);
    }

    TEST_CASE("the README's table of chase conditions gives every key the loader reads, each with its type")
    {
        const std::string readme = read_readme();
        REQUIRE(readme.find("Conditions in `if`") != std::string::npos);
        const auto rows = table_after(readme, "Conditions in `if`");
        REQUIRE(rows.size() > 2);
        CHECK(rows[0] == std::vector<std::string> { "key", "type", "holds when" });
        std::map<std::string, std::string> documented = documented_conditions(rows);
        for (const ThreatConditionKey& key : threat_condition_keys()) {
            const auto entry = documented.find(std::string(key.name));
            if (entry == documented.end()) {
                FAIL_CHECK("the README does not list ", key.name);
                continue;
            }
            CHECK_MESSAGE(entry->second == readme_type(key.kind), key.name, " is a ", readme_type(key.kind));
            documented.erase(entry);
        }
        for (const auto& [key, type] : documented)
            FAIL_CHECK("the README lists ", key, ", which the loader does not read");
    }

    TEST_CASE("the README's tables of conduct, move-rule and verdict conditions give every key the loader reads, each "
              "with its type")
    {
        const std::string readme = read_readme();
        check_condition_table(readme, "## `conducts`", conduct_condition_keys());
        check_condition_table(readme, "## `move_rules`", move_rule_condition_keys());
        check_condition_table(readme, "## `verdicts`", verdict_condition_keys());
    }

    TEST_CASE("the README's table of classification keys gives every number and switch the loader reads, with its type "
              "and default, and names what it needs")
    {
        const std::string readme = read_readme();
        REQUIRE(readme.find("## `classification`") != std::string::npos);
        const auto rows = tables_of_section(readme, "## `classification`");
        REQUIRE(rows.size() > 2);
        CHECK(rows[0] == std::vector<std::string> { "key", "type", "default", "meaning" });
        std::map<std::string, std::vector<std::string>> documented; // key -> type, default, meaning
        for (std::size_t i = 2; i < rows.size(); ++i) {
            REQUIRE(rows[i].size() == 4);
            const std::string& key = rows[i][0];
            REQUIRE(key.size() > 2);
            CHECK_MESSAGE(
                documented.emplace(key.substr(1, key.size() - 2), std::vector(rows[i].begin() + 1, rows[i].end()))
                    .second,
                key, " twice");
        }
        ClassifierOptions defaults;
        std::set<std::string_view> names;
        for (const ClassificationKey& key : classification_keys()) {
            names.insert(key.name);
            const auto entry = documented.find(std::string(key.name));
            if (entry == documented.end()) {
                FAIL_CHECK("the README does not list ", key.name);
                continue;
            }
            const auto& [type, default_value, meaning] = std::tie(entry->second[0], entry->second[1], entry->second[2]);
            if (const auto* flag = std::get_if<OptionField<bool>>(&key.field)) {
                CHECK_MESSAGE(type == "boolean", key.name);
                CHECK_MESSAGE(default_value == ((*flag)(defaults) ? "true" : "false"), key.name);
            } else {
                CHECK_MESSAGE(type == "integer " + std::to_string(key.low) + "-" + std::to_string(key.high), key.name);
                if (const auto* number = std::get_if<OptionField<int>>(&key.field))
                    CHECK_MESSAGE(default_value == std::to_string((*number)(defaults)), key.name);
                else
                    CHECK_MESSAGE(default_value.rfind("none", 0) == 0, key.name);
            }
            for (const auto& group : key.needs)
                for (std::string_view needed : group)
                    CHECK_MESSAGE(meaning.find("`" + std::string(needed) + "`") != std::string::npos, key.name,
                        " needs ", needed, ", which its meaning does not name");
            documented.erase(entry);
        }
        // What a key needs is a key of the table.
        for (const ClassificationKey& key : classification_keys())
            for (const auto& group : key.needs)
                for (std::string_view needed : group)
                    CHECK_MESSAGE(names.count(needed) == 1, key.name, " needs ", needed);
        // (clang 14 cannot capture a structured binding, as CHECK_MESSAGE's lambda would.)
        for (const auto& entry : documented) {
            const std::string& key = entry.first;
            CHECK_MESSAGE((key == "material.takers" || key == "piece_worth"), "the README lists ", key,
                ", which the loader does not read");
        }
    }
}
