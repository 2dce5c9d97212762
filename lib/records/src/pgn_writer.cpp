// Writing a game as PGN: escaped tags, numbered movetext, comments and playable variations.
#include "xq/records/pgn_writer.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "xq/board/fen.hpp"
#include "xq/notation/iccs.hpp"
#include "xq/notation/wxf.hpp"

namespace xq {

namespace {

    constexpr std::string_view full_width_right_brace = "\xEF\xBD\x9D"; // U+FF5D
    constexpr std::string_view full_width_left_bracket = "\xEF\xBC\xBB"; // U+FF3B

    // Columns a text takes in a terminal: two for a character from U+1000 up (CJK and the
    // full-width forms, which is all that wide text in a record is), one for any other.
    std::size_t display_width(std::string_view text)
    {
        std::size_t width = 0;
        for (const char c : text) {
            const auto byte = static_cast<unsigned char>(c);
            if ((byte & 0xC0) == 0x80) // a continuation byte: counted with its lead
                continue;
            width += byte >= 0xE1 ? 2 : 1; // 0xE1 leads the three-byte forms from U+1000
        }
        return width;
    }

    // A PGN tag value has \" and \\ escapes, and no line breaks.
    std::string tag_value_text(std::string_view value)
    {
        std::string out;
        for (const char c : value) {
            if (c == '"' || c == '\\')
                out += '\\';
            out += (c == '\n' || c == '\r') ? ' ' : c;
        }
        return out;
    }

    void write_tag(std::ostream& out, std::string_view name, std::string_view value)
    {
        out << '[' << name << " \"" << tag_value_text(value) << "\"]\n";
    }

    // {text}, in a form that reads back as the same text: PGN has no escape for '}', and a
    // line of the comment starting with '[' (after blanks) would be taken for the next
    // game's tags, so those two characters become their full-width forms. A comment read back
    // from our own output has neither, so writing it again changes nothing.
    std::string comment_token(std::string_view text)
    {
        std::string out = "{";
        bool at_line_start = false; // the first line follows '{', so it cannot look like a tag
        for (const char c : text) {
            if (c == '}')
                out += full_width_right_brace;
            else if (c == '[' && at_line_start)
                out += full_width_left_bracket;
            else
                out += c;
            if (c == '\n')
                at_line_start = true;
            else if (c != ' ' && c != '\t')
                at_line_start = false;
        }
        return out + "}";
    }

    // Lays movetext tokens out in lines of at most `width` columns, one space between tokens.
    // A variation's '(' is glued to its first token and ')' to its last, so the token before a
    // ')' is held back until the next one comes.
    class MovetextLines {
    public:
        MovetextLines(std::ostream& out, std::size_t width)
            : out_(out)
            , width_(width)
        {
        }

        void add(std::string_view token)
        {
            flush();
            held_ = std::move(opening_);
            held_ += token;
            opening_.clear();
        }
        void open_variation() { opening_ += '('; }
        // Only after at least one add() inside the variation.
        void close_variation() { held_ += ')'; }

        void finish()
        {
            flush();
            out_ << '\n';
            column_ = 0;
        }

    private:
        void flush()
        {
            if (held_.empty())
                return;
            const std::size_t first_line_end = held_.find('\n');
            const std::size_t width = display_width(std::string_view(held_).substr(0, first_line_end));
            if (column_ > 0 && column_ + 1 + width > width_) {
                out_ << '\n';
                column_ = 0;
            } else if (column_ > 0) {
                out_ << ' ';
                ++column_;
            }
            out_ << held_;
            const std::size_t last_line_end = held_.rfind('\n');
            column_ = last_line_end == std::string::npos
                ? column_ + width
                : display_width(std::string_view(held_).substr(last_line_end + 1));
            held_.clear();
        }

        std::ostream& out_;
        std::size_t width_;
        std::size_t column_ = 0;
        std::string held_;
        std::string opening_;
    };

    // A line of play whose every move is legal: the main line as replayed, or a variation.
    struct PlayableLine {
        Position start; // before the line's first move
        std::size_t first_ply = 1; // counted from the start of the game
        std::vector<Move> moves;
    };

    // A line of the record on its way to being written: its text, and whether it plays.
    struct LineOfPlay {
        enum class State { Waiting, Playing, Done };
        const RecordedVariation* recorded = nullptr; // null for the main line
        State state = State::Waiting;
        std::optional<PlayableLine> playable; // once Done: nothing if it is left out
    };

    class GameWriter {
    public:
        GameWriter(const GameRecord& record, const PlayedMainLine& main_line, const PgnWriterOptions& options,
            Diagnostics& diagnostics)
            : record_(record)
            , main_line_(main_line)
            , options_(options)
            , diagnostics_(diagnostics)
        {
            LineOfPlay& main = lines_[0];
            main.state = LineOfPlay::State::Done;
            if (main_line.start) {
                // More moves than the record has would have no text, comments or NAGs to go with.
                const std::span<const Move> moves
                    = main_line.moves.first(std::min(main_line.moves.size(), record.moves.size()));
                main.playable = PlayableLine { *main_line.start, 1, std::vector<Move>(moves.begin(), moves.end()) };
                first_move_number_ = std::max(1, main_line.start->fullmove_number());
                black_moves_first_ = main_line.start->side_to_move() == Color::Black;
            }
            for (const RecordedVariation& variation : record.variations) {
                if (lines_.contains(variation.id))
                    drop(variation, "another line of the game has its number", variation.location);
                else
                    lines_[variation.id].recorded = &variation;
            }
            for (auto& entry : lines_)
                play(entry.second);
            // In record order, whatever order the lines were played in.
            for (const RecordedVariation& variation : record.variations) {
                const LineOfPlay& line = lines_.at(variation.id);
                if (line.recorded == &variation && line.playable)
                    branches_[{ variation.parent, variation.first_ply }].push_back(variation.id);
            }
        }

        void write(std::ostream& out)
        {
            write_tags(out);
            out << '\n';
            MovetextLines movetext(out, options_.line_width);
            if (lines_.at(0).playable)
                write_line(movetext, 0);
            else
                for (const std::string& comment : record_.comments_before_first_move)
                    movetext.add(comment_token(comment));
            if (played_main_moves() < record_.moves.size())
                movetext.add(comment_token(stop_comment()));
            if (record_.text_after_result)
                diagnostics_.warning("convert.text-after-result-dropped",
                    "the text after the result is left out: it is not part of the game; in " + describe_game(record_),
                    *record_.text_after_result);
            movetext.add(result_token());
            movetext.finish();
        }

    private:
        std::size_t played_main_moves() const
        {
            const std::optional<PlayableLine>& main = lines_.at(0).playable;
            return main ? main->moves.size() : 0;
        }

        const std::vector<RecordedMove>& moves_of(const LineOfPlay& line) const
        {
            return line.recorded ? line.recorded->moves : record_.moves;
        }

        const std::vector<std::string>& leading_comments_of(const LineOfPlay& line) const
        {
            return line.recorded ? line.recorded->comments_before_first_move : record_.comments_before_first_move;
        }

        std::string describe_line(int line) const
        {
            return line == 0 ? "the main line" : "variation " + std::to_string(line);
        }

        void drop(const RecordedVariation& variation, const std::string& why, const SourceLocation& where)
        {
            diagnostics_.warning("convert.variation-dropped",
                "variation " + std::to_string(variation.id) + " is left out: " + why + "; in " + describe_game(record_),
                where);
        }

        // Plays a line once the line it branches from is played. Lines are found by their
        // numbers, which need not follow the record's order (DhtmlXQ numbers them as it likes),
        // so this plays the parents first, recursing as deep as the variations nest.
        void play(LineOfPlay& line)
        {
            if (line.state != LineOfPlay::State::Waiting)
                return;
            line.state = LineOfPlay::State::Playing;
            line.playable = play_variation(*line.recorded);
            line.state = LineOfPlay::State::Done;
        }

        // The variation's moves from its branch point, or nothing (and a warning) when they
        // cannot all be played there.
        std::optional<PlayableLine> play_variation(const RecordedVariation& variation)
        {
            if (variation.moves.empty() && variation.comments_before_first_move.empty())
                return std::nullopt; // "()" says nothing, so leaving it out loses nothing
            const auto found = lines_.find(variation.parent);
            if (found == lines_.end()) {
                drop(variation,
                    "it branches from variation " + std::to_string(variation.parent) + ", which the game does not have",
                    variation.location);
                return std::nullopt;
            }
            if (found->second.state == LineOfPlay::State::Playing) {
                drop(variation, "the lines it branches from branch from it in turn", variation.location);
                return std::nullopt;
            }
            play(found->second);
            const std::optional<PlayableLine>& parent = found->second.playable;
            if (!parent) {
                drop(variation,
                    variation.parent == 0
                        ? "the game's start position could not be set up"
                        : "it branches from variation " + std::to_string(variation.parent) + ", which is left out",
                    variation.location);
                return std::nullopt;
            }
            // The variation is written after the parent's move at first_ply, which it replaces,
            // so that move must have been played.
            if (variation.first_ply < parent->first_ply
                || variation.first_ply >= parent->first_ply + parent->moves.size()) {
                drop(variation,
                    "it replaces ply " + std::to_string(variation.first_ply) + ", which "
                        + describe_line(variation.parent) + " does not reach (it was converted up to ply "
                        + std::to_string(parent->first_ply + parent->moves.size() - 1) + ")",
                    variation.location);
                return std::nullopt;
            }
            PlayableLine line { parent->start, variation.first_ply, {} };
            for (std::size_t i = 0; i < variation.first_ply - parent->first_ply; ++i) {
                UndoInfo undo;
                line.start.do_move(parent->moves[i], undo);
            }
            Position pos = line.start;
            for (std::size_t i = 0; i < variation.moves.size(); ++i) {
                const RecordedMove& recorded = variation.moves[i];
                const auto parsed = parse_move(pos, recorded.text, main_line_.reading);
                if (const auto* error = std::get_if<MoveError>(&parsed)) {
                    drop(variation,
                        "ply " + std::to_string(variation.first_ply + i) + " ("
                            + std::string(to_string(pos.side_to_move())) + "): " + error->message,
                        recorded.location);
                    return std::nullopt;
                }
                const Move m = std::get<Move>(parsed);
                line.moves.push_back(m);
                UndoInfo undo;
                pos.do_move(m, undo);
            }
            return line;
        }

        // A PGN reader takes a tag the game already has for the start of the next game, so a
        // name is written once: the first tag of that name (in any case), the one find_tag
        // and so every reader of the record uses. A later one is only worth a word when its
        // value differs.
        void write_tags(std::ostream& out)
        {
            const std::string_view format = format_tag_value(options_.notation);
            const RecordedTag* format_tag = record_.find_tag("Format");
            for (const RecordedTag& tag : record_.tags) {
                const RecordedTag* first = record_.find_tag(tag.name);
                if (first == &tag)
                    write_tag(out, tag.name, &tag == format_tag ? format : std::string_view(tag.value));
                else if (first->value != tag.value && first != format_tag)
                    diagnostics_.warning("convert.duplicate-tag",
                        "a second " + tag.name + " tag (\"" + tag.value
                            + "\") is left out: PGN allows one, and the first (\"" + first->value + "\") is kept; in "
                            + describe_game(record_),
                        tag.location);
            }
            if (record_.start_fen && !record_.find_tag("FEN"))
                write_tag(out, "FEN", record_.start_fen->text);
            if (!format_tag)
                write_tag(out, "Format", format);
            if (played_main_moves() < record_.moves.size() && !record_.find_tag(stopped_tag_name))
                write_tag(
                    out, stopped_tag_name, "ply " + std::to_string(played_main_moves() + 1) + ": " + stop_reason());
            if (!record_.find_tag(damaged_tag_name))
                for (const Diagnostic& d : record_.diagnostics)
                    if (d.severity == Severity::Error) {
                        write_tag(out, damaged_tag_name, format_diagnostic(d));
                        break;
                    }
        }

        // "12." before Red's move of that pair, "12..." before Black's.
        std::string move_number(std::size_t ply, Color mover) const
        {
            const std::size_t plies_before = ply - 1 + (black_moves_first_ ? 1 : 0);
            const std::string number = std::to_string(static_cast<std::size_t>(first_move_number_) + plies_before / 2);
            return mover == Color::Red ? number + "." : number + "...";
        }

        std::string move_text(const Position& pos, Move m) const
        {
            switch (options_.notation) {
            case PgnNotation::Iccs:
                return to_iccs(m, IccsRanks::ZeroToNine);
            case PgnNotation::Wxf:
                return to_wxf(pos, m);
            case PgnNotation::Chinese:
                return to_chinese(pos, m, options_.chinese_script);
            }
            return to_iccs(m, IccsRanks::ZeroToNine);
        }

        // A line with its comments, and after each move the variations that replace it.
        // Recursion is as deep as the variations nest, so at most as deep as the record
        // readers let a game have variations (RecordLimits).
        void write_line(MovetextLines& movetext, int line_id)
        {
            const LineOfPlay& line_of_play = lines_.at(line_id);
            const PlayableLine& line = *line_of_play.playable;
            const std::vector<RecordedMove>& recorded = moves_of(line_of_play);
            for (const std::string& comment : leading_comments_of(line_of_play))
                movetext.add(comment_token(comment));
            Position pos = line.start;
            bool number_black_move = true; // at the start of a line, and after a comment or variation
            for (std::size_t i = 0; i < line.moves.size(); ++i) {
                const std::size_t ply = line.first_ply + i;
                const Color mover = pos.side_to_move();
                // A move number and its move make one token, so that no line ends between them.
                const std::string text = move_text(pos, line.moves[i]);
                movetext.add(mover == Color::Red || number_black_move ? move_number(ply, mover) + " " + text : text);
                for (const int nag : recorded[i].nags)
                    movetext.add("$" + std::to_string(nag));
                for (const std::string& comment : recorded[i].comments)
                    movetext.add(comment_token(comment));
                number_black_move = !recorded[i].comments.empty();
                if (const auto branches = branches_.find({ line_id, ply }); branches != branches_.end()) {
                    for (const int variation : branches->second) {
                        movetext.open_variation();
                        write_line(movetext, variation);
                        movetext.close_variation();
                    }
                    number_black_move = true;
                }
                UndoInfo undo;
                pos.do_move(line.moves[i], undo);
            }
        }

        // Why the main line stopped.
        std::string stop_reason() const
        {
            const std::size_t stopped = played_main_moves();
            std::string why;
            if (!main_line_.start) {
                why = "the start position could not be set up";
                if (record_.start_fen) {
                    // Read as leniently as FEN reading goes, so that the reason given is one
                    // that stops the position from being set up at all.
                    Diagnostics fen_problems;
                    if (!parse_fen(record_.start_fen->text, fen_problems, {}, FenOptions { true }))
                        for (const Diagnostic& problem : fen_problems)
                            if (problem.severity == Severity::Error) {
                                why += ": " + problem.message;
                                break;
                            }
                }
            } else {
                Position pos = *main_line_.start;
                for (const Move m : lines_.at(0).playable->moves) {
                    UndoInfo undo;
                    pos.do_move(m, undo);
                }
                const auto parsed = parse_move(pos, record_.moves[stopped].text, main_line_.reading);
                if (const auto* error = std::get_if<MoveError>(&parsed))
                    why = error->message;
                else // the caller stopped the replay for a reason of its own
                    why = "not replayed";
            }
            return why;
        }

        // Why the main line stopped, and the moves it leaves out as written, so that an
        // archive keeper can mend them by hand.
        std::string stop_comment() const
        {
            const std::size_t stopped = played_main_moves();
            std::string comment
                = "xqarb: stopped at ply " + std::to_string(stopped + 1) + ": " + stop_reason() + ". Not converted:";
            for (std::size_t i = stopped; i < record_.moves.size(); ++i)
                comment += " " + record_.moves[i].text;
            return comment;
        }

        std::string result_token() const
        {
            if (record_.result)
                if (const auto result = normalize_result(record_.result->text))
                    return std::string(*result);
            if (const RecordedTag* tag = record_.find_tag("Result"))
                if (const auto result = normalize_result(tag->value))
                    return std::string(*result);
            return "*";
        }

        const GameRecord& record_;
        const PlayedMainLine& main_line_;
        const PgnWriterOptions& options_;
        Diagnostics& diagnostics_;
        std::map<int, LineOfPlay> lines_; // by number: 0 the main line, else the variation's id
        // The variations to write after a move, by (line id, ply of the move), in record order.
        std::map<std::pair<int, std::size_t>, std::vector<int>> branches_;
        int first_move_number_ = 1;
        bool black_moves_first_ = false;
    };

} // namespace

std::string_view format_tag_value(PgnNotation notation)
{
    switch (notation) {
    case PgnNotation::Iccs:
        return "ICCS";
    case PgnNotation::Wxf:
        return "WXF";
    case PgnNotation::Chinese:
        return "Chinese";
    }
    return "ICCS";
}

void write_pgn(std::ostream& out, const GameRecord& record, const PlayedMainLine& main_line,
    const PgnWriterOptions& options, Diagnostics& diagnostics)
{
    GameWriter(record, main_line, options, diagnostics).write(out);
}

} // namespace xq
