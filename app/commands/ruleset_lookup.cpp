// Finding rulesets and message catalogues in the share folder or $XQARB_RULESETS.
#include "commands/ruleset_lookup.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>

#include "xq/arbiter/ruleset_loader.hpp"
#include "xq/base/chinese_script.hpp"

namespace xq::app {

namespace {

    // How the folders are described in a "not found" diagnostic.
    std::string folders_searched()
    {
        std::string list;
        for (const std::string& folder : ruleset_folders())
            list += (list.empty() ? "" : ", ") + folder;
        return list.empty() ? "no folder: the executable's location is unknown and $XQARB_RULESETS is not set" : list;
    }

} // namespace

std::vector<std::string> ruleset_folders()
{
    std::vector<std::string> folders;
    // The executable's own share folder first, so that an installed xqarb uses the rulesets it
    // was installed with wherever the prefix is, and a build-tree xqarb the source tree's
    // (the build links <build>/share/xqarb/rulesets to them).
    std::error_code ec;
    const std::filesystem::path executable = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const std::filesystem::path beside = executable.parent_path().parent_path() / "share" / "xqarb" / "rulesets";
        if (std::filesystem::is_directory(beside, ec))
            folders.push_back(beside.lexically_normal().string());
    }
    if (const char* env = std::getenv("XQARB_RULESETS"); env && *env)
        folders.emplace_back(env);
    return folders;
}

std::optional<RuleSet> find_ruleset(const std::string& name_or_path, Diagnostics& diagnostics)
{
    const bool is_path
        = name_or_path.find('/') != std::string::npos || (name_or_path.size() > 5 && name_or_path.ends_with(".json"));
    if (is_path)
        return load_ruleset_file(name_or_path, diagnostics);
    for (const std::string& folder : ruleset_folders()) {
        const std::filesystem::path file = std::filesystem::path(folder) / (name_or_path + ".json");
        std::error_code ec;
        if (std::filesystem::is_regular_file(file, ec))
            return load_ruleset_file(file, diagnostics);
    }
    diagnostics.error(
        "ruleset.not-found", "no ruleset named '" + name_or_path + "' (looked in " + folders_searched() + ")");
    return std::nullopt;
}

namespace {

    // The names of a --ruleset value, without the spaces around them ("axf, cxa").
    std::vector<std::string> ruleset_names(const std::string& list)
    {
        std::error_code ec;
        if (list.find(',') == std::string::npos || std::filesystem::is_regular_file(list, ec))
            return { list };
        const auto trimmed = [](std::string name) {
            name.erase(0, name.find_first_not_of(' '));
            name.erase(name.find_last_not_of(' ') + 1);
            return name;
        };
        std::vector<std::string> names;
        std::size_t start = 0;
        for (std::size_t comma; (comma = list.find(',', start)) != std::string::npos; start = comma + 1)
            names.push_back(trimmed(list.substr(start, comma - start)));
        names.push_back(trimmed(list.substr(start)));
        return names;
    }

} // namespace

std::optional<std::vector<RuleSet>> find_rulesets(const std::string& list, Diagnostics& diagnostics)
{
    const std::vector<std::string> names = ruleset_names(list);
    if (std::find(names.begin(), names.end(), std::string()) != names.end()) {
        diagnostics.error("ruleset.bad-list",
            "'" + list + "' has an empty name in its list of rulesets (give names or paths separated by commas)");
        return std::nullopt;
    }
    std::vector<RuleSet> found;
    bool loaded = true;
    for (const std::string& name : names) {
        std::optional<RuleSet> rules = find_ruleset(name, diagnostics);
        if (!rules) {
            loaded = false;
            continue;
        }
        const auto same = std::find_if(found.begin(), found.end(), [&](const RuleSet& r) { return r.id == rules->id; });
        if (same != found.end()) {
            diagnostics.error("ruleset.repeated",
                "ruleset '" + rules->id + "' is given twice in '" + list + "' (" + same->source + ", " + rules->source
                    + ")");
            loaded = false;
            continue;
        }
        found.push_back(std::move(*rules));
    }
    if (!loaded)
        return std::nullopt;
    return found;
}

std::optional<RuleSet> find_one_ruleset(
    const std::string& name_or_path, std::string_view command, Diagnostics& diagnostics)
{
    const std::size_t count = ruleset_names(name_or_path).size();
    if (count > 1) {
        diagnostics.error("ruleset.one-only",
            std::string(command) + " rules under one ruleset, and '" + name_or_path + "' names " + std::to_string(count)
                + " (only adjudicate compares rule books side by side)");
        return std::nullopt;
    }
    return find_ruleset(name_or_path, diagnostics);
}

const std::vector<std::string>& document_languages()
{
    static const std::vector<std::string> languages { "en", "zh", "zh-Hans", "zh-Hant" };
    return languages;
}

// The catalogue read from its file (and converted, for zh-Hant), each time it is asked for.
static std::optional<MessageCatalogue> load_catalogue(const std::string& language, Diagnostics& diagnostics)
{
    if (language == "zh-Hans")
        return find_message_catalogue("zh", diagnostics);
    if (language == "zh-Hant") {
        if (!traditional_characters_available()) {
            diagnostics.error("messages.no-traditional",
                "traditional characters need OpenCC's tables (Debian package libopencc-data), which are missing");
            return std::nullopt;
        }
        const auto simplified = find_message_catalogue("zh", diagnostics);
        return simplified ? std::optional(simplified->in_traditional_characters()) : std::nullopt;
    }
    for (const std::string& folder : ruleset_folders()) {
        const std::filesystem::path file = std::filesystem::path(folder) / "messages" / (language + ".json");
        std::error_code ec;
        if (std::filesystem::is_regular_file(file, ec))
            return load_message_catalogue(file, diagnostics);
    }
    diagnostics.error("messages.not-found",
        "no message catalogue for language '" + language + "' (looked for messages/" + language + ".json in "
            + folders_searched() + ")");
    return std::nullopt;
}

std::optional<MessageCatalogue> find_message_catalogue(const std::string& language, Diagnostics& diagnostics)
{
    // Loaded once a run, zh-Hant's conversion being the costly part: the command line's
    // problems are worded before the command asks for the same catalogue.
    static std::map<std::string, MessageCatalogue> loaded;
    if (const auto found = loaded.find(language); found != loaded.end())
        return found->second;
    std::optional<MessageCatalogue> messages = load_catalogue(language, diagnostics);
    if (messages)
        loaded.emplace(language, *messages);
    return messages;
}

std::vector<RuleSet> shipped_rulesets()
{
    std::vector<RuleSet> found;
    const std::vector<std::string> folders = ruleset_folders();
    if (folders.empty())
        return found;
    std::error_code ec;
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(folders.front(), ec))
        if (entry.path().extension() == ".json")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
        Diagnostics ignored; // --version names what loads; `rules check` reports the rest
        if (auto rules = load_ruleset_file(file, ignored))
            found.push_back(std::move(*rules));
    }
    return found;
}

} // namespace xq::app
