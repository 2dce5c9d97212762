// What each classification key of a bundled ruleset changes in its rule book's figures.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "rule_book_test_support.hpp"
#include "xq/arbiter/enum_names.hpp"
#include "xq/arbiter/rule_interpreter.hpp"
#include "xq/arbiter/ruleset_loader.hpp"

// Each key that a bundled ruleset sets in `classification` is turned off (a switch false, a depth
// 0, a list or an object left out for its default; a key already off is left out, for its
// default), with the keys that need it and the chase rows whose facts are then not looked for,
// and every figure of the ruleset's book is judged again: a figure changes when its verdict, a
// cited rule or a move's word (its classes, where the ruleset has no words) do. The output
// lists, for every key, how many figures it changes and which: what the key is for, in the
// book's own figures. A key that changes none fails, unless it states its default or a clause
// alone states it (stated_by_a_clause_alone).

using namespace xq;

namespace {

struct Book {
    std::string ruleset;
    std::vector<std::string> case_files;
};

const std::vector<Book>& books()
{
    static const std::vector<Book> all = {
        { "axf", { "axf/diagrams.jsonl", "axf/composed.jsonl", "axf/reproducers.jsonl" } },
        { "cxa", { "cxa/cases.jsonl" } },
        { "computer", { "computer/cases.jsonl" } },
    };
    return all;
}

std::string bundled_text(const std::string& id)
{
    std::ifstream in(XQ_RULESETS "/" + id + ".json", std::ios::binary);
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// What a line's judgement comes to: each ruling's outcome and rules, each judged move's word. Two rulesets judge a line
// alike when these are equal.
std::string judgement_of(const ReplayedGame& game, const RuleSet& rules)
{
    std::string out;
    for (const Ruling& ruling : rule_on_game(game, rules)) {
        out += std::string(to_string(ruling.outcome)) + " by";
        for (const std::string& rule : ruling.rules)
            out += " " + rule;
        // A book's word for each move where the ruleset has words, else the move's classes.
        for (const MoveRuling& move : ruling.moves) {
            out += " |";
            if (move.term)
                out += " " + rules.move_terms[*move.term].term;
            else
                for (const MoveClass c : move.classes)
                    out += " " + std::string(to_string(c));
        }
        out += "\n";
    }
    return out;
}

// Every line of a book's case files judged as the rule-book tests judge it: to the threefold
// occurrence where the case gives one, else as a whole; and the printed line as one cycle, for
// the words of its moves. Keyed by case id (and "alt" for a diagram's alternative line).
std::map<std::string, std::string> judge_book(const Book& book, const RuleSet& bundled)
{
    std::map<std::string, std::string> judged;
    for (const std::string& file : book.case_files)
        for (const nlohmann::json& c : test::testdata_cases(file)) {
            std::vector<std::pair<std::string, const nlohmann::json*>> lines { { c["id"], &c } };
            if (c.contains("alt"))
                lines.emplace_back(c["id"].get<std::string>() + " alt", &c["alt"]);
            for (const auto& [id, line] : lines) {
                RuleSet rules = bundled;
                const bool whole = book.ruleset == "axf" ? line == &c && c.value("judged_span", "") == "whole_record"
                                                         : !line->contains("moves_to_threefold");
                if (whole)
                    rules.repetition.judged_span = JudgedSpan::WholeRecord;
                const std::string fen = (*line)["fen"];
                const std::string moves = line->value("moves_to_threefold", (*line)["moves_iccs"].get<std::string>());
                std::string judgement = judgement_of(test::play_line(fen, moves), rules);
                if (line->contains("labels")) {
                    RuleSet as_one_cycle = bundled;
                    as_one_cycle.repetition.judged_span = JudgedSpan::WholeRecord;
                    judgement += "line: "
                        + judgement_of(test::play_line(fen, (*line)["moves_iccs"].get<std::string>()), as_one_cycle);
                }
                judged[id] = judgement;
            }
        }
    return judged;
}

const ClassificationKey* key_named(std::string_view name)
{
    for (const ClassificationKey& k : classification_keys())
        if (k.name == name)
            return &k;
    return nullptr; // a list or an object: piece_worth, the takers
}

// Where a key stands in `classification`: "kill.depth" in the sub-object "kill".
nlohmann::json::json_pointer pointer_to(std::string_view name)
{
    std::string path = "/" + std::string(name);
    std::replace(path.begin(), path.end(), '.', '/');
    return nlohmann::json::json_pointer(path);
}

// The keys a ruleset sets, by name ("kill.depth", "piece_worth").
std::vector<std::string> keys_set(const nlohmann::json& classification)
{
    std::vector<std::string> names;
    for (const auto& [name, value] : classification.items())
        if (name == "piece_worth")
            names.push_back(name);
        else
            for (const auto& [key, setting] : value.items())
                names.push_back(name + "." + key);
    return names;
}

void leave_out(nlohmann::json& classification, std::string_view name)
{
    const auto at = pointer_to(name);
    classification[at.parent_pointer()].erase(at.back());
    if (classification[at.parent_pointer()].empty() && !at.parent_pointer().empty())
        classification.erase(at.parent_pointer().back());
}

// Turned off: a switch false, a depth 0; a list, an object or a number that may be absent, left
// out (its default).
void set_off(nlohmann::json& classification, const std::string& name)
{
    const ClassificationKey* key = key_named(name);
    if (key && std::holds_alternative<OptionField<bool>>(key->field))
        classification[pointer_to(name)] = false;
    else if (key && std::holds_alternative<OptionField<int>>(key->field))
        classification[pointer_to(name)] = 0;
    else
        leave_out(classification, name);
}

bool is_on(const nlohmann::json& classification, std::string_view name)
{
    if (!classification.contains(pointer_to(name)))
        return false;
    const nlohmann::json& found = classification[pointer_to(name)];
    const ClassificationKey* key = key_named(name);
    if (found.is_boolean())
        return found.get<bool>();
    return !key || !found.is_number_integer() || found.get<int>() >= key->on_from;
}

bool needs_met(const ClassificationKey& key, const nlohmann::json& classification)
{
    return std::all_of(key.needs.begin(), key.needs.end(), [&](const auto& group) {
        return std::any_of(
            group.begin(), group.end(), [&](std::string_view name) { return is_on(classification, name); });
    });
}

// The ruleset with `key` turned off, and every key that then lacks what it needs, and every
// chase row whose conditions ask a fact that is then not looked for; what else went off.
RuleSet turn_off(nlohmann::json ruleset, const std::string& key, std::vector<std::string>& also_off)
{
    nlohmann::json& classification = ruleset["classification"];
    // A key that turns a search off is turned "off" by leaving it out: its default looks.
    const nlohmann::json as_set = classification[pointer_to(key)];
    set_off(classification, key);
    if (classification.contains(pointer_to(key)) && classification[pointer_to(key)] == as_set)
        leave_out(classification, key);
    for (bool again = true; again;) {
        again = false;
        for (const ClassificationKey& k : classification_keys())
            if (is_on(classification, k.name) && !needs_met(k, classification)) {
                set_off(classification, std::string(k.name));
                also_off.emplace_back(k.name);
                again = true;
            }
    }
    for (;;) {
        Diagnostics diagnostics;
        const auto rules = parse_ruleset(ruleset.dump(), key, diagnostics);
        if (rules)
            return *rules;
        std::set<std::size_t> rows;
        std::string problems;
        for (const Diagnostic& d : diagnostics) {
            problems += d.message + "; ";
            const std::string prefix = "at /chase_rules/";
            if (d.message.rfind(prefix, 0) == 0)
                rows.insert(std::stoul(d.message.substr(prefix.size())));
        }
        REQUIRE_MESSAGE(!rows.empty(), key << ": the ruleset without it does not load: " << problems);
        // A threat is never on a king: the row then never holds, and its tags stay defined.
        for (const std::size_t row : rows) {
            also_off.push_back("chase row " + std::to_string(row) + " ("
                + ruleset["chase_rules"][row]["rule"].get<std::string>() + ")");
            ruleset["chase_rules"][row]["if"] = { { "target", { "king" } } };
        }
    }
}

// Keys that no figure of the book shows, kept because a clause states them; each with the
// clause. Any other key that changes no figure fails the test: it is a fit, or dead.
const std::map<std::string, std::string>& stated_by_a_clause_alone()
{
    static const std::map<std::string, std::string> keys = {
        { "cxa kill.mates_by_check", "CXA 24.2: a kill threatens mate by a check or a series of checks" },
    };
    return keys;
}

// Whether the ruleset without the key weighs pieces and takes with the same kinds as with it:
// the key states its default (piece_worth, the takers).
bool states_the_default(const RuleSet& with, const RuleSet& without)
{
    const ClassifierOptions &a = with.classification, &b = without.classification;
    return a.piece_worth == b.piece_worth && a.check_capture.takers == b.check_capture.takers
        && a.material.sequence_takers == b.material.sequence_takers;
}

} // namespace

TEST_SUITE("rule books")
{
    TEST_CASE("every classification key a bundled ruleset sets changes some figure of its book, or says why not")
    {
        for (const Book& book : books()) {
            const std::string text = bundled_text(book.ruleset);
            const nlohmann::json bundled_json = nlohmann::json::parse(text);
            const RuleSet bundled = test::load_bundled_ruleset(book.ruleset);
            const std::map<std::string, std::string> reference = judge_book(book, bundled);
            const nlohmann::json& classification = bundled_json.value("classification", nlohmann::json::object());
            MESSAGE(book.ruleset << ": " << keys_set(classification).size() << " classification keys set, "
                                 << reference.size() << " lines judged");
            for (const std::string& key : keys_set(classification)) {
                std::vector<std::string> off;
                const RuleSet rules = turn_off(bundled_json, key, off);
                const std::map<std::string, std::string> judged = judge_book(book, rules);
                std::vector<std::string> changed;
                for (const auto& [id, judgement] : reference)
                    if (judged.at(id) != judgement)
                        changed.push_back(id);
                std::string with;
                for (std::size_t i = 0; i < off.size(); ++i)
                    with += (i == 0 ? " (with " : ", ") + off[i] + (i + 1 == off.size() ? ")" : "");
                std::string ids;
                for (const std::string& id : changed)
                    ids += " " + id;
                const std::string name = book.ruleset + " " + key;
                const auto clause = stated_by_a_clause_alone().find(name);
                std::string why_kept;
                if (changed.empty() && clause != stated_by_a_clause_alone().end())
                    why_kept = " (kept: " + clause->second + ")";
                else if (changed.empty() && !key_named(key) && states_the_default(bundled, rules))
                    why_kept = " (it states the default)";
                MESSAGE(name << with << ": " << changed.size() << " figures change" << ids << why_kept);
                CHECK_MESSAGE((!changed.empty() || !why_kept.empty()), name << ": turning it off changes no figure");
                CHECK_MESSAGE((changed.empty() || clause == stated_by_a_clause_alone().end()),
                    name << " changes figures: take it out of stated_by_a_clause_alone");
            }
        }
    }
}
