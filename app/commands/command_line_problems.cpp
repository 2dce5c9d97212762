// CLI11's parse errors as diagnostics with codes and fields, worded by the catalogues.
#include "commands/command_line_problems.hpp"

#include <algorithm>
#include <optional>
#include <string_view>
#include <vector>

#include "commands/ruleset_lookup.hpp"
#include "commands/terminal.hpp"
#include "xq/base/diagnostic_codes.hpp"

namespace xq::app {

namespace {

    constexpr std::string_view see_help = " (see xqarb --help)";

    // The items of a list field, one a line (diagnostic_text.hpp).
    std::string list_field(const std::vector<std::string>& items)
    {
        std::string list;
        for (const std::string& item : items)
            list += (list.empty() ? "" : "\n") + item;
        return list;
    }

    std::vector<std::string> split(std::string_view text, std::string_view separator)
    {
        std::vector<std::string> parts;
        for (std::size_t start = 0;;) {
            const std::size_t end = text.find(separator, start);
            parts.emplace_back(text.substr(start, end == std::string_view::npos ? end : end - start));
            if (end == std::string_view::npos)
                return parts;
            start = end + separator.size();
        }
    }

    // What comes before `marker` in `text`, or nothing.
    std::optional<std::string> before(std::string_view text, std::string_view marker)
    {
        const std::size_t at = text.find(marker);
        return at == std::string_view::npos ? std::nullopt : std::optional(std::string(text.substr(0, at)));
    }

    std::string after(std::string_view text, std::string_view marker)
    {
        const std::size_t at = text.find(marker);
        return at == std::string_view::npos ? std::string() : std::string(text.substr(at + marker.size()));
    }

    // The option named `name` ("--lang", "rule") of the command being parsed (the innermost
    // parsed command first), or of xqarb itself.
    CLI::Option* option_named(CLI::App& app, const std::string& name)
    {
        for (CLI::App* command : app.get_subcommands({}))
            if (command->parsed())
                if (CLI::Option* inner = option_named(*command, name))
                    return inner;
        return app.get_option_no_throw(name);
    }

    // The value given to `option` that its checks turn down: CLI11 keeps what was given when a
    // check fails, and says which value only for its own checks.
    std::string rejected_value(CLI::Option& option)
    {
        for (const std::string& given : option.results())
            for (int i = 0;; ++i) {
                CLI::Validator* check = nullptr;
                try {
                    check = option.get_validator(i);
                } catch (const CLI::OptionNotFound&) {
                    break;
                }
                std::string value = given;
                if (!(*check)(value).empty())
                    return given;
            }
        return option.results().empty() ? std::string() : option.results().back();
    }

    Diagnostic bad_value(const std::string& option_name, const std::string& detail, CLI::App& app, std::string english)
    {
        // CLI11's checks say "zz not in {en,zh}" and "Value 0 not in range 1 to 256".
        if (const auto value = before(detail, " not in {"); value && detail.ends_with('}')) {
            const std::string set = after(detail, " not in {");
            return command_line_problem("usage.bad-value", std::move(english),
                { { "form", "among" }, { "option", option_name }, { "value", *value },
                    { "allowed", list_field(split(set.substr(0, set.size() - 1), ",")) } });
        }
        if (detail.starts_with("Value ")) {
            if (const auto value = before(detail.substr(6), " not in range ")) {
                const std::string range = after(detail, " not in range ");
                const std::vector<std::string> bounds = split(range, " to ");
                if (bounds.size() == 2)
                    return command_line_problem("usage.bad-value", std::move(english),
                        { { "form", "range" }, { "option", option_name }, { "value", *value }, { "low", bounds[0] },
                            { "high", bounds[1] } });
            }
        }
        // xqarb's own checks: the catalogue may say what the option takes.
        CLI::Option* option = option_named(app, option_name);
        DiagnosticFields fields { { "option", option_name },
            { "value", option ? rejected_value(*option) : std::string() } };
        if (catalogued_phrase("usage.expects." + option_name.substr(option_name.find_first_not_of('-')), {}))
            fields.push_back({ "form", "expects" });
        return command_line_problem("usage.bad-value", std::move(english), std::move(fields));
    }

} // namespace

std::string language_in_arguments(int argc, char** argv)
{
    std::string language;
    for (int i = 1; i < argc; ++i) {
        const std::string_view word = argv[i];
        if (word == "--lang" && i + 1 < argc)
            language = argv[++i];
        else if (word.starts_with("--lang="))
            language = word.substr(7);
    }
    const std::vector<std::string>& known = document_languages();
    return std::find(known.begin(), known.end(), language) == known.end() ? std::string() : language;
}

Diagnostic parse_problem(const CLI::ParseError& error, CLI::App& app)
{
    const std::string what = error.what();
    std::string english = what + std::string(see_help);
    if (dynamic_cast<const CLI::ExtrasError*>(&error))
        return command_line_problem(
            "usage.unexpected", std::move(english), { { "arguments", list_field(split(after(what, ": "), " ")) } });
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&error)) {
        // "--lang: 1 required TEXT missing", or "Expected exactly 1 arguments to --lang, got 0".
        std::string option = before(what, ": ").value_or(std::string());
        if (option.empty())
            option = before(after(what, " arguments to "), ",").value_or(std::string());
        if (!option.empty())
            return command_line_problem("usage.missing-value", std::move(english), { { "option", option } });
    }
    if (dynamic_cast<const CLI::ValidationError*>(&error) || dynamic_cast<const CLI::ConversionError*>(&error)) {
        if (const auto option = before(what, ": "); option && !option->empty() && option->front() == '-')
            return bad_value(*option, after(what, ": "), app, std::move(english));
    }
    if (dynamic_cast<const CLI::RequiredError*>(&error)) {
        if (what.starts_with("A subcommand"))
            return command_line_problem("usage.required", std::move(english), { { "form", "command" } });
        if (const auto option = before(what, " is required"))
            return command_line_problem("usage.required", std::move(english), { { "option", *option } });
    }
    if (dynamic_cast<const CLI::ExcludesError*>(&error))
        if (const auto option = before(what, " excludes "))
            return command_line_problem("usage.excludes", std::move(english),
                { { "option", *option }, { "other", after(what, " excludes ") } });
    if (dynamic_cast<const CLI::RequiresError*>(&error))
        if (const auto option = before(what, " requires "))
            return command_line_problem("usage.requires", std::move(english),
                { { "option", *option }, { "other", after(what, " requires ") } });
    return command_line_problem("usage.other", std::move(english));
}

} // namespace xq::app
