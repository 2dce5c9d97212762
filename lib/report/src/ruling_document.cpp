// Building a written ruling sentence by sentence from the catalogue, ruleset and ruling.
#include "xq/report/ruling_document.hpp"

#include <algorithm>

#include "fact_phrases.hpp"
#include "rule_phrases.hpp"
#include "xq/report/diagnostic_text.hpp"

namespace xq {

namespace {

    void add_unique(std::vector<std::string>& list, const std::string& item)
    {
        if (!item.empty() && std::find(list.begin(), list.end(), item) == list.end())
            list.push_back(item);
    }

    bool contains(const std::vector<std::string>& list, const std::string& item)
    {
        return std::find(list.begin(), list.end(), item) != list.end();
    }

    void append(std::vector<std::string>& to, const std::vector<std::string>& items)
    {
        to.insert(to.end(), items.begin(), items.end());
    }

    std::string outcome_key(Outcome outcome) { return "outcome." + std::string(to_string(outcome)); }

    // A ruling's explanation: where the cycle starts, each side's conduct in a paragraph, the verdict.
    std::vector<std::string> explanation_of(const std::string& start_sentence, const std::vector<DocumentSide>& sides,
        const std::vector<std::string>& verdict, const MessageCatalogue& m)
    {
        std::vector<std::string> sentences { start_sentence };
        for (const DocumentSide& side : sides)
            sentences.push_back(m.paragraph(side.sentences));
        sentences.insert(sentences.end(), verdict.begin(), verdict.end());
        return sentences;
    }

    // The number of game.rulings[ruling] among all the game's repetitions, ruled on or not,
    // counted from 1 in record order.
    std::size_t number_of_ruling(const GameRuling& game, std::size_t ruling)
    {
        return ruling + 1
            + static_cast<std::size_t>(std::count_if(game.not_ruled.begin(), game.not_ruled.end(),
                [&](const NotRuled& n) { return n.rulings_before <= ruling; }));
    }

    // Builds the document of one game, sentence by sentence, from the catalogue's phrases, the
    // ruleset's texts in the catalogue's language, and the interpreter's ruling as it is: every
    // class, chase row, conduct, verdict row and count comes from the ruling.
    class DocumentBuilder {
    public:
        DocumentBuilder(const RuleSet& rules, const MessageCatalogue& messages, const DocumentOptions& options)
            : rules_(rules)
            , m_(messages)
            , phrases_(messages, options.notation)
        {
        }

        std::vector<HeaderField> header(const GameRuling& game, const GameRecord& record) const
        {
            std::vector<HeaderField> fields;
            // Red beside Black: printed layouts set the short fields two to a line.
            for (const auto& [key, tag] : { std::pair { "event", "Event" }, { "red", "Red" }, { "black", "Black" },
                     { "round", "Round" }, { "date", "Date" }, { "site", "Site" } }) {
                const RecordedTag* found = record.find_tag(tag);
                const bool recorded = found && !found->value.empty() && found->value != "?";
                fields.push_back({ key, m_.format("header." + std::string(key)),
                    recorded ? found->value : m_.format("header.not_recorded") });
            }
            fields.push_back({ "result", m_.format("header.result"), phrases_.result(game.recorded_result) });
            fields.push_back({ "record", m_.format("header.record"),
                game.source.line > 0 ? m_.format("header.record_value",
                    { { "file", game.source.source }, { "line", std::to_string(game.source.line) },
                        { "game", std::to_string(game.game) } })
                                     : m_.format("header.record_value_binary",
                                         { { "file", game.source.source }, { "game", std::to_string(game.game) } }) });
            fields.push_back({ "ruleset", m_.format("header.ruleset"),
                m_.format("header.ruleset_value",
                    { { "title", text(rules_.translations, "title", rules_.title) }, { "id", rules_.id } }) });
            fields.push_back(
                { "edition", m_.format("header.edition"), text(rules_.translations, "edition", rules_.edition) });
            return fields;
        }

        // The title names the game by what its record gives of players, event and round.
        DocumentMetadata metadata(const GameRecord& record, const RulingDocument& document) const
        {
            const auto recorded = [&](const char* tag) -> std::string {
                const RecordedTag* found = record.find_tag(tag);
                return found && !found->value.empty() && found->value != "?" ? found->value : std::string();
            };
            std::vector<std::string> parts;
            const std::string red = recorded("Red"), black = recorded("Black");
            if (!red.empty() || !black.empty())
                parts.push_back(m_.format("metadata.players",
                    { { "red", red.empty() ? m_.format("header.not_recorded") : red },
                        { "black", black.empty() ? m_.format("header.not_recorded") : black } }));
            for (const char* tag : { "Event", "Round" })
                if (const std::string value = recorded(tag); !value.empty())
                    parts.push_back(value);
            std::string game;
            for (const std::string& part : parts)
                game += (game.empty() ? "" : m_.format("metadata.separator")) + part;
            DocumentMetadata d;
            d.title = game.empty() ? document.title : m_.format("metadata.title", { { "game", game } });
            d.subject = document.summary.empty() ? (document.notes.empty() ? std::string() : document.notes.front())
                                                 : document.summary.front();
            d.author = recorded("Arbiter");
            return d;
        }

        // What stopped the replay, as stderr says it: which move failed and why, and where it
        // is written ("--moves:1:11").
        std::string first_error(const GameRuling& game) const
        {
            for (const Diagnostic& d : game.diagnostics) {
                if (d.severity != Severity::Error)
                    continue;
                Diagnostic where_only = d;
                where_only.code.clear();
                where_only.message.clear();
                const std::string formatted = format_diagnostic(where_only);
                const std::size_t end = formatted.find(": " + std::string(to_string(d.severity)));
                const std::string message = diagnostic_message(d, m_);
                return end == std::string::npos ? message : formatted.substr(0, end) + ": " + message;
            }
            return {};
        }

        std::vector<std::string> notes(const GameRuling& game) const
        {
            std::vector<std::string> out;
            if (!game.read_whole)
                out.push_back(m_.format("no_ruling.not_read_whole", { { "problem", first_error(game) } }));
            else if (game.status != GameStatus::Ok)
                out.push_back(m_.format("no_ruling.not_replayed", { { "problem", first_error(game) } }));
            else if (game.rulings.empty() && game.not_ruled.empty())
                out.push_back(m_.format("no_ruling.no_repetition"));
            if (!game.not_ruled.empty()) {
                std::vector<std::string> spans;
                for (const NotRuled& n : game.not_ruled) {
                    const RepetitionEpisode& e = n.episode;
                    spans.push_back(m_.format(
                        e.last_repeating_ply > e.cycle.last_ply ? "not_ruled.span_repeated" : "not_ruled.span",
                        { { "first", std::to_string(e.cycle.first_ply) }, { "last", std::to_string(e.cycle.last_ply) },
                            { "until", std::to_string(e.last_repeating_ply) } }));
                }
                out.push_back(m_.format(game.not_ruled.size() == 1 ? "not_ruled.one" : "not_ruled.several",
                    { { "plies", m_.join(spans) } }));
            }
            if (game.board && game.replay) {
                if (game.board->loser)
                    out.push_back(
                        m_.format(game.replay->end() == BoardEnd::Checkmate ? "board.checkmate" : "board.stalemate",
                            { { "side", phrases_.side(*game.board->loser) }, { "rule", game.board->rule } }));
                for (const BoardNote& note : game.board->notes)
                    out.push_back(board_note(note, m_));
            }
            if (const auto& limit = game.natural_limit)
                out.push_back(m_.format(limit->plies_not_counted > 0 ? "limit.natural_with_checks" : "limit.natural",
                    { { "ply", std::to_string(limit->ply) }, { "first", std::to_string(limit->first_ply) },
                        { "plies", std::to_string(limit->limit_plies) },
                        { "not_counted", std::to_string(limit->plies_not_counted) }, { "rule", limit->rule } }));
            return out;
        }

        // The ruling that decides the game in one sentence, then each ruling the recorded
        // result goes against.
        std::vector<std::string> summary(const GameRuling& game) const
        {
            std::vector<std::string> sentences;
            const Ruling* deciding = game.deciding_ruling();
            if (!deciding)
                return sentences;
            const RepetitionCycle& c = deciding->episode.cycle;
            const std::size_t count = game.rulings.size() + game.not_ruled.size();
            sentences.push_back(m_.format(count == 1 ? "summary.verdict" : "summary.verdict_of_several",
                { { "outcome", m_.format(outcome_key(deciding->outcome)) },
                    { "number", std::to_string(number_of_ruling(game, *game.deciding)) },
                    { "count", std::to_string(count) }, { "first", std::to_string(c.first_ply) },
                    { "last", std::to_string(c.last_ply) } }));
            // A record without a result (`*`) is silent rather than in disagreement: validate
            // lists it, but on a signed ruling it would only be noise.
            if (game.recorded_result == RecordedResult::Unknown)
                return sentences;
            for (const RecordCheck& check : check_recorded_result(game)) {
                if (check.agrees)
                    continue;
                const Ruling& r = game.rulings[check.ruling];
                const char* key = check.ends_record ? "summary.record_ends_otherwise" : "summary.record_goes_on";
                sentences.push_back(m_.format(key,
                    { { "first", std::to_string(r.episode.cycle.first_ply) },
                        { "last", std::to_string(r.episode.cycle.last_ply) },
                        { "outcome", m_.format(outcome_key(r.outcome)) },
                        { "result", phrases_.result(game.recorded_result) } }));
            }
            return sentences;
        }

        // A repetition of the game, ruled on or not: its heading and plies, numbered among all
        // the game's repetitions.
        DocumentRepetition numbered(const RepetitionEpisode& e, std::size_t number, std::size_t count) const
        {
            DocumentRepetition r;
            r.heading = m_.format("repetition.heading",
                { { "number", std::to_string(number) }, { "count", std::to_string(count) },
                    { "first", std::to_string(e.cycle.first_ply) }, { "last", std::to_string(e.cycle.last_ply) } });
            r.plies = m_.format("summary.plies",
                { { "first", std::to_string(e.cycle.first_ply) }, { "last", std::to_string(e.cycle.last_ply) } });
            return r;
        }

        // A repetition in brief has no moves and quotes no rules: no form of the document shows
        // them, and they cost more to put into words than the rest of it.
        DocumentRepetition repetition(const Ruling& ruling, std::size_t number, std::size_t count, bool in_full) const
        {
            DocumentRepetition r = numbered(ruling.episode, number, count);
            r.outcome = m_.format(outcome_key(ruling.outcome));
            r.start = ruling.facts.start;
            r.start_sentence = start_sentence(ruling);
            r.in_full = in_full;
            Position pos = ruling.facts.start;
            for (std::size_t i = 0; in_full && i < ruling.facts.moves.size(); ++i) {
                const MoveFacts& f = ruling.facts.moves[i];
                r.moves.push_back(move(pos, f, ruling.moves[i]));
                UndoInfo undo;
                pos.do_move(f.move, undo);
            }
            for (const Color c : { Color::Red, Color::Black })
                r.sides.push_back(side_ruling(ruling.side(c)));
            if (in_full)
                for (const std::string& id : quoted_rules(ruling, r.moves))
                    if (const RuleText* rule = rules_.find_rule(id)) {
                        r.rules.push_back(quote(*rule));
                        const auto citation = std::find_if(ruling.citations.begin(), ruling.citations.end(),
                            [&](const RuleCitation& c) { return c.rule == id; });
                        const RuleCitation* cited = citation == ruling.citations.end() ? nullptr : &*citation;
                        r.rules.back().decides = cited && cited->decides;
                        r.rules.back().why = why_cited(ruling, id, cited, r);
                    }
            r.verdict = verdict(ruling);
            r.readings = ruling.readings;
            return r;
        }

        // A repetition not ruled on, as a line of the table of episodes.
        DocumentRepetition not_ruled(
            const GameRuling& game, const NotRuled& n, std::size_t number, std::size_t count) const
        {
            DocumentRepetition r = numbered(n.episode, number, count);
            r.outcome = m_.format("summary.not_ruled");
            r.ruled = false;
            r.in_full = false;
            r.start = game.replay->position_at(n.episode.cycle.first_ply - 1);
            return r;
        }

        std::vector<std::string> explanation(const Ruling& ruling) const
        {
            return explanation_of(start_sentence(ruling),
                { side_ruling(ruling.side(Color::Red)), side_ruling(ruling.side(Color::Black)) }, verdict(ruling), m_);
        }

    private:
        const RuleSet& rules_;
        const MessageCatalogue& m_;
        FactPhrases phrases_;

        std::string text(const Translations& t, std::string_view key, const std::string& english) const
        {
            return m_.localised(t, key, english);
        }

        std::string start_sentence(const Ruling& ruling) const
        {
            const RepetitionEpisode& e = ruling.episode;
            const std::string to_move = phrases_.side(ruling.facts.start.side_to_move()),
                              stands = std::to_string(e.occurrences), last = std::to_string(e.last_repeating_ply);
            std::vector<std::string> sentences { e.cycle.first_ply == 1
                    ? m_.format(
                        "repetition.start_of_record", { { "side", to_move }, { "count", stands }, { "last", last } })
                    : m_.format("repetition.start",
                        { { "ply", std::to_string(e.cycle.first_ply - 1) }, { "side", to_move }, { "count", stands },
                            { "last", last } }) };
            if (const auto& change = ruling.changed_before_due)
                sentences.push_back(m_.format("repetition.changed_before_due",
                    { { "side", phrases_.side(change->side) }, { "ply", std::to_string(change->changed_at_ply) },
                        { "first", std::to_string(change->first_cycle.first_ply) },
                        { "last", std::to_string(change->first_cycle.last_ply) },
                        { "count", std::to_string(ruling.occurrences.ruling_at) } }));
            return m_.paragraph(sentences);
        }

        const ChaseRule& chase_row(std::size_t row) const { return rules_.chase_rules[row]; }

        // What a chase rule row says, in words: its description, else its rule's title.
        std::string why(const ChaseRule& row) const
        {
            if (!row.description.empty())
                return text(row.translations, "description", row.description);
            const RuleText* rule = rules_.find_rule(row.rule);
            return rule ? text(rule->translations, "title", rule->title) : row.rule;
        }

        // A threat in words with the chase row that counts or exempts it, its rule added to
        // `cited`; nothing for an attack that is not new and that the ruling does not mention.
        std::optional<std::string> threat_reason(const Threat& t, const ThreatRuling& judged,
            std::vector<std::string>& cited, std::vector<std::string>& arithmetic) const
        {
            if (!t.is_new() && !judged.worth_mentioning)
                return std::nullopt;
            const std::string target = phrases_.piece(t.target), attacker = phrases_.piece(t.attacker);
            if (!judged.row)
                return m_.format("reason.attack_not_counted",
                    { { "target", target }, { "attacker", attacker },
                        { "facts", phrases_.threat_facts(t, MaterialFacts::Omitted) } });
            const ChaseRule& row = chase_row(*judged.row);
            // What a capture wins is worth saying where the row that decided weighed it: in words
            // here, in figures in the appendix.
            const bool weighed = row.condition.weighs_material();
            const std::string facts
                = phrases_.threat_facts(t, weighed ? MaterialFacts::InWords : MaterialFacts::Omitted);
            if (weighed && t.capture_legal)
                arithmetic.push_back(m_.format("appendix.threat",
                    { { "attacker", attacker }, { "target", target },
                        { "figures", phrases_.material_arithmetic(t) } }));
            add_unique(cited, row.rule);
            return m_.format(judged.counts ? "reason.chase" : "reason.attack_allowed",
                { { "target", target }, { "attacker", attacker }, { "facts", facts }, { "why", why(row) },
                    { "rule", row.rule } });
        }

        DocumentMove move(const Position& before, const MoveFacts& f, const MoveRuling& judged) const
        {
            DocumentMove d;
            d.ply = f.ply;
            d.mover = f.mover;
            d.side_name = phrases_.side(f.mover);
            d.move = f.move;
            d.text = phrases_.notate(before, f.move);
            for (const MoveClass c : judged.classes) {
                d.classes.emplace_back(to_string(c));
                d.class_names.push_back(m_.format("class." + d.classes.back()));
            }
            d.classes_shown = m_.list(d.class_names);
            if (judged.term) {
                const MoveTerm& term = rules_.move_terms[*judged.term];
                d.term = text(term.translations, "term", term.term);
                // A book's word that is also a class's name leads the list of the classes, once
                // (捉、拦, not 捉（捉、拦）); another word is given with the classes it stands for.
                if (std::find(d.class_names.begin(), d.class_names.end(), d.term) != d.class_names.end()) {
                    std::vector<std::string> shown { d.term };
                    for (const std::string& name : d.class_names)
                        if (name != d.term)
                            shown.push_back(name);
                    d.classes_shown = m_.list(shown);
                } else {
                    d.classes_shown = m_.format("move.term", { { "term", d.term }, { "classes", d.classes_shown } });
                }
            }
            if (judged.move_rule) {
                const MoveRule& rule = rules_.move_rules[*judged.move_rule];
                const RuleText* text_of_rule = rules_.find_rule(rule.rule);
                const std::string why = !rule.description.empty()
                    ? text(rule.translations, "description", rule.description)
                    : text_of_rule ? text(text_of_rule->translations, "title", text_of_rule->title)
                                   : rule.rule;
                d.reasons.push_back(m_.format("reason.move_rule", { { "why", why }, { "rule", rule.rule } }));
                add_unique(d.rules, rule.rule);
            }
            // Said first: the attacks listed after it are the ones that do not count.
            if (judged.has(MoveClass::Idle))
                d.reasons.push_back(m_.format("reason.idle"));
            append(d.reasons, phrases_.king_reasons(before, f));
            for (std::size_t i = 0; i < f.threats.size(); ++i)
                if (auto reason = threat_reason(f.threats[i], judged.threats[i], d.rules, d.material_arithmetic))
                    d.reasons.push_back(std::move(*reason));
            append(d.reasons, phrases_.offer_and_block_reasons(f));
            append(d.reasons, phrases_.evasion_reasons(f));
            return d;
        }

        DocumentSide side_ruling(const SideRuling& s) const
        {
            DocumentSide d { s.side, s.conduct, s.forbidden, {}, m_.format("summary.conduct_none") };
            if (!s.conduct_row) {
                d.sentences.push_back(m_.format("conduct.none", { { "side", phrases_.side(s.side) } }));
                return d;
            }
            const Conduct& conduct = rules_.conducts[*s.conduct_row];
            d.in_short = m_.format(s.forbidden ? "summary.conduct_forbidden" : "summary.conduct_allowed",
                { { "description", text(conduct.translations, "description", conduct.description) } });
            // One sentence: the conduct and whether it is allowed, so that a translator can
            // order the words; then the pieces chased on every move.
            const std::string side = phrases_.side(s.side),
                              description = text(conduct.translations, "description", conduct.description);
            if (s.rules.empty())
                d.sentences.push_back(
                    m_.format(s.forbidden ? "conduct.forbidden_without_rule" : "conduct.allowed_without_rule",
                        { { "side", side }, { "description", description } }));
            else
                d.sentences.push_back(m_.format(s.forbidden ? "conduct.forbidden" : "conduct.allowed",
                    { { "side", side }, { "description", description }, { "rules", m_.join(s.rules) } }));
            if (!s.chased_on_every_move.empty())
                d.sentences.push_back(m_.format(
                    "conduct.chased_on_every_move", { { "pieces", phrases_.pieces(s.chased_on_every_move) } }));
            if (!s.exempting_rows.empty()) {
                std::string reasons;
                for (const std::size_t row : s.exempting_rows)
                    reasons += (reasons.empty() ? "" : m_.format("fact.separator"))
                        + m_.format("conduct.exempt_reason",
                            { { "why", why(chase_row(row)) }, { "rule", chase_row(row).rule } });
                d.sentences.push_back(m_.format("conduct.exempt", { { "reasons", reasons } }));
            }
            return d;
        }

        // The rules quoted: those the ruling cites, in its order (the deciding ones first), then
        // the others the sides and the moves cite, detail rules before definitions; the
        // procedure last.
        std::vector<std::string> quoted_rules(const Ruling& ruling, const std::vector<DocumentMove>& moves) const
        {
            std::vector<std::string> others;
            for (const Color c : { Color::Red, Color::Black })
                for (const std::string& id : ruling.side(c).rules)
                    add_unique(others, id);
            for (const DocumentMove& m : moves)
                for (const std::string& id : m.rules)
                    add_unique(others, id);
            std::erase_if(others, [&](const std::string& id) { return contains(ruling.rules, id); });
            rules_.order_by_kind(others);
            std::vector<std::string> quoted = ruling.rules;
            quoted.insert(quoted.end(), others.begin(), others.end());
            std::stable_partition(quoted.begin(), quoted.end(),
                [&](const std::string& id) { return rules_.kind_of(id) != RuleKind::Procedure; });
            return quoted;
        }

        // Why the ruling cites a rule, in one phrase: what it would be without a rule that
        // decides; what a rule that does not decide applies to. `citation` is the ruling's own
        // citation of it, null for a rule only the sides or the moves cite.
        std::string why_cited(const Ruling& ruling, const std::string& id, const RuleCitation* citation,
            const DocumentRepetition& r) const
        {
            if (citation && citation->decides) {
                if (ruling.violator && citation->without == Outcome::Draw)
                    return m_.format(ruling.loses() ? "citation.decides_no_loss" : "citation.decides_no_change",
                        { { "side", phrases_.side(*ruling.violator) } });
                return m_.format("citation.decides", { { "outcome", m_.format(outcome_key(citation->without)) } });
            }
            for (const DocumentSide& side : r.sides)
                if (contains(ruling.side(side.side).rules, id))
                    return m_.format("citation.applies_to_side",
                        { { "side", phrases_.side(side.side) }, { "conduct", side.in_short } });
            if (id == ruling.verdict_rule)
                return m_.format("citation.applies_to_verdict");
            if (id == rules_.repetition.loss_rule && ruling.violator)
                return m_.format("citation.applies_to_loss", { { "side", phrases_.side(*ruling.violator) } });
            if (id == rules_.repetition.draw_rule)
                return m_.format("citation.applies_to_draw");
            std::vector<std::string> plies;
            for (const DocumentMove& m : r.moves)
                if (contains(m.rules, id))
                    plies.push_back(std::to_string(m.ply));
            if (plies.size() == 1)
                return m_.format("citation.applies_to_move", { { "ply", plies.front() } });
            return m_.format("citation.applies_to_moves", { { "plies", m_.join(plies) } });
        }

        QuotedRule quote(const RuleText& rule) const
        {
            QuotedRule q;
            q.id = rule.id;
            q.number = text(rule.translations, "number", rule.number);
            q.title = text(rule.translations, "title", rule.title);
            q.names_itself = number_names_rule(rule);
            q.heading = m_.format(q.names_itself ? "rule.heading_definition" : "rule.heading",
                { { "number", q.number }, { "title", q.title }, { "id", rule.id } });
            q.text = text(rule.translations, "text", rule.text);
            q.diagrams = rule.diagrams;
            q.diagrams_line = diagrams_line(rule, m_);
            return q;
        }

        // Why the violator's conduct, forbidden like the other side's, is the one that must
        // change: the verdict row that ranks them.
        std::string precedence(const Ruling& ruling, Color violator) const
        {
            const VerdictRow& row = rules_.verdicts[*ruling.verdict_row];
            const std::string side = phrases_.side(violator), other = phrases_.side(~violator),
                              description = text(row.translations, "description", row.description);
            if (row.rule.empty())
                return m_.format("verdict.precedence_without_rule",
                    { { "side", side }, { "other", other }, { "description", description } });
            return m_.format("verdict.precedence",
                { { "side", side }, { "other", other }, { "description", description }, { "rule", row.rule } });
        }

        std::vector<std::string> violation(const Ruling& ruling, Color violator) const
        {
            const OccurrenceAccount& o = ruling.occurrences;
            const std::string side = phrases_.side(violator);
            const std::string& loss_rule = rules_.repetition.loss_rule;
            std::vector<std::string> grounds = ruling.rules;
            std::erase(grounds, loss_rule);
            std::vector<std::string> sentences;
            if (ruling.precedence())
                sentences.push_back(precedence(ruling, violator));
            // A ruleset whose violator loses when the ruling is due gives it no chance to change.
            const bool at_once = o.loses_at == o.ruling_at;
            // An instruction the record shows: the loss counts from it, and nothing is assumed.
            const bool instructed = o.instructed_ply >= 0 && !at_once;
            if (instructed) {
                if (o.instructed_ply < o.counted_from_ply)
                    sentences.push_back(m_.format("instruction.given_early",
                        { { "side", side }, { "ply", std::to_string(o.instructed_ply) },
                            { "due", std::to_string(o.counted_from_ply) } }));
                else
                    sentences.push_back(m_.format(
                        "instruction.given", { { "side", side }, { "ply", std::to_string(o.instructed_ply) } }));
                sentences.push_back(m_.format(ruling.loses() ? "instruction.loses" : "instruction.must_change",
                    { { "side", side }, { "rules", m_.join(grounds) }, { "count", std::to_string(o.repeats_to_lose()) },
                        { "from", std::to_string(o.counted_from_ply) }, { "ply", std::to_string(o.loss_ply) },
                        { "loss_rule", loss_rule } }));
            } else if (ruling.loses())
                sentences.push_back(m_.format(at_once ? "verdict.loses_at_once" : "verdict.loses",
                    { { "side", side }, { "rules", m_.join(grounds) }, { "count", std::to_string(o.loses_at) },
                        { "ply", std::to_string(o.loss_ply) }, { "loss_rule", loss_rule } }));
            else
                sentences.push_back(m_.format("verdict.must_change",
                    { { "side", side }, { "rules", m_.join(grounds) }, { "count", std::to_string(o.loses_at) },
                        { "loss_rule", loss_rule } }));
            if (o.changed_at_ply >= 0)
                sentences.push_back(m_.format("verdict.changed",
                    { { "side", side }, { "ply", std::to_string(o.changed_at_ply) },
                        { "count", std::to_string(o.count()) } }));
            if (ruling.loses() && !at_once && !instructed)
                sentences.push_back(m_.format("verdict.loss_assumes_instruction", { { "side", side } }));
            return sentences;
        }

        std::vector<std::string> verdict(const Ruling& ruling) const
        {
            std::vector<std::string> sentences { m_.format(
                "verdict.outcome", { { "outcome", m_.format(outcome_key(ruling.outcome)) } }) };
            const OccurrenceAccount& o = ruling.occurrences;
            if (o.ruling_ply >= 0)
                sentences.push_back(m_.format("verdict.ruling_due",
                    { { "count", std::to_string(o.ruling_at) }, { "ply", std::to_string(o.ruling_ply) } }));
            if (ruling.violator)
                append(sentences, violation(ruling, *ruling.violator));
            else
                sentences.push_back(m_.format(
                    ruling.red.forbidden && ruling.black.forbidden ? "verdict.draw_both_violate" : "verdict.draw",
                    { { "rules", m_.join(ruling.rules) } }));
            append(sentences, readings(ruling));
            return sentences;
        }

        // What the contested readings the ruling was checked against would change.
        std::vector<std::string> readings(const Ruling& ruling) const
        {
            std::vector<std::string> sentences;
            for (const ReadingRuling& checked : ruling.readings) {
                if (!checked.changes_ruling)
                    continue;
                const auto reading = std::find_if(rules_.readings.begin(), rules_.readings.end(),
                    [&](const Reading& r) { return r.name == checked.name; });
                const std::string description = reading == rules_.readings.end()
                    ? checked.name
                    : text(reading->translations, "description", reading->description);
                sentences.push_back(
                    m_.format(checked.enabled ? "reading.rests_on_applied" : "reading.rests_on_not_applied",
                        { { "reading", description }, { "outcome", m_.format(outcome_key(checked.other_outcome)) } }));
            }
            if (!ruling.readings.empty() && sentences.empty())
                sentences.push_back(m_.format("reading.none_matters"));
            return sentences;
        }
    };

} // namespace

std::vector<const DocumentRepetition*> in_reading_order(const RulingDocument& document)
{
    std::vector<const DocumentRepetition*> order;
    for (const DocumentRepetition& r : document.repetitions)
        if (r.decides)
            order.push_back(&r);
    for (const DocumentRepetition& r : document.repetitions)
        if (r.ruled && !r.decides)
            order.push_back(&r);
    return order;
}

std::string board_note(const BoardNote& note, const MessageCatalogue& messages)
{
    return messages.format("board." + note.code, { { "rule", note.rule } });
}

std::vector<std::string> ruling_explanation(
    const Ruling& ruling, const RuleSet& rules, const MessageCatalogue& messages)
{
    return DocumentBuilder(rules, messages, {}).explanation(ruling);
}

std::vector<std::string> ruling_explanation(const DocumentRepetition& repetition, const MessageCatalogue& messages)
{
    return explanation_of(repetition.start_sentence, repetition.sides, repetition.verdict, messages);
}

namespace {

    // How the ruleset counts material, then each move's figures, in reading order: the body
    // says "wins material" and the arbiter who wants to check it finds the arithmetic here.
    std::vector<std::string> material_appendix(
        const RulingDocument& document, const RuleSet& rules, const MessageCatalogue& m)
    {
        std::vector<std::string> moves;
        for (const DocumentRepetition* r : in_reading_order(document))
            for (const DocumentMove& move : r->moves)
                if (!move.material_arithmetic.empty())
                    moves.push_back(m.format("appendix.move",
                        { { "ply", std::to_string(move.ply) }, { "move", move.text },
                            { "threats", m.paragraph(move.material_arithmetic) } }));
        if (moves.empty())
            return {};
        const PieceWorth& worth = rules.classification.piece_worth;
        const auto of = [&](PieceType t) { return std::to_string(worth[index(t)]); };
        std::vector<std::string> scale { m.format("cycle.piece_worth",
            { { "chariot", of(PieceType::Chariot) }, { "horse", of(PieceType::Horse) },
                { "cannon", of(PieceType::Cannon) }, { "advisor", of(PieceType::Advisor) },
                { "elephant", of(PieceType::Elephant) }, { "soldier", of(PieceType::Soldier) } }) };
        if (rules.classification.material.sequence_depth > 0
            && !rules.classification.material.sequence_counts_uncrossed_soldiers)
            scale.push_back(m.format("cycle.piece_worth_uncrossed_pawns"));
        if (const std::optional<int> given = rules.classification.check_capture.crossed_soldier_given_worth)
            scale.push_back(m.format("cycle.piece_worth_crossed_pawn_given", { { "worth", std::to_string(*given) } }));
        std::vector<std::string> appendix { m.paragraph(scale) };
        appendix.insert(appendix.end(), moves.begin(), moves.end());
        return appendix;
    }

} // namespace

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
    // A rule quoted in translation says how it was made, so that nobody signs it as the book's
    // wording.
    const std::string translation_note = messages.translation_note(rules);
    document.rules_heading = translation_note.empty()
        ? messages.format("rules.heading")
        : messages.format("rules.heading_translated", { { "note", translation_note } });
    document.header = builder.header(game, record);
    document.summary = builder.summary(game);
    document.notes = builder.notes(game);
    document.metadata = builder.metadata(record, document);
    // Every repetition in record order, numbered among them all: those not ruled on where they
    // stand among the rulings.
    const std::size_t count = game.rulings.size() + game.not_ruled.size();
    auto not_ruled = game.not_ruled.begin();
    const auto add_not_ruled_before = [&](std::size_t ruling) {
        for (; not_ruled != game.not_ruled.end() && not_ruled->rulings_before <= ruling; ++not_ruled)
            document.repetitions.push_back(builder.not_ruled(game, *not_ruled, document.repetitions.size() + 1, count));
    };
    for (std::size_t i = 0; i < game.rulings.size(); ++i) {
        add_not_ruled_before(i);
        const bool decides = game.deciding == i;
        DocumentRepetition& r = document.repetitions.emplace_back(builder.repetition(
            game.rulings[i], document.repetitions.size() + 1, count, decides || options.every_repetition_in_full));
        r.decides = decides;
    }
    add_not_ruled_before(game.rulings.size());
    document.appendix = material_appendix(document, rules, messages);
    return document;
}

} // namespace xq
