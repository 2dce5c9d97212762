// The names of the binary record formats.
#include "xq/records/binary_format.hpp"

namespace xq {

std::string_view to_string(BinaryFormat format)
{
    switch (format) {
    case BinaryFormat::Xqf:
        return "XQF";
    case BinaryFormat::Cbr:
        return "CBR";
    case BinaryFormat::Cbl:
        return "CBL";
    case BinaryFormat::Cbf:
        return "CBF";
    }
    return "binary";
}

} // namespace xq
