#!/usr/bin/env bash
# The readers on files that are not what they seem (issue 38, "Readers"):
#  - UTF-16 without a byte-order mark is read when --encoding names it (and is binary data
#    when it does not); UTF-16 that lost a byte is read again one byte further on, and says
#    where;
#  - DhtmlXQ variations nested deeper than PGN's limit (64) are skipped with a warning, as the
#    PGN reader skips them: a chain of 100 converts to a PGN 64 deep that reads back whole;
#  - a binary file over the limit says the limit, 16 MiB, not a size it did not measure;
#  - a CCBridge library is read an entry at a time, its memory flat however many games;
#  - a PDF, an Office document or an image named as a record is one `record.binary-data`
#    error, nothing else, and adjudicate writes no document for it.
#   readers.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"

record=testdata/samples/world_championship_2001_perpetual_chase.pgn
"$xqarb" validate --format csv "$record" > "$work/utf8.csv" 2> /dev/null
for order in le be; do
  iconv -f UTF-8 -t "UTF-16${order^^}" "$record" > "$work/no_bom.$order.pgn"
  expect_exit 1 validate --format csv "$work/no_bom.$order.pgn"
  expect_in out "record.binary-data"
  expect_exit 0 validate --format csv --encoding "utf-16$order" "$work/no_bom.$order.pgn"
  [ "$(cut -d, -f2- "$work/out")" = "$(cut -d, -f2- "$work/utf8.csv")" ] \
    || fail "UTF-16${order^^} without a byte-order mark, --encoding utf-16$order: not read as the UTF-8 original: $(head -c 400 "$work/out")"
  expect_exit 0 replay --encoding "utf-16$order" "$work/no_bom.$order.pgn"
  "$xqarb" validate --format csv --encoding "utf-16$order" - < "$work/no_bom.$order.pgn" > "$work/out" 2> "$work/err"
  [ "$(cut -d, -f2- "$work/out")" = "$(cut -d, -f2- "$work/utf8.csv")" ] \
    || fail "UTF-16${order^^} on standard input, --encoding utf-16$order: not read as the original: $(head -c 400 "$work/out")"
done

# UTF-16 that lost a byte before its second game: the rest is read one byte further on, all
# three games, and the file's row says where the text was one byte off (everything after the
# lost byte read as CJK-looking nonsense, games 2 and 3 lost without a word).
cat testdata/samples/rule6_perpetual_check.pgn "$record" testdata/samples/rule6_perpetual_check.pgn > "$work/three.pgn"
{ printf '\xFF\xFE'; iconv -f UTF-8 -t UTF-16LE "$work/three.pgn"; } > "$work/three.utf16.pgn"
python3 - "$work/three.utf16.pgn" <<'PY'
import sys
data = open(sys.argv[1], 'rb').read()
second = data.index('[Game'.encode('utf-16-le'), 10)
open(sys.argv[1], 'wb').write(data[:second - 1] + data[second:])
PY
expect_exit 1 validate --format csv "$work/three.utf16.pgn"
[ "$(grep -c '^[^,]*,[1-9]' "$work/out")" -eq 3 ] || fail "the three games of UTF-16 that lost a byte should be read: $(cat "$work/out")"
expect_in out "damaged_text"
expect_in out "text is one byte off from byte offset"

# A chain of 100 DhtmlXQ variations, each branching from the one before.
{
  echo '[DhtmlXQ]'
  echo '[DhtmlXQ_title]deep[/DhtmlXQ_title]'
  echo '[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]'
  for i in $(seq 1 100); do echo "[DhtmlXQ_move_$((i - 1))_1_$i]7747[/DhtmlXQ_move_$((i - 1))_1_$i]"; done
  echo '[/DhtmlXQ]'
} > "$work/chain.ubb"
expect_exit 0 convert --to pgn-iccs "$work/chain.ubb" -o "$work/chain.pgn"
expect_in err "dhtmlxq.variation-too-deep"
expect_in err "nested more than 64 deep"
[ "$(tr -cd '(' < "$work/chain.pgn" | wc -c)" -eq 64 ] \
  || fail "the chain should convert to 64 nested variations, got $(tr -cd '(' < "$work/chain.pgn" | wc -c)"
expect_exit 0 convert --to pgn-iccs "$work/chain.pgn" -o "$work/again.pgn"
expect_not_in err "too-deep"
cmp -s "$work/chain.pgn" "$work/again.pgn" || fail "the converted chain should read back whole"
# A chain that comes back on itself has no depth to keep: it is skipped, not followed forever.
printf '[DhtmlXQ]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[DhtmlXQ_move_2_1_1]7747[/DhtmlXQ_move_2_1_1]\n[DhtmlXQ_move_1_1_2]7747[/DhtmlXQ_move_1_1_2]\n[/DhtmlXQ]\n' > "$work/loop.ubb"
expect_exit 0 convert --to pgn-iccs "$work/loop.ubb"
expect_not_in out "("

# One byte over the limit.
python3 -c "import sys; open(sys.argv[1], 'wb').write(b'XQ\x0a' + b'\0' * (16 * 1024 * 1024 - 2))" "$work/big.xqf"
expect_exit 1 validate --format csv "$work/big.xqf"
expect_in out "larger than 16 MiB"
expect_not_in out "16777217"
rm -f "$work/big.xqf"

# A CCBridge library of 3,500 games of 400 plies (15 MB) is read an entry at a time: it takes
# hardly more memory than one of 350 (decoded whole, it took 245 MB against 40 in Release).
cat > "$work/make_cbl.py" <<'PY'
import struct, sys
# A CBR record: the opening position, then the horses going out and back, 400 plies.
def square(iccs):
    return (9 - int(iccs[1])) * 9 + ord(iccs[0]) - ord('a')
board = bytearray(90)
red = {'a0': 'R', 'b0': 'N', 'c0': 'B', 'd0': 'A', 'e0': 'K', 'f0': 'A', 'g0': 'B', 'h0': 'N', 'i0': 'R',
       'b2': 'C', 'h2': 'C', 'a3': 'P', 'c3': 'P', 'e3': 'P', 'g3': 'P', 'i3': 'P'}
for at, piece in red.items():
    board[square(at)] = 0x11 + 'RNBAKCP'.index(piece)
    board[square(at[0] + str(9 - int(at[1])))] = 0x21 + 'RNBAKCP'.index(piece)
record = bytearray(2214)
record[0:16] = b'CCBridge Record\0'
record[2116:2118] = struct.pack('<H', 1)
record[2120:2210] = board
record += bytes([0, 0, 0, 0])  # the root, with a child
cycle = ['b0c2', 'b9c7', 'c2b0', 'c7b9']
for ply in range(400):
    move = cycle[ply % 4]
    record += bytes([0x01 if ply == 399 else 0, 0, square(move[:2]), square(move[2:])])
entries = int(sys.argv[2])
library = bytearray(0x10440)
library[0:16] = b'CCBridgeLibrary\0'
library[0x3C:0x40] = struct.pack('<I', entries)
for i in range(entries):
    entry = bytearray(276)
    entry[0] = 1
    entry[12:16] = struct.pack('<I', len(record))
    title = ('game %d' % (i + 1)).encode('utf-16-le')
    entry[100:100 + len(title)] = title
    library += entry
for i in range(entries):
    library += record + bytes(4096 - len(record))
open(sys.argv[1], 'wb').write(library)
PY
python3 "$work/make_cbl.py" "$work/small.cbl" 350
python3 "$work/make_cbl.py" "$work/large.cbl" 3500
if [ -x /usr/bin/time ]; then
  # Under AddressSanitizer freed memory waits in a quarantine of up to 256 MB, which would be
  # counted as held: the live memory is what is measured.
  peak() {
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0" \
      /usr/bin/time -f %M "$xqarb" validate --jobs 1 --format csv "$1" 2>&1 >"$work/rows.csv" | tail -n 1
  }
  small=$(peak "$work/small.cbl")
  large=$(peak "$work/large.cbl")
  [ "$(wc -l < "$work/rows.csv")" -eq 3501 ] || fail "the large library should give 3,500 rows, got $(($(wc -l < "$work/rows.csv") - 1))"
  grep -q ',400,repetition_ruling,' "$work/rows.csv" || fail "each game of the library should be its 400 plies: $(sed -n 2p "$work/rows.csv")"
  [ $((large - small)) -lt 40000 ] \
    || fail "3,500 library games take $((large / 1024)) MB, 350 take $((small / 1024)) MB: the library is not read an entry at a time"
else
  echo "skipped the memory check of a large library: /usr/bin/time is not installed"
fi
rm -f "$work/small.cbl" "$work/large.cbl"

# Files of other programs. The PDF is mostly text, as PDFs are; the others start with their
# magic bytes. Each is one error and nothing more.
{
  printf '%%PDF-1.7\n%%\xE2\xE3\xCF\xD3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'
  for i in $(seq 1 200); do printf '%d 0 obj\n<< /Length 44 >>\nstream\nBT /F1 12 Tf 72 712 Td (h2e2 h9g7 1. 2.) Tj ET\nendstream\nendobj\n' "$i"; done
  printf 'trailer\n<< /Root 1 0 R >>\n%%%%EOF\n'
} > "$work/ruling.pdf"
printf 'PK\x03\x04\x14\x00\x06\x00[Content_Types].xml<Types>[Event "x"] 1. h2e2 h9g7</Types>' > "$work/ruling.docx"
printf '\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1[Event "x"]\n1. h2e2 h9g7 *\n' > "$work/ruling.doc"
printf '\x89PNG\r\n\x1A\n[Event "x"]\n1. h2e2 h9g7 *\n' > "$work/board.png"
printf '\xFF\xD8\xFF\xE0[Event "x"]\n1. h2e2 h9g7 *\n' > "$work/board.jpg"
printf 'GIF89a[Event "x"]\n1. h2e2 h9g7 *\n' > "$work/board.gif"
for file in ruling.pdf ruling.docx ruling.doc board.png board.jpg board.gif; do
  expect_exit 1 adjudicate "$work/$file"
  expect_lines err 1
  expect_in err "error[record.binary-data]"
  [ -s "$work/out" ] && fail "adjudicate $file wrote a document: $(head -c 200 "$work/out")"
  expect_exit 1 validate --format csv "$work/$file"
  expect_lines out 2
  expect_in out "record.binary-data"
done

finish "readers: UTF-16 without a mark, deep DhtmlXQ, the binary limit, files of other programs"
