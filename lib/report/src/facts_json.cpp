// The JSON forms of move facts, side summaries and cycles.
#include "facts_json.hpp"

#include "json_writer.hpp"

namespace xq::json_form {

namespace {

    Json pieces(const std::vector<PieceAt>& list)
    {
        Json out = Json::array();
        for (const PieceAt& p : list)
            out.push_back(piece_at(p));
        return out;
    }

    Json line(const std::vector<Move>& moves)
    {
        Json out = Json::array();
        for (const Move m : moves)
            out.push_back(to_iccs(m));
        return out;
    }

    Json restriction(const RestrictionFacts& r)
    {
        if (r.kind == Restriction::None)
            return nullptr;
        return Json { { "kind", to_string(r.kind) }, { "by", pieces(r.by) } };
    }

    Json threat(const Threat& t)
    {
        Json prior = Json::array();
        for (const Threat& p : t.prior_attacks)
            prior.push_back(threat(p));
        Json out {
            { "attacker", piece_at(t.attacker) },
            { "target", piece_at(t.target) },
            { "origin", to_string(t.origin) },
            { "capture_legal", t.capture_legal },
            { "protectors", pieces(t.protectors) },
            { "real_protectors", pieces(t.real_protectors) },
            { "fake_protectors", pieces(t.fake_protectors) },
            { "target_crossed_river", t.target_crossed_river },
            { "sole_attacking_piece", t.sole_attacking_piece },
            { "target_can_capture_back", t.target_can_capture_back },
            { "fellow_attackers", pieces(t.fellow_attackers) },
            { "trading_fellow", t.trading_fellow ? piece_at(*t.trading_fellow) : Json(nullptr) },
            { "attacker_restriction", restriction(t.attacker_restriction) },
            { "target_restriction", restriction(t.target_restriction) },
            { "restricted_by_target", pieces(t.restricted_by_target) },
            { "capture_gain", t.capture_gain },
            { "exchange_gain", t.exchange_gain },
            { "best_exchange_gain", t.best_exchange_gain ? Json(*t.best_exchange_gain) : Json(nullptr) },
            { "capture_sequence_gain", t.capture_sequence_gain ? Json(*t.capture_sequence_gain) : Json(nullptr) },
            { "joint", t.joint() },
            { "under_protected", t.under_protected() },
            { "mated_after_capture", t.mated_after_capture },
            { "lost_elsewhere", t.lost_elsewhere ? piece_at(*t.lost_elsewhere) : Json(nullptr) },
            { "hidden_protection", line(t.hidden_protection) },
            { "prior_attacks", prior },
        };
        // Only a threat through checks is won by a line of checks, by one piece or by several.
        if (t.origin == ThreatOrigin::ThroughChecks)
            out["by_one_piece"] = t.by_one_piece;
        return out;
    }

} // namespace

namespace {

    // Each form's fields, once, for the tree and for the writer.
    template <class Add> void piece_at_fields(const PieceAt& p, const Add& add)
    {
        add("color", to_string(p.piece.color()));
        add("type", to_string(p.piece.type()));
        add("square", to_iccs(p.square));
    }

    template <class Add> void cycle_fields(const RepetitionEpisode& e, const Add& add)
    {
        add("first_ply", e.cycle.first_ply);
        add("last_ply", e.cycle.last_ply);
        add("occurrences", e.occurrences);
    }

    template <class Fields> Json tree_of(const Fields& fields)
    {
        Json tree = Json::object();
        fields([&](std::string_view key, const auto& value) { tree[std::string(key)] = value; });
        return tree;
    }

    template <class Fields> void write_object(JsonWriter& out, const Fields& fields)
    {
        out.begin_object();
        fields([&](std::string_view key, const auto& value) { out.member(key, value); });
        out.end_object();
    }

} // namespace

Json piece_at(const PieceAt& p)
{
    return tree_of([&](const auto& add) { piece_at_fields(p, add); });
}

void write_piece_at(JsonWriter& out, const PieceAt& p)
{
    write_object(out, [&](const auto& add) { piece_at_fields(p, add); });
}

Json move_facts(const MoveFacts& f, const std::vector<std::string>& reasons)
{
    Json classes = Json::array();
    for (const MoveClass c : f.classes)
        classes.push_back(to_string(c));
    Json threats = Json::array();
    for (const Threat& t : f.threats)
        threats.push_back(threat(t));
    Json blocks = Json::array();
    for (const BlockFacts& b : f.blocks) {
        Json block { { "blocked", piece_at(b.blocked) }, { "at", to_iccs(b.at) } };
        // Only under blocks.shield: the facts of the other rulesets stay as they were.
        if (!b.shielded.empty()) {
            Json shielded = Json::array();
            for (const PieceAt& p : b.shielded)
                shielded.push_back(piece_at(p));
            block["shielded"] = shielded;
        }
        blocks.push_back(block);
    }
    Json screen_offers = Json::array();
    for (const ScreenOffer& o : f.screen_offers)
        screen_offers.push_back(Json { { "taker", piece_at(o.taker) }, { "offered", piece_at(o.offered) } });
    Json even_trades = Json::array();
    for (const EvenTrade& t : f.even_trades)
        even_trades.push_back(Json { { "taker", piece_at(t.taker) }, { "offered", piece_at(t.offered) } });
    Json out {
        { "ply", f.ply },
        { "move", to_iccs(f.move) },
        { "mover", to_string(f.mover) },
        { "piece", piece_at(f.moved) },
        { "captured", f.captured ? Json(to_string(f.captured.type())) : Json(nullptr) },
        { "classes", classes },
        { "reasons", reasons },
        { "checkers", pieces(f.checkers) },
        { "discovered_check", f.discovered_check },
        { "kill_line", line(f.kill_line) },
        { "check_capture_line", line(f.check_capture_line) },
        { "threats", threats },
        { "can_be_taken_by", pieces(f.can_be_taken_by) },
        { "moved_piece_protected", f.moved_piece_protected },
        { "screen_offers", screen_offers },
        { "even_trades", even_trades },
        { "blocks", blocks },
        { "evades_check", f.evades_check },
        { "evaded_threats", pieces(f.evaded_threats) },
    };
    // Only under kill_capture_first: the facts of the other rulesets stay as they were.
    if (f.kill_capture_first)
        out["kill_capture_first"] = true;
    return out;
}

Json side_summary(const SideSummary& s)
{
    return Json {
        { "moves", s.moves },
        { "checks", s.checks },
        { "kills", s.kills },
        { "check_then_captures", s.check_then_captures },
        { "threatening_moves", s.threatening_moves },
        { "every_move_checks", s.every_move_checks },
        { "every_move_checks_or_kills", s.every_move_checks_or_kills },
        { "every_move_threatens", s.every_move_threatens },
        { "threatened_on_every_move", pieces(s.threatened_on_every_move) },
        { "attackers", pieces(s.attackers) },
        { "targets", pieces(s.targets) },
    };
}

Json cycle(const RepetitionEpisode& e)
{
    return tree_of([&](const auto& add) { cycle_fields(e, add); });
}

void write_cycle(JsonWriter& out, const RepetitionEpisode& e)
{
    write_object(out, [&](const auto& add) { cycle_fields(e, add); });
}

} // namespace xq::json_form
