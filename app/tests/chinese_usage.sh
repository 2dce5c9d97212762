#!/usr/bin/env bash
# Under --lang zh (and zh-Hant, in traditional characters) the problems met before any ruling
# are said in Chinese from the message catalogue: a mistyped command line (found in the
# arguments even when CLI11 could not parse them), a bad -o, a record that cannot be read, and
# a file's bad bytes. The English sentence is not quoted, and the exit code is English's.
#   chinese_usage.sh XQARB SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "$0")/cli_helpers.sh"
enter_test_folder "$@"

sample=testdata/samples/rule6_perpetual_check.pgn
# A comment never closed, and bytes that are no UTF-8 in a file read as UTF-8.
printf '[Red "许银川"]\n[Black "吕钦"]\n\n1. 炮二平五 {no end 马8进7 *\n' >"$work/open_comment.pgn"
printf '[Red "许银川"]\n[Black "吕钦"]\n\n1. h2e2 h9g7 2. h0g2 \xff\xfe *\n' >"$work/bad_bytes.pgn"
head -c 512 /dev/zero | tr '\0' '\1' >"$work/binary.pgn"

# Characters that only simplified Chinese writes, in the phrases below.
simplified_only="没 这 个 参 数 选 项 识 别 须 输 请 扩 释 结 谱 处 码 读 对 无 图"

# check CODE CHINESE ENGLISH COMMAND ARGS...: the arguments give exit CODE in English, with the
# English sentence on stderr, and the same code with --lang zh after the command, with the
# Chinese phrase and without the English; with --lang=zh-Hant, no simplified-only character
# (the arguments are the user's own words, and are left out of that check).
check() {
  local code=$1 chinese=$2 english=$3 command=$4
  shift 4
  expect_exit "$code" "$command" "$@"
  expect_in err "$english"
  expect_exit "$code" "$command" --lang zh "$@"
  expect_in err "$chinese"
  expect_not_in err "$english"
  expect_exit "$code" "$command" --lang=zh-Hant "$@"
  expect_not_in err "$english"
  local words
  words=$(sed 's/[^ ]*[A-Za-z0-9~=.\/][^ ]*//g; s/无名氏//g' "$work/err")
  for character in $simplified_only; do
    case "$words" in *"$character"*) fail "zh-Hant, xqarb $*: the simplified '$character' in: $words" ;; esac
  done
  grep -q '[參數選項沒這識別須輸請擴釋結譜處碼讀對無]' "$work/err" || fail "zh-Hant, xqarb $*: no traditional character in: $(cat "$work/err")"
}

# The command line, as CLI11 finds its problems.
check 2 "无法识别的参数：--bogus（参见 xqarb --help）" "was not expected" adjudicate --bogus "$sample"
check 2 "选项 --format 缺少取值" "required TEXT" adjudicate "$sample" --format
check 2 "选项 --format 的取值“docx”无效，可选：text、markdown、html、jsonl、json、pdf" "not in {" adjudicate "$sample" --format docx
check 2 "选项 --jobs 的取值“0”无效，应为1至256之间的整数" "not in range" validate "$sample" --jobs 0
check 2 "选项 --where 的取值“Red”不合要求，应为：Tag=value（整个值）或 Tag~text（值的一部分）" "expected Tag=value" adjudicate "$sample" --where Red
check 2 "选项 --output 的取值“”不合要求，应为：文件名（标准输出用 -）" "an empty file name" adjudicate "$sample" -o ""
check 2 "没有“adjudicat”这个命令，是否想用“adjudicate”？" "unknown command" adjudicat "$sample"
check 2 "没有“frobnicate”这个命令" "unknown command" frobnicate
check 2 "--fen 须与 --moves 一起使用" "requires --moves" adjudicate --fen 9/9/9/9/9/9/9/9/9/9
check 2 "缺少命令（参见 xqarb --help）" "A subcommand is required" rules
# The commands' own checks of their options.
check 2 "-o $work/ruling.docx：没有哪个命令输出 .docx 文件" "no command writes" adjudicate "$sample" -o "$work/ruling.docx"
check 2 "此命令不输出 pdf 格式" "does not write pdf" validate "$sample" -o "$work/rows.pdf"
check 2 "--natural-limit 999：" "sets no natural limit" adjudicate "$sample" --natural-limit 999
check 1 "没有第9局：此文件只有1局" "there is no game 9" adjudicate "$sample" --game 9
check 1 "没有对局符合 Red~无名氏" "no game matches" adjudicate "$sample" --where Red~无名氏
# A record that cannot be read, and bytes that are not text.
check 1 "注释缺少结尾的右花括号" "has no closing '}'" adjudicate "$work/open_comment.pgn"
check 1 "不是棋谱文件（看来是二进制数据）" "looks like binary data" adjudicate "$work/binary.pgn"
check 0 "此处的字节不符合文件的编码" "are not valid" adjudicate "$work/bad_bytes.pgn"

finish
