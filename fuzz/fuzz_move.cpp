// Fuzzing one move text in every notation: never a crash; a move read is legal and reads back.
// The positions are of every kind (opening, middle game, ending, Black to move), and each
// notation's writing of a move read reads back as the same move.

#include <array>
#include <string>

#include "fuzz_support.hpp"
#include "xq/board/fen.hpp"
#include "xq/board/movegen.hpp"
#include "xq/notation/chinese.hpp"
#include "xq/notation/iccs.hpp"
#include "xq/notation/move_text.hpp"
#include "xq/notation/wxf.hpp"

namespace {

using namespace xq;

const std::array<Position, 4>& positions()
{
    static const std::array<Position, 4> all = [] {
        constexpr std::array<std::string_view, 4> fens {
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 3",
            "3k5/4P4/4P4/4P4/9/9/4p4/4p4/9/3K5 w - - 0 1", // tandem and triple soldiers
            "2bak4/4a4/4b4/9/2p6/9/9/4B4/2p1A4/4K4 b - - 0 1",
        };
        std::array<Position, 4> out;
        for (std::size_t i = 0; i < fens.size(); ++i) {
            Diagnostics ignored;
            out[i] = *parse_fen(fens[i], ignored, {}, FenOptions { true });
        }
        return out;
    }();
    return all;
}

void require_reads_back(const Position& pos, Move m, const std::string& written)
{
    const auto parsed = parse_move(pos, written);
    fuzz::require(std::holds_alternative<Move>(parsed) && std::get<Move>(parsed) == m,
        "a written move reads back as the same move", written);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    fuzz::Input input(data, size);
    const std::uint8_t choice = input.take_byte();
    const Position& pos = positions()[choice % positions().size()];
    const std::string_view text = input.rest();
    (void)detect_notation(text);
    MoveTextOptions options;
    constexpr std::array<Notation, 3> notations { Notation::Iccs, Notation::Wxf, Notation::Chinese };
    if ((choice >> 2) % 4 < 3)
        options.expected = notations[(choice >> 2) % 4];
    options.iccs_ranks = (choice & 0x10) != 0 ? IccsRanks::OneToTen : IccsRanks::ZeroToNine;
    const auto parsed = parse_move(pos, text, options);
    (void)parse_iccs_move(pos, text, options.iccs_ranks);
    (void)parse_wxf(pos, text);
    (void)parse_chinese(pos, text);
    const Move* m = std::get_if<Move>(&parsed);
    if (!m) {
        fuzz::require_clean_text(std::get<MoveError>(parsed).message, false);
        return 0;
    }
    fuzz::require(is_legal(pos, *m), "a move read is legal", text);
    require_reads_back(pos, *m, to_iccs(*m, IccsRanks::ZeroToNine));
    require_reads_back(pos, *m, to_wxf(pos, *m));
    require_reads_back(pos, *m, to_chinese(pos, *m, ChineseScript::Simplified));
    require_reads_back(pos, *m, to_chinese(pos, *m, ChineseScript::Traditional));
    return 0;
}
