// The names of the notations a document writes its moves in.
#include "xq/report/document_notation.hpp"

namespace xq {

std::string_view to_string(DocumentNotation notation)
{
    switch (notation) {
    case DocumentNotation::Chinese:
        return "chinese";
    case DocumentNotation::Wxf:
        return "wxf";
    case DocumentNotation::Iccs:
        break;
    }
    return "iccs";
}

} // namespace xq
