// --notation chinese|wxf|iccs, and the notation a document takes by default for its language.
#include "commands/notation_option.hpp"

namespace xq::app {

void add_notation_option(CLI::App& command, std::string& notation, const std::string& by_default)
{
    command
        .add_option("--notation", notation, "Notation of the moves: chinese, wxf or iccs (default: " + by_default + ")")
        ->check(CLI::IsMember({ "chinese", "wxf", "iccs" }));
}

DocumentNotation document_notation(const std::string& notation, const std::string& language)
{
    if (notation == "iccs")
        return DocumentNotation::Iccs;
    if (notation == "wxf")
        return DocumentNotation::Wxf;
    if (notation == "chinese" || language.starts_with("zh"))
        return DocumentNotation::Chinese;
    return DocumentNotation::Wxf;
}

} // namespace xq::app
