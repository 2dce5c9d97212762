// Fuzzing FEN reading, strict and lenient: never a crash, and what is read writes back the same.
// A position read writes a FEN that reads back as the same position.

#include <string>

#include "fuzz_support.hpp"
#include "xq/board/fen.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace xq;
    fuzz::Input input(data, size);
    const FenOptions options { (input.take_byte() & 1) != 0 };
    const std::string_view fen = input.rest();
    Diagnostics diagnostics;
    const std::optional<Position> pos = parse_fen(fen, diagnostics, {}, options);
    fuzz::require(pos.has_value() != diagnostics.has_errors(), "a FEN is read exactly when it has no error", fen);
    if (!pos)
        return 0;
    const std::string written = to_fen(*pos);
    Diagnostics again;
    const std::optional<Position> reread = parse_fen(written, again, {}, options);
    fuzz::require(reread.has_value(), "a written FEN reads back", written);
    fuzz::require(to_fen(*reread) == written, "a written FEN reads back as the same position", written);
    return 0;
}
