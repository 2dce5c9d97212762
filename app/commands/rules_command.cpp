// Running `xqarb rules`: listing rules, finding one by id, number or title, checking a file.
#include "commands/rules_command.hpp"

#include <algorithm>
#include <iostream>

#include "commands/exit_codes.hpp"
#include "commands/ruleset_lookup.hpp"
#include "commands/terminal.hpp"
#include "xq/arbiter/ruleset_loader.hpp"
#include "xq/base/search_folding.hpp"
#include "xq/report/rule_report.hpp"

namespace xq::app {

namespace {

    int list_rules(const RuleSet& rules, const MessageCatalogue& messages)
    {
        std::cout << rules.id << ": " << messages.localised(rules.translations, "title", rules.title) << "\n"
                  << messages.localised(rules.translations, "edition", rules.edition) << "\n\n";
        for (const RuleText& r : rules.rules) {
            std::string id = r.id;
            id.resize(std::max<std::size_t>(id.size() + 2, 12), ' ');
            std::cout << id << messages.localised(r.translations, "title", r.title) << '\n';
        }
        return exit_ok;
    }

    std::string ascii_lower(std::string text)
    {
        for (char& c : text)
            if (c >= 'A' && c <= 'Z')
                c = static_cast<char>(c - 'A' + 'a');
        return text;
    }

    // The rules `wanted` names: its id ("AXF-19"), the id without its prefix ("APP2" for
    // "AXF-APP2"), the book's number ("19", "appendix 2"), or else the rules with `wanted` in
    // their title in any language ("长将", "perpetual check"), ignoring ASCII case and whether
    // Chinese is written in simplified or traditional characters (長將 is 长将).
    std::vector<const RuleText*> find_rules(const RuleSet& rules, const std::string& wanted)
    {
        if (const RuleText* rule = rules.find_rule(wanted))
            return { rule };
        for (const RuleText& r : rules.rules)
            if (r.number == wanted || r.id.ends_with("-" + wanted))
                return { &r };
        const std::string word = ascii_lower(folded_for_search(wanted));
        std::vector<const RuleText*> whole_title;
        std::vector<const RuleText*> in_title;
        for (const RuleText& r : rules.rules) {
            std::vector<std::string> titles { ascii_lower(r.title) };
            for (const auto& [language, texts] : r.translations)
                if (const auto title = texts.find("title"); title != texts.end())
                    titles.push_back(ascii_lower(folded_for_search(title->second)));
            if (std::find(titles.begin(), titles.end(), word) != titles.end())
                whole_title.push_back(&r);
            else if (std::any_of(titles.begin(), titles.end(),
                         [&](const std::string& title) { return title.find(word) != std::string::npos; }))
                in_title.push_back(&r);
        }
        // "长将" is the whole title of one rule and a part of "双方长将": the whole title wins.
        return whole_title.empty() ? in_title : whole_title;
    }

    int show_rule(const RuleSet& rules, const std::string& wanted, const MessageCatalogue& messages)
    {
        const std::vector<const RuleText*> found
            = wanted.empty() ? std::vector<const RuleText*> {} : find_rules(rules, wanted);
        if (found.empty()) {
            print_error(command_line_problem("rules.not-found",
                rules.id + " has no rule '" + wanted + "' (see xqarb rules list)",
                { { "ruleset", rules.id }, { "book", messages.book_name(rules) }, { "rule", wanted } }));
            return exit_findings;
        }
        if (found.size() > 1) {
            const std::string count = std::to_string(found.size());
            print_error(command_line_problem("rules.ambiguous",
                "'" + wanted + "' is in the title of " + count + " rules; say which:",
                { { "rule", wanted }, { "count", count } }));
            for (const RuleText* r : found)
                std::cerr << "  " << r->id << "  " << messages.localised(r->translations, "title", r->title) << '\n';
            return exit_findings;
        }
        write_rule_text(std::cout, rules, *found.front(), messages);
        return exit_ok;
    }

} // namespace

RulesCommand add_rules_command(CLI::App& app, RulesOptions& options)
{
    CLI::App* rules = app.add_subcommand("rules", "List, show and check the rules of a ruleset");
    rules->fallthrough();
    rules->require_subcommand(1);
    RulesCommand command;
    command.list = rules->add_subcommand("list", "List the rules of a ruleset");
    command.list->add_option("--ruleset", options.ruleset, "Ruleset name or path");
    command.list->add_option("--lang", options.language, "Language of the titles")
        ->check(CLI::IsMember(document_languages()));
    command.show = rules->add_subcommand("show", "Show one rule: its text, diagrams and how it is applied");
    command.show
        ->add_option(
            "rule", options.rule, "Rule id (AXF-19), number (19), or a word of its title in either language (长将)")
        ->required();
    command.show->add_option("--ruleset", options.ruleset, "Ruleset name or path");
    command.show->add_option("--lang", options.language, "Language of the rule's text")
        ->check(CLI::IsMember(document_languages()));
    command.check = rules->add_subcommand("check", "Check a ruleset file and report every problem in it");
    command.check->add_option("file", options.file, "Ruleset JSON file")->required();
    for (CLI::App* sub : { command.list, command.show, command.check })
        sub->fallthrough();
    return command;
}

int run_rules(const RulesCommand& command, const RulesOptions& options)
{
    Diagnostics diagnostics;
    if (command.check->parsed()) {
        const auto rules = load_ruleset_file(options.file, diagnostics);
        print_diagnostics(diagnostics);
        if (!rules) {
            std::cerr << options.file << ": " << diagnostics.size() << " problem"
                      << (diagnostics.size() == 1 ? "" : "s") << "\n";
            return exit_findings;
        }
        std::cout << options.file << ": ok: ruleset " << rules->id << ", " << rules->rules.size() << " rules, "
                  << rules->chase_rules.size() << " chase rules, " << rules->conducts.size() << " conducts, "
                  << rules->verdicts.size() << " verdict rows\n";
        return exit_ok;
    }
    const auto rules = find_one_ruleset(options.ruleset, "rules", diagnostics);
    const auto messages = find_message_catalogue(options.language, diagnostics);
    print_diagnostics(diagnostics);
    if (!rules || !messages)
        return exit_usage;
    return command.list->parsed() ? list_rules(*rules, *messages) : show_rule(*rules, options.rule, *messages);
}

} // namespace xq::app
