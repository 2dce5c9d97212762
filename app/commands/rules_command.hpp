// The `xqarb rules` command: list and show the rules a ruling cites, or check a ruleset file.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace xq::app {

struct RulesOptions {
    std::string ruleset = "axf";
    std::string rule; // for `show`
    std::string language = "en"; // of the rules' texts
    std::string file; // for `check`
};

// `xqarb rules list | show RULE | check FILE`: read the rules a ruling cites, and check a
// ruleset file without ruling on anything.
struct RulesCommand {
    CLI::App* list = nullptr;
    CLI::App* show = nullptr;
    CLI::App* check = nullptr;
};
RulesCommand add_rules_command(CLI::App& app, RulesOptions& options);
int run_rules(const RulesCommand& command, const RulesOptions& options);

} // namespace xq::app
