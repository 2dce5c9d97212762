// Describing moves by files and matching a token's readings against the legal moves.
#include "file_notation.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdlib>
#include <optional>
#include <string>

#include "move_errors.hpp"
#include "xq/board/movegen.hpp"

namespace xq::detail {

bool counts_steps(PieceType t, Direction d)
{
    if (d == Direction::Sideways)
        return false;
    return t == PieceType::King || t == PieceType::Chariot || t == PieceType::Cannon || t == PieceType::Soldier;
}

// ---------------------------------------------------------------------------------------------
// Census and description

std::size_t FileCensus::slot(int kind, int file) { return static_cast<std::size_t>(kind * file_count + file - 1); }

namespace {

    // By side and piece code: the kind of the piece if it is the side's, else
    // piece_type_count (none of its pieces).
    constexpr auto own_kinds = [] {
        std::array<std::array<std::uint8_t, piece_code_count>, 2> kinds {};
        for (const Color side : { Color::Red, Color::Black })
            for (int code = 0; code < piece_code_count; ++code) {
                const int red = code - 1;
                const int black = code - 1 - piece_type_count;
                const int kind = side == Color::Red ? red : black;
                kinds[index(side)][static_cast<std::size_t>(code)]
                    = static_cast<std::uint8_t>(kind >= 0 && kind < piece_type_count ? kind : piece_type_count);
            }
        return kinds;
    }();

} // namespace

FileCensus::FileCensus(const Position& pos, Color side)
    : pos_(pos)
    , side_(side)
{
}

void FileCensus::scan(int file) const
{
    for (int kind = 0; kind < kinds_and_others; ++kind)
        columns_[slot(kind, file)].size = 0;
    const auto& kinds = own_kinds[index(side_)];
    const int board_file = board_file_of(side_, file);
    // Visiting the ranks from the enemy's side lists the pieces foremost first.
    const int first = side_ == Color::Red ? rank_count - 1 : 0;
    const int step = side_ == Color::Red ? -1 : 1;
    for (int rank = first; rank >= 0 && rank < rank_count; rank += step) {
        const Square s(board_file, rank);
        Column& column = columns_[slot(kinds[pos_.piece_on(s).code()], file)];
        // A reachable position has at most five of a kind; a made-up one keeps its first five.
        const std::uint8_t n = column.size;
        column.squares[n < 5 ? n : 5] = s;
        column.size = static_cast<std::uint8_t>(n < 5 ? n + 1 : n);
    }
    scanned_files_ |= static_cast<std::uint16_t>(1u << file);
}

std::span<const Square> FileCensus::on_file([[maybe_unused]] Color c, PieceType t, int file) const
{
    assert(c == side_);
    if ((scanned_files_ & (1u << file)) == 0)
        scan(file);
    const Column& column = columns_[slot(static_cast<int>(t), file)];
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
    place.from_front = static_cast<int>(std::find(column.begin(), column.end(), s) - column.begin());
    if (place.kind != PieceType::Soldier || place.pieces_on_file < 2)
        return place;
    place.tandem_soldier_files = census.tandem_soldier_files(c);
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
    const int forward = c == Color::Red ? m.to().rank() - m.from().rank() : m.from().rank() - m.to().rank();
    move.direction = forward > 0 ? Direction::Forward : forward < 0 ? Direction::Backward : Direction::Sideways;
    move.argument = counts_steps(move.piece.kind, move.direction) ? std::abs(forward) : file_number(c, m.to().file());
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
    const bool told_apart_by_move = place.kind == PieceType::Advisor || place.kind == PieceType::Elephant;
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
            name += prose_name(static_cast<PieceType>(t));
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
            if (kind == PieceType::Advisor || kind == PieceType::Elephant || kind == PieceType::Horse)
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
            return selector.file ? on_file + " does not hold two " + many : "no file holds two " + many;
        case Pick::Middle:
            return selector.file ? on_file + " does not hold three or five " + many
                                 : "no file holds three or five " + many;
        case Pick::Ordinal:
            return on_file + " does not hold " + count_word(static_cast<std::size_t>(selector.ordinal)) + " " + many;
        case Pick::Numbered: {
            int tandem = 0;
            for (int file = 1; file <= file_count; ++file) {
                const auto soldiers = census.on_file(mover, PieceType::Soldier, file);
                tandem += soldiers.size() >= 2 ? static_cast<int>(soldiers.size()) : 0;
            }
            const std::string missing = "there is no soldier number " + std::to_string(selector.ordinal);
            if (tandem == 0)
                return missing + ": no file holds two soldiers";
            return missing + ": only " + std::to_string(tandem) + " stand on files holding two or more";
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
    Explanation blocker_of_described_move(
        const Position& pos, const FileCensus& census, Square from, const FileMoveText& text)
    {
        Explanation reason;
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
        return shaped == 1 ? reason : Explanation {};
    }

    // The name of the motion for a catalogue (`motion` of MoveError::reason), as motion() says it.
    std::string motion_code(PieceType kind, Direction direction)
    {
        if (direction == Direction::Sideways)
            return kind == PieceType::Advisor || kind == PieceType::Elephant || kind == PieceType::Horse ? "sideways"
                                                                                                         : "across";
        return std::string(direction == Direction::Forward ? "advance" : "retreat")
            + (counts_steps(kind, direction) ? "_steps" : "_to_file");
    }

    // Why the pieces the token points at cannot make its move.
    Explanation explain_no_match(const Position& pos, const FileCensus& census, const FileMoveText& text)
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
        if (selected.empty()) {
            const Selector& named = text.selectors.front();
            const std::string english = nothing_selected(named, census, mover);
            const bool on_a_file
                = named.pick == Pick::OnFile || named.pick == Pick::OnFileOrMiddle || named.pick == Pick::AnyOnFile;
            if (on_a_file && std::has_single_bit(named.kinds))
                return { english,
                    { { "reason", "no_piece_on_file" },
                        { "piece", std::string(to_string(static_cast<PieceType>(std::countr_zero(named.kinds)))) },
                        { "piece_side", std::string(to_string(mover)) }, { "file", std::to_string(named.file) } } };
            return { english, { { "reason", "other" }, { "detail", english } } };
        }

        // A move of the right shape that only the king's safety forbids deserves saying so.
        bool exposes_king = false;
        for (const Square s : selected)
            for (const Move m : pseudo_legal_moves_from(pos, s)) {
                const FileMove move = describe(pos, census, m);
                exposes_king |= move.direction == text.direction && move.argument == text.argument;
            }
        const std::string what = motion(first_kind(kinds), text.direction, text.argument);
        std::string english = selected.size() == 1
            ? "the " + kind_name(kinds, false) + " on " + to_iccs(selected.front()) + " cannot " + what
            : "no " + kind_name(kinds, false) + " on " + square_list(selected) + " can " + what;
        if (selected.size() != 1) {
            if (exposes_king)
                english += " without leaving its king in check";
            return { english, { { "reason", "other" }, { "detail", english } } };
        }
        DiagnosticFields fields;
        const bool king = kinds == kind_bit(PieceType::King);
        if (exposes_king) {
            english += king ? " without moving into check" : " without leaving its king in check";
            fields.push_back({ "reason", king ? "king_into_check" : "exposes_king" });
        } else {
            Explanation blocking = blocker_of_described_move(pos, census, selected.front(), text);
            english += blocking.english;
            fields = blocking.fields.empty() ? DiagnosticFields { { "reason", "cannot" } } : std::move(blocking.fields);
        }
        add_piece_fields(fields, "piece", pos, selected.front());
        fields.push_back({ "motion", motion_code(first_kind(kinds), text.direction) });
        fields.push_back({ "argument", std::to_string(text.argument) });
        return { english, std::move(fields) };
    }

    std::string explain_ambiguity(const Position& pos, const std::vector<Move>& candidates, const FileMoveText& text)
    {
        PieceKinds kinds = 0;
        for (const Move m : candidates)
            kinds |= kind_bit(pos.piece_on(m.from()).type());
        const bool one_kind = (kinds & (kinds - 1)) == 0;
        return count_word(candidates.size()) + " " + (one_kind ? kind_name(kinds, true) : "pieces") + " can "
            + motion(first_kind(kinds), text.direction, text.argument);
    }

} // namespace

namespace {

    // The move that takes the piece on `from` the way the text says, if the text's motion is a
    // move of its kind; whether the piece may make it is not asked here. It is the inverse of
    // describe(): a step count fixes the destination on the file or the rank, and a horse's,
    // advisor's or elephant's destination file fixes how far forward or back it lands.
    std::optional<Move> move_told(Square from, PieceType kind, Color mover, const FileMoveText& text)
    {
        const int forward = mover == Color::Red ? 1 : -1;
        int to_file = from.file();
        int to_rank = from.rank();
        if (text.direction == Direction::Sideways) {
            to_file = board_file_of(mover, text.argument);
        } else {
            const int sign = text.direction == Direction::Forward ? forward : -forward;
            if (counts_steps(kind, text.direction)) {
                to_rank += sign * text.argument;
            } else {
                to_file = board_file_of(mover, text.argument);
                const int across = std::abs(to_file - from.file());
                const int along = kind == PieceType::Horse ? (across == 1 ? 2
                                          : across == 2                   ? 1
                                                                          : 0)
                    : kind == PieceType::Advisor           ? (across == 1 ? 1 : 0)
                                                           : (across == 2 ? 2 : 0);
                if (along == 0)
                    return std::nullopt;
                to_rank += sign * along;
            }
        }
        if (to_rank < 0 || to_rank >= rank_count || (to_file == from.file() && to_rank == from.rank()))
            return std::nullopt;
        return Move(from, Square(to_file, to_rank));
    }

    // Most moves name a piece by its kind and file (炮二, C2) and it is alone there: then its
    // move, when it may make it, is the only one the text can mean. When this gives nothing,
    // the text goes the long way, which weighs every reading and explains a failure.
    std::optional<Move> move_of_sole_piece(const Position& pos, const FileMoveText& text)
    {
        const Selector& named = text.selectors.front();
        const bool by_kind_and_file = named.tier == Tier::Standard && named.file != 0
            && (named.pick == Pick::OnFile || named.pick == Pick::OnFileOrMiddle) && std::has_single_bit(named.kinds);
        const bool other_standard_reading = std::any_of(text.selectors.begin() + 1, text.selectors.end(),
            [](const Selector& selector) { return selector.tier == Tier::Standard; });
        if (!by_kind_and_file || other_standard_reading)
            return std::nullopt;
        const Color mover = pos.side_to_move();
        const auto kind = static_cast<PieceType>(std::countr_zero(named.kinds));
        const Piece piece(mover, kind);
        const int board_file = board_file_of(mover, named.file);
        std::optional<Square> sole;
        for (int rank = 0; rank < rank_count; ++rank)
            if (pos.piece_on(Square(board_file, rank)) == piece) {
                if (sole)
                    return std::nullopt;
                sole = Square(board_file, rank);
            }
        if (!sole)
            return std::nullopt;
        const std::optional<Move> m = move_told(*sole, kind, mover, text);
        return m && is_legal(pos, *m) ? m : std::nullopt;
    }

} // namespace

std::variant<Move, MoveError> resolve(const Position& pos, std::string_view token, const FileMoveText& text)
{
    if (const std::optional<Move> m = move_of_sole_piece(pos, text))
        return *m;
    const Color mover = pos.side_to_move();
    const FileCensus census(pos, mover);
    for (const Tier tier : { Tier::Standard, Tier::Fallback }) {
        PieceKinds kinds_read = 0;
        unsigned files_read = 0; // bit `file` for each file a reading names
        for (const Selector& selector : text.selectors)
            if (selector.tier == tier) {
                kinds_read |= selector.kinds;
                files_read |= selector.file == 0 ? ~0u : 1u << selector.file;
            }
        // First the pieces the text names, then the move each would make, and only then
        // whether that move obeys how the piece moves and is legal, which costs the most.
        MoveList matches;
        for (int t = 0; t < piece_type_count; ++t) {
            const auto kind = static_cast<PieceType>(t);
            if ((kinds_read & kind_bit(kind)) == 0)
                continue;
            for (int file = 1; file <= file_count; ++file) {
                if ((files_read & (1u << file)) == 0)
                    continue;
                for (const Square s : census.on_file(mover, kind, file)) {
                    const PiecePlace place = place_of(pos, census, s);
                    const bool read = std::any_of(text.selectors.begin(), text.selectors.end(),
                        [&](const Selector& selector) { return selector.tier == tier && selects(selector, place); });
                    if (!read)
                        continue;
                    if (const auto m = move_told(s, kind, mover, text); m && is_legal(pos, *m))
                        matches.push(*m);
                }
            }
        }
        if (matches.size() == 1)
            return matches[0];
        if (matches.size() > 1) {
            std::vector<Move> candidates(matches.begin(), matches.end());
            const std::string reason = explain_ambiguity(pos, candidates, text);
            return ambiguous_move(token, pos, reason, std::move(candidates));
        }
    }
    Explanation why = explain_no_match(pos, census, text);
    return illegal_move(token, pos, why.english, std::move(why.fields));
}

} // namespace xq::detail
