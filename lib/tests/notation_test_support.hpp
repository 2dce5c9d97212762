// Shared by the notation tests: the tables under testdata/ and the positions round trips walk.
#pragma once

#include <doctest/doctest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "board_test_support.hpp"
#include "xq/board/fen.hpp"
#include "xq/board/movegen.hpp"
#include "xq/notation/move_error.hpp"

namespace notation_test {

using xq::test::from_fen;

inline std::vector<std::string> split(const std::string& text, char separator)
{
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, separator))
        parts.push_back(part);
    return parts;
}

struct TableRow {
    int line = 0;
    std::vector<std::string> fields;
};

// The rows of a tab-separated file under testdata/, without blank lines and '#' comments.
inline std::vector<TableRow> read_table(const std::string& relative_path)
{
    std::ifstream in(std::string(XQ_TESTDATA) + "/" + relative_path);
    REQUIRE_MESSAGE(in, "cannot open testdata/" << relative_path);
    std::vector<TableRow> rows;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number)
        if (!line.empty() && line[0] != '#')
            rows.push_back({ number, split(line, '\t') });
    return rows;
}

// The move, or "<kind>: <message>", so that a failed check shows what happened.
inline std::string describe(const std::variant<xq::Move, xq::MoveError>& result)
{
    if (const auto* m = std::get_if<xq::Move>(&result))
        return xq::to_iccs(*m);
    const auto& error = std::get<xq::MoveError>(result);
    return std::string(xq::to_string(error.kind)) + ": " + error.message;
}

// Checks a parse result against a table's expectation: an ICCS move, or an error kind. Errors
// must quote the text and, when the text reads as a move, show the position.
inline void check_expectation(const xq::Position& pos, const std::string& text, const std::string& expected,
    const std::variant<xq::Move, xq::MoveError>& result)
{
    if (xq::parse_iccs(expected)) {
        CHECK(describe(result) == expected);
        return;
    }
    REQUIRE_MESSAGE(std::holds_alternative<xq::MoveError>(result), "read as " << describe(result));
    const auto& error = std::get<xq::MoveError>(result);
    CHECK(xq::to_string(error.kind) == expected);
    CHECK(error.message.find("'" + text + "'") != std::string::npos);
    if (error.kind != xq::MoveErrorKind::Syntax)
        CHECK(error.message.find(xq::to_fen(pos)) != std::string::npos);
    if (error.kind == xq::MoveErrorKind::Ambiguous)
        CHECK(error.candidates.size() >= 2);
    else
        CHECK(error.candidates.empty());
}

// Random legal playouts from the opening position, keeping every `every`-th position met.
// Fixed seed, and modulo rather than a distribution, so the positions are the same on every
// platform.
inline std::vector<xq::Position> playout_positions(unsigned seed, int games, int max_plies, int every)
{
    std::mt19937 random(seed);
    std::vector<xq::Position> positions;
    for (int game = 0; game < games; ++game) {
        xq::Position pos = xq::Position::start();
        for (int ply = 0; ply < max_plies; ++ply) {
            const xq::MoveList moves = xq::legal_moves(pos);
            if (moves.empty())
                break;
            if (ply % every == 0)
                positions.push_back(pos);
            xq::UndoInfo undo;
            pos.do_move(moves[static_cast<int>(random() % static_cast<unsigned>(moves.size()))], undo);
        }
    }
    return positions;
}

// Random legal positions crowded with soldiers across the river, most of them on one or two
// files, and with pairs of other pieces on one file: random playouts almost never put three or
// more soldiers, or two chariots, on a file, and those are the hardest cases for WXF and
// Chinese notation.
inline std::vector<xq::Position> crowded_soldier_positions(unsigned seed, int count)
{
    using namespace xq;
    std::mt19937 random(seed);
    const auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
    std::vector<Position> positions;
    while (static_cast<int>(positions.size()) < count) {
        Position pos;
        const auto place = [&](Piece piece, int file, int rank) {
            if (pos.empty(Square(file, rank)))
                pos.put_piece(Square(file, rank), piece);
        };
        // One pick per statement: the order in which function arguments are evaluated is
        // unspecified, and the positions must not depend on the compiler.
        const int red_king_file = 3 + pick(3);
        place(Piece(Color::Red, PieceType::King), red_king_file, pick(3));
        const int black_king_file = 3 + pick(3);
        place(Piece(Color::Black, PieceType::King), black_king_file, 7 + pick(3));
        for (const Color side : { Color::Red, Color::Black }) {
            // Half of the time all on one file, so that four or five to a file occur too.
            const int first_file = pick(file_count);
            const int favourite_files[2] = { first_file, pick(2) == 0 ? first_file : pick(file_count) };
            for (int n = 0; n < 5; ++n) {
                const int file = pick(5) == 0 ? pick(file_count) : favourite_files[pick(2)];
                const int rank = side == Color::Red ? 5 + pick(5) : pick(5);
                place(Piece(side, PieceType::Soldier), file, rank);
            }
            // Pairs of chariots, horses and cannons, the second one on the first one's file.
            for (const PieceType t : { PieceType::Chariot, PieceType::Horse, PieceType::Cannon }) {
                const int file = pick(file_count);
                place(Piece(side, t), file, pick(rank_count));
                place(Piece(side, t), file, pick(rank_count));
            }
        }
        pos.set_side_to_move(pick(2) == 0 ? Color::Red : Color::Black);
        // Let the FEN reader judge the position: it rejects what no game can reach.
        Diagnostics diagnostics;
        if (auto valid = parse_fen(to_fen(pos), diagnostics); valid && has_legal_move(*valid))
            positions.push_back(*valid);
    }
    return positions;
}

inline bool reads_as(const std::variant<xq::Move, xq::MoveError>& result, xq::Move expected)
{
    const auto* m = std::get_if<xq::Move>(&result);
    return m && *m == expected;
}

// The positions every legal move of which goes through each notation and back: the perft
// positions (the opening among them), random playouts and soldier-crowded positions. Built
// once; about 150 positions and 4,500 moves, which keeps each round trip near a second in a
// sanitizer build.
inline const std::vector<xq::Position>& round_trip_positions()
{
    static const std::vector<xq::Position> positions = [] {
        std::vector<xq::Position> all;
        std::ifstream perft(std::string(XQ_TESTDATA) + "/perft/xiangqi.perft");
        std::string line;
        while (std::getline(perft, line))
            if (line.rfind("fen ", 0) == 0)
                all.push_back(from_fen(line.substr(4)));
        for (const xq::Position& pos : playout_positions(20240601, 4, 200, 10))
            all.push_back(pos);
        for (const xq::Position& pos : crowded_soldier_positions(20240602, 80))
            all.push_back(pos);
        return all;
    }();
    return positions;
}

} // namespace notation_test
