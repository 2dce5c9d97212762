// -o and --format, and writing to a partial file that a signal or a write error removes.
#include "commands/output_file.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>

#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands/terminal.hpp"

namespace xq::app {

namespace {

    struct ExtensionFormat {
        std::string_view extension;
        std::string_view format;
    };
    constexpr ExtensionFormat extension_formats[] = {
        { ".txt", "text" }, { ".md", "markdown" }, { ".markdown", "markdown" }, { ".html", "html" }, { ".htm", "html" },
        { ".json", "jsonl" }, { ".jsonl", "jsonl" }, { ".csv", "csv" }, { ".pdf", "pdf" },
        { ".pgn", "pgn" }, // convert's, which takes no --format
    };

    std::string lower_case(std::string text)
    {
        std::transform(
            text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return text;
    }

    // The partial file a signal must remove, as the handler can read it: a fixed buffer, set
    // before the handlers can run and cleared once the file has its name or is gone.
    char partial_file_for_signals[4096];
    volatile std::sig_atomic_t partial_file_registered = 0;

    extern "C" void remove_partial_file_and_stop(int signal_number)
    {
        if (partial_file_registered)
            ::unlink(partial_file_for_signals);
        // The handler was reset to the default on entry and the signal is not blocked in it:
        // raised again, it ends the process with the status the caller expects (143 for TERM).
        ::raise(signal_number);
    }

    constexpr int stopping_signals[] = { SIGTERM, SIGINT, SIGHUP };

    // Blocks the stopping signals while it lives, so that none comes between the creation of
    // the partial file and the moment the handler knows it.
    class StoppingSignalsHeld {
    public:
        StoppingSignalsHeld()
        {
            sigset_t held;
            sigemptyset(&held);
            for (const int signal_number : stopping_signals)
                sigaddset(&held, signal_number);
            ::pthread_sigmask(SIG_BLOCK, &held, &before_);
        }
        ~StoppingSignalsHeld() { ::pthread_sigmask(SIG_SETMASK, &before_, nullptr); }
        StoppingSignalsHeld(const StoppingSignalsHeld&) = delete;
        StoppingSignalsHeld& operator=(const StoppingSignalsHeld&) = delete;

    private:
        sigset_t before_;
    };

    // Catches SIGTERM, SIGINT and SIGHUP, each unless it is ignored (as nohup leaves SIGHUP),
    // to remove `partial` before the signal ends the process.
    void catch_stopping_signals(const std::string& partial)
    {
        if (partial.size() >= sizeof partial_file_for_signals)
            return; // such a path cannot be created anyway
        partial_file_registered = 0;
        std::memcpy(partial_file_for_signals, partial.c_str(), partial.size() + 1);
        partial_file_registered = 1;
        for (const int signal_number : stopping_signals) {
            struct sigaction current { };
            if (::sigaction(signal_number, nullptr, &current) != 0 || current.sa_handler == SIG_IGN)
                continue;
            struct sigaction action { };
            action.sa_handler = remove_partial_file_and_stop;
            sigemptyset(&action.sa_mask);
            action.sa_flags = static_cast<int>(SA_RESETHAND | SA_NODEFER); // glibc defines them unsigned
            ::sigaction(signal_number, &action, nullptr);
        }
    }

    void forget_partial_file() { partial_file_registered = 0; }

    void report_open_error(const std::string& path, int error)
    {
        Diagnostics problem;
        problem.error("io.open", std::string("cannot open for writing: ") + std::strerror(error), { path });
        print_diagnostics(problem);
    }

    void report_write_error(const std::string& path, const std::string& why = {})
    {
        Diagnostics problem;
        problem.error("io.write", "the output could not be written completely" + (why.empty() ? "" : ": " + why),
            { path.empty() ? std::string("<stdout>") : path });
        print_diagnostics(problem);
    }

    // Creates "<final>.partial-XXXXXX" beside `final`, or "xqarb.partial-XXXXXX" in its folder
    // when the name would be too long, with the mode the file would have had: the existing
    // file's, else what the umask leaves of rw-rw-rw-. Returns its path, or empty with errno set.
    std::string create_partial_file(const std::filesystem::path& final)
    {
        // A name the folder cannot hold is refused now, not after the whole run at the rename.
        if (final.filename().string().size() > NAME_MAX) {
            errno = ENAMETOOLONG;
            return {};
        }
        struct stat existing { };
        mode_t mode = 0;
        if (::stat(final.c_str(), &existing) == 0) {
            mode = existing.st_mode & 07777;
        } else {
            const mode_t mask = ::umask(0);
            ::umask(mask);
            mode = 0666 & ~mask;
        }
        for (const std::string& name :
            { final.filename().string() + ".partial-XXXXXX", std::string("xqarb.partial-XXXXXX") }) {
            std::string path = (final.parent_path() / name).string();
            const int fd = ::mkstemp(path.data());
            if (fd < 0) {
                if (errno == ENAMETOOLONG)
                    continue;
                return {};
            }
            ::fchmod(fd, mode);
            ::close(fd);
            return path;
        }
        return {};
    }

} // namespace

bool is_standard_output(const std::string& path) { return path.empty() || path == "-"; }

void add_output_option(CLI::App& command, std::string& output)
{
    command.add_option("-o,--output", output, "Write to this file instead of standard output (- for standard output)")
        ->check(CLI::Validator(
            [](const std::string& path) {
                return path.empty() ? std::string("an empty file name (for standard output give -)") : std::string();
            },
            "FILE"));
}

std::optional<std::string_view> format_of_extension(const std::string& path)
{
    const std::string extension = lower_case(std::filesystem::path(path).extension().string());
    for (const ExtensionFormat& row : extension_formats)
        if (row.extension == extension)
            return row.format;
    return std::nullopt;
}

std::optional<std::string> choose_format(const std::string& given, const std::string& output,
    const std::vector<std::string_view>& accepted, const std::string& fallback)
{
    if (!given.empty())
        return given == "json" ? std::string("jsonl") : given;
    if (is_standard_output(output))
        return fallback;
    const std::optional<std::string_view> wanted = format_of_extension(output);
    if (!wanted) {
        const std::string extension = std::filesystem::path(output).extension().string();
        if (extension.empty())
            return fallback;
        print_error(command_line_problem("usage.output-extension",
            "-o " + output + ": no command writes " + extension + " files; give --format, or -o with another extension",
            { { "form", "unknown" }, { "output", output }, { "extension", extension } }));
        return std::nullopt;
    }
    if (std::find(accepted.begin(), accepted.end(), *wanted) == accepted.end()) {
        print_error(command_line_problem("usage.output-extension",
            "-o " + output + ": this command does not write " + std::string(*wanted) + "; give --format",
            { { "form", "not-written" }, { "output", output }, { "format", std::string(*wanted) } }));
        return std::nullopt;
    }
    return std::string(*wanted);
}

CommandOutput::~CommandOutput() { discard(); }

bool CommandOutput::open(const std::string& path, const std::vector<std::string>& inputs)
{
    to_stdout_ = is_standard_output(path);
    if (to_stdout_)
        return true;
    path_ = path;
    namespace fs = std::filesystem;
    // equivalent() finds no input the same as an output that does not exist or is neither a
    // file nor a folder (/dev/null, a pipe), and stats both paths each time: the inputs are
    // looked at only when one could be the output.
    std::error_code ignored;
    const fs::file_status output = fs::status(path, ignored);
    if (fs::is_regular_file(output) || fs::is_directory(output))
        for (const std::string& input : inputs)
            if (fs::equivalent(path, input, ignored)) {
                print_error(command_line_problem(
                    "usage.output-is-input", "the output " + path + " is also an input", { { "path", path } }));
                return false;
            }
    // A device, a pipe or a folder is opened as it is (a folder fails to open, as it should);
    // a file, new or not, is written beside where it goes, a link followed to its file.
    if (fs::exists(output) && !fs::is_regular_file(output)) {
        final_path_ = path;
    } else {
        final_path_ = fs::is_symlink(fs::symlink_status(path, ignored)) && fs::is_regular_file(output)
            ? fs::canonical(path, ignored).string()
            : path;
        const fs::path final = final_path_;
        const StoppingSignalsHeld held;
        partial_path_ = create_partial_file(final.has_parent_path() ? final : fs::path(".") / final);
        if (partial_path_.empty()) {
            report_open_error(path, errno);
            return false;
        }
        catch_stopping_signals(partial_path_);
    }
    file_.open(partial_path_.empty() ? final_path_ : partial_path_, std::ios::binary | std::ios::trunc);
    if (!file_) {
        const int error = errno;
        discard();
        report_open_error(path, error);
        return false;
    }
    return true;
}

std::ostream& CommandOutput::stream() { return to_stdout_ ? static_cast<std::ostream&>(std::cout) : file_; }

bool CommandOutput::finish()
{
    if (to_stdout_)
        return finish_output(std::cout, "");
    file_.flush();
    const bool written = static_cast<bool>(file_);
    file_.close();
    if (!written || file_.fail()) {
        discard();
        report_write_error(path_);
        return false;
    }
    if (partial_path_.empty())
        return true;
    if (std::rename(partial_path_.c_str(), final_path_.c_str()) != 0) {
        const int error = errno;
        discard();
        report_write_error(path_, std::strerror(error));
        return false;
    }
    forget_partial_file();
    partial_path_.clear();
    return true;
}

void CommandOutput::discard()
{
    if (partial_path_.empty())
        return;
    if (file_.is_open())
        file_.close();
    forget_partial_file();
    ::unlink(partial_path_.c_str());
    partial_path_.clear();
}

bool finish_output(std::ostream& out, const std::string& path)
{
    out.flush();
    if (out)
        return true;
    report_write_error(path);
    return false;
}

} // namespace xq::app
