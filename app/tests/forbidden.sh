#!/usr/bin/env bash
# xqarb forbidden on positions made for it: a move forbidden as perpetual check, one as
# perpetual chase, and positions where nothing is, in text and JSON, from --moves and files.
#   forbidden.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"

# Red's rook checks the black king up and down the i-file side: playing i8i9 again repeats it.
checking_rook="3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"
expect_exit 0 forbidden --fen "$checking_rook" --moves "i0i9 d9d8 i9i8 d8d9"
expect_in out "Position after 4 plies: 3k5/8R/9/9/9/9/9/9/9/4K4 w - - 4 3"
expect_in out "Red to move: 1 of its 19 legal moves would be ruled against it (the AXF rules):"
expect_in out "R1+1 (i8i9): Red must change its moves. It checks on every move (perpetual check) (AXF-6, AXF-3)."
expect_lines out 3

# Red's rook chases an unprotected black cannon up and down the a-file.
chasing_rook="4k4/9/9/8R/c8/9/9/9/9/3K5 w - - 0 1"
expect_exit 0 forbidden --fen "$chasing_rook" --moves "i6i5 a5a6 i5i6 a6a5" --format json
expect_lines out 1
expect_in out '"side":"red","ruleset":"axf","legal_moves":18,"forbidden":[{"move":"i6i5","text":"R1-1","outcome":"red_must_change","conduct":"perpetual_chase"'
expect_in out '"rules":["AXF-18","AXF-B3","AXF-3"]'
python3 -c 'import json,sys; json.loads(open(sys.argv[1]).read())' "$work/out" || fail "forbidden --format json is not JSON"
expect_exit 0 forbidden --fen "$chasing_rook" --moves "i6i5 a5a6 i5i6 a6a5" --lang zh
expect_in out "红方走：18个合法着法中，有1着将被判违例（亚洲象联规则）："
expect_in out "车一退一（i6i5）：判红方变着。每着都捉同一子，属长捉（AXF-18、AXF-B3、AXF-3）。"

# Nothing forbidden: Black's escape repeats a position but is no violation; the opening.
expect_exit 0 forbidden --fen "$chasing_rook" --moves "i6i5 a5a6 i5i6 a6a5 i6i5"
expect_in out "Black to move: none of its 18 legal moves would be ruled against it (the AXF rules)."
expect_exit 0 forbidden --moves "" --format jsonl
expect_in out '"legal_moves":44,"forbidden":[]'

# From a file, game by game, and from standard input.
printf '[Event "chase"]\n[FEN "%s"]\n\n1. i6i5 a5a6 2. i5i6 a6a5 *\n' "$chasing_rook" >"$work/chase.pgn"
expect_exit 0 forbidden "$work/chase.pgn" --game 1 --notation iccs
expect_in out "i6i5 (i6i5): Red must change its moves."
expect_exit 0 forbidden - --format jsonl <"$work/chase.pgn"
expect_in out '"move":"i6i5"'
# A record that cannot be replayed has no position to ask about.
expect_exit 1 forbidden --moves "h2e2 h2e2"
expect_lines out 0
expect_in err "error[notation.illegal]"

# --try: one move, in any notation, allowed or forbidden, with the reason.
chase_moves="i6i5 a5a6 i5i6 a6a5"
expect_exit 0 forbidden --fen "$chasing_rook" --moves "$chase_moves" --try R1-1
expect_in out "R1-1 (i6i5): forbidden, Red must change its moves (AXF-18, AXF-B3, AXF-3): it brings back the position after ply 1, and Red chases the same piece on every move (perpetual chase)."
expect_lines out 1
expect_exit 0 forbidden --fen "$chasing_rook" --moves "$chase_moves" --try i6i7
expect_in out "R1+1 (i6i7): allowed: it makes a position that has not stood before."
expect_in out "Black's replies: none of its 19 legal moves would then be ruled against it."
# Black's escape repeats the start position, but Red is the one who chases; Red's next chase
# would then be forbidden.
expect_exit 0 forbidden --fen "$chasing_rook" --moves "i6i5 a5a6 i5i6" --try a6a5
expect_in out "C1+1 (a6a5): allowed: it brings back the position after ply 0, and Black does not violate the rules (Red must change its moves)."
expect_in out "Red's replies: 1 of its 18 legal moves would then be ruled against it: R1-1 (i6i5)."
expect_exit 0 forbidden --fen "$chasing_rook" --moves "i6i5 a5a6 i5i6" --try a6a5 --lang zh
expect_in out "红方应着：其18种合法着法中有1种将被判违例：车一退一（i6i5）。"
# In JSON a forbidden reply is set out as the answer's forbidden moves are: with its ruling.
expect_exit 0 forbidden --fen "$chasing_rook" --moves "i6i5 a5a6 i5i6" --try a6a5 --format jsonl
expect_in out '"forbidden_replies":[{"move":"i6i5","text":"R1-1","outcome":"red_must_change","conduct":"perpetual_chase","conduct_text":"chases the same piece on every move (perpetual chase)","rules":["AXF-18","AXF-B3","AXF-3"],"ruling":{"outcome":"red_must_change"'
expect_exit 0 forbidden --fen "$chasing_rook" --moves "$chase_moves" --try 车一退一 --lang zh
expect_in out "车一退一（i6i5）：禁止，判红方变着（AXF-18、AXF-B3、AXF-3）：重现第1着之后的局面，红方每着都捉同一子，属长捉。"
expect_exit 0 forbidden --fen "$chasing_rook" --moves "$chase_moves" --try i6i5 --format jsonl
expect_in out '"move":"i6i5","text":"R1-1","allowed":false,"repeats_ply":1,"ruling":{"outcome":"red_must_change"'
python3 -c 'import json,sys; json.loads(open(sys.argv[1]).read())' "$work/out" || fail "forbidden --try --format jsonl is not JSON"
# A move that cannot be played there is an error naming it.
expect_exit 1 forbidden --fen "$chasing_rook" --moves "$chase_moves" --try R1+9
expect_lines out 0
expect_in err "error[notation.illegal]: game 1, --try: 'R1+9' is not legal here"

finish
