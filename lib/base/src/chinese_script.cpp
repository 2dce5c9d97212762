// The hand-reviewed Xiangqi terms, then OpenCC's s2hk table, for text in traditional characters.
#include "xq/base/chinese_script.hpp"

#include <array>

#include "opencc_converter.hpp"

namespace xq {

namespace {

    constexpr std::array term_spellings {
        TermSpelling { "复盘", "復盤", "OpenCC writes 覆盤 (to overturn), not 復盤 (to replay)" },
        TermSpelling { "坐标", "坐標", "the Hong Kong table writes 座標" },
        TermSpelling { "不准", "不准", "准 is 'to permit' here, not 準 'exact'" },
        TermSpelling { "一将一捉", "一將一捉", "a term of rule 12" },
        TermSpelling { "闲着", "閒着", "the idle move, as Hong Kong's rule books write it" },
        TermSpelling { "将军", "將軍", "check" },
        TermSpelling { "着", "着", "a move: Taiwan's table would write 著" },
        TermSpelling { "炮", "炮", "a cannon of either side: 砲 is Black's cannon only, in some sets" },
        TermSpelling { "将", "將", "Black's general" },
        TermSpelling { "帅", "帥", "Red's general" },
        TermSpelling { "车", "車", "the rook" },
        TermSpelling { "马", "馬", "the horse" },
        TermSpelling { "后", "後", "the rear one of two pieces on a file (后车), and 'after'" },
        TermSpelling { "进", "進", "advances" },
        TermSpelling { "兑", "兌", "an exchange" },
    };

    const detail::OpenccConverter& converter()
    {
        static const detail::OpenccConverter instance("s2hk.json");
        return instance;
    }

    const TermSpelling* term_at(std::string_view text)
    {
        for (const TermSpelling& term : term_spellings)
            if (text.starts_with(term.simplified))
                return &term;
        return nullptr;
    }

} // namespace

std::span<const TermSpelling> xiangqi_term_spellings() { return term_spellings; }

bool traditional_characters_available() { return converter().loaded(); }

std::string in_traditional_characters(std::string_view simplified)
{
    std::string out;
    out.reserve(simplified.size());
    std::size_t run_start = 0; // of the text since the last term, converted by OpenCC
    for (std::size_t at = 0; at < simplified.size();) {
        const TermSpelling* term = term_at(simplified.substr(at));
        if (!term) {
            ++at;
            continue;
        }
        out += converter().convert(simplified.substr(run_start, at - run_start));
        out += term->traditional;
        at += term->simplified.size();
        run_start = at;
    }
    out += converter().convert(simplified.substr(run_start));
    return out;
}

} // namespace xq
