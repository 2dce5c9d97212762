// A move token cleaned of what real files add: padding, full-width forms, annotation marks.
#pragma once

#include <array>
#include <string>
#include <string_view>

// Cleaning a move token before a notation reads it. Private to the notation library.

namespace xq::detail {

// The code points of a move token, with what real files add around the same move taken
// away: white space around it (the ideographic space U+3000 included, which Chinese files use
// as padding), full-width ASCII forms folded to ASCII ("Ｃ２＝５" reads as "C2=5"), and
// trailing annotation marks ! ? #. Bytes that are not UTF-8 become U+FFFD, so that a reader
// reports an unknown character instead of misreading them.
//
// Every move is read through this, so a move's few code points stay in the object; only a
// text longer than any notation's move goes to the heap.
class CleanMoveToken {
public:
    explicit CleanMoveToken(std::string_view text);
    CleanMoveToken(const CleanMoveToken&) = delete;
    CleanMoveToken& operator=(const CleanMoveToken&) = delete;

    std::u32string_view code_points() const { return view_; }

private:
    void push_back(char32_t c)
    {
        if (inline_size_ < inline_.size() && spilled_.empty())
            inline_[inline_size_++] = c;
        else
            spill(c);
    }
    void spill(char32_t c);

    std::array<char32_t, 16> inline_;
    std::size_t inline_size_ = 0;
    std::u32string spilled_;
    std::u32string_view view_;
};

// The text with surrounding ASCII white space removed: how error messages quote a token.
std::string_view trim(std::string_view text);

} // namespace xq::detail
