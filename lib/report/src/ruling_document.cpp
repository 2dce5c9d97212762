#include "xq/report/ruling_document.hpp"

#include <algorithm>

#include "xq/notation/chinese.hpp"
#include "xq/notation/wxf.hpp"

namespace xq {

namespace {

    void add_unique(std::vector<std::string>& list, const std::string& item)
    {
        if (!item.empty() && std::find(list.begin(), list.end(), item) == list.end())
            list.push_back(item);
    }

    std::string outcome_key(Outcome outcome) { return "outcome." + std::string(to_string(outcome)); }

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

    // Builds the document of one game, sentence by sentence, from the catalogue's phrases and
    // the ruleset's texts in the catalogue's language.
    class DocumentBuilder {
    public:
        DocumentBuilder(const RuleSet& rules, const MessageCatalogue& messages, const DocumentOptions& options)
            : rules_(rules)
            , m_(messages)
            , options_(options)
        {
        }

        std::vector<HeaderField> header(const GameRuling& game, const GameRecord& record) const
        {
            std::vector<HeaderField> fields;
            for (const auto& [key, tag] : { std::pair { "event", "Event" }, { "round", "Round" }, { "date", "Date" },
                     { "site", "Site" }, { "red", "Red" }, { "black", "Black" } }) {
                const RecordedTag* found = record.find_tag(tag);
                const bool recorded = found && !found->value.empty() && found->value != "?";
                fields.push_back({ key, m_.format("header." + std::string(key)),
                    recorded ? found->value : m_.format("header.not_recorded") });
            }
            fields.push_back({ "result", m_.format("header.result"), result_text(game.recorded_result) });
            fields.push_back({ "record", m_.format("header.record"),
                m_.format("header.record_value",
                    { { "file", game.source.source }, { "line", std::to_string(game.source.line) },
                        { "game", std::to_string(game.game) } }) });
            fields.push_back({ "ruleset", m_.format("header.ruleset"),
                m_.format("header.ruleset_value",
                    { { "title", text(rules_.translations, "title", rules_.title) }, { "id", rules_.id } }) });
            fields.push_back(
                { "edition", m_.format("header.edition"), text(rules_.translations, "edition", rules_.edition) });
            return fields;
        }

        std::vector<std::string> notes(const GameRuling& game) const
        {
            std::vector<std::string> out;
            if (game.status != GameStatus::Ok)
                out.push_back(m_.format("no_ruling.not_replayed"));
            else if (game.rulings.empty())
                out.push_back(m_.format("no_ruling.no_repetition"));
            if (game.replay) {
                const BoardJudgement board = judge_board(*game.replay, rules_);
                if (board.loser)
                    out.push_back(
                        m_.format(game.replay->end() == BoardEnd::Checkmate ? "board.checkmate" : "board.stalemate",
                            { { "side", side(*board.loser) }, { "rule", board.rule } }));
            }
            return out;
        }

        DocumentRepetition repetition(const Ruling& ruling, std::size_t number, std::size_t count) const
        {
            const RepetitionEpisode& e = ruling.episode;
            DocumentRepetition r;
            r.heading = m_.format("repetition.heading",
                { { "number", std::to_string(number) }, { "count", std::to_string(count) },
                    { "first", std::to_string(e.cycle.first_ply) }, { "last", std::to_string(e.cycle.last_ply) } });
            r.start = ruling.facts.start;
            const std::string to_move = side(r.start.side_to_move()), stands = std::to_string(e.occurrences),
                              last = std::to_string(e.last_repeating_ply);
            r.start_sentence = e.cycle.first_ply == 1
                ? m_.format(
                    "repetition.start_of_record", { { "side", to_move }, { "count", stands }, { "last", last } })
                : m_.format("repetition.start",
                    { { "ply", std::to_string(e.cycle.first_ply - 1) }, { "side", to_move }, { "count", stands },
                        { "last", last } });

            // The rules quoted: those the ruling rests on, the sides', then those the moves cite.
            std::vector<std::string> cited = ruling.rules, cited_by_moves;
            Position pos = ruling.facts.start;
            for (const MoveFacts& f : ruling.facts.moves) {
                r.moves.push_back(move(pos, f, cited_by_moves));
                UndoInfo undo;
                pos.do_move(f.move, undo);
            }
            for (const Color c : { Color::Red, Color::Black })
                r.sides.push_back(side_ruling(ruling, ruling.side(c), cited));
            for (const std::string& id : cited_by_moves)
                add_unique(cited, id);
            if (ruling.violator)
                add_unique(cited, rules_.repetition.loss_rule);
            for (const std::string& id : cited)
                if (const RuleText* rule = rules_.find_rule(id))
                    r.rules.push_back(quote(*rule));
            verdict(ruling, r);
            return r;
        }

    private:
        const RuleSet& rules_;
        const MessageCatalogue& m_;
        DocumentOptions options_;

        const std::string& text(const Translations& t, std::string_view key, const std::string& english) const
        {
            return translated(t, m_.language(), key, english);
        }

        std::string side(Color c) const { return m_.format(c == Color::Red ? "side.red" : "side.black"); }

        std::string result_text(RecordedResult result) const
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

        std::string piece(PieceAt p) const
        {
            const std::string name = m_.format(
                "piece." + std::string(to_string(p.piece.color())) + "." + std::string(to_string(p.piece.type())));
            return m_.format("piece_at", { { "piece", name }, { "square", to_iccs(p.square) } });
        }

        std::string pieces(const std::vector<PieceAt>& list) const
        {
            std::vector<std::string> names;
            for (const PieceAt& p : list)
                names.push_back(piece(p));
            return m_.join(names);
        }

        std::string rule_list(const std::vector<std::string>& ids) const { return m_.join(ids); }

        std::string notate(const Position& pos, Move move) const
        {
            switch (options_.notation) {
            case DocumentNotation::Chinese:
                return to_chinese(pos, move);
            case DocumentNotation::Wxf:
                return to_wxf(pos, move);
            case DocumentNotation::Iccs:
                break;
            }
            return to_iccs(move);
        }

        std::string restriction(const RestrictionFacts& r, std::string_view plain_key, std::string_view by_key) const
        {
            const std::string kind = m_.format(restriction_key(r.kind));
            if (r.by.empty())
                return m_.format(plain_key, { { "restriction", kind } });
            return m_.format(by_key, { { "restriction", kind }, { "pieces", pieces(r.by) } });
        }

        // The facts of a threat that the rules look at, as a list.
        std::string threat_facts(const Threat& t) const
        {
            std::vector<std::string> facts { m_.format("origin." + std::string(to_string(t.origin))) };
            if (!t.capture_legal)
                facts.push_back(m_.format("fact.capture_illegal"));
            if (!t.real_protectors.empty())
                facts.push_back(m_.format("fact.protected", { { "protectors", pieces(t.real_protectors) } }));
            else if (!t.fake_protectors.empty())
                facts.push_back(m_.format("fact.fake_protection", { { "protectors", pieces(t.fake_protectors) } }));
            else
                facts.push_back(m_.format("fact.unprotected"));
            if (t.target_can_capture_back)
                facts.push_back(m_.format("fact.can_capture_back"));
            if (!t.fellow_attackers.empty())
                facts.push_back(m_.format("fact.also_attacked_by", { { "pieces", pieces(t.fellow_attackers) } }));
            if (t.attacker_restriction.kind != Restriction::None)
                facts.push_back(
                    restriction(t.attacker_restriction, "fact.attacker_restricted", "fact.attacker_restricted_by"));
            if (t.target_restriction.kind != Restriction::None)
                facts.push_back(
                    restriction(t.target_restriction, "fact.target_restricted", "fact.target_restricted_by"));
            if (!t.restricted_by_target.empty())
                facts.push_back(m_.format("fact.target_restricts", { { "pieces", pieces(t.restricted_by_target) } }));
            std::string out;
            for (const std::string& f : facts)
                out += (out.empty() ? "" : m_.format("fact.separator")) + f;
            return out;
        }

        // What a chase rule row says, in words: its description, else its rule's title.
        std::string why(const ChaseRule& row) const
        {
            if (!row.description.empty())
                return text(row.translations, "description", row.description);
            const RuleText* rule = rules_.find_rule(row.rule);
            return rule ? text(rule->translations, "title", rule->title) : row.rule;
        }

        DocumentMove move(const Position& before, const MoveFacts& f, std::vector<std::string>& cited) const
        {
            DocumentMove d;
            d.ply = f.ply;
            d.mover = f.mover;
            d.side_name = side(f.mover);
            d.move = f.move;
            d.text = notate(before, f.move);
            Position after = before;
            UndoInfo undo;
            after.do_move(f.move, undo);

            bool chases = false;
            std::vector<std::string> threat_reasons;
            for (const Threat& t : f.threats) {
                const ThreatJudgement judged = judge_threat(t, f.moved.piece.type(), rules_);
                if (!t.is_new() && !judged.worth_mentioning)
                    continue;
                const std::string target = piece(t.target), attacker = piece(t.attacker), facts = threat_facts(t);
                if (!judged.row) {
                    threat_reasons.push_back(m_.format("reason.attack_not_counted",
                        { { "target", target }, { "attacker", attacker }, { "facts", facts } }));
                    continue;
                }
                chases = chases || judged.counts;
                add_unique(cited, judged.row->rule);
                threat_reasons.push_back(m_.format(judged.counts ? "reason.chase" : "reason.attack_allowed",
                    { { "target", target }, { "attacker", attacker }, { "facts", facts }, { "why", why(*judged.row) },
                        { "rule", judged.row->rule } }));
            }

            if (f.has(MoveClass::Check)) {
                d.classes.push_back("check");
                d.reasons.push_back(m_.format(f.discovered_check ? "reason.discovered_check" : "reason.check",
                    { { "king", piece({ after.piece_on(after.king_square(~f.mover)), after.king_square(~f.mover) }) },
                        { "checkers", pieces(f.checkers) } }));
            }
            if (f.has(MoveClass::Kill)) {
                d.classes.push_back("kill");
                d.reasons.push_back(m_.format("reason.kill", { { "line", line_after(after, f.mover, f.kill_line) } }));
            }
            if (f.has(MoveClass::CheckThenCapture)) {
                d.classes.push_back("check_then_capture");
                d.reasons.push_back(m_.format(
                    "reason.check_then_capture", { { "line", line_after(after, f.mover, f.check_capture_line) } }));
            }
            if (chases)
                d.classes.push_back("chase");
            d.reasons.insert(d.reasons.end(), threat_reasons.begin(), threat_reasons.end());
            for (const MoveClass offer : { MoveClass::Exchange, MoveClass::Offer })
                if (f.has(offer)) {
                    const bool exchange = offer == MoveClass::Exchange;
                    d.classes.push_back(exchange ? "exchange" : "offer");
                    d.reasons.push_back(m_.format(exchange ? "reason.exchange" : "reason.offer",
                        { { "piece", piece({ f.moved.piece, f.move.to() }) }, { "takers", pieces(f.can_be_taken_by) },
                            { "protection",
                                m_.format(f.moved_piece_protected ? "offer.retaken" : "offer.unprotected") } }));
                }
            if (!f.blocks.empty())
                d.classes.push_back("block");
            for (const BlockFacts& b : f.blocks)
                d.reasons.push_back(
                    m_.format("reason.block", { { "piece", piece(b.blocked) }, { "square", to_iccs(b.at) } }));
            if (d.classes.empty()) {
                // Said first: the attacks listed after it are the ones that do not count.
                d.classes.push_back("idle");
                d.reasons.insert(d.reasons.begin(), m_.format("reason.idle"));
            }
            if (f.evades_check)
                d.reasons.push_back(m_.format("reason.evades_check"));
            if (!f.evaded_threats.empty())
                d.reasons.push_back(m_.format("reason.ends_threat", { { "pieces", pieces(f.evaded_threats) } }));
            for (const std::string& c : d.classes)
                d.class_names.push_back(m_.format("class." + c));
            return d;
        }

        // A threatened line (a kill's mate, a check-then-capture) in the document's notation:
        // the mover moves again after its move.
        std::string line_after(const Position& after, Color mover, const std::vector<Move>& moves) const
        {
            Position pos = after;
            pos.set_side_to_move(mover);
            std::string line;
            for (const Move m : moves) {
                line += (line.empty() ? "" : " ") + notate(pos, m);
                UndoInfo undo;
                pos.do_move(m, undo);
            }
            return line;
        }

        DocumentSide side_ruling(const Ruling& ruling, const SideRuling& s, std::vector<std::string>& cited) const
        {
            DocumentSide d { s.side, s.conduct, s.forbidden, {} };
            const Conduct* conduct = rules_.find_conduct(s.conduct);
            if (!conduct) {
                d.sentences.push_back(m_.format("conduct.none", { { "side", side(s.side) } }));
                return d;
            }
            d.sentences.push_back(m_.format("conduct.side",
                { { "side", side(s.side) },
                    { "description", text(conduct->translations, "description", conduct->description) } }));
            if (!s.chased_on_every_move.empty())
                d.sentences.push_back(
                    m_.format("conduct.chased_on_every_move", { { "pieces", pieces(s.chased_on_every_move) } }));
            if (s.rules.empty())
                d.sentences.push_back(
                    m_.format(s.forbidden ? "conduct.forbidden_without_rule" : "conduct.allowed_without_rule"));
            else
                d.sentences.push_back(m_.format(
                    s.forbidden ? "conduct.forbidden" : "conduct.allowed", { { "rules", rule_list(s.rules) } }));
            for (const std::string& r : s.rules)
                add_unique(cited, r);
            // The rows under which the side's other threats did not count, each once.
            std::vector<const ChaseRule*> exempting;
            for (const MoveFacts& f : ruling.facts.moves)
                if (f.mover == s.side)
                    for (const Threat& t : f.threats) {
                        const ThreatJudgement judged = judge_threat(t, f.moved.piece.type(), rules_);
                        if (judged.row && !judged.counts && judged.worth_mentioning
                            && std::find(exempting.begin(), exempting.end(), judged.row) == exempting.end())
                            exempting.push_back(judged.row);
                    }
            for (const ChaseRule* row : exempting)
                d.sentences.push_back(m_.format("conduct.exempt", { { "why", why(*row) }, { "rule", row->rule } }));
            return d;
        }

        QuotedRule quote(const RuleText& rule) const
        {
            QuotedRule q;
            q.id = rule.id;
            q.heading = m_.format("rule.heading",
                { { "number", text(rule.translations, "number", rule.number) },
                    { "title", text(rule.translations, "title", rule.title) }, { "id", rule.id } });
            q.text = text(rule.translations, "text", rule.text);
            q.diagrams = rule.diagrams;
            std::vector<std::string> numbers;
            for (const int n : rule.diagrams)
                numbers.push_back(std::to_string(n));
            if (numbers.size() == 1)
                q.diagrams_line = m_.format("rule.diagram", { { "diagram", numbers.front() } });
            else if (!numbers.empty())
                q.diagrams_line = m_.format("rule.diagrams", { { "diagrams", m_.join(numbers) } });
            return q;
        }

        void verdict(const Ruling& ruling, DocumentRepetition& r) const
        {
            r.verdict.push_back(
                m_.format("verdict.outcome", { { "outcome", m_.format(outcome_key(ruling.outcome)) } }));
            if (ruling.violator) {
                std::vector<std::string> grounds = ruling.rules;
                std::erase(grounds, rules_.repetition.loss_rule);
                const bool lost = ruling.outcome == Outcome::RedLoses || ruling.outcome == Outcome::BlackLoses;
                const int count = lost ? ruling.episode.occurrences : rules_.repetition.violator_loses_at_occurrence;
                r.verdict.push_back(m_.format(lost ? "verdict.loses" : "verdict.must_change",
                    { { "side", side(*ruling.violator) }, { "rules", rule_list(grounds) },
                        { "count", std::to_string(count) }, { "loss_rule", rules_.repetition.loss_rule } }));
            } else {
                const bool both_violate = ruling.red.forbidden && ruling.black.forbidden;
                r.verdict.push_back(m_.format(both_violate ? "verdict.draw_both_violate" : "verdict.draw",
                    { { "rules", rule_list(ruling.rules) } }));
            }

            // Each contested reading read the other way: the ruling made again on the same facts.
            for (const Reading& reading : rules_.readings) {
                RuleSet other = rules_;
                for (Reading& o : other.readings)
                    if (o.name == reading.name)
                        o.enabled = !o.enabled;
                const std::optional<Ruling> again = rule_on_episode(ruling.facts, ruling.episode, other);
                ReadingCheck check { reading.name, reading.enabled, again ? again->outcome : ruling.outcome, false };
                check.changes_ruling = check.other_outcome != ruling.outcome;
                if (check.changes_ruling)
                    r.verdict.push_back(
                        m_.format(reading.enabled ? "reading.rests_on_applied" : "reading.rests_on_not_applied",
                            { { "reading", text(reading.translations, "description", reading.description) },
                                { "outcome", m_.format(outcome_key(check.other_outcome)) } }));
                r.readings.push_back(check);
            }
            if (!r.readings.empty() && std::none_of(r.readings.begin(), r.readings.end(), [](const ReadingCheck& c) {
                    return c.changes_ruling;
                }))
                r.verdict.push_back(m_.format("reading.none_matters"));
        }
    };

} // namespace

std::string_view to_string(DocumentNotation notation)
{
    switch (notation) {
    case DocumentNotation::Chinese:
        return "chinese";
    case DocumentNotation::Wxf:
        return "wxf";
    case DocumentNotation::Iccs:
        break;
    }
    return "iccs";
}

RulingDocument build_ruling_document(const GameRuling& game, const GameRecord& record, const RuleSet& rules,
    const MessageCatalogue& messages, const DocumentOptions& options)
{
    const DocumentBuilder builder(rules, messages, options);
    RulingDocument document;
    document.language = messages.language();
    document.notation = options.notation;
    document.notation_sentence = messages.format(
        "cycle.notation", { { "notation", messages.format("notation." + std::string(to_string(options.notation))) } });
    document.title = messages.format("document.title");
    document.header = builder.header(game, record);
    document.notes = builder.notes(game);
    for (std::size_t i = 0; i < game.rulings.size(); ++i)
        document.repetitions.push_back(builder.repetition(game.rulings[i], i + 1, game.rulings.size()));
    return document;
}

} // namespace xq
