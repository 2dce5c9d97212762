#include "file_notation.hpp"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <string>

#include "move_errors.hpp"
#include "xq/board/movegen.hpp"

namespace xq::detail {

bool counts_steps(PieceType t, Direction d)
{
    if (d == Direction::Sideways)
        return false;
    return t == PieceType::King || t == PieceType::Chariot || t == PieceType::Cannon
        || t == PieceType::Soldier;
}

// ---------------------------------------------------------------------------------------------
// Census and description

std::size_t FileCensus::slot(PieceType t, int file)
{
    return static_cast<std::size_t>(index(t) * file_count + file - 1);
}

FileCensus::FileCensus(const Position& pos, Color side)
    : side_(side)
{
    // Visiting the ranks from the enemy's side lists the pieces foremost first.
    const int first = side == Color::Red ? rank_count - 1 : 0;
    const int step = side == Color::Red ? -1 : 1;
    for (int rank = first; rank >= 0 && rank < rank_count; rank += step)
        for (int board_file = 0; board_file < file_count; ++board_file) {
            const Square s(board_file, rank);
            const Piece p = pos.piece_on(s);
            if (p.is_none() || p.color() != side)
                continue;
            Column& column = columns_[slot(p.type(), file_number(side, board_file))];
            // A reachable position has at most five of a kind; a made-up one keeps its first five.
            if (column.size < column.squares.size())
                column.squares[column.size++] = s;
        }
}

std::span<const Square> FileCensus::on_file([[maybe_unused]] Color c, PieceType t, int file) const
{
    assert(c == side_);
    const Column& column = columns_[slot(t, file)];
    return { column.squares.data(), static_cast<std::size_t>(column.size) };
}

int FileCensus::tandem_soldier_files(Color c) const
{
    int files = 0;
    for (int file = 1; file <= file_count; ++file)
        files += on_file(c, PieceType::Soldier, file).size() >= 2 ? 1 : 0;
    return files;
}

PiecePlace place_of(const Position& pos, const FileCensus& census, Square s)
{
    const Piece piece = pos.piece_on(s);
    assert(!piece.is_none());
    const Color c = piece.color();
    PiecePlace place;
    place.kind = piece.type();
    place.file = file_number(c, s.file());
    const auto column = census.on_file(c, place.kind, place.file);
    place.pieces_on_file = static_cast<int>(column.size());
    place.from_front
        = static_cast<int>(std::find(column.begin(), column.end(), s) - column.begin());
    if (place.kind != PieceType::Soldier)
        return place;
    place.tandem_soldier_files = census.tandem_soldier_files(c);
    if (place.pieces_on_file < 2)
        return place;
    int number = 0;
    for (int file = 1; file < place.file; ++file) {
        const auto soldiers = census.on_file(c, PieceType::Soldier, file);
        if (soldiers.size() >= 2)
            number += static_cast<int>(soldiers.size());
    }
    place.tandem_number = number + place.from_front + 1;
    return place;
}

FileMove describe(const Position& pos, const FileCensus& census, Move m)
{
    const Color c = pos.piece_on(m.from()).color();
    FileMove move;
    move.move = m;
    move.piece = place_of(pos, census, m.from());
    const int forward
        = c == Color::Red ? m.to().rank() - m.from().rank() : m.from().rank() - m.to().rank();
    move.direction = forward > 0 ? Direction::Forward
        : forward < 0            ? Direction::Backward
                                 : Direction::Sideways;
    move.argument = counts_steps(move.piece.kind, move.direction) ? std::abs(forward)
                                                                  : file_number(c, m.to().file());
    return move;
}

// ---------------------------------------------------------------------------------------------
// Readings

bool selects(const Selector& selector, const PiecePlace& place)
{
    if ((selector.kinds & kind_bit(place.kind)) == 0)
        return false;
    if (selector.file != 0 && selector.file != place.file)
        return false;
    const int n = place.pieces_on_file;
    const int i = place.from_front;
    const bool told_apart_by_move
        = place.kind == PieceType::Advisor || place.kind == PieceType::Elephant;
    const bool middle = n >= 3 && n % 2 == 1 && i == n / 2;
    // WXF names the ends of four or five soldiers ++ and --, so its + and - move inwards.
    const int wxf_inset = n >= 4 ? 1 : 0;
    switch (selector.pick) {
    case Pick::OnFile:
        return n == 1 || told_apart_by_move;
    case Pick::OnFileOrMiddle:
        return n == 1 || told_apart_by_move || (place.kind == PieceType::Soldier && middle);
    case Pick::AnyOnFile:
        return true;
    case Pick::Front:
        return n >= 2 && i == 0;
    case Pick::Rear:
        return n >= 2 && i == n - 1;
    case Pick::Middle:
        return middle;
    case Pick::WxfFront:
        return n >= 2 && i == wxf_inset;
    case Pick::WxfRear:
        return n >= 2 && i == n - 1 - wxf_inset;
    case Pick::Ordinal:
        return i == selector.ordinal - 1;
    case Pick::Numbered:
        return place.tandem_number == selector.ordinal;
    }
    return false;
}

// ---------------------------------------------------------------------------------------------
// Messages

namespace {

    std::string kind_name(PieceKinds kinds, bool plural)
    {
        std::string name;
        for (int t = 0; t < piece_type_count; ++t) {
            if ((kinds & kind_bit(static_cast<PieceType>(t))) == 0)
                continue;
            if (!name.empty())
                name += " or ";
            name += to_string(static_cast<PieceType>(t));
            if (plural)
                name += 's';
        }
        return name;
    }

    std::string count_word(std::size_t n)
    {
        constexpr std::string_view words[] = { "no", "one", "two", "three", "four", "five" };
        return n < std::size(words) ? std::string(words[n]) : std::to_string(n);
    }

    std::string motion(PieceType kind, Direction direction, int argument)
    {
        const std::string n = std::to_string(argument);
        if (direction == Direction::Sideways) {
            if (kind == PieceType::Advisor || kind == PieceType::Elephant
                || kind == PieceType::Horse)
                return "move sideways";
            return "move across to file " + n;
        }
        const std::string verb = direction == Direction::Forward ? "advance " : "retreat ";
        return verb + (counts_steps(kind, direction) ? n : "to file " + n);
    }

    PieceType first_kind(PieceKinds kinds)
    {
        for (int t = 0; t < piece_type_count; ++t)
            if (kinds & kind_bit(static_cast<PieceType>(t)))
                return static_cast<PieceType>(t);
        return PieceType::King;
    }

    // Why no piece fits the selector at all.
    std::string nothing_selected(const Selector& selector, const FileCensus& census, Color mover)
    {
        const std::string one = kind_name(selector.kinds, false);
        const std::string many = kind_name(selector.kinds, true);
        const std::string on_file = "file " + std::to_string(selector.file);
        switch (selector.pick) {
        case Pick::OnFile:
        case Pick::OnFileOrMiddle:
        case Pick::AnyOnFile:
            return "there is no " + one + " on " + on_file;
        case Pick::Front:
        case Pick::Rear:
        case Pick::WxfFront:
        case Pick::WxfRear:
            return selector.file ? on_file + " does not hold two " + many
                                 : "no file holds two " + many;
        case Pick::Middle:
            return selector.file ? on_file + " does not hold three or five " + many
                                 : "no file holds three or five " + many;
        case Pick::Ordinal:
            return on_file + " does not hold "
                + count_word(static_cast<std::size_t>(selector.ordinal)) + " " + many;
        case Pick::Numbered: {
            int tandem = 0;
            for (int file = 1; file <= file_count; ++file) {
                const auto soldiers = census.on_file(mover, PieceType::Soldier, file);
                tandem += soldiers.size() >= 2 ? static_cast<int>(soldiers.size()) : 0;
            }
            const std::string missing
                = "there is no soldier number " + std::to_string(selector.ordinal);
            if (tandem == 0)
                return missing + ": no file holds two soldiers";
            return missing + ": only " + std::to_string(tandem)
                + " stand on files holding two or more";
        }
        }
        return "no piece fits";
    }

    std::string square_list(const std::vector<Square>& squares)
    {
        std::string out;
        for (const Square s : squares)
            out += (out.empty() ? "" : ", ") + to_iccs(s);
        return out;
    }

    // What blocks the one move of the piece on `from` that has the shape the text describes
    // (the horse's leg, a piece in the chariot's way), or nothing.
    std::string blocker_of_described_move(
        const Position& pos, const FileCensus& census, Square from, const FileMoveText& text)
    {
        std::string reason;
        int shaped = 0;
        for (int s = 0; s < square_count; ++s) {
            const Move m(from, Square(s));
            if (!detail::has_move_shape(pos, from, m.to()))
                continue;
            const FileMove move = describe(pos, census, m);
            if (move.direction != text.direction || move.argument != text.argument)
                continue;
            ++shaped;
            reason = detail::blocking_reason(pos, m, [](Square square) { return to_iccs(square); });
        }
        return shaped == 1 ? reason : std::string();
    }

    // Why the pieces the token points at cannot make its move.
    std::string explain_no_match(
        const Position& pos, const FileCensus& census, const FileMoveText& text)
    {
        const Color mover = pos.side_to_move();
        std::vector<Square> selected;
        PieceKinds kinds = 0;
        for (int s = 0; s < square_count; ++s) {
            const Piece p = pos.piece_on(Square(s));
            if (p.is_none() || p.color() != mover)
                continue;
            const PiecePlace place = place_of(pos, census, Square(s));
            const bool chosen = std::any_of(text.selectors.begin(), text.selectors.end(),
                [&](const Selector& selector) { return selects(selector, place); });
            if (chosen) {
                selected.push_back(Square(s));
                kinds |= kind_bit(p.type());
            }
        }
        if (selected.empty())
            return nothing_selected(text.selectors.front(), census, mover);

        // A move of the right shape that only the king's safety forbids deserves saying so.
        bool exposes_king = false;
        for (const Square s : selected)
            for (const Move m : pseudo_legal_moves_from(pos, s)) {
                const FileMove move = describe(pos, census, m);
                exposes_king |= move.direction == text.direction && move.argument == text.argument;
            }
        const std::string what = motion(first_kind(kinds), text.direction, text.argument);
        std::string reason = selected.size() == 1
            ? "the " + kind_name(kinds, false) + " on " + to_iccs(selected.front()) + " cannot "
                + what
            : "no " + kind_name(kinds, false) + " on " + square_list(selected) + " can " + what;
        if (exposes_king)
            reason += kinds == kind_bit(PieceType::King) ? " without moving into check"
                                                         : " without leaving its king in check";
        else if (selected.size() == 1)
            reason += blocker_of_described_move(pos, census, selected.front(), text);
        return reason;
    }

    std::string explain_ambiguity(
        const Position& pos, const std::vector<Move>& candidates, const FileMoveText& text)
    {
        PieceKinds kinds = 0;
        for (const Move m : candidates)
            kinds |= kind_bit(pos.piece_on(m.from()).type());
        const bool one_kind = (kinds & (kinds - 1)) == 0;
        return count_word(candidates.size()) + " " + (one_kind ? kind_name(kinds, true) : "pieces")
            + " can " + motion(first_kind(kinds), text.direction, text.argument);
    }

} // namespace

std::variant<Move, MoveError> resolve(
    const Position& pos, std::string_view token, const FileMoveText& text)
{
    const Color mover = pos.side_to_move();
    const FileCensus census(pos, mover);
    for (const Tier tier : { Tier::Standard, Tier::Fallback }) {
        PieceKinds kinds_read = 0;
        for (const Selector& selector : text.selectors)
            kinds_read |= selector.tier == tier ? selector.kinds : 0;
        // First the pieces the text names, then which of their moves fit the text, and only
        // then whether those are legal, which costs the most.
        std::vector<Move> matches;
        for (int t = 0; t < piece_type_count; ++t) {
            const auto kind = static_cast<PieceType>(t);
            if ((kinds_read & kind_bit(kind)) == 0)
                continue;
            for (int file = 1; file <= file_count; ++file)
                for (const Square s : census.on_file(mover, kind, file)) {
                    const PiecePlace place = place_of(pos, census, s);
                    const bool read = std::any_of(text.selectors.begin(), text.selectors.end(),
                        [&](const Selector& selector) { return selector.tier == tier && selects(selector, place); });
                    if (!read)
                        continue;
                    for (const Move m : pseudo_legal_moves_from(pos, s)) {
                        const FileMove move = describe(pos, census, m);
                        if (move.direction == text.direction && move.argument == text.argument
                            && pos.is_legal_pseudo(m))
                            matches.push_back(m);
                    }
                }
        }
        if (matches.size() == 1)
            return matches.front();
        if (matches.size() > 1) {
            const std::string reason = explain_ambiguity(pos, matches, text);
            return ambiguous_move(token, pos, reason, std::move(matches));
        }
    }
    return illegal_move(token, pos, explain_no_match(pos, census, text));
}

} // namespace xq::detail
