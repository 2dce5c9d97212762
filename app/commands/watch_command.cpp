// Running `xqarb watch`: moves read as they are played, lines and events, the ruling at the end.
#include "commands/watch_command.hpp"

#include <poll.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <variant>

#include "commands/exit_codes.hpp"
#include "commands/notation_option.hpp"
#include "commands/output_file.hpp"
#include "commands/ruleset_lookup.hpp"
#include "commands/terminal.hpp"
#include "xq/arbiter/game_ruling.hpp"
#include "xq/arbiter/live_game.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/board/fen.hpp"
#include "xq/notation/move_text.hpp"
#include "xq/records/move_list.hpp"
#include "xq/records/pgn_writer.hpp"
#include "xq/records/record_reader.hpp"
#include "xq/report/watch_report.hpp"

namespace xq::app {

namespace {

    volatile std::sig_atomic_t interrupted = 0;
    void on_interrupt(int) { interrupted = 1; }

    // Ctrl-C (or a hang-up, or kill) ends the watch as the end of input does: the read it
    // interrupts fails instead of being restarted, and the written ruling follows.
    void catch_interruptions()
    {
        struct sigaction action { };
        action.sa_handler = on_interrupt;
        sigemptyset(&action.sa_mask);
        action.sa_flags = 0;
        for (const int signal_number : { SIGINT, SIGTERM, SIGHUP })
            ::sigaction(signal_number, &action, nullptr);
    }

    std::string trimmed(const std::string& line)
    {
        const std::size_t first = line.find_first_not_of(" \t\r\n");
        if (first == std::string::npos)
            return {};
        const std::size_t last = line.find_last_not_of(" \t\r\n");
        return line.substr(first, last - first + 1);
    }

    struct Note {
        int ply = 0;
        std::string text;
    };

    // The game as it is being watched: the live state, the record's header (a followed file's
    // tags), the notes typed, and everything printed.
    class Watch {
    public:
        Watch(const WatchOptions& options, const RuleSet& rules, const MessageCatalogue& messages)
            : options_(options)
            , rules_(rules)
            , messages_(messages)
            , notation_(document_notation(options.notation, options.language))
            , jsonl_(options.format == "jsonl")
        {
        }

        void start(const Position& position, GameRecord header)
        {
            game_ = std::make_unique<LiveGame>(position, rules_);
            header_ = std::move(header);
            notes_.clear();
            moves_.clear();
        }

        LiveGame& game() { return *game_; }
        const std::vector<Move>& moves() const { return moves_; }

        void play(Move move)
        {
            const Position before = game_->current();
            const MoveUpdate update = game_->play(move);
            moves_.push_back(move);
            if (jsonl_) {
                write_watch_move_json(std::cout, update, before, game_->current(), rules_, messages_, notation_);
            } else {
                std::cout << watch_move_line(update, before, messages_, notation_) << '\n';
                if (const std::string line = watch_event_line(update, rules_, messages_); !line.empty())
                    std::cout << ">>> " << line << '\n';
            }
            std::cout.flush();
        }

        // Moves typed on one line, in any notation. A move that cannot be played stops the
        // line there, with a diagnostic; the game goes on from the last good move. Returns
        // whether the line ended the game with a result.
        bool play_typed(const std::string& text, const SourceLocation& where)
        {
            const GameRecord typed = record_from_move_list("", text, "--fen", where.source);
            for (const RecordedMove& m : typed.moves) {
                SourceLocation at = m.location;
                at.line = where.line;
                if (const auto result = normalize_result(m.text)) {
                    result_ = std::string(*result);
                    return true;
                }
                const auto parsed = parse_move(game_->current(), m.text, MoveTextOptions {});
                if (const MoveError* error = std::get_if<MoveError>(&parsed)) {
                    Diagnostics problem;
                    problem.error(std::string(diagnostic_code(error->kind)),
                        "ply " + std::to_string(game_->ply_count() + 1) + ": " + error->message, at);
                    print_diagnostics(problem);
                    failed_ = true;
                    return false;
                }
                play(std::get<Move>(parsed));
            }
            return false;
        }

        // `!instruct [red|black]`, `!note TEXT`, `!undo`, `!ruling`.
        void command(const std::string& line, const SourceLocation& where)
        {
            const std::size_t space = line.find(' ');
            const std::string name = line.substr(0, space);
            const std::string argument = space == std::string::npos ? std::string() : trimmed(line.substr(space + 1));
            if (name == "!instruct") {
                std::optional<Color> side = game_->last_violator();
                if (argument == "red" || argument == "Red")
                    side = Color::Red;
                else if (argument == "black" || argument == "Black")
                    side = Color::Black;
                else if (!argument.empty())
                    return usage("!instruct takes red, black or nothing, not '" + argument + "'", where);
                if (!side)
                    return say(messages_.format("watch.no_violator"), "error", "no_violator");
                game_->instruct(*side);
                return say(messages_.format("watch.instructed",
                               { { "side", side_name(*side) }, { "ply", std::to_string(game_->ply_count()) } }),
                    "instruction", to_string(Instruction { *side, game_->ply_count() }));
            }
            if (name == "!note") {
                if (argument.empty())
                    return usage("!note needs a text", where);
                notes_.push_back({ game_->ply_count(), argument });
                return say(messages_.format("watch.noted", { { "ply", std::to_string(game_->ply_count()) } }), "note",
                    argument);
            }
            if (name == "!undo") {
                const int ply = game_->ply_count();
                if (moves_.empty() || !game_->undo())
                    return say(messages_.format("watch.nothing_to_undo"), "error", "nothing_to_undo");
                const Move last = moves_.back();
                moves_.pop_back();
                std::erase_if(notes_, [&](const Note& n) { return n.ply >= ply; });
                const std::string text = notate(game_->current(), last);
                return say(messages_.format("watch.undone", { { "ply", std::to_string(ply) }, { "move", text } }),
                    "undo", std::to_string(ply));
            }
            if (name == "!ruling") {
                if (!write_ruling())
                    write_failed_ = true;
                return;
            }
            usage("unknown command '" + name + "' (!instruct [red|black], !note TEXT, !undo, !ruling)", where);
        }

        // The written ruling of the game so far, with its instructions and notes, to -o (in the
        // format its extension names) or to standard output.
        bool write_ruling()
        {
            GameRecord record = header_;
            if (record.location.source.empty())
                record.location.source = options_.input == "-" ? "<stdin>" : options_.input;
            std::erase_if(record.tags, [](const RecordedTag& t) { return t.name == instructed_tag_name; });
            if (!game_->instructions().empty())
                record.tags.push_back({ std::string(instructed_tag_name), instructed_tag_value(game_->instructions()),
                    record.location, record.location });
            if (game_->game().start().key() != Position::start().key())
                record.start_fen = LocatedText { to_fen(game_->game().start()), record.location };
            record.moves.clear();
            for (const Move m : moves_)
                record.moves.push_back({ to_iccs(m), record.location, 0, {}, {} });
            if (result_)
                record.result = LocatedText { *result_, record.location };
            const RecordReplay replay = replay_record(record);
            const auto format = choose_format(
                "", options_.output, { "text", "markdown", "html", "jsonl", "pdf", "pgn" }, jsonl_ ? "jsonl" : "text");
            if (!format)
                return false;
            if (*format == "pgn")
                return write_record(record);
            const GameRuling ruling = judge_game(1, record.location, replay, rules_,
                repetitions_ruled(
                    RepetitionsRuled::BearingOnResult, replay.game ? replay.game->ply_count() : 0, rules_));
            RulingDocument document
                = build_ruling_document(ruling, record, rules_, messages_, DocumentOptions { notation_, false });
            for (const Instruction& i : game_->instructions())
                document.notes.push_back(messages_.format(
                    "watch.instruction", { { "side", side_name(i.side) }, { "ply", std::to_string(i.ply) } }));
            for (const Note& n : notes_)
                document.notes.push_back(
                    messages_.format("watch.note", { { "ply", std::to_string(n.ply) }, { "text", n.text } }));

            if (*format == "pdf" && is_standard_output(options_.output)) {
                print_error(command_line_problem("usage.watch-pdf", "watch writes a PDF ruling only to -o FILE"));
                return false;
            }
            CommandOutput output;
            if (!output.open(options_.output, {}))
                return false;
            std::ostream& out = output.stream();
            if (*format == "jsonl") {
                write_document_json(out, ruling, rules_, document, messages_);
            } else if (*format == "markdown") {
                write_document_markdown(out, document, messages_);
            } else if (*format == "html") {
                write_html_head(out, messages_);
                write_document_html(out, document, messages_);
                write_html_tail(out);
            } else if (*format == "pdf") {
                if (!write_documents_pdf(out, { document }, messages_))
                    out.setstate(std::ios::badbit);
            } else {
                write_document_text(out, document, messages_);
            }
            return output.finish();
        }

        // The game as a PGN record, for -o FILE.pgn: its Instructed tag, and each note as a
        // comment after the move it was typed after.
        bool write_record(GameRecord record)
        {
            for (const Note& n : notes_)
                (n.ply == 0 ? record.comments_before_first_move
                            : record.moves[static_cast<std::size_t>(n.ply - 1)].comments)
                    .push_back(n.text);
            const RecordReplay replay = replay_record(record);
            std::vector<Move> moves;
            CommandOutput output;
            if (!output.open(options_.output, {}))
                return false;
            Diagnostics problems;
            PgnWriterOptions writer;
            writer.notation = notation_ == DocumentNotation::Chinese ? PgnNotation::Chinese
                : notation_ == DocumentNotation::Iccs                ? PgnNotation::Iccs
                                                                     : PgnNotation::Wxf;
            write_pgn(output.stream(), record, played_main_line(replay, moves), writer, problems);
            print_diagnostics(problems);
            return output.finish();
        }

        // A line for the arbiter: as it is in text, or as {"KEY": VALUE, "line": LINE} in jsonl.
        void say(const std::string& line, const char* key, const std::string& value)
        {
            if (jsonl_) {
                write_watch_answer_json(std::cout, key, value, line);
            } else {
                std::cout << line << '\n';
            }
            std::cout.flush();
        }

        bool failed() const { return failed_; }
        bool write_failed() const { return write_failed_; }

    private:
        std::string side_name(Color c) const { return messages_.format(c == Color::Red ? "side.red" : "side.black"); }

        std::string notate(const Position& before, Move move) const
        {
            return notate_move(before, move, messages_, notation_);
        }

        void usage(const std::string& problem, const SourceLocation& where)
        {
            Diagnostics d;
            d.error("watch.command", problem, where);
            print_diagnostics(d);
            failed_ = true;
        }

        const WatchOptions& options_;
        const RuleSet& rules_;
        const MessageCatalogue& messages_;
        DocumentNotation notation_;
        bool jsonl_ = false;
        std::unique_ptr<LiveGame> game_;
        GameRecord header_;
        std::vector<Note> notes_;
        std::vector<Move> moves_;
        bool failed_ = false;
        bool write_failed_ = false;
        std::optional<std::string> result_; // typed on standard input
    };

    // Appends each input line to --log as it arrives, flushed, so nothing typed is lost.
    class InputLog {
    public:
        explicit InputLog(const std::string& path)
        {
            if (!path.empty())
                file_.open(path, std::ios::app);
        }
        bool open_failed(const std::string& path) const { return !path.empty() && !file_.is_open(); }
        void add(const std::string& line)
        {
            if (file_.is_open())
                file_ << line << '\n' << std::flush;
        }

    private:
        std::ofstream file_;
    };

    // Standard input, a line at a time, read with poll() so that a Ctrl-C that comes while a
    // line is being handled still ends the wait for the next one (a signal between a check of
    // the flag and a blocking read would be lost).
    class InputLines {
    public:
        // The next line, without its end; false at the end of input or once interrupted.
        bool next(std::string& line)
        {
            for (;;) {
                if (const std::size_t end = buffer_.find('\n'); end != std::string::npos) {
                    line = buffer_.substr(0, end);
                    buffer_.erase(0, end + 1);
                    return true;
                }
                if (ended_ || interrupted) {
                    if (buffer_.empty() || interrupted)
                        return false;
                    line = std::move(buffer_);
                    buffer_.clear();
                    return true;
                }
                struct pollfd p {
                    STDIN_FILENO, POLLIN, 0
                };
                if (::poll(&p, 1, 100) <= 0)
                    continue;
                char chunk[4096];
                const ssize_t got = ::read(STDIN_FILENO, chunk, sizeof chunk);
                if (got > 0)
                    buffer_.append(chunk, static_cast<std::size_t>(got));
                else if (got == 0 || errno != EINTR)
                    ended_ = true;
            }
        }

    private:
        std::string buffer_;
        bool ended_ = false;
    };

    // Standard input: moves and commands line by line, until its end, a result or Ctrl-C.
    void watch_standard_input(Watch& watch, InputLog& log)
    {
        InputLines input;
        std::string line;
        std::uint32_t number = 0;
        while (input.next(line)) {
            ++number;
            log.add(line);
            const std::string text = trimmed(line);
            const SourceLocation where { "<stdin>", number, 1 };
            if (text.empty())
                continue;
            if (text.front() == '!') {
                watch.command(text, where);
                continue;
            }
            if (watch.play_typed(text, where))
                return;
        }
    }

    // What a followed file holds now: its first game, replayed as far as it goes.
    struct FileGame {
        std::optional<GameRecord> record;
        std::optional<RecordReplay> replay;
        struct stat status { };
    };

    FileGame read_followed(const std::string& path, const GameSelection& selection)
    {
        FileGame now;
        if (::stat(path.c_str(), &now.status) != 0)
            return now;
        GameSource source({ RecordFile { path, 0 } }, GameSourceOptions { {}, selection, nullptr });
        while (std::optional<SourceItem> item = source.next()) {
            if (auto* record = std::get_if<GameRecord>(&item->item)) {
                now.record = std::move(*record);
                now.replay = replay_record(*now.record);
                break;
            }
        }
        return now;
    }

    bool same_file_state(const struct stat& a, const struct stat& b)
    {
        return a.st_ino == b.st_ino && a.st_size == b.st_size && a.st_mtim.tv_sec == b.st_mtim.tv_sec
            && a.st_mtim.tv_nsec == b.st_mtim.tv_nsec;
    }

    // Waits until the followed file may have changed: inotify on its folder (a relay may
    // write it in place or replace it), else a look every `poll_seconds`. Returns false when
    // interrupted.
    class FileWatcher {
    public:
        FileWatcher(const std::string& path, double poll_seconds, bool use_inotify)
            : poll_ms_(std::max(10, static_cast<int>(poll_seconds * 1000)))
        {
            if (!use_inotify)
                return;
            fd_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
            if (fd_ < 0)
                return;
            std::filesystem::path folder = std::filesystem::path(path).parent_path();
            if (folder.empty())
                folder = ".";
            if (inotify_add_watch(fd_, folder.c_str(), IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE) < 0) {
                ::close(fd_);
                fd_ = -1;
            }
        }
        ~FileWatcher()
        {
            if (fd_ >= 0)
                ::close(fd_);
        }
        FileWatcher(const FileWatcher&) = delete;
        FileWatcher& operator=(const FileWatcher&) = delete;

        bool uses_inotify() const { return fd_ >= 0; }

        // Waits for an event (or the poll interval); false when interrupted.
        bool wait()
        {
            if (interrupted)
                return false;
            if (fd_ < 0) {
                ::usleep(static_cast<useconds_t>(poll_ms_) * 1000);
                return !interrupted;
            }
            struct pollfd p {
                fd_, POLLIN, 0
            };
            // A second's timeout as well: an event lost to a full queue is not waited for forever.
            const int ready = ::poll(&p, 1, 1000);
            if (ready > 0) {
                char buffer[4096];
                while (::read(fd_, buffer, sizeof buffer) > 0) { }
            }
            return !interrupted;
        }

    private:
        int poll_ms_;
        int fd_ = -1;
    };

    // A record file another process keeps writing: each time it changes, the moves that are
    // new are played. A shorter record that agrees with the game takes moves back; one that
    // does not is another game, announced, and watched from its start. A result in the
    // record ends the watch.
    void follow_file(Watch& watch, const WatchOptions& options, const MessageCatalogue& messages, InputLog& log)
    {
        FileWatcher watcher(options.input, options.poll_seconds, !options.no_inotify);
        const GameSelection selection = game_selection(options.selection);
        struct stat last { };
        bool started = false;
        while (!interrupted) {
            FileGame now = read_followed(options.input, selection);
            const bool changed = !started || !same_file_state(now.status, last);
            last = now.status;
            if (changed && now.replay && now.replay->game) {
                const ReplayedGame& file_game = *now.replay->game;
                std::vector<Move> file_moves;
                for (const PlyRecord& p : file_game.plies())
                    file_moves.push_back(p.move);
                const std::vector<Move>& played = watch.moves();
                const bool same_start = started && file_game.start().key() == watch.game().game().start().key();
                std::size_t agree = 0;
                while (agree < played.size() && agree < file_moves.size() && played[agree] == file_moves[agree])
                    ++agree;
                if (!same_start || (agree < played.size() && agree < file_moves.size())) {
                    if (started)
                        watch.say(messages.format("watch.file_replaced", { { "file", options.input } }), "restart",
                            options.input);
                    GameRecord header = *now.record;
                    watch.start(file_game.start(), std::move(header));
                    started = true;
                    agree = 0;
                }
                while (watch.moves().size() > agree)
                    watch.command("!undo", {});
                // The instructions the record shows (another watch's Instructed tag) join those typed.
                for (const Instruction& i : now.replay->instructions)
                    if (std::find(watch.game().instructions().begin(), watch.game().instructions().end(), i)
                        == watch.game().instructions().end())
                        watch.game().add_instruction(i);
                for (std::size_t i = agree; i < file_moves.size(); ++i) {
                    log.add(to_iccs(file_moves[i]));
                    watch.play(file_moves[i]);
                }
                if (now.record->result && normalize_result(now.record->result->text)
                    && *normalize_result(now.record->result->text) != "*")
                    return;
            }
            if (!watcher.wait())
                return;
        }
    }

} // namespace

CLI::App* add_watch_command(CLI::App& app, WatchOptions& options)
{
    CLI::App* cmd = app.add_subcommand("watch",
        "Follow a game as it is played: a line after each move, a marked line when the arbiter must act, and the "
        "written ruling at the end");
    cmd->fallthrough();
    cmd->add_option("file", options.input,
        "A record file (PGN, DhtmlXQ) that a relay keeps writing, followed as it changes (its first game, or the first "
        "that --game and --where select); - (the default): moves and commands typed on standard input, one or more "
        "moves a line, in any notation");
    cmd->add_option(
        "--fen", options.fen, "Start position for moves typed on standard input (default: the opening position)");
    cmd->add_option("--ruleset", options.ruleset, "Ruleset name (in the rulesets folder) or path to a JSON file");
    cmd->add_option("--lang", options.language, "Language of the lines and the ruling")
        ->check(CLI::IsMember(document_languages()));
    add_notation_option(*cmd, options.notation);
    cmd->add_option("--format", options.format,
           "The lines after each move: text, or jsonl (one JSON object per move, for programs)")
        ->check(CLI::IsMember({ "text", "jsonl" }));
    cmd->add_option("-o,--output", options.output,
        "Write the written ruling (at the end, and on !ruling) to this file, in the format its extension names "
        "(.txt, .md, .html, .json, .pdf; .pgn: the game record, with the Instructed tag and the notes as "
        "comments), instead of standard output");
    cmd->add_option("--log", options.log, "Append every input line to this file as it arrives");
    cmd->add_option("--poll", options.poll_seconds,
        "Seconds between looks at a followed file where inotify cannot tell of changes (default 0.2)");
    cmd->add_flag("--no-inotify", options.no_inotify, "Follow the file by polling alone");
    add_game_selection_options(*cmd, options.selection);
    cmd->footer("Typed commands: !instruct [red|black] records that the side (by default the one the last ruling "
                "named) was told to change its moves after the last ply; !note TEXT; !undo takes back the last move; "
                "!ruling writes the written ruling so far. The written ruling follows at the end of input, a result "
                "(1-0, 0-1, 1/2-1/2, *) or Ctrl-C. Exit code: 0, 1 when a typed move or command could not be used "
                "(each is reported on stderr and the watch goes on), 2 for bad usage, 4 when the ruling could not be "
                "written.");
    return cmd;
}

int run_watch(const WatchOptions& options, bool /*verbose*/)
{
    Diagnostics setup;
    const auto rules = find_one_ruleset(options.ruleset, "watch", setup);
    const auto messages = find_message_catalogue(options.language, setup);
    std::optional<Position> start = Position::start();
    if (!options.fen.empty())
        start = parse_fen(options.fen, setup);
    print_diagnostics(setup);
    if (!rules || !messages || !start)
        return exit_usage;
    if (!choose_format("", options.output, { "text", "markdown", "html", "jsonl", "pdf", "pgn" }, "text"))
        return exit_usage;
    if (options.input == "-" && !(options.selection.games.empty() && options.selection.where.empty())) {
        print_error(command_line_problem("usage.watch-selection",
            "--game and --where choose a game of a followed file, not of moves typed on standard input"));
        return exit_usage;
    }
    InputLog log(options.log);
    if (log.open_failed(options.log)) {
        print_error(command_line_problem(
            "usage.watch-log", "cannot open --log " + options.log + " to append to it", { { "log", options.log } }));
        return exit_usage;
    }
    catch_interruptions();
    Watch watch(options, *rules, *messages);
    watch.start(*start, GameRecord {});
    if (options.input == "-")
        watch_standard_input(watch, log);
    else
        follow_file(watch, options, *messages, log);
    if (!watch.write_ruling())
        return exit_write;
    return watch.failed() || watch.write_failed() ? exit_findings : exit_ok;
}

} // namespace xq::app
