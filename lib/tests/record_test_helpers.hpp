// Helpers shared by the record-reading tests: reading every game, and printing records canonically.
// Every game of a file or a string is read; a record printed in a canonical form lets two
// readings be compared as a whole.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "file_test_support.hpp"

#include "xq/base/diagnostic.hpp"
#include "xq/records/game_record.hpp"
#include "xq/records/open_record.hpp"

namespace xq::test {

inline std::filesystem::path records_dir() { return std::filesystem::path(XQ_TESTDATA) / "records"; }

struct ReadResult {
    std::vector<GameRecord> games;
    Diagnostics file_diagnostics;
    TextEncoding encoding = TextEncoding::Utf8;
};

inline ReadResult read_all(RecordReader& reader)
{
    ReadResult result;
    while (std::optional<GameRecord> game = reader.next())
        result.games.push_back(std::move(*game));
    result.file_diagnostics = reader.diagnostics();
    result.encoding = reader.encoding();
    return result;
}

// Reads a file under testdata/records with the reader its content calls for.
inline ReadResult read_record_file(const std::string& relative_path, const RecordReaderOptions& options = {})
{
    Diagnostics open_diagnostics;
    std::unique_ptr<RecordReader> reader = open_record_file(records_dir() / relative_path, options, open_diagnostics);
    REQUIRE_MESSAGE(reader, "cannot open " << relative_path);
    return read_all(*reader);
}

inline ReadResult read_text(RecordFormat format, const std::string& text, const RecordReaderOptions& options = {})
{
    std::istringstream input(text);
    std::unique_ptr<RecordReader> reader = make_record_reader(format, input, "test.pgn", options);
    return read_all(*reader);
}

// Warnings and errors, leaving out notes: clean input may still get notes (the encoding
// choice, an advert after the result).
inline std::vector<Diagnostic> problems(const Diagnostics& diagnostics)
{
    std::vector<Diagnostic> out;
    std::copy_if(diagnostics.begin(), diagnostics.end(), std::back_inserter(out),
        [](const Diagnostic& d) { return d.severity != Severity::Note; });
    return out;
}

inline const Diagnostic* find_code(const Diagnostics& diagnostics, std::string_view code)
{
    const auto it
        = std::find_if(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) { return d.code == code; });
    return it == diagnostics.end() ? nullptr : &*it;
}

inline std::size_t count_code(const Diagnostics& diagnostics, std::string_view code)
{
    return static_cast<std::size_t>(
        std::count_if(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) { return d.code == code; }));
}

inline std::string where(const SourceLocation& location)
{
    return std::to_string(location.line) + ":" + std::to_string(location.column);
}

inline std::string move_texts(const std::vector<RecordedMove>& moves)
{
    std::string out;
    for (const RecordedMove& move : moves)
        out += (out.empty() ? "" : " ") + move.text;
    return out;
}

inline std::string tag_value(const GameRecord& game, std::string_view name)
{
    const RecordedTag* tag = game.find_tag(name);
    return tag ? tag->value : std::string("<none>");
}

// Everything a reader produced, one item a line, for whole-result comparisons; without the
// moves of variations (and the comments on them) for comparing a read that did not keep them.
inline std::string dump(const ReadResult& result, bool with_variation_moves = true)
{
    std::ostringstream out;
    auto moves = [&](const std::vector<RecordedMove>& line) {
        for (const RecordedMove& m : line) {
            out << "  move " << m.text << " @" << where(m.location) << " #" << m.move_number;
            for (const int nag : m.nags)
                out << " $" << nag;
            for (const std::string& c : m.comments)
                out << " {" << c << "}";
            out << "\n";
        }
    };
    for (const GameRecord& g : result.games) {
        out << "game " << g.index << " " << to_string(g.format) << " @" << where(g.location) << "\n";
        for (const RecordedTag& t : g.tags)
            out << "  tag " << t.name << "=" << t.value << " @" << where(t.location) << "/" << where(t.value_location)
                << "\n";
        if (g.start_fen)
            out << "  fen " << g.start_fen->text << " @" << where(g.start_fen->location) << "\n";
        if (g.notation_hint)
            out << "  hint " << *g.notation_hint << "\n";
        for (const std::string& c : g.comments_before_first_move)
            out << "  comment {" << c << "}\n";
        moves(g.moves);
        for (const RecordedVariation& v : g.variations) {
            out << "  variation " << v.id << " of " << v.parent << " at ply " << v.first_ply << " @"
                << where(v.location) << "\n";
            for (const std::string& c : v.comments_before_first_move)
                out << "  comment {" << c << "}\n";
            if (with_variation_moves)
                moves(v.moves);
        }
        out << "  skipped variations " << g.skipped_variations << "\n";
        if (g.result)
            out << "  result " << g.result->text << " @" << where(g.result->location) << "\n";
        for (const Diagnostic& d : g.diagnostics)
            out << "  " << format_diagnostic(d) << "\n";
    }
    for (const Diagnostic& d : result.file_diagnostics)
        out << format_diagnostic(d) << "\n";
    return out.str();
}

} // namespace xq::test
