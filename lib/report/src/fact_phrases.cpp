// Putting the facts of a move into the catalogue's words: pieces, threats, reasons, lines.
#include "fact_phrases.hpp"

#include <algorithm>

#include "xq/notation/chinese.hpp"
#include "xq/notation/wxf.hpp"

namespace xq {

namespace {

    std::string_view restriction_key(Restriction r)
    {
        switch (r) {
        case Restriction::Immobilised:
            return "restriction.immobilised";
        case Restriction::ConfinedToLine:
            return "restriction.confined_to_line";
        case Restriction::Pinned:
        case Restriction::None: // not described: only restricted pieces are
            break;
        }
        return "restriction.pinned";
    }

    // The file a piece stands on as its own side counts it in Chinese notation: Red's from
    // Red's right in Chinese numerals (file i is 一), Black's from Black's right in full-width
    // digits (file a is １).
    std::string chinese_file(PieceAt p)
    {
        static constexpr std::string_view red[] = { "九", "八", "七", "六", "五", "四", "三", "二", "一" };
        static constexpr std::string_view black[] = { "１", "２", "３", "４", "５", "６", "７", "８", "９" };
        const auto file = static_cast<std::size_t>(p.square.file());
        return std::string(p.piece.color() == Color::Red ? red[file] : black[file]);
    }

} // namespace

std::string FactPhrases::notate(const Position& pos, Move move) const
{
    switch (notation_) {
    case DocumentNotation::Chinese:
        return to_chinese(pos, move, m_.script());
    case DocumentNotation::Wxf:
        return to_wxf(pos, move);
    case DocumentNotation::Iccs:
        break;
    }
    return to_iccs(move);
}

std::string FactPhrases::result(RecordedResult result) const
{
    switch (result) {
    case RecordedResult::RedWins:
        return m_.format("result.red_wins");
    case RecordedResult::BlackWins:
        return m_.format("result.black_wins");
    case RecordedResult::Draw:
        return m_.format("result.draw");
    case RecordedResult::Unknown:
        break;
    }
    return m_.format("result.unknown");
}

std::string FactPhrases::side(Color c) const { return m_.format(c == Color::Red ? "side.red" : "side.black"); }

std::string FactPhrases::piece(PieceAt p) const
{
    const std::string name
        = m_.format("piece." + std::string(to_string(p.piece.color())) + "." + std::string(to_string(p.piece.type())));
    return m_.format("piece_at", { { "piece", name }, { "square", to_iccs(p.square) }, { "file", chinese_file(p) } });
}

std::string FactPhrases::pieces(const std::vector<PieceAt>& list) const
{
    std::vector<std::string> names;
    for (const PieceAt& p : list)
        names.push_back(piece(p));
    return m_.join(names);
}

std::string FactPhrases::restriction(
    const RestrictionFacts& r, std::string_view plain_key, std::string_view by_key) const
{
    const std::string kind = m_.format(restriction_key(r.kind));
    if (r.by.empty())
        return m_.format(plain_key, { { "restriction", kind } });
    return m_.format(by_key, { { "restriction", kind }, { "pieces", pieces(r.by) } });
}

std::string FactPhrases::material_arithmetic(const Threat& t) const
{
    if (!t.capture_legal)
        return {};
    std::vector<std::string> facts { m_.format("fact.gain",
        { { "capture", std::to_string(t.capture_gain) }, { "exchange", std::to_string(t.exchange_gain) } }) };
    if (t.best_exchange_gain && *t.best_exchange_gain != t.exchange_gain)
        facts.push_back(m_.format("fact.best_exchange", { { "exchange", std::to_string(*t.best_exchange_gain) } }));
    if (t.capture_sequence_gain && *t.capture_sequence_gain != t.exchange_gain)
        facts.push_back(
            m_.format("fact.capture_sequence", { { "sequence", std::to_string(*t.capture_sequence_gain) } }));
    std::string out;
    for (const std::string& f : facts)
        out += (out.empty() ? "" : m_.format("fact.separator")) + f;
    return out;
}

std::string FactPhrases::threat_facts(const Threat& t, MaterialFacts material) const
{
    std::vector<std::string> facts { m_.format("origin." + std::string(to_string(t.origin))) };
    if (!t.capture_legal)
        facts.push_back(m_.format("fact.capture_illegal"));
    // What a line of checks wins is weighed along the line, not by the target's protectors.
    if (t.origin != ThreatOrigin::ThroughChecks) {
        if (!t.real_protectors.empty())
            facts.push_back(m_.format("fact.protected", { { "protectors", pieces(t.real_protectors) } }));
        else if (!t.fake_protectors.empty())
            facts.push_back(m_.format("fact.fake_protection", { { "protectors", pieces(t.fake_protectors) } }));
        else
            facts.push_back(m_.format("fact.unprotected"));
    }
    if (t.hidden_protected())
        facts.push_back(m_.format("fact.hidden_protection"));
    if (t.target_can_capture_back)
        facts.push_back(m_.format("fact.can_capture_back"));
    if (!t.fellow_attackers.empty())
        facts.push_back(m_.format("fact.also_attacked_by", { { "pieces", pieces(t.fellow_attackers) } }));
    if (t.trading_fellow)
        facts.push_back(m_.format("fact.like_piece_trade", { { "piece", piece(*t.trading_fellow) } }));
    if (t.attacker_restriction.kind != Restriction::None)
        facts.push_back(restriction(t.attacker_restriction, "fact.attacker_restricted", "fact.attacker_restricted_by"));
    if (t.target_restriction.kind != Restriction::None)
        facts.push_back(restriction(t.target_restriction, "fact.target_restricted", "fact.target_restricted_by"));
    if (!t.restricted_by_target.empty())
        facts.push_back(m_.format("fact.target_restricts", { { "pieces", pieces(t.restricted_by_target) } }));
    if (material != MaterialFacts::Omitted && t.capture_legal) {
        if (material == MaterialFacts::InFigures) {
            facts.push_back(material_arithmetic(t));
        } else {
            // The best the attacking side can make of it: a sequence of captures, the better
            // exchange, else the exchange on the square.
            const int gain = t.capture_sequence_gain.value_or(t.best_exchange_gain.value_or(t.exchange_gain));
            facts.push_back(m_.format(gain > 0 ? "fact.wins_material" : "fact.wins_no_material"));
        }
        if (t.joint())
            facts.push_back(
                m_.format(t.origin == ThreatOrigin::ThroughChecks ? "fact.joint_through_checks" : "fact.joint"));
        if (t.under_protected())
            facts.push_back(m_.format("fact.under_protected",
                { { "protectors", std::to_string(t.protectors.size()) },
                    { "attackers", std::to_string(t.attackers_count()) } }));
        if (t.mated_after_capture)
            facts.push_back(m_.format("fact.mated_after_capture"));
        if (t.lost_elsewhere)
            facts.push_back(m_.format("fact.lost_elsewhere", { { "piece", piece(*t.lost_elsewhere) } }));
    }
    if (!t.prior_attacks.empty()) {
        std::vector<PieceAt> attackers;
        for (const Threat& p : t.prior_attacks)
            attackers.push_back(p.attacker);
        facts.push_back(m_.format("fact.attacked_before_by", { { "pieces", pieces(attackers) } }));
    }
    std::string out;
    for (const std::string& f : facts)
        out += (out.empty() ? "" : m_.format("fact.separator")) + f;
    return out;
}

std::string FactPhrases::line_after(const Position& after, Color first_to_move, const std::vector<Move>& moves) const
{
    Position pos = after;
    pos.set_side_to_move(first_to_move);
    std::string line;
    for (const Move m : moves) {
        line += (line.empty() ? "" : " ") + notate(pos, m);
        UndoInfo undo;
        pos.do_move(m, undo);
    }
    return line;
}

std::vector<std::string> FactPhrases::king_reasons(const Position& before, const MoveFacts& f) const
{
    Position after = before;
    UndoInfo undo;
    after.do_move(f.move, undo);
    std::vector<std::string> reasons;
    if (f.has(MoveClass::Check)) {
        const Square king = after.king_square(~f.mover);
        reasons.push_back(m_.format(f.discovered_check ? "reason.discovered_check" : "reason.check",
            { { "king", piece({ after.piece_on(king), king }) }, { "checkers", pieces(f.checkers) } }));
    }
    if (f.has(MoveClass::Kill))
        reasons.push_back(m_.format("reason.kill", { { "line", line_after(after, f.mover, f.kill_line) } }));
    // A check makes the threat itself: its line is an answer to it and the capture after, not
    // the mover's moves as if it could move again.
    if (f.has(MoveClass::CheckThenCapture) && f.has(MoveClass::Check))
        reasons.push_back(m_.format(
            "reason.check_then_capture_by_check", { { "line", line_after(after, ~f.mover, f.check_capture_line) } }));
    else if (f.has(MoveClass::CheckThenCapture))
        reasons.push_back(
            m_.format("reason.check_then_capture", { { "line", line_after(after, f.mover, f.check_capture_line) } }));
    return reasons;
}

std::vector<std::string> FactPhrases::offer_and_block_reasons(const MoveFacts& f) const
{
    std::vector<std::string> reasons;
    const PieceAt moved { f.moved.piece, f.move.to() };
    if (!f.can_be_taken_by.empty()) {
        const bool even = std::any_of(f.can_be_taken_by.begin(), f.can_be_taken_by.end(),
            [&](const PieceAt& p) { return p.piece.type() == f.moved.piece.type(); });
        reasons.push_back(m_.format(even ? "reason.exchange" : "reason.offer",
            { { "piece", piece(moved) }, { "takers", pieces(f.can_be_taken_by) },
                { "protection", m_.format(f.moved_piece_protected ? "offer.retaken" : "offer.unprotected") } }));
    }
    for (const ScreenOffer& o : f.screen_offers)
        reasons.push_back(m_.format("reason.screen_exchange",
            { { "piece", piece(moved) }, { "taker", piece(o.taker) }, { "offered", piece(o.offered) } }));
    for (const EvenTrade& t : f.even_trades)
        reasons.push_back(
            m_.format("reason.even_trade", { { "taker", piece(t.taker) }, { "offered", piece(t.offered) } }));
    for (const BlockFacts& b : f.blocks)
        reasons.push_back(m_.format("reason.block", { { "piece", piece(b.blocked) }, { "square", to_iccs(b.at) } }));
    return reasons;
}

std::vector<std::string> FactPhrases::evasion_reasons(const MoveFacts& f) const
{
    std::vector<std::string> reasons;
    if (f.evades_check)
        reasons.push_back(m_.format("reason.evades_check"));
    if (!f.evaded_threats.empty())
        reasons.push_back(m_.format("reason.ends_threat", { { "pieces", pieces(f.evaded_threats) } }));
    return reasons;
}

} // namespace xq
