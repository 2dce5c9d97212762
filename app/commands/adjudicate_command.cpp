#include "commands/adjudicate_command.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>

#include <unistd.h>

#include "commands/exit_codes.hpp"
#include "commands/output_file.hpp"
#include "commands/ruleset_lookup.hpp"
#include "commands/terminal.hpp"
#include "xq/report/ruling_document.hpp"

namespace xq::app {

namespace {

    DocumentNotation notation_for(const AdjudicateOptions& options)
    {
        if (options.notation == "iccs")
            return DocumentNotation::Iccs;
        if (options.notation == "wxf")
            return DocumentNotation::Wxf;
        if (options.notation == "chinese" || options.language == "zh")
            return DocumentNotation::Chinese;
        return DocumentNotation::Wxf;
    }

} // namespace

CLI::App* add_adjudicate_command(CLI::App& app, AdjudicateOptions& options)
{
    CLI::App* cmd = app.add_subcommand("adjudicate", "Rule on the repetitions of games, in writing");
    cmd->fallthrough();
    add_game_source_options(*cmd, options.input);
    cmd->add_option("--ruleset", options.ruleset, "Ruleset name (in the rulesets folder) or path to a JSON file");
    cmd->add_option("--format", options.format, "Output format")
        ->check(CLI::IsMember({ "text", "markdown", "html", "json", "pdf" }));
    cmd->add_option("--lang", options.language, "Language of the ruling")->check(CLI::IsMember({ "en", "zh" }));
    cmd->add_option("--notation", options.notation, "Notation of the moves (default: chinese for --lang zh, else wxf)")
        ->check(CLI::IsMember({ "chinese", "wxf", "iccs" }));
    cmd->add_option("--detail", options.detail,
           "Which repetitions of a game to set out in full: the one that decides it (the others in brief), or all")
        ->check(CLI::IsMember({ "deciding", "all" }));
    cmd->add_option("-o,--output", options.output, "Write to this file instead of standard output");
    return cmd;
}

int run_adjudicate(const AdjudicateOptions& options, bool verbose)
{
    Diagnostics setup;
    const auto rules = find_ruleset(options.ruleset, setup);
    const auto messages = find_message_catalogue(options.language, setup);
    print_diagnostics(setup);
    if (!rules || !messages)
        return exit_usage;

    const bool pdf = options.format == "pdf";
    // PDF is binary: to a terminal it would only garble the screen.
    if (pdf && options.output.empty() && isatty(fileno(stdout))) {
        std::cerr << "xqarb: error: --format pdf needs -o FILE, or standard output redirected to a file or pipe\n";
        return exit_usage;
    }
    std::ofstream file;
    if (!options.output.empty() && !open_output_file(options.output, options.input.files, file))
        return exit_usage;
    std::ostream& out = options.output.empty() ? std::cout : file;

    DocumentOptions document_options;
    document_options.notation = notation_for(options);
    document_options.every_repetition_in_full = options.detail == "all";
    if (options.format == "html")
        write_html_head(out, *messages);
    bool first_game = true;
    std::vector<RulingDocument> pdf_documents; // set on pages once all are known
    const bool clean = for_each_game(options.input, verbose, [&](const GameRecord& record, const RecordReplay& replay) {
        const GameRuling game = judge_game(static_cast<int>(record.index), record.location, replay, *rules);
        const RulingDocument document = build_ruling_document(game, record, *rules, *messages, document_options);
        if (pdf) {
            pdf_documents.push_back(document);
        } else if (options.format == "json") {
            write_document_json(out, game, *rules, document, *messages);
        } else if (options.format == "html") {
            write_document_html(out, document, *messages);
        } else {
            if (!first_game)
                out << '\n';
            if (options.format == "markdown")
                write_document_markdown(out, document, *messages);
            else
                write_document_text(out, document, *messages);
        }
        first_game = false;
    });
    if (options.format == "html")
        write_html_tail(out);
    if (pdf && !write_documents_pdf(out, pdf_documents, *messages))
        out.setstate(std::ios::badbit);
    if (!finish_output(out, options.output))
        return exit_write;
    return clean ? exit_ok : exit_findings;
}

} // namespace xq::app
