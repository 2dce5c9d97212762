// Chinese file notation (炮二平五): a forgiving reader of every published form, and the writer.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "xq/board/position.hpp"
#include "xq/notation/move_error.hpp"

namespace xq {

// Chinese file notation (中文纵线格式), UTF-8: piece, file, direction, number, as in 炮二平五
// (Red) and 马８进７ (Black).
//
// Reading accepts simplified and traditional characters and every glyph real files use for a
// piece (车車俥, 马馬傌, 炮砲包, 相象, 仕士, 帅帥将將, 兵卒; the glyph's side is not checked,
// since CCPD writes 車 馬 炮 for both), 进進上 / 退下 / 平, Chinese numerals or ASCII or
// full-width digits for either side, and each published way of naming tandem pieces: 前 后(後)
// 中 before or after the piece (前车, 車前), xqbase's 一兵..五兵, a file after the piece
// (前兵四平五), and DhtmlXQ's forms without the piece (前九平八, 二7平6). A plain file given for
// one of two pieces on it (车一进一) is accepted when only one of them can make the move.
[[nodiscard]] std::variant<Move, MoveError> parse_chinese(const Position& pos, std::string_view text);

enum class ChineseScript { Simplified, Traditional };

// Canonical Chinese as XQWizard (xqbase) writes it: Chinese numerals for Red, full-width
// digits for Black; 前/后 for two pieces of a kind on a file, 前/中/后 for three soldiers on
// one file, and 一兵..五兵 (files from the mover's right, each front to back) for four or five
// soldiers on a file or tandem soldiers on two files; advisors and elephants always give their
// file. Simplified: 车 马 炮 for both sides, 帅仕相兵 / 将士象卒. Traditional converts that
// character by character (帥 將 車 馬 進 後), as CCPD's records read. `m` must be a legal move
// of `pos`.
std::string to_chinese(const Position& pos, Move m, ChineseScript script = ChineseScript::Simplified);

} // namespace xq
