// The FEN reader, field by field, with the checks that reject positions that cannot arise.
#include "xq/board/fen.hpp"

#include <charconv>
#include <vector>

#include "xq/base/utf8.hpp"

namespace xq {

namespace {

    struct Field {
        std::string_view text;
        std::size_t offset; // bytes from the start of the FEN
    };

    std::vector<Field> split_fields(std::string_view fen)
    {
        std::vector<Field> fields;
        fields.reserve(6); // placement, side, two placeholders, two counters
        std::size_t i = 0;
        while (i < fen.size()) {
            while (i < fen.size() && (fen[i] == ' ' || fen[i] == '\t'))
                ++i;
            const std::size_t start = i;
            while (i < fen.size() && fen[i] != ' ' && fen[i] != '\t')
                ++i;
            if (i > start)
                fields.push_back({ fen.substr(start, i - start), start });
        }
        return fields;
    }

    std::string ordinal(int n)
    {
        const char* suffix = n == 1 ? "st" : n == 2 ? "nd" : n == 3 ? "rd" : "th";
        return std::to_string(n) + suffix;
    }

    std::string plural(PieceType t, int n)
    {
        std::string name(to_string(t));
        return n == 1 ? name : name + "s";
    }

    // Where a piece of its kind can ever stand: elephants on their seven points, advisors and
    // kings in the palace, soldiers on or past their starting rank (and before the river
    // only on the files they start on, since they cannot step sideways there).
    bool reachable(Piece p, Square s)
    {
        const Color c = p.color();
        const int own_rank = c == Color::Red ? s.rank() : 9 - s.rank();
        switch (p.type()) {
        case PieceType::King:
            return in_palace(c, s);
        case PieceType::Advisor:
            return in_palace(c, s) && (s.file() + own_rank) % 2 == 1;
        case PieceType::Elephant:
            if (own_rank == 2)
                return s.file() == 0 || s.file() == 4 || s.file() == 8;
            return (own_rank == 0 || own_rank == 4) && (s.file() == 2 || s.file() == 6);
        case PieceType::Soldier:
            if (own_rank < 3)
                return false;
            return own_rank >= 5 || s.file() % 2 == 0;
        default:
            return true;
        }
    }

    bool parse_counter(std::string_view text, int& value)
    {
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        return error == std::errc() && end == text.data() + text.size() && value >= 0;
    }

} // namespace

std::optional<Position> parse_fen(
    std::string_view fen, Diagnostics& diagnostics, const SourceLocation& where, const FenOptions& options)
{
    const std::size_t errors_before = diagnostics.size();
    auto at = [&](std::size_t offset) {
        SourceLocation loc = where;
        const auto column = utf8::column_of(fen, offset);
        loc.column = static_cast<std::uint32_t>(where.column == 0 ? column : where.column + column - 1);
        return loc;
    };
    auto failed = [&] {
        for (std::size_t i = errors_before; i < diagnostics.size(); ++i)
            if (diagnostics.items()[i].severity == Severity::Error)
                return true;
        return false;
    };

    const std::vector<Field> fields = split_fields(fen);
    if (fields.empty()) {
        diagnostics.error("fen.empty", "empty FEN", at(0), {});
        return std::nullopt;
    }

    Position pos;
    // Placement: ranks separated by '/', from ICCS rank 9 down to rank 0.
    const Field placement = fields[0];
    // Every game's replay starts from a FEN: room is made at once, not grown a field at a time.
    std::vector<Field> ranks;
    ranks.reserve(rank_count);
    for (std::size_t start = 0;;) {
        const std::size_t slash = placement.text.find('/', start);
        const std::size_t end = slash == std::string_view::npos ? placement.text.size() : slash;
        ranks.push_back({ placement.text.substr(start, end - start), placement.offset + start });
        if (slash == std::string_view::npos)
            break;
        start = slash + 1;
    }
    if (ranks.size() != rank_count) {
        diagnostics.error("fen.rank-count",
            "the placement has " + std::to_string(ranks.size()) + " ranks; a Xiangqi board has 10",
            at(placement.offset), { { "ranks", std::to_string(ranks.size()) } });
        return std::nullopt;
    }
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const int rank = rank_count - 1 - static_cast<int>(i);
        // Named only for a problem: built for every rank of every game, the names were a ninth
        // of the allocations `validate` makes.
        const auto rank_name
            = [&] { return ordinal(static_cast<int>(i) + 1) + " rank (ICCS rank " + std::to_string(rank) + ")"; };
        const auto rank_fields = [&](DiagnosticFields named) {
            named.push_back({ "rank", std::to_string(i + 1) });
            named.push_back({ "iccs_rank", std::to_string(rank) });
            return named;
        };
        int file = 0;
        bool width_reported = false;
        for (std::size_t j = 0; j < ranks[i].text.size(); ++j) {
            const char c = ranks[i].text[j];
            const std::size_t offset = ranks[i].offset + j;
            if (c >= '1' && c <= '9') {
                file += c - '0';
            } else if (const auto piece = piece_from_fen_char(c)) {
                if (file < file_count)
                    pos.put_piece(Square(file, rank), *piece);
                ++file;
            } else {
                const std::size_t length = ranks[i].text.substr(j).size();
                std::string shown(1, c);
                // Quote a whole UTF-8 character, not its first byte.
                if (static_cast<unsigned char>(c) >= 0x80) {
                    std::size_t k = 1;
                    while (k < length && (static_cast<unsigned char>(ranks[i].text[j + k]) & 0xc0) == 0x80)
                        ++k;
                    shown = std::string(ranks[i].text.substr(j, k));
                    j += k - 1;
                }
                diagnostics.error("fen.bad-char",
                    "'" + shown + "' in the " + rank_name() + " is neither a piece letter nor a digit", at(offset),
                    rank_fields({ { "character", shown } }));
                width_reported = true;
                break;
            }
            if (file > file_count && !width_reported) {
                diagnostics.error("fen.rank-width", "the " + rank_name() + " is wider than 9 files", at(offset),
                    rank_fields({ { "form", "wide" } }));
                width_reported = true;
            }
        }
        if (file < file_count && !width_reported)
            diagnostics.error("fen.rank-width",
                "the " + rank_name() + " covers " + std::to_string(file) + " files, not 9", at(ranks[i].offset),
                rank_fields({ { "form", "narrow" }, { "files", std::to_string(file) } }));
    }
    if (failed())
        return std::nullopt;

    // Side to move.
    if (fields.size() < 2) {
        diagnostics.warning("fen.no-side", "no side to move; taking Red", at(fen.size()), {});
    } else {
        const std::string_view side = fields[1].text;
        if (side == "w" || side == "r" || side == "W" || side == "R")
            pos.set_side_to_move(Color::Red);
        else if (side == "b" || side == "B")
            pos.set_side_to_move(Color::Black);
        else
            diagnostics.error("fen.side", "side to move '" + std::string(side) + "' is not 'w', 'r' or 'b'",
                at(fields[1].offset), { { "text", std::string(side) } });
    }

    // Anything after: '-' placeholders and up to two counters.
    std::vector<int> counters;
    counters.reserve(2);
    for (std::size_t i = 2; i < fields.size(); ++i) {
        int value = 0;
        if (fields[i].text == "-")
            continue;
        if (parse_counter(fields[i].text, value) && counters.size() < 2)
            counters.push_back(value);
        else
            diagnostics.error("fen.bad-field",
                "unexpected '" + std::string(fields[i].text) + "' after the side to move", at(fields[i].offset),
                { { "text", std::string(fields[i].text) } });
    }
    if (counters.size() == 2)
        pos.set_counters(counters[0], counters[1] == 0 ? 1 : counters[1]);
    else if (counters.size() == 1)
        pos.set_counters(0, counters[0] == 0 ? 1 : counters[0]);

    // Material and placement that cannot arise in a game.
    for (const Color c : { Color::Red, Color::Black }) {
        const std::string side_name = c == Color::Red ? "Red" : "Black";
        if (pos.count(c, PieceType::King) == 0)
            diagnostics.error("fen.king-count", side_name + " has no king", at(placement.offset));
        for (int t = 0; t < piece_type_count; ++t) {
            const auto type = static_cast<PieceType>(t);
            const int n = pos.count(c, type);
            if (n > pieces_in_set[t])
                diagnostics.error(type == PieceType::King ? "fen.king-count" : "fen.piece-count",
                    side_name + " has " + std::to_string(n) + " " + plural(type, n) + "; a set has "
                        + std::to_string(pieces_in_set[t]),
                    at(placement.offset));
        }
    }
    for (int s = 0; s < square_count; ++s) {
        const Piece p = pos.piece_on(Square(s));
        if (p && !reachable(p, Square(s))) {
            // Point at the letter: rank i of the FEN is ICCS rank 9 - i.
            const Field& rank_field = ranks[static_cast<std::size_t>(9 - Square(s).rank())];
            std::size_t offset = rank_field.offset;
            for (int file = 0, j = 0; j < static_cast<int>(rank_field.text.size()); ++j) {
                const char c = rank_field.text[static_cast<std::size_t>(j)];
                if (file == Square(s).file() && !(c >= '1' && c <= '9')) {
                    offset = rank_field.offset + static_cast<std::size_t>(j);
                    break;
                }
                file += (c >= '1' && c <= '9') ? c - '0' : 1;
            }
            std::string message = std::string(to_string(p.color())) + " " + std::string(prose_name(p.type())) + " on "
                + to_iccs(Square(s)) + " stands where no " + std::string(prose_name(p.type())) + " can ever be";
            if (options.allow_unreachable_points && p.type() != PieceType::King)
                diagnostics.warning("fen.bad-square", message + " (accepted)", at(offset));
            else
                diagnostics.error("fen.bad-square", message, at(offset));
        }
    }
    if (failed())
        return std::nullopt;

    const Color them = ~pos.side_to_move();
    if (pos.in_check(them)) {
        diagnostics.error("fen.king-capturable",
            std::string(pos.kings_facing() ? "the kings face each other on an open file"
                                           : std::string(to_string(them)) + "'s king is in check")
                + " with " + std::string(to_string(pos.side_to_move())) + " to move, who could capture it",
            at(fields.size() > 1 ? fields[1].offset : 0));
        return std::nullopt;
    }
    return pos;
}

std::string to_fen(const Position& pos)
{
    std::string fen;
    for (int rank = rank_count - 1; rank >= 0; --rank) {
        int empties = 0;
        for (int file = 0; file < file_count; ++file) {
            const Piece p = pos.piece_on(Square(file, rank));
            if (p.is_none()) {
                ++empties;
                continue;
            }
            if (empties)
                fen += static_cast<char>('0' + empties);
            empties = 0;
            fen += to_fen_char(p);
        }
        if (empties)
            fen += static_cast<char>('0' + empties);
        if (rank)
            fen += '/';
    }
    fen += pos.side_to_move() == Color::Red ? " w" : " b";
    fen += " - - " + std::to_string(pos.halfmove_clock()) + " " + std::to_string(pos.fullmove_number());
    return fen;
}

} // namespace xq
