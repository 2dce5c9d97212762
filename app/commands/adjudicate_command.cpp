// Running `xqarb adjudicate`: each game judged, and its ruling written, documented or skipped.
#include "commands/adjudicate_command.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>

#include <unistd.h>

#include "commands/exit_codes.hpp"
#include "commands/natural_limit_option.hpp"
#include "commands/notation_option.hpp"
#include "commands/output_file.hpp"
#include "commands/ruleset_lookup.hpp"
#include "commands/terminal.hpp"
#include "xq/report/ruling_document.hpp"

namespace xq::app {

namespace {

    // Whether a game of a file gets its document when not every game is asked for: one with
    // a repetition ruled on, a move that failed, a note on the board, or the natural limit
    // reached.
    bool worth_a_document(const GameRuling& game)
    {
        return !game.rulings.empty() || game.status != GameStatus::Ok || (game.board && !game.board->notes.empty())
            || game.natural_limit;
    }

    // The line on stderr for a game without a document: where it is and why it has none,
    // `not_ruled` being the repetitions the game moved on from, which bear on nothing.
    void print_skipped_game(const GameRecord& record, const RecordReplay& replay, std::size_t not_ruled)
    {
        Diagnostics line;
        const int plies = replay.game ? replay.game->ply_count() : 0;
        const std::string repetitions = not_ruled == 0 ? "no repetition to rule on (--all writes its document too)"
            : not_ruled == 1
            ? "one repetition, which the game moved on from: it bears on nothing (--detail all rules on it)"
            : std::to_string(not_ruled)
                + " repetitions, each of which the game moved on from: they bear on nothing (--detail all rules on "
                  "them)";
        DiagnosticFields fields = game_fields(record);
        fields.push_back({ "form", not_ruled == 0 ? "none" : not_ruled == 1 ? "one" : "several" });
        fields.push_back({ "plies", std::to_string(plies) });
        fields.push_back({ "count", std::to_string(not_ruled) });
        line.note("adjudicate.nothing-to-rule",
            describe_game(record) + ": " + std::to_string(plies) + (plies == 1 ? " ply" : " plies") + ", "
                + repetitions,
            record.location, std::move(fields));
        print_diagnostics(line);
    }

} // namespace

CLI::App* add_adjudicate_command(CLI::App& app, AdjudicateOptions& options)
{
    CLI::App* cmd = app.add_subcommand("adjudicate", "Rule on the repetitions of games, in writing");
    cmd->fallthrough();
    add_game_source_options(*cmd, options.input);
    cmd->add_option("--ruleset", options.ruleset,
        "Ruleset name (in the rulesets folder) or path to a JSON file; several separated by commas (axf,cxa) rule "
        "side by side: where the books differ and why, then each book's ruling in full");
    add_natural_limit_option(*cmd, options.natural_limit);
    cmd->add_option("--format", options.format,
           "Output format: text, markdown, html, jsonl (json is read as jsonl) or pdf; default: from -o's extension, "
           "else text")
        ->check(CLI::IsMember({ "text", "markdown", "html", "jsonl", "json", "pdf" }));
    cmd->add_option("--lang", options.language, "Language of the ruling")->check(CLI::IsMember(document_languages()));
    add_notation_option(*cmd, options.notation);
    cmd->add_option("--detail", options.detail,
           "Which repetitions of a game to rule on: deciding (the default) rules on each repetition that bears on the "
           "result (the record ends in it, or it lasts long enough for a side to lose by it) and sets out in full the "
           "one that decides the game, the others in brief; all rules on every repetition and sets out each in full")
        ->check(CLI::IsMember({ "deciding", "all" }));
    add_output_option(*cmd, options.output);
    cmd->add_option("--instructed", options.instructed,
           "SIDE@PLY: the arbiter told SIDE (red or black) to change its moves after ply PLY; the loss counts from "
           "there (repeatable; added to those of the record's Instructed tag, see docs/instructions.md)")
        ->check([](const std::string& text) {
            return parse_instruction(text) ? std::string() : "'" + text + "' is not SIDE@PLY (red@96, black@120)";
        });
    cmd->add_flag("--all", options.all,
        "A document for every game of a file; without it (and without --game) only games with a repetition ruled on or "
        "a problem get one, and the others a line on stderr");
    cmd->footer("Exit code: 0 when every game was read and replayed to its end, 1 when one was not (the "
                "rulings, under one ruleset or several, never change it), 2 for bad usage or a ruleset that cannot "
                "be loaded, 4 when the output could not be written.");
    return cmd;
}

int run_adjudicate(const AdjudicateOptions& options, bool verbose)
{
    Diagnostics setup;
    auto books = find_rulesets(options.ruleset, setup);
    const auto messages = find_message_catalogue(options.language, setup);
    if (messages)
        set_diagnostic_language(&*messages);
    print_diagnostics(setup);
    if (!books || !messages || !std::all_of(books->begin(), books->end(), [&](RuleSet& rules) {
            return lower_natural_limit(rules, options.natural_limit, *messages);
        }))
        return exit_usage;
    // One ruleset writes its ruling as it always has; several, their comparison.
    const bool comparing = books->size() > 1;

    const auto format
        = choose_format(options.format, options.output, { "text", "markdown", "html", "jsonl", "pdf" }, "text");
    if (!format)
        return exit_usage;
    const bool pdf = *format == "pdf";
    if (pdf) {
        if (const std::string missing = pdf_libraries_missing(); !missing.empty()) {
            print_error(command_line_problem("output.pdf-libraries",
                "PDF output needs cairo, pango and librsvg, which cannot be loaded: " + missing,
                { { "missing", missing } }));
            return exit_write;
        }
    }
    const bool to_stdout = is_standard_output(options.output);
    // PDF is binary: to a terminal it would only garble the screen.
    if (pdf && to_stdout && isatty(fileno(stdout))) {
        print_error(command_line_problem(
            "usage.pdf-to-terminal", "--format pdf needs -o FILE, or standard output redirected to a file or pipe"));
        return exit_usage;
    }
    const std::optional<InputFiles> input = list_input_files(options.input);
    if (!input)
        return exit_usage;
    CommandOutput output;
    if (!output.open(options.output, input->paths()))
        return exit_usage;
    std::ostream& out = output.stream();

    DocumentOptions document_options;
    document_options.notation = document_notation(options.notation, options.language);
    document_options.every_repetition_in_full = options.detail == "all";
    const RepetitionsRuled ruled
        = document_options.every_repetition_in_full ? RepetitionsRuled::Every : RepetitionsRuled::BearingOnResult;
    Instructions instructed;
    for (const std::string& text : options.instructed)
        instructed.push_back(*parse_instruction(text));
    const bool every_game = options.all || !options.input.games.empty() || options.input.files.empty();
    if (*format == "html")
        write_html_head(out, *messages, comparing);
    bool first_game = true;
    // Set on pages once all are known.
    std::vector<RulingDocument> pdf_documents;
    std::vector<ComparisonDocument> pdf_comparisons;
    const auto write_ruling = [&](const GameRuling& game, const GameRecord& record) {
        const RulingDocument document
            = build_ruling_document(game, record, books->front(), *messages, document_options);
        if (pdf) {
            pdf_documents.push_back(document);
        } else if (*format == "jsonl") {
            write_document_json(out, game, books->front(), document, *messages);
        } else if (*format == "html") {
            write_document_html(out, document, *messages);
        } else if (*format == "markdown") {
            write_document_markdown(out, document, *messages);
        } else {
            write_document_text(out, document, *messages);
        }
    };
    const auto write_comparison = [&](const RuleBookComparison& comparison, const GameRecord& record) {
        ComparisonDocument document = build_comparison_document(comparison, record, *messages, document_options);
        if (pdf) {
            pdf_comparisons.push_back(std::move(document));
        } else if (*format == "jsonl") {
            write_comparison_json(out, comparison, document, *messages);
        } else if (*format == "html") {
            write_comparison_html(out, document, *messages);
        } else if (*format == "markdown") {
            write_comparison_markdown(out, document, *messages);
        } else {
            write_comparison_text(out, document, *messages);
        }
    };
    const bool clean = for_each_game(
        options.input, *input, verbose, [&](const GameRecord& record, const RecordReplay& replay) {
            const int index = static_cast<int>(record.index);
            // Text and Markdown documents follow one another after a blank line.
            const auto separate = [&] {
                if (!first_game && (*format == "text" || *format == "markdown"))
                    out << '\n';
                first_game = false;
            };
            // The instructions given on the command line join the record's.
            std::optional<RecordReplay> instructed_replay;
            if (!instructed.empty()) {
                instructed_replay = replay;
                instructed_replay->instructions.insert(
                    instructed_replay->instructions.end(), instructed.begin(), instructed.end());
            }
            const RecordReplay& judged = instructed_replay ? *instructed_replay : replay;
            if (!comparing) {
                const RuleSet& rules = books->front();
                const GameRuling game = judge_game(index, record.location, judged, rules,
                    repetitions_ruled(ruled, judged.game ? judged.game->ply_count() : 0, rules));
                if (!every_game && !worth_a_document(game)) {
                    print_skipped_game(record, judged, game.not_ruled.size());
                    return;
                }
                separate();
                write_ruling(game, record);
            } else {
                const RuleBookComparison comparison = compare_rule_books(index, record.location, judged, *books, ruled);
                if (!every_game
                    && std::none_of(comparison.books.begin(), comparison.books.end(),
                        [](const BookRuling& book) { return worth_a_document(book.game); })) {
                    std::size_t not_ruled = 0;
                    for (const BookRuling& book : comparison.books)
                        not_ruled = std::max(not_ruled, book.game.not_ruled.size());
                    print_skipped_game(record, judged, not_ruled);
                    return;
                }
                separate();
                write_comparison(comparison, record);
            }
        });
    if (*format == "html")
        write_html_tail(out);
    if (pdf && pdf_documents.empty() && pdf_comparisons.empty()) {
        // A PDF needs a page: no file at all rather than an empty one that looks written.
        output.discard();
        print_error(command_line_problem(
            "output.pdf-empty", "no PDF written: no game read has a document (--all gives every game one)"));
        return exit_findings;
    }
    if (pdf
        && !(comparing ? write_comparisons_pdf(out, pdf_comparisons, *messages)
                       : write_documents_pdf(out, pdf_documents, *messages)))
        out.setstate(std::ios::badbit);
    if (!output.finish())
        return exit_write;
    return clean ? exit_ok : exit_findings;
}

} // namespace xq::app
