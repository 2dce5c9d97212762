// Diagnostics: the problems found in the user's input, with code, place, fields and severity.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xq {

// Where a problem was found: a file (or another named source such as "--fen"),
// a 1-based line and a 1-based column counted in characters (code points), not bytes.
// A zero line or column means "not known" and is left out when printed. A binary file has no
// lines: there the place is the offset of a byte, printed "byte 0x41c".
struct SourceLocation {
    std::string source;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::optional<std::uint64_t> byte_offset = std::nullopt;
};

enum class Severity { Error, Warning, Note };

// A named value of a diagnostic (`ply` = "3", `side` = "red"), from which lib/report words the
// message in the reader's language (the catalogue key `diagnostic.<code>`).
struct DiagnosticField {
    std::string name;
    std::string value;
};
using DiagnosticFields = std::vector<DiagnosticField>;

// One problem in the user's input. `code` is a stable dotted id (`fen.bad-rank`)
// that tests check; `message` is for people and may be reworded: the English words, for
// callers without a catalogue. `fields` are what a catalogue's phrase for the code needs
// (diagnostic_codes.hpp lists the codes that have one, and their fields).
struct Diagnostic {
    Severity severity = Severity::Error;
    std::string code;
    std::string message;
    SourceLocation location;
    DiagnosticFields fields = {};

    // The value of the field `name`, or nothing.
    const std::string* field(std::string_view name) const;
};

class Diagnostics {
public:
    void error(std::string code, std::string message, SourceLocation location = {}, DiagnosticFields fields = {});
    void warning(std::string code, std::string message, SourceLocation location = {}, DiagnosticFields fields = {});
    void note(std::string code, std::string message, SourceLocation location = {}, DiagnosticFields fields = {});
    void add(Diagnostic diagnostic) { items_.push_back(std::move(diagnostic)); }

    [[nodiscard]] bool has_errors() const;
    [[nodiscard]] bool empty() const { return items_.empty(); }
    std::size_t size() const { return items_.size(); }
    const std::vector<Diagnostic>& items() const { return items_; }
    auto begin() const { return items_.begin(); }
    auto end() const { return items_.end(); }
    void clear() { items_.clear(); }
    // Puts `source` in the locations that name none: a reader may leave a file's name out of
    // the locations in its records (one per move) for the caller to put back where it shows them.
    void name_source(const std::string& source);

private:
    std::vector<Diagnostic> items_;
};

std::string_view to_string(Severity severity);

// A number as messages write offsets and flags: "0x41c".
std::string hex_number(std::uint64_t value);

// gcc style: `file:line:col: error[code]: message`, parts that are unknown left out;
// `file: byte 0x41c: error[code]: message` in a binary file.
std::string format_diagnostic(const Diagnostic& diagnostic);

} // namespace xq
