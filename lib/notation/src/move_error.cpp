// The kinds of a move that cannot be read, and their diagnostic codes.
#include "xq/notation/move_error.hpp"

namespace xq {

std::string_view to_string(MoveErrorKind kind)
{
    switch (kind) {
    case MoveErrorKind::Syntax:
        return "syntax";
    case MoveErrorKind::Illegal:
        return "illegal";
    case MoveErrorKind::Ambiguous:
        return "ambiguous";
    }
    return "unknown";
}

std::string_view diagnostic_code(MoveErrorKind kind)
{
    switch (kind) {
    case MoveErrorKind::Syntax:
        return "notation.syntax";
    case MoveErrorKind::Illegal:
        return "notation.illegal";
    case MoveErrorKind::Ambiguous:
        return "notation.ambiguous";
    }
    return "notation.unknown";
}

} // namespace xq
