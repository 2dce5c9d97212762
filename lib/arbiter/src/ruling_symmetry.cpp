// A game's twins, and the comparison of their rulings with the game's, aspect by aspect.
#include "xq/arbiter/ruling_symmetry.hpp"

#include <algorithm>
#include <utility>

namespace xq {

std::optional<ReplayedGame> transformed(const ReplayedGame& game, Symmetry symmetry)
{
    ReplayedGame twin(transformed(game.start(), symmetry));
    twin.reserve(game.plies().size());
    for (const PlyRecord& ply : game.plies())
        if (!twin.play(transformed(ply.move, symmetry)))
            return std::nullopt;
    return twin;
}

std::optional<RecordReplay> transformed(const RecordReplay& replay, Symmetry symmetry)
{
    if (!replay.game)
        return std::nullopt;
    std::optional<ReplayedGame> game = transformed(*replay.game, symmetry);
    if (!game)
        return std::nullopt;
    RecordReplay twin = replay;
    twin.game = std::move(game);
    twin.recorded_result = transformed(replay.recorded_result, symmetry);
    for (Instruction& instruction : twin.instructions)
        instruction.side = transformed(instruction.side, symmetry);
    return twin;
}

Outcome transformed(Outcome outcome, Symmetry symmetry)
{
    if (symmetry == Symmetry::Mirror)
        return outcome;
    switch (outcome) {
    case Outcome::RedMustChange:
        return Outcome::BlackMustChange;
    case Outcome::BlackMustChange:
        return Outcome::RedMustChange;
    case Outcome::RedLoses:
        return Outcome::BlackLoses;
    case Outcome::BlackLoses:
        return Outcome::RedLoses;
    case Outcome::Draw:
        return outcome;
    }
    return outcome;
}

RecordedResult transformed(RecordedResult result, Symmetry symmetry)
{
    if (symmetry == Symmetry::Mirror)
        return result;
    switch (result) {
    case RecordedResult::RedWins:
        return RecordedResult::BlackWins;
    case RecordedResult::BlackWins:
        return RecordedResult::RedWins;
    case RecordedResult::Draw:
    case RecordedResult::Unknown:
        return result;
    }
    return result;
}

namespace {

    std::string joined(const std::vector<std::string>& words)
    {
        std::string line;
        for (const std::string& word : words)
            line += (line.empty() ? "" : " ") + word;
        return line;
    }

    std::string sorted_words(std::vector<std::string> words)
    {
        std::sort(words.begin(), words.end());
        return joined(words);
    }

    std::string row_text(RowIndex row) { return row ? std::to_string(*row) : "none"; }

    std::string outcome_text(const std::vector<Ruling>& rulings)
    {
        const std::optional<std::size_t> deciding = deciding_ruling(rulings);
        return deciding ? std::string(to_string(rulings[*deciding].outcome)) : "none";
    }

    std::string classes_text(const MoveRuling& move)
    {
        std::vector<std::string> names;
        for (const MoveClass c : move.classes)
            names.emplace_back(to_string(c));
        return joined(names);
    }

    std::string plies_text(const std::vector<int>& plies)
    {
        std::string text;
        for (const int ply : plies)
            text += (text.empty() ? "" : ",") + std::to_string(ply);
        return text;
    }

    // A side's chases as "ply:row", in ply order: a move's threats come in board order, which
    // the mirror image turns round.
    std::string chases_text(const SideRuling& side)
    {
        std::vector<std::pair<int, std::size_t>> chases;
        for (const CountedChase& chase : side.chases)
            chases.emplace_back(chase.ply, chase.row);
        std::sort(chases.begin(), chases.end());
        std::vector<std::string> words;
        for (const auto& [ply, row] : chases)
            words.push_back(std::to_string(ply) + ":" + std::to_string(row));
        return joined(words);
    }

    std::string occurrences_text(const OccurrenceAccount& occurrences)
    {
        return "counted_plies=" + plies_text(occurrences.counted_plies) + " loss_ply="
            + std::to_string(occurrences.loss_ply) + " changed_at_ply=" + std::to_string(occurrences.changed_at_ply);
    }

    std::string span_text(const RepetitionEpisode& episode)
    {
        return "first_ply=" + std::to_string(episode.cycle.first_ply)
            + " last_ply=" + std::to_string(episode.cycle.last_ply) + " stands=" + plies_text(episode.stands);
    }

    // Collects the differences of one comparison.
    class Differences {
    public:
        void compare(std::string aspect, std::optional<std::size_t> ruling, int ply, std::string game, std::string twin)
        {
            if (game != twin)
                found_.push_back({ std::move(aspect), ruling, ply, std::move(game), std::move(twin) });
        }
        std::vector<RulingDifference> take() { return std::move(found_); }

    private:
        std::vector<RulingDifference> found_;
    };

    void compare_sides(const SideRuling& game, const SideRuling& twin, const std::string& side, std::size_t ruling,
        Differences& differences)
    {
        differences.compare(side + "_conduct", ruling, 0, game.conduct, twin.conduct);
        differences.compare(
            side + "_forbidden", ruling, 0, game.forbidden ? "true" : "false", twin.forbidden ? "true" : "false");
        differences.compare(side + "_rules", ruling, 0, sorted_words(game.rules), sorted_words(twin.rules));
        differences.compare(side + "_chases", ruling, 0, chases_text(game), chases_text(twin));
    }

    void compare_rulings(
        const Ruling& game, const Ruling& twin, std::size_t index, Symmetry symmetry, Differences& differences)
    {
        differences.compare("plies", index, 0, span_text(game.episode), span_text(twin.episode));
        differences.compare("outcome", index, 0, std::string(to_string(transformed(game.outcome, symmetry))),
            std::string(to_string(twin.outcome)));
        const auto violator_text
            = [](std::optional<Color> side) { return side ? std::string(to_string(*side)) : "none"; };
        differences.compare("violator", index, 0,
            violator_text(game.violator ? std::optional(transformed(*game.violator, symmetry)) : std::nullopt),
            violator_text(twin.violator));
        differences.compare("verdict_row", index, 0, row_text(game.verdict_row), row_text(twin.verdict_row));
        differences.compare("rules", index, 0, sorted_words(game.rules), sorted_words(twin.rules));
        differences.compare(
            "occurrences", index, 0, occurrences_text(game.occurrences), occurrences_text(twin.occurrences));
        differences.compare(
            "move_count", index, 0, std::to_string(game.moves.size()), std::to_string(twin.moves.size()));
        for (std::size_t m = 0; m < std::min(game.moves.size(), twin.moves.size()); ++m) {
            const int ply = game.moves[m].ply;
            differences.compare("move_classes", index, ply, classes_text(game.moves[m]), classes_text(twin.moves[m]));
            differences.compare("move_term", index, ply, row_text(game.moves[m].term), row_text(twin.moves[m].term));
        }
        const Color twin_of_red = transformed(Color::Red, symmetry);
        compare_sides(game.red, twin.side(twin_of_red), "red", index, differences);
        compare_sides(game.black, twin.side(~twin_of_red), "black", index, differences);
    }

    void compare_ruling_lists(
        const std::vector<Ruling>& game, const std::vector<Ruling>& twin, Symmetry symmetry, Differences& differences)
    {
        differences.compare("ruling_count", std::nullopt, 0, std::to_string(game.size()), std::to_string(twin.size()));
        const auto deciding_text = [](const std::vector<Ruling>& rulings) {
            const std::optional<std::size_t> deciding = deciding_ruling(rulings);
            return deciding ? std::to_string(*deciding) : "none";
        };
        differences.compare("deciding", std::nullopt, 0, deciding_text(game), deciding_text(twin));
        const std::optional<std::size_t> deciding = deciding_ruling(game);
        differences.compare("deciding_outcome", std::nullopt, 0,
            deciding ? std::string(to_string(transformed(game[*deciding].outcome, symmetry))) : "none",
            outcome_text(twin));
        for (std::size_t i = 0; i < std::min(game.size(), twin.size()); ++i)
            compare_rulings(game[i], twin[i], i, symmetry, differences);
    }

} // namespace

std::vector<RulingDifference> ruling_differences(
    const std::vector<Ruling>& game, const std::vector<Ruling>& twin, Symmetry symmetry)
{
    Differences differences;
    compare_ruling_lists(game, twin, symmetry, differences);
    return differences.take();
}

std::vector<RulingDifference> ruling_differences(const GameRuling& game, const GameRuling& twin, Symmetry symmetry)
{
    Differences differences;
    differences.compare(
        "status", std::nullopt, 0, std::string(to_string(game.status)), std::string(to_string(twin.status)));
    const auto spans_text = [](const std::vector<NotRuled>& passed_over) {
        std::string spans;
        for (const NotRuled& n : passed_over)
            spans += (spans.empty() ? "" : "; ") + span_text(n.episode);
        return spans;
    };
    differences.compare("not_ruled", std::nullopt, 0, spans_text(game.not_ruled), spans_text(twin.not_ruled));
    const auto limit_text
        = [](const std::optional<NaturalLimitReached>& limit) { return limit ? std::to_string(limit->ply) : "none"; };
    differences.compare(
        "natural_limit", std::nullopt, 0, limit_text(game.natural_limit), limit_text(twin.natural_limit));
    compare_ruling_lists(game.rulings, twin.rulings, symmetry, differences);
    return differences.take();
}

} // namespace xq
