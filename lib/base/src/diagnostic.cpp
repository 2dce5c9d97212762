// Collecting diagnostics and printing them gcc style: `file:line:col: error[code]: message`.
#include "xq/base/diagnostic.hpp"

#include <algorithm>

namespace xq {

void Diagnostics::error(std::string code, std::string message, SourceLocation location, DiagnosticFields fields)
{
    items_.push_back({ Severity::Error, std::move(code), std::move(message), std::move(location), std::move(fields) });
}

void Diagnostics::warning(std::string code, std::string message, SourceLocation location, DiagnosticFields fields)
{
    items_.push_back(
        { Severity::Warning, std::move(code), std::move(message), std::move(location), std::move(fields) });
}

void Diagnostics::note(std::string code, std::string message, SourceLocation location, DiagnosticFields fields)
{
    items_.push_back({ Severity::Note, std::move(code), std::move(message), std::move(location), std::move(fields) });
}

const std::string* Diagnostic::field(std::string_view name) const
{
    for (const DiagnosticField& f : fields)
        if (f.name == name)
            return &f.value;
    return nullptr;
}

void Diagnostics::name_source(const std::string& source)
{
    for (Diagnostic& d : items_)
        if (d.location.source.empty())
            d.location.source = source;
}

bool Diagnostics::has_errors() const
{
    return std::any_of(items_.begin(), items_.end(), [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

std::string_view to_string(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return "error";
    case Severity::Warning:
        return "warning";
    case Severity::Note:
        return "note";
    }
    return "error";
}

std::string hex_number(std::uint64_t value)
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string text;
    do {
        text.insert(text.begin(), digits[value % 16]);
        value /= 16;
    } while (value != 0);
    return "0x" + text;
}

std::string format_diagnostic(const Diagnostic& diagnostic)
{
    std::string out;
    const SourceLocation& where = diagnostic.location;
    if (!where.source.empty()) {
        out += where.source;
        if (where.line != 0) {
            out += ':' + std::to_string(where.line);
            if (where.column != 0)
                out += ':' + std::to_string(where.column);
        } else if (where.byte_offset) {
            out += ": byte " + hex_number(*where.byte_offset);
        }
        out += ": ";
    }
    out += to_string(diagnostic.severity);
    if (!diagnostic.code.empty())
        out += '[' + diagnostic.code + ']';
    out += ": ";
    out += diagnostic.message;
    return out;
}

} // namespace xq
