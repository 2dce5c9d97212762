#include "commands/ruleset_lookup.hpp"

#include <cstdlib>
#include <filesystem>

#include "xq/arbiter/ruleset_loader.hpp"

namespace xq::app {

std::vector<std::string> ruleset_folders()
{
    std::vector<std::string> folders;
    if (const char* env = std::getenv("XQARB_RULESETS"); env && *env)
        folders.emplace_back(env);
    folders.emplace_back(XQ_INSTALLED_RULESETS);
    folders.emplace_back(XQ_SOURCE_RULESETS);
    return folders;
}

std::optional<RuleSet> find_ruleset(const std::string& name_or_path, Diagnostics& diagnostics)
{
    const bool is_path = name_or_path.find('/') != std::string::npos
        || (name_or_path.size() > 5 && name_or_path.ends_with(".json"));
    if (is_path)
        return load_ruleset_file(name_or_path, diagnostics);
    for (const std::string& folder : ruleset_folders()) {
        const std::filesystem::path file = std::filesystem::path(folder) / (name_or_path + ".json");
        std::error_code ec;
        if (std::filesystem::is_regular_file(file, ec))
            return load_ruleset_file(file, diagnostics);
    }
    diagnostics.error("ruleset.not-found", "no ruleset named '" + name_or_path + "' (looked in $XQARB_RULESETS, "
        XQ_INSTALLED_RULESETS " and " XQ_SOURCE_RULESETS ")");
    return std::nullopt;
}

std::optional<MessageCatalogue> find_message_catalogue(const std::string& language, Diagnostics& diagnostics)
{
    for (const std::string& folder : ruleset_folders()) {
        const std::filesystem::path file = std::filesystem::path(folder) / "messages" / (language + ".json");
        std::error_code ec;
        if (std::filesystem::is_regular_file(file, ec))
            return load_message_catalogue(file, diagnostics);
    }
    diagnostics.error("messages.not-found", "no message catalogue for language '" + language
        + "' (looked for messages/" + language + ".json in $XQARB_RULESETS, " XQ_INSTALLED_RULESETS " and "
        XQ_SOURCE_RULESETS ")");
    return std::nullopt;
}

} // namespace xq::app
