// The PGN reader: the tokenizer's tokens assembled into games, in every dialect real files use.
#include "xq/records/pgn_reader.hpp"

#include <array>
#include <string_view>
#include <utility>

#include "pgn_tokenizer.hpp"
#include "record_building.hpp"
#include "xq/notation/notation_alphabet.hpp"

namespace xq {

namespace {

    using detail::PgnToken;
    using detail::PgnTokenKind;

    // Annotation glyphs that may be glued to the end of a move ("C2.5!?"), longest first.
    constexpr std::array<std::pair<std::string_view, int>, 6> glued_glyphs = { {
        { "!!", 3 },
        { "??", 4 },
        { "!?", 5 },
        { "?!", 6 },
        { "!", 1 },
        { "?", 2 },
    } };

    // Takes an annotation glyph off the end of a move text and returns its NAG, if it has one.
    std::optional<int> split_glued_glyph(std::string& text)
    {
        if (text.back() != '!' && text.back() != '?')
            return std::nullopt;
        for (const auto& [glyph, nag] : glued_glyphs) {
            if (text.size() > glyph.size() && text.ends_with(glyph)) {
                text.resize(text.size() - glyph.size());
                return nag;
            }
        }
        return std::nullopt;
    }

    // Builds one GameRecord from PGN tokens, within the limits. Variations are followed with
    // an explicit stack of open lines (and a counter for the ones skipped), never recursion.
    class GameAssembler {
    public:
        // The tags and the main line get room at once for as many as the game before had. Grown
        // a move at a time, a game's moves were copied eight times over into ever larger
        // blocks, each of which (once a second thread runs) takes a lock in malloc, while the
        // other checking threads wait for the reader.
        GameAssembler(const RecordLimits& limits, std::size_t index, std::size_t likely_tags, std::size_t likely_moves)
            : limits_(limits)
            , diagnostics_(limits.max_diagnostics)
        {
            record_.format = RecordFormat::Pgn;
            record_.index = index;
            record_.tags.reserve(std::min(likely_tags, limits.max_tags));
            record_.moves.reserve(std::min(likely_moves, limits.max_plies));
        }

        // Whether `token` is the first of the next game: a tag line after movetext, or a tag
        // this game already has.
        bool ends_before(const PgnToken& token) const
        {
            if (token.kind != PgnTokenKind::Tag && token.kind != PgnTokenKind::BadTag)
                return false;
            if (phase_ != Phase::Headers)
                return true;
            return !token.text.empty() && record_.find_tag(token.text) != nullptr;
        }

        void add_diagnostics(std::vector<Diagnostic>& diagnostics)
        {
            for (Diagnostic& diagnostic : diagnostics)
                diagnostics_.add(std::move(diagnostic));
            diagnostics.clear();
        }

        // Adds a token to the game; true when it was the result that ends the movetext.
        bool take(PgnToken& token);

        void note_text_after_result(const SourceLocation& where)
        {
            record_.text_after_result = where;
            diagnostics_.add(Severity::Note, "pgn.text-after-result",
                "the text after the result is not part of the game and is ignored", where);
        }

        bool has_content() const
        {
            return !record_.tags.empty() || !record_.moves.empty() || record_.result || !record_.variations.empty();
        }

        GameRecord finish();

        // For text that made no game: a note saying it is ignored, and its problems, go to the file.
        void hand_over(Diagnostics& file_diagnostics)
        {
            if (first_location_)
                detail::add_bounded(file_diagnostics,
                    { Severity::Note, "pgn.text-outside-game",
                        "text that is not part of any game (no tags, moves or result) is ignored", *first_location_ },
                    limits_.max_diagnostics);
            diagnostics_.hand_over(file_diagnostics, limits_.max_diagnostics);
        }

    private:
        enum class Phase { Headers, Movetext, AfterResult };

        struct OpenLine {
            int variation_id = 0; // 0 for the main line
            int move_number = 0; // the last move number written in this line
        };

        bool in_variation() const { return lines_.size() > 1 || skipped_depth_ > 0; }
        std::vector<RecordedMove>& moves_of(int id)
        {
            return id == 0 ? record_.moves : record_.variations[static_cast<std::size_t>(id - 1)].moves;
        }
        std::vector<std::string>& leading_comments_of(int id)
        {
            return id == 0 ? record_.comments_before_first_move
                           : record_.variations[static_cast<std::size_t>(id - 1)].comments_before_first_move;
        }
        std::size_t first_ply_of(int id) const
        {
            return id == 0 ? 1 : record_.variations[static_cast<std::size_t>(id - 1)].first_ply;
        }

        // Reports a limit once per game.
        void report_limit(
            bool& reported, Severity severity, std::string code, std::string message, const SourceLocation& where)
        {
            if (!reported)
                diagnostics_.add(severity, std::move(code), std::move(message), where);
            reported = true;
        }

        void add_tag(PgnToken& token);
        void add_move(PgnToken& token);
        void add_nag(const PgnToken& token);
        void add_comment(PgnToken& token);
        void open_variation(const PgnToken& token);
        void close_variation(const PgnToken& token);

        const RecordLimits& limits_;
        GameRecord record_;
        detail::GameDiagnostics diagnostics_;
        Phase phase_ = Phase::Headers;
        std::optional<SourceLocation> first_location_;
        std::vector<OpenLine> lines_ { OpenLine {} };
        std::size_t skipped_depth_ = 0;
        std::optional<SourceLocation> outermost_open_variation_;
        std::size_t plies_ = 0;
        std::size_t comments_ = 0;
        std::size_t comment_bytes_ = 0;
        bool tags_limit_reported_ = false;
        bool plies_limit_reported_ = false;
        bool nags_limit_reported_ = false;
        bool comments_limit_reported_ = false;
        bool depth_limit_reported_ = false;
        bool variations_limit_reported_ = false;
    };

    bool GameAssembler::take(PgnToken& token)
    {
        if (!first_location_)
            first_location_ = token.location;
        switch (token.kind) {
        case PgnTokenKind::Tag:
            add_tag(token);
            break;
        case PgnTokenKind::BadTag: // reported by the tokenizer
        case PgnTokenKind::EndOfInput:
            break;
        case PgnTokenKind::MoveNumber:
            phase_ = Phase::Movetext;
            if (!skipped_depth_)
                lines_.back().move_number = token.number;
            break;
        case PgnTokenKind::Ellipsis:
            phase_ = Phase::Movetext;
            break;
        case PgnTokenKind::Move:
            phase_ = Phase::Movetext;
            add_move(token);
            break;
        case PgnTokenKind::Nag:
            add_nag(token);
            break;
        case PgnTokenKind::Comment:
            // A comment cut short at a tag line swallowed text; that tag starts the next game
            // even if this game has no moves yet.
            if (token.ends_at_tag_line)
                phase_ = Phase::Movetext;
            add_comment(token);
            break;
        case PgnTokenKind::VariationStart:
            phase_ = Phase::Movetext;
            open_variation(token);
            break;
        case PgnTokenKind::VariationEnd:
            close_variation(token);
            break;
        case PgnTokenKind::Result:
            if (in_variation()) // a variation's own result says nothing about the game
                break;
            record_.result = LocatedText { std::move(token.text), token.location };
            phase_ = Phase::AfterResult;
            return true;
        }
        return false;
    }

    void GameAssembler::add_tag(PgnToken& token)
    {
        if (record_.tags.size() >= limits_.max_tags) {
            report_limit(tags_limit_reported_, Severity::Warning, "pgn.too-many-tags",
                "more than " + std::to_string(limits_.max_tags) + " tags; the rest are ignored", token.location);
            return;
        }
        record_.tags.push_back({ std::move(token.text), std::move(token.value), std::move(token.location),
            std::move(token.value_location) });
    }

    void GameAssembler::add_move(PgnToken& token)
    {
        if (skipped_depth_)
            return;
        if (plies_ >= limits_.max_plies) {
            report_limit(plies_limit_reported_, Severity::Error, "pgn.too-many-plies",
                "more than " + std::to_string(limits_.max_plies) + " moves in one game; the rest are ignored",
                token.location);
            return;
        }
        ++plies_;
        // Built where it is kept: a move built aside and moved in cost as much again.
        RecordedMove& move = moves_of(lines_.back().variation_id).emplace_back();
        if (const std::optional<int> nag = split_glued_glyph(token.text))
            move.nags.push_back(*nag);
        move.text = std::move(token.text);
        move.location = std::move(token.location);
        move.move_number = lines_.back().move_number;
    }

    void GameAssembler::add_nag(const PgnToken& token)
    {
        if (skipped_depth_)
            return;
        std::vector<RecordedMove>& moves = moves_of(lines_.back().variation_id);
        if (moves.empty()) {
            diagnostics_.add(
                Severity::Warning, "pgn.misplaced-nag", "an annotation before any move is ignored", token.location);
            return;
        }
        if (moves.back().nags.size() >= limits_.max_nags_per_move) {
            report_limit(nags_limit_reported_, Severity::Warning, "pgn.too-many-nags",
                "more than " + std::to_string(limits_.max_nags_per_move)
                    + " annotations on one move; the rest are ignored",
                token.location);
            return;
        }
        moves.back().nags.push_back(token.number);
    }

    void GameAssembler::add_comment(PgnToken& token)
    {
        if (skipped_depth_)
            return;
        if (comments_ >= limits_.max_comments || comment_bytes_ + token.text.size() > limits_.max_comment_bytes) {
            report_limit(comments_limit_reported_, Severity::Warning, "pgn.too-many-comments",
                "the game's comments exceed " + std::to_string(limits_.max_comments) + " comments or "
                    + std::to_string(limits_.max_comment_bytes) + " bytes; the rest are ignored",
                token.location);
            return;
        }
        ++comments_;
        comment_bytes_ += token.text.size();
        const int line = lines_.back().variation_id;
        std::vector<RecordedMove>& moves = moves_of(line);
        if (moves.empty())
            leading_comments_of(line).push_back(std::move(token.text));
        else
            moves.back().comments.push_back(std::move(token.text));
    }

    void GameAssembler::open_variation(const PgnToken& token)
    {
        const bool from_main_line = !in_variation();
        if (from_main_line)
            outermost_open_variation_ = token.location;
        if (skipped_depth_) {
            ++skipped_depth_;
            ++record_.skipped_variations;
            return;
        }
        const int parent = lines_.back().variation_id;
        const std::size_t parent_moves = moves_of(parent).size();
        bool skip = true;
        if (lines_.size() - 1 >= limits_.max_variation_depth)
            report_limit(depth_limit_reported_, Severity::Warning, "pgn.variation-too-deep",
                "variations nested more than " + std::to_string(limits_.max_variation_depth) + " deep are skipped",
                token.location);
        else if (record_.variations.size() >= limits_.max_variations)
            report_limit(variations_limit_reported_, Severity::Warning, "pgn.too-many-variations",
                "more than " + std::to_string(limits_.max_variations) + " variations; the rest are skipped",
                token.location);
        else if (parent_moves == 0)
            diagnostics_.add(Severity::Warning, "pgn.variation-without-move",
                "a variation before the first move of its line has no move to replace and is skipped", token.location);
        else
            skip = false;
        if (skip) {
            skipped_depth_ = 1;
            ++record_.skipped_variations;
            return;
        }
        RecordedVariation variation;
        variation.id = static_cast<int>(record_.variations.size()) + 1;
        variation.parent = parent;
        variation.first_ply = first_ply_of(parent) + parent_moves - 1;
        variation.location = token.location;
        record_.variations.push_back(std::move(variation));
        lines_.push_back({ record_.variations.back().id, 0 });
    }

    void GameAssembler::close_variation(const PgnToken& token)
    {
        if (skipped_depth_)
            --skipped_depth_;
        else if (lines_.size() > 1)
            lines_.pop_back();
        else
            diagnostics_.add(Severity::Warning, "pgn.unmatched-parenthesis", "')' without an open variation is ignored",
                token.location);
        if (!in_variation())
            outermost_open_variation_.reset();
    }

    GameRecord GameAssembler::finish()
    {
        if (first_location_)
            record_.location = *first_location_;
        if (in_variation() && outermost_open_variation_)
            diagnostics_.add(Severity::Error, "pgn.unterminated-variation",
                "the variation opened here has no closing ')' before the end of the game", *outermost_open_variation_);
        const RecordedTag* result_tag = record_.find_tag("Result");
        if (record_.result && result_tag) {
            const auto claimed = normalize_result(result_tag->value);
            const auto written = normalize_result(record_.result->text);
            if (claimed && written && *claimed != *written)
                diagnostics_.add(Severity::Warning, "pgn.result-mismatch",
                    "the result token " + record_.result->text + " disagrees with the Result tag \"" + result_tag->value
                        + "\"",
                    record_.result->location);
        }
        if (const RecordedTag* fen = record_.find_tag("FEN")) {
            if (fen->value.empty())
                diagnostics_.add(Severity::Note, "pgn.empty-fen",
                    "the FEN tag is empty; the game is taken to start from the standard position", fen->location);
            else
                record_.start_fen = LocatedText { fen->value, fen->value_location };
        }
        if (const RecordedTag* format = record_.find_tag("Format"); format && !format->value.empty())
            record_.notation_hint = format->value;
        diagnostics_.finish_into(record_);
        return std::move(record_);
    }

} // namespace

PgnReader::PgnReader(std::istream& input, std::string source_name, const RecordReaderOptions& options)
    : limits_(options.limits)
    , source_(std::make_unique<TextSource>(input, std::move(source_name),
          TextSourceOptions { options.encoding, options.read_chunk_size }, notation_plausibility(), diagnostics_))
    , tokenizer_(std::make_unique<detail::PgnTokenizer>(*source_, limits_))
{
}

PgnReader::~PgnReader() = default;

std::optional<GameRecord> PgnReader::next()
{
    while (!exhausted_) {
        GameAssembler game(limits_, games_read_ + 1, previous_tags_, previous_moves_);
        for (;;) {
            PgnToken token = tokenizer_->next();
            if (token.kind == PgnTokenKind::EndOfInput) {
                game.add_diagnostics(token.diagnostics);
                exhausted_ = true;
                break;
            }
            if (game.ends_before(token)) {
                tokenizer_->push_back(std::move(token));
                break;
            }
            game.add_diagnostics(token.diagnostics);
            if (game.take(token)) {
                // The text up to the next game belongs to no game, so its problems (bytes no
                // encoding explains, from a damaged archive) are the file's: the game before
                // it is not to blame.
                std::vector<Diagnostic> skipped_problems;
                const std::optional<SourceLocation> skipped = tokenizer_->skip_to_next_tag_line(skipped_problems);
                if (skipped)
                    game.note_text_after_result(*skipped);
                for (Diagnostic& problem : skipped_problems)
                    detail::add_bounded(diagnostics_, std::move(problem), limits_.max_diagnostics);
            }
        }
        if (game.has_content()) {
            ++games_read_;
            GameRecord record = game.finish();
            previous_tags_ = record.tags.size();
            previous_moves_ = record.moves.size();
            return record;
        }
        game.hand_over(diagnostics_);
    }
    if (games_read_ == 0 && !no_games_reported_) {
        diagnostics_.warning("pgn.no-games", "no game found", { source_->source_name() });
        no_games_reported_ = true;
    }
    return std::nullopt;
}

} // namespace xq
