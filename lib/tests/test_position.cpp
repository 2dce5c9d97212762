// Tests of the position: the opening, do/undo and keys, attackers, checks, facing kings.
#include <doctest/doctest.h>

#include "board_test_support.hpp"

#include <algorithm>

#include "xq/board/fen.hpp"
#include "xq/board/movegen.hpp"

using namespace xq;
using test::from_fen;
using test::sq;

namespace {

bool attacked_from(const Position& pos, std::string_view target, Color by, std::string_view from)
{
    const SquareList attackers = pos.attackers_to(sq(target), by);
    return std::find(attackers.begin(), attackers.end(), sq(from)) != attackers.end();
}

} // namespace

TEST_SUITE("position")
{
    TEST_CASE("the opening position has the full sets and Red to move")
    {
        const Position pos = Position::start();
        CHECK(to_fen(pos) == start_fen);
        CHECK(pos.side_to_move() == Color::Red);
        CHECK(pos.piece_on(sq("e0")) == Piece(Color::Red, PieceType::King));
        CHECK(pos.piece_on(sq("b7")) == Piece(Color::Black, PieceType::Cannon));
        CHECK(pos.count(Color::Black, PieceType::Soldier) == 5);
        CHECK(pos.key() == pos.compute_key());
    }

    TEST_CASE("do_move and undo_move keep the key and restore everything")
    {
        Position pos = Position::start();
        const Position before = pos;
        UndoInfo first, second;
        const Move cannon_to_centre(sq("h2"), sq("e2"));
        const Move cannon_takes_horse(sq("e2"), sq("e6"));
        pos.do_move(cannon_to_centre, first);
        CHECK(pos.side_to_move() == Color::Black);
        CHECK(pos.key() == pos.compute_key());
        pos.do_move(Move(sq("h9"), sq("g7")), second);
        CHECK(pos.fullmove_number() == 2);
        UndoInfo third;
        pos.do_move(cannon_takes_horse, third);
        CHECK(third.captured == Piece(Color::Black, PieceType::Soldier));
        CHECK(pos.count(Color::Black, PieceType::Soldier) == 4);
        CHECK(pos.halfmove_clock() == 0);
        CHECK(pos.key() == pos.compute_key());
        pos.undo_move(cannon_takes_horse, third);
        pos.undo_move(Move(sq("h9"), sq("g7")), second);
        pos.undo_move(cannon_to_centre, first);
        CHECK(pos == before);
    }

    TEST_CASE("the same placement reached by different orders has the same key")
    {
        Position a = Position::start(), b = Position::start();
        UndoInfo u;
        for (const char* m : { "h2e2", "h9g7", "b0c2" })
            a.do_move(*parse_iccs(m), u);
        for (const char* m : { "b0c2", "h9g7", "h2e2" })
            b.do_move(*parse_iccs(m), u);
        CHECK(a.key() == b.key());
        CHECK(a.key() != Position::start().key());
    }

    TEST_CASE("attackers of a square by each kind of piece")
    {
        // Red: rook a0, cannon b2 behind the black horse on b5, horse c3 (leg c4 empty), pawn
        // d5 across the river, advisor e1, elephant c0 (eye d1 empty), king e0.
        const Position pos = from_fen("3k5/9/9/9/1n1P5/9/2N6/1C7/4A4/R1B1K4 w - - 0 1");
        CHECK(attacked_from(pos, "a9", Color::Red, "a0")); // rook along an open file
        CHECK(attacked_from(pos, "b7", Color::Red, "b2")); // cannon over exactly one screen
        CHECK_FALSE(attacked_from(pos, "b5", Color::Red, "b2")); // the screen itself is not a cannon target
        CHECK(attacked_from(pos, "b5", Color::Red, "c3")); // horse, leg c4 empty
        CHECK(attacked_from(pos, "d6", Color::Red, "d5")); // crossed pawn forward
        CHECK(attacked_from(pos, "c5", Color::Red, "d5")); // and sideways
        CHECK_FALSE(attacked_from(pos, "d4", Color::Red, "d5")); // never backwards
        CHECK(attacked_from(pos, "d2", Color::Red, "e1")); // advisor
        CHECK(attacked_from(pos, "e2", Color::Red, "c0")); // elephant, eye d1 empty
        CHECK(attacked_from(pos, "d0", Color::Red, "e0")); // king in the palace
        CHECK(pos.attackers_to(sq("h9"), Color::Red).empty());
    }

    TEST_CASE("a horse with a blocked leg and an elephant with a blocked eye attack nothing there")
    {
        const Position pos = from_fen("3k5/9/9/9/9/9/2P6/2N6/3r5/2B1K4 w - - 0 1");
        CHECK_FALSE(attacked_from(pos, "b4", Color::Red, "c2")); // leg c3 blocked
        CHECK_FALSE(attacked_from(pos, "d4", Color::Red, "c2"));
        CHECK(attacked_from(pos, "a3", Color::Red, "c2")); // leg b2 open
        CHECK_FALSE(attacked_from(pos, "e2", Color::Red, "c0")); // eye d1 blocked
        CHECK(attacked_from(pos, "a2", Color::Red, "c0"));
    }

    TEST_CASE("in_check_after, which looks only along the lines a move touched, agrees with in_check")
    {
        std::size_t moves = 0, disagreements = 0, checks = 0;
        for (const std::string_view fen : test::shortcut_test_fens)
            test::for_each_position(from_fen(fen), 2, [&](const Position& pos) {
                if (pos.in_check(~pos.side_to_move()))
                    return; // its precondition: the side that moves next was not in check
                for (const Move m : legal_moves(pos)) {
                    Position after = pos;
                    UndoInfo undo;
                    after.do_move(m, undo);
                    ++moves;
                    checks += after.in_check() ? 1 : 0;
                    if (after.in_check_after(m) != after.in_check() && disagreements++ == 0)
                        MESSAGE("first disagreement: " << to_fen(pos) << " " << to_iccs(m));
                }
            });
        CHECK(disagreements == 0);
        CHECK(moves > 100000);
        CHECK(checks > 1000);
    }

    TEST_CASE("the kings facing each other on an open file is check")
    {
        const Position open = from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
        CHECK_FALSE(open.kings_facing());
        Position pos = open;
        UndoInfo u;
        pos.do_move(Move(sq("d0"), sq("e0")), u); // a legal-move test would refuse this
        CHECK(pos.kings_facing());
        CHECK(pos.in_check(Color::Black));
        CHECK(attacked_from(pos, "e9", Color::Red, "e0"));
        const Position screened = from_fen("4k4/9/9/9/4p4/9/9/9/9/4K4 w - - 0 1");
        CHECK_FALSE(screened.kings_facing());
        CHECK_FALSE(screened.in_check(Color::Red));
    }

    TEST_CASE("checks by rook, cannon, horse and pawn")
    {
        CHECK(from_fen("4k4/9/9/9/9/9/9/9/9/3KR4 b").in_check());
        CHECK(from_fen("4k4/9/9/4p4/9/9/9/4C4/9/3K5 b").in_check());
        CHECK_FALSE(from_fen("4k4/9/9/4p4/4p4/9/9/4C4/9/3K5 b").in_check()); // two screens
        CHECK(from_fen("4k4/9/3N5/9/9/9/9/9/9/3K5 b").in_check());
        CHECK_FALSE(from_fen("4k4/3P5/3N5/9/9/9/9/9/9/3K5 b").in_check()); // leg d8 blocked
        CHECK(from_fen("4k4/4P4/9/9/9/9/9/9/9/3K5 b").in_check());
        CHECK(from_fen("3k5/9/9/9/9/9/9/9/4p4/4K4 w").in_check()); // black pawn, moving down
    }
}
