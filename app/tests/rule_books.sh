#!/usr/bin/env bash
# xqarb adjudicate --ruleset axf,cxa: each book's ruling side by side, in every format; a bad
# list is a usage error naming what is wrong; the commands that rule under one ruleset say so.
#   rule_books.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"

# CXA 2020 figure 8: Red checks and chases in turn; AXF rule 12 allows it, the CXA book forbids it.
fen="3a3R1/3Nck3/3ab4/P4r3/9/8p/2p5n/C3BA2B/4A4/4K4 w - - 0 1"
moves="h9h3 f8f9 h3h9 f9f8 h9h3 f8f9 h3h9 f9f8"

# JSON: one object per game; each element of by_ruleset is what the book writes alone.
expect_exit 0 adjudicate --fen "$fen" --moves "$moves" --ruleset axf,cxa --format jsonl
expect_lines out 1
cp "$work/out" "$work/both.jsonl"
for book in axf cxa; do
  expect_exit 0 adjudicate --fen "$fen" --moves "$moves" --ruleset "$book" --format jsonl
  cp "$work/out" "$work/$book.jsonl"
done
python3 - "$work" <<'PY' || fail "the JSON of two rule books is not each book's alone plus the comparison"
import json, sys
work = sys.argv[1]
both = json.loads(open(f"{work}/both.jsonl").read())
assert both["rulesets"] == ["axf", "cxa"], both["rulesets"]
for i, book in enumerate(["axf", "cxa"]):
    assert both["by_ruleset"][i] == json.loads(open(f"{work}/{book}.jsonl").read()), book
c = both["comparison"]
assert c["outcomes_differ"] is True
assert [b["outcome"] for b in c["books"]] == ["draw", "red_must_change"], c["books"]
assert c["books"][0]["rule"] == "AXF-12"
assert c["conduct_differences"] == [{"side": "red", "forbidden_under": ["cxa"], "allowed_under": ["axf"]}]
assert c["document"]["differences"][0] == "The rule books differ."
PY
# The JSON of one book stays as it was: no comparison, no by_ruleset.
expect_not_in out '"by_ruleset"'

# Text: the comparison first, then each book's ruling under its heading; Markdown the same.
expect_exit 0 adjudicate --fen "$fen" --moves "$moves" --ruleset axf,cxa
expect_in out "Under the rule books"
expect_in out "Under the AXF rules: a draw if neither side changes its moves, by rule 12"
expect_in out "The rule books differ. Red's moves are forbidden under the CXA rules"
expect_in out "(CXA-24.13) and allowed under the AXF rules (AXF-12)."
expect_in out "Under Asian Xiangqi Federation rules on repetition"
expect_in out "Under Chinese Xiangqi Association rules on repetition"
[ "$(grep -c '^Ruling on a repetition$' "$work/out")" -eq 2 ] || fail "text: not one ruling per book"
[ "$(grep -c '^Signature' "$work/out")" -eq 1 ] || fail "text: not one signature block"
expect_exit 0 adjudicate --fen "$fen" --moves "$moves" --ruleset axf,cxa --format markdown
expect_in out "## Under the rule books"
expect_in out "# Under Chinese Xiangqi Association rules on repetition"
# The order given is the order written; spaces around the names do not matter.
expect_exit 0 adjudicate --fen "$fen" --moves "$moves" --ruleset "cxa, axf"
[ "$(grep -n '^Under the CXA rules:' "$work/out" | cut -d: -f1)" -lt "$(grep -n '^Under the AXF rules:' "$work/out" | cut -d: -f1)" ] \
  || fail "the books are not in the order given"

# HTML: well-formed, the comparison then an article per book; PDF: a page each here.
expect_exit 0 adjudicate --fen "$fen" --moves "$moves" --ruleset axf,cxa -o "$work/both.html"
if command -v xmllint >/dev/null; then
  xmllint --noout "$work/both.html" || fail "the HTML of two rule books is not well-formed"
fi
[ "$(grep -c '<article' "$work/both.html")" -eq 4 ] || fail "HTML: not the comparison, one article per book and the closing"
# One signature block for the whole comparison, after the last book's ruling.
[ "$(grep -c 'class="signature"' "$work/both.html")" -eq 1 ] || fail "HTML: not one signature block"
grep -qF '<p class="book">' "$work/both.html" || fail "HTML: no heading naming the book"
expect_exit 0 adjudicate --fen "$fen" --moves "$moves" --ruleset axf,cxa --lang zh -o "$work/both.pdf"
if command -v pdfinfo >/dev/null; then
  pages=$(pdfinfo "$work/both.pdf" | sed -n 's/^Pages: *//p')
  [ "$pages" -ge 3 ] || fail "PDF: $pages pages, expected the comparison and each ruling from a new page"
  pdftotext "$work/both.pdf" - | tr -d ' \n' | grep -qF "各规则的裁决" || fail "PDF: no comparison"
fi

# From a file: a game without repetition under either book gets its note line, not a document.
printf '[Event "quiet"]\n\n1. h2e2 h9g7 *\n\n[Event "figure 8"]\n[FEN "%s"]\n\n%s *\n' "$fen" "$moves" >"$work/two.pgn"
expect_exit 0 adjudicate "$work/two.pgn" --ruleset axf,cxa --format jsonl
expect_lines out 1
expect_in err "note[adjudicate.nothing-to-rule]: game 1"
# The exit code: a game that cannot be replayed is 1, whatever the books say of the others.
expect_exit 1 adjudicate --moves "h2e2 h2e2" --ruleset axf,cxa
expect_in out "No rule book has a ruling to make on this game."

# Each book rules only on the repetitions that bear on the result under it: a perpetual check
# loses at once under cxa, at the third stand, while under axf the game moved on from it before
# anyone could lose by it. --detail all rules on it under axf too.
check_fen="3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"
checks="i0i9 d9d8 i9i8 d8d9 i8i9 d9d8 i9i8 d8d9 i8i9 d9d8 e0e1 d8d7"
expect_exit 0 adjudicate --fen "$check_fen" --moves "$checks" --ruleset cxa,axf
expect_in out "Under the CXA rules: Red loses"
expect_in out "Under the AXF rules: no ruling to make."
expect_in out "Under the AXF rules no repetition bears on the result,"
expect_exit 0 adjudicate --fen "$check_fen" --moves "$checks" --ruleset cxa,axf --detail all
expect_in out "Under the AXF rules: Red must change its moves"

# A bad list is a usage error that names what is wrong.
expect_exit 2 adjudicate --moves "h2e2" --ruleset axf,nosuch
expect_in err "no ruleset named 'nosuch'"
expect_lines out 0
expect_exit 2 adjudicate --moves "h2e2" --ruleset axf,
expect_in err "error[ruleset.bad-list]"
expect_exit 2 adjudicate --moves "h2e2" --ruleset axf,rulesets/axf.json
expect_in err "error[ruleset.repeated]: ruleset 'axf' is given twice"
expect_exit 2 adjudicate --moves "h2e2" --ruleset axf,testdata/rulesets/broken/unknown_key.json
expect_in err "unknown_key.json"

# The commands that rule under one ruleset refuse a list, and say why.
for command in forbidden replay validate; do
  args=(--moves "h2e2")
  [ "$command" = replay ] && args+=(--classify)
  [ "$command" = validate ] && args=("$work/two.pgn")
  expect_exit 2 "$command" "${args[@]}" --ruleset axf,cxa
  expect_in err "error[ruleset.one-only]: $command rules under one ruleset, and 'axf,cxa' names 2 (only adjudicate compares"
done

finish
