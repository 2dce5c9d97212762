// Loading and checking catalogues (keys, placeholders), and formatting phrases from them.
#include "xq/report/message_catalogue.hpp"

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "xq/base/chinese_script.hpp"
#include "xq/base/diagnostic_codes.hpp"
#include "xq/base/utf8.hpp"

namespace xq {

namespace {

    // rulesets/messages/README.md describes every key; a test checks that it names them all.
    constexpr MessageKey document_keys[] = {
        { "document.title", "" },
        { "document.footer", "" },
        { "document.page", "page pages" },
        { "header.event", "" },
        { "header.round", "" },
        { "header.date", "" },
        { "header.site", "" },
        { "header.red", "" },
        { "header.black", "" },
        { "header.result", "" },
        { "header.record", "" },
        { "header.record_value", "file line game" },
        { "header.record_value_binary", "file game" },
        { "header.ruleset", "" },
        { "header.ruleset_value", "title id" },
        { "header.edition", "" },
        { "header.not_recorded", "" },
        { "result.red_wins", "" },
        { "result.black_wins", "" },
        { "result.draw", "" },
        { "result.unknown", "" },
        { "no_ruling.not_replayed", "problem" },
        { "no_ruling.not_read_whole", "problem" },
        { "no_ruling.no_repetition", "" },
        { "not_ruled.one", "plies" },
        { "not_ruled.several", "plies" },
        { "not_ruled.span", "first last" },
        { "not_ruled.span_repeated", "first last until" },
        { "board.checkmate", "side rule" },
        { "board.stalemate", "side rule" },
        { "board.black_moved_first", "rule" },
        { "limit.natural", "ply plies first not_counted rule" },
        { "limit.natural_with_checks", "ply plies first not_counted rule" },
        { "board.legend", "" },
        { "board.arrows", "" },
        { "summary.verdict", "outcome number count first last" },
        { "summary.verdict_of_several", "outcome number count first last" },
        { "summary.record_ends_otherwise", "first last outcome result" },
        { "summary.record_goes_on", "first last outcome result" },
        { "summary.heading", "" },
        { "summary.episode", "number plies outcome" },
        { "summary.episode_side", "side conduct" },
        { "summary.plies", "first last" },
        { "summary.not_ruled", "" },
        { "summary.conduct_forbidden", "description" },
        { "summary.conduct_allowed", "description" },
        { "summary.conduct_none", "" },
        { "summary.in_brief", "" },
        { "column.repetition", "" },
        { "column.plies", "" },
        { "column.outcome", "" },
        { "repetition.heading", "number count first last" },
        { "repetition.start", "ply side count last" },
        { "repetition.start_of_record", "side count last" },
        { "repetition.changed_before_due", "side ply first last count" },
        { "cycle.heading", "" },
        { "cycle.notation", "notation" },
        { "cycle.piece_worth", "chariot horse cannon advisor elephant soldier" },
        { "cycle.piece_worth_uncrossed_pawns", "" },
        { "cycle.piece_worth_crossed_pawn_given", "worth" },
        { "notation.wxf", "" },
        { "notation.chinese", "" },
        { "notation.iccs", "" },
        { "column.ply", "" },
        { "column.side", "" },
        { "column.move", "" },
        { "column.classes", "" },
        { "column.reasons", "" },
        { "side.red", "" },
        { "side.black", "" },
        { "class.check", "" },
        { "class.kill", "" },
        { "class.check_then_capture", "" },
        { "class.chase", "" },
        { "class.exchange", "" },
        { "class.offer", "" },
        { "class.block", "" },
        { "class.idle", "" },
        { "move.term", "term classes" },
        { "piece.red.king", "" },
        { "piece.red.advisor", "" },
        { "piece.red.elephant", "" },
        { "piece.red.horse", "" },
        { "piece.red.chariot", "" },
        { "piece.red.cannon", "" },
        { "piece.red.soldier", "" },
        { "piece.black.king", "" },
        { "piece.black.advisor", "" },
        { "piece.black.elephant", "" },
        { "piece.black.horse", "" },
        { "piece.black.chariot", "" },
        { "piece.black.cannon", "" },
        { "piece.black.soldier", "" },
        { "piece_at", "piece square file" },
        { "list.separator", "" },
        { "list.last_separator", "" },
        { "sentence.separator", "" },
        { "reason.check", "king checkers" },
        { "reason.discovered_check", "king checkers" },
        { "reason.kill", "line" },
        { "reason.check_then_capture", "line" },
        { "reason.check_then_capture_by_check", "line" },
        { "reason.chase", "target attacker facts why rule" },
        { "reason.attack_allowed", "target attacker facts why rule" },
        { "reason.attack_not_counted", "target attacker facts" },
        { "reason.attack", "target attacker facts" },
        { "reason.exchange", "piece takers protection" },
        { "reason.offer", "piece takers protection" },
        { "reason.screen_exchange", "piece taker offered" },
        { "reason.even_trade", "taker offered" },
        { "reason.block", "piece square" },
        { "reason.idle", "" },
        { "reason.move_rule", "why rule" },
        { "reason.no_fact", "" },
        { "reason.evades_check", "" },
        { "reason.ends_threat", "pieces" },
        { "fact.separator", "" },
        { "origin.direct", "" },
        { "origin.discovered", "" },
        { "origin.screen_placed", "" },
        { "origin.protection_removed", "" },
        { "origin.hidden_protection_removed", "" },
        { "origin.capture_made_legal", "" },
        { "origin.capture_made_safe", "" },
        { "origin.participant_saved", "" },
        { "origin.through_checks", "" },
        { "origin.standing", "" },
        { "fact.capture_illegal", "" },
        { "fact.unprotected", "" },
        { "fact.protected", "protectors" },
        { "fact.fake_protection", "protectors" },
        { "fact.hidden_protection", "" },
        { "fact.can_capture_back", "" },
        { "fact.also_attacked_by", "pieces" },
        { "fact.like_piece_trade", "piece" },
        { "fact.attacker_restricted", "restriction" },
        { "fact.attacker_restricted_by", "restriction pieces" },
        { "fact.target_restricted", "restriction" },
        { "fact.target_restricted_by", "restriction pieces" },
        { "fact.target_restricts", "pieces" },
        { "fact.gain", "capture exchange" },
        { "fact.wins_material", "" },
        { "fact.wins_no_material", "" },
        { "appendix.heading", "" },
        { "appendix.move", "ply move threats" },
        { "appendix.threat", "attacker target figures" },
        { "fact.best_exchange", "exchange" },
        { "fact.capture_sequence", "sequence" },
        { "fact.joint", "" },
        { "fact.joint_through_checks", "" },
        { "fact.under_protected", "protectors attackers" },
        { "fact.mated_after_capture", "" },
        { "fact.lost_elsewhere", "piece" },
        { "fact.attacked_before_by", "pieces" },
        { "restriction.immobilised", "" },
        { "restriction.confined_to_line", "" },
        { "restriction.pinned", "" },
        { "offer.retaken", "" },
        { "offer.unprotected", "" },
        { "conduct.heading", "" },
        { "conduct.none", "side" },
        { "conduct.chased_on_every_move", "pieces" },
        { "conduct.forbidden", "side description rules" },
        { "conduct.forbidden_without_rule", "side description" },
        { "conduct.allowed", "side description rules" },
        { "conduct.allowed_without_rule", "side description" },
        { "conduct.exempt", "reasons" },
        { "conduct.exempt_reason", "why rule" },
        { "metadata.title", "game" },
        { "metadata.players", "red black" },
        { "metadata.separator", "" },
        { "replay.start", "fen" },
        { "replay.final", "fen" },
        { "replay.end", "end" },
        { "replay.end_lost", "end side" },
        { "replay.end.none", "" },
        { "replay.end.checkmate", "" },
        { "replay.end.stalemate", "" },
        { "replay.recorded_result", "result result_text" },
        { "replay.finding", "finding" },
        { "replay.contradiction_checkmate", "loser on_board on_board_text recorded recorded_text" },
        { "replay.contradiction_stalemate", "loser on_board on_board_text recorded recorded_text" },
        { "replay.board_after", "ply" },
        { "replay.no_recurrence", "" },
        { "replay.repetition", "count first last length number until" },
        { "replay.cycle_move", "class_codes classes move ply side" },
        { "replay.cycle_move_classes", "class_codes classes move ply side" },
        { "replay.side_summary", "check_then_captures checks kills moves side threatening" },
        { "replay.threatened_every_move", "pieces" },
        { "replay.side.red", "" },
        { "replay.side.black", "" },
        { "replay.takes", "captured piece" },
        { "replay.check", "move" },
        { "replay.piece.king", "" },
        { "replay.piece.advisor", "" },
        { "replay.piece.elephant", "" },
        { "replay.piece.horse", "" },
        { "replay.piece.chariot", "" },
        { "replay.piece.cannon", "" },
        { "replay.piece.soldier", "" },
        { "rules.heading", "" },
        { "rules.heading_translated", "note" },
        { "rule.heading", "number title id" },
        { "rule.heading_definition", "number title id" },
        { "rule.diagram", "diagram" },
        { "rule.diagrams", "diagrams" },
        { "rule.diagram_number", "number" },
        { "rule.diagram_range", "first last" },
        { "citation.decides", "outcome" },
        { "citation.decides_no_change", "side" },
        { "citation.decides_no_loss", "side" },
        { "citation.applies_to_side", "side conduct" },
        { "citation.applies_to_verdict", "" },
        { "citation.applies_to_loss", "side" },
        { "citation.applies_to_draw", "" },
        { "citation.applies_to_move", "ply" },
        { "citation.applies_to_moves", "plies" },
        { "verdict.heading", "" },
        { "verdict.outcome", "outcome" },
        { "verdict.ruling_due", "count ply" },
        { "verdict.precedence", "side other description rule" },
        { "verdict.precedence_without_rule", "side other description" },
        { "verdict.must_change", "side rules count loss_rule" },
        { "verdict.loses", "side rules count ply loss_rule" },
        { "verdict.loses_at_once", "side rules count ply loss_rule" },
        { "verdict.changed", "side ply count" },
        { "verdict.loss_assumes_instruction", "side" },
        { "verdict.draw", "rules" },
        { "verdict.draw_both_violate", "rules" },
        { "outcome.red_must_change", "" },
        { "outcome.black_must_change", "" },
        { "outcome.red_loses", "" },
        { "outcome.black_loses", "" },
        { "outcome.draw", "" },
        { "validate.files", "files megabytes" },
        { "validate.files_without_games", "files megabytes without" },
        { "validate.games", "games plies" },
        { "validate.repetitions", "games at_stake agreeing against" },
        { "validate.worth_a_look", "" },
        { "validate.longest", "plies where" },
        { "validate.most_repetitions", "count where" },
        { "validate.without_moves", "games where" },
        { "validate.time_one_job", "seconds jobs games_per_second megabytes_per_second" },
        { "validate.time", "seconds jobs games_per_second megabytes_per_second" },
        { "validate.slowest", "milliseconds where" },
        { "rule_show.heading", "id number title" },
        { "rule_show.numbered", "number" },
        { "rule_show.translated", "note" },
        { "rule_show.applied_as", "" },
        { "rule_show.counts_as_chase", "description" },
        { "rule_show.no_chase", "description" },
        { "rule_show.conduct_forbidden", "id description" },
        { "rule_show.conduct_allowed", "id description" },
        { "rule_show.verdict_draw", "side other" },
        { "rule_show.verdict_first_violates", "side other" },
        { "rule_show.violator_loses", "count" },
        { "rule_show.draw", "" },
        { "rule_show.natural_limit", "plies" },
        { "rule_show.natural_limit_with_checks", "plies checks" },
        { "rule_show.board_checkmate", "" },
        { "rule_show.board_stalemate", "" },
        { "rule_show.board_flying_general", "" },
        { "rule_show.board_first_move", "" },
        { "forbidden.position", "fen plies" },
        { "forbidden.summary", "side count legal ruleset" },
        { "forbidden.none", "side legal ruleset" },
        { "forbidden.move", "move iccs outcome conduct rules" },
        { "reading.rests_on_applied", "reading outcome" },
        { "reading.rests_on_not_applied", "reading outcome" },
        { "reading.none_matters", "" },
        { "compare.title", "" },
        { "compare.header_rulesets", "" },
        { "compare.heading", "" },
        { "compare.part", "title id" },
        { "compare.book", "name title outcome rule" },
        { "compare.book_no_ruling", "name title" },
        { "compare.book_rule", "name rule" },
        { "compare.rule", "number title id" },
        { "compare.rule_named", "number title id" },
        { "compare.agree", "outcome" },
        { "compare.agree_no_ruling", "" },
        { "compare.differ", "" },
        { "compare.conduct_differs", "side forbidden_under allowed_under" },
        { "compare.no_ruling_yet", "ruleset count" },
        { "compare.none_bears", "ruleset" },
        { "compare.precedence_differs", "" },
        { "compare.loss_differs", "side lost_under must_change_under" },
        { "compare.spans_differ", "spans" },
        { "compare.span", "ruleset first last" },
        { "signature.arbiter", "" },
        { "signature.signature", "" },
        { "signature.date", "" },
        { "instruction.given", "side ply" },
        { "instruction.given_early", "side ply due" },
        { "instruction.must_change", "side rules count from loss_rule" },
        { "instruction.loses", "side rules count from ply loss_rule" },
        { "forbidden.try_new", "move iccs" },
        { "forbidden.try_allowed", "move iccs ply side outcome" },
        { "forbidden.try_repeats", "move iccs ply" },
        { "forbidden.try_forbidden", "move iccs outcome rules ply side conduct" },
        { "forbidden.try_replies_none", "side legal" },
        { "forbidden.try_replies", "side count legal moves" },
        { "forbidden.try_reply", "move iccs" },
        { "watch.move", "ply move iccs" },
        { "watch.move_repeating", "ply move iccs count first" },
        { "watch.must_change", "side conduct rules" },
        { "watch.must_change_chasing", "side conduct pieces rules" },
        { "watch.loses", "side count from rules loss_rule" },
        { "watch.loses_uninstructed", "side rules loss_rule from" },
        { "watch.loses_at_once", "side conduct rules loss_rule" },
        { "watch.draw_due", "rules" },
        { "watch.instructed", "side ply" },
        { "watch.no_violator", "" },
        { "watch.noted", "ply" },
        { "watch.undone", "ply move" },
        { "watch.nothing_to_undo", "" },
        { "watch.note", "ply text" },
        { "watch.instruction", "side ply" },
        { "watch.file_replaced", "file" },
        { "validate.where", "place game" },
        { "validate.game_status", "where status" },
        { "validate.the_file", "" },
        { "validate.status.ok", "" },
        { "validate.status.unreadable", "" },
        { "validate.status.illegal_move", "" },
        { "validate.status.result_contradicts_board", "" },
        { "validate.status.repetition_ruling", "" },
        { "validate.status.natural_limit", "" },
        { "validate.status.damaged_text", "" },
        { "finding.at_ply", "status ply message" },
        { "finding.plain", "status message" },
    };

    // The keys above and the diagnostics' phrases, `diagnostic.` and the key diagnostic_codes.hpp
    // lists.
    const std::vector<MessageKey>& all_keys()
    {
        static const std::vector<std::string> diagnostic_keys = [] {
            std::vector<std::string> out;
            for (const CataloguedPhrase& p : catalogued_diagnostic_phrases())
                out.push_back("diagnostic." + std::string(p.key));
            return out;
        }();
        static const std::vector<MessageKey> keys = [] {
            std::vector<MessageKey> out(std::begin(document_keys), std::end(document_keys));
            const auto phrases = catalogued_diagnostic_phrases();
            for (std::size_t i = 0; i < phrases.size(); ++i)
                out.push_back({ diagnostic_keys[i], phrases[i].placeholders });
            return out;
        }();
        return keys;
    }

    const MessageKey* find_key(std::string_view key)
    {
        const std::vector<MessageKey>& keys = all_keys();
        const auto it = std::find_if(keys.begin(), keys.end(), [&](const MessageKey& k) { return k.key == key; });
        return it == keys.end() ? nullptr : &*it;
    }

    bool allows(const MessageKey& key, std::string_view name)
    {
        std::istringstream names { std::string(key.placeholders) };
        for (std::string allowed; names >> allowed;)
            if (allowed == name)
                return true;
        return false;
    }

    // The problem with a phrase's placeholders, or nothing when each {name} is allowed and the
    // braces pair up.
    std::optional<std::string> placeholder_problem(const MessageKey& key, std::string_view text)
    {
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] == '}')
                return "a '}' without its '{'";
            if (text[i] != '{')
                continue;
            const std::size_t close = text.find_first_of("{}", i + 1);
            if (close == std::string_view::npos || text[close] != '}')
                return "a '{' without its '}'";
            const std::string_view name = text.substr(i + 1, close - i - 1);
            if (!allows(key, name))
                return "unknown placeholder {" + std::string(name) + "}"
                    + (key.placeholders.empty() ? " (this phrase takes none)"
                                                : " (allowed: " + std::string(key.placeholders) + ")");
            i = close;
        }
        return std::nullopt;
    }

} // namespace

std::span<const MessageKey> message_keys() { return all_keys(); }

std::string MessageCatalogue::format(std::string_view key, std::initializer_list<MessageArgument> arguments) const
{
    return format(key, [&](std::string_view name) {
        const auto argument = std::find_if(
            arguments.begin(), arguments.end(), [&](const MessageArgument& a) { return a.first == name; });
        assert(argument != arguments.end() && "every placeholder of the phrase is given");
        return argument != arguments.end() ? argument->second : std::string();
    });
}

std::string MessageCatalogue::format(
    std::string_view key, const std::function<std::string(std::string_view name)>& argument) const
{
    const auto phrase = phrases_.find(key);
    assert(phrase != phrases_.end() && "a key of message_keys()");
    if (phrase == phrases_.end())
        return std::string(key);
    const std::string& text = phrase->second;
    std::string out;
    std::size_t done = 0;
    // Loading checked that the braces pair up.
    for (std::size_t open = text.find('{'); open != std::string::npos; open = text.find('{', done)) {
        const std::size_t close = text.find('}', open);
        out.append(text, done, open - done);
        out += argument(std::string_view(text).substr(open + 1, close - open - 1));
        done = close + 1;
    }
    out.append(text, done);
    return out;
}

std::string MessageCatalogue::join(std::span<const std::string> items) const
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0)
            out += format(i + 1 == items.size() ? "list.last_separator" : "list.separator");
        out += items[i];
    }
    return out;
}

std::string MessageCatalogue::list(std::span<const std::string> items) const
{
    std::string out;
    for (const std::string& item : items)
        out += (out.empty() ? "" : format("list.separator")) + item;
    return out;
}

std::string MessageCatalogue::paragraph(std::span<const std::string> sentences) const
{
    std::string out;
    for (const std::string& sentence : sentences)
        out += (out.empty() ? "" : format("sentence.separator")) + sentence;
    return out;
}

std::string MessageCatalogue::localised(
    const Translations& translations, std::string_view key, const std::string& english) const
{
    const std::string& text = translated(translations, chinese() ? "zh" : language_, key, english);
    if (script() == ChineseScript::Traditional && &text != &english)
        return xq::in_traditional_characters(text);
    return text;
}

std::string MessageCatalogue::translation_note(const RuleSet& rules) const
{
    if ((chinese() ? "zh" : language_) == rules.language)
        return {};
    return localised(rules.translations, "translation_note", rules.translation_note);
}

std::string MessageCatalogue::book_name(const RuleSet& rules) const
{
    const std::string name = localised(rules.translations, "short_title", rules.short_title);
    return name.empty() ? rules.id : name;
}

MessageCatalogue MessageCatalogue::in_traditional_characters() const
{
    MessageCatalogue traditional = *this;
    traditional.language_ = "zh-Hant";
    for (auto& [key, phrase] : traditional.phrases_)
        phrase = xq::in_traditional_characters(phrase);
    return traditional;
}

std::optional<MessageCatalogue> parse_message_catalogue(
    std::string_view json_text, const std::string& language, const std::string& source, Diagnostics& diagnostics)
{
    nlohmann::json root;
    try {
        root = nlohmann::json::parse(json_text);
    } catch (const nlohmann::json::parse_error& e) {
        const utf8::LineColumn at = utf8::line_column_of(json_text, e.byte == 0 ? 0 : e.byte - 1);
        diagnostics.error(
            "messages.syntax", std::string("not valid JSON: ") + e.what(), { source, at.line, at.column });
        return std::nullopt;
    }
    auto error = [&](std::string code, const std::string& message) {
        diagnostics.error(std::move(code), message, { source, 0, 0 });
    };
    if (!root.is_object()) {
        error("messages.type", "a message catalogue is a JSON object from key to phrase");
        return std::nullopt;
    }
    MessageCatalogue catalogue;
    catalogue.language_ = language;
    bool clean = true;
    for (const auto& [key, value] : root.items()) {
        const MessageKey* known = find_key(key);
        if (!known) {
            error("messages.unknown-key", "at /" + key + ": unknown key '" + key + "'");
            clean = false;
        } else if (!value.is_string()) {
            error("messages.type", "at /" + key + ": expected a string");
            clean = false;
        } else if (const auto problem = placeholder_problem(*known, value.get<std::string>())) {
            error("messages.bad-placeholder", "at /" + key + ": " + *problem);
            clean = false;
        } else {
            catalogue.phrases_[key] = value.get<std::string>();
        }
    }
    for (const MessageKey& k : all_keys())
        if (!root.contains(k.key)) {
            error("messages.missing-key", "missing key '" + std::string(k.key) + "'");
            clean = false;
        }
    if (!clean)
        return std::nullopt;
    return catalogue;
}

std::optional<MessageCatalogue> load_message_catalogue(const std::filesystem::path& file, Diagnostics& diagnostics)
{
    errno = 0;
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        const int reason = errno;
        diagnostics.error("io.open",
            "cannot open the message catalogue"
                + (reason != 0 ? ": " + std::string(std::strerror(reason)) : std::string()),
            { file.string(), 0, 0 });
        return std::nullopt;
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parse_message_catalogue(text.str(), file.stem().string(), file.string(), diagnostics);
}

} // namespace xq
