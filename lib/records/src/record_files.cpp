// Listing the record files that paths name, folders sorted and unreadable entries reported.
#include "xq/records/record_files.hpp"

#include <algorithm>

#include <sys/stat.h>

#include "xq/records/open_record.hpp"

namespace xq {

namespace fs = std::filesystem;

namespace {

    std::string lower_case(std::string text)
    {
        for (char& c : text)
            if (c >= 'A' && c <= 'Z')
                c = static_cast<char>(c - 'A' + 'a');
        return text;
    }

    bool is_record_file_name(const fs::path& path)
    {
        const std::string name = lower_case(path.filename().string());
        for (const std::string_view beside_games : { "license", "licence", "copying", "readme" })
            if (name.starts_with(beside_games))
                return false;
        for (const std::string_view extension : { ".pgn", ".txt", ".ubb", ".xqf", ".cbr", ".cbl", ".cbf" })
            if (name.ends_with(extension))
                return true;
        return false;
    }

    std::uint64_t size_of(const fs::path& path)
    {
        std::error_code error;
        const std::uintmax_t bytes = fs::file_size(path, error);
        return error ? 0 : static_cast<std::uint64_t>(bytes);
    }

    void list_folder(const fs::path& folder, bool recursive, std::vector<RecordFile>& files, Diagnostics& diagnostics)
    {
        std::error_code error;
        std::vector<fs::directory_entry> entries;
        for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
            entries.push_back(*it);
        if (error) {
            diagnostics.error("io.open", "cannot list the folder: " + error.message(), { display_name(folder) });
            return;
        }
        std::sort(entries.begin(), entries.end(), [](const fs::directory_entry& a, const fs::directory_entry& b) {
            return a.path().filename() < b.path().filename();
        });
        for (const fs::directory_entry& entry : entries) {
            // What the entry leads to, and its size, from one stat: a folder of small records
            // took as long to stat twice over as to read.
            struct stat target { };
            const bool found = stat(entry.path().c_str(), &target) == 0;
            const auto is = [&](mode_t type) { return found && (target.st_mode & S_IFMT) == type; };
            // Linked folders are not followed, so a link back up cannot loop.
            if (is(S_IFDIR) && !entry.is_symlink(error)) {
                if (recursive)
                    list_folder(entry.path(), recursive, files, diagnostics);
                continue;
            }
            if (!is_record_file_name(entry.path()) || is(S_IFDIR))
                continue;
            // A FIFO or a device would block or never end, so it is named, not read. Anything
            // else is read, and a dangling link or a link loop is reported by the reader,
            // so no file of the archive goes unmentioned.
            if (is(S_IFIFO) || is(S_IFCHR) || is(S_IFBLK) || is(S_IFSOCK))
                diagnostics.error("io.open", "not a regular file, so not read", { display_name(entry.path()) });
            else
                files.push_back({ entry.path(), is(S_IFREG) ? static_cast<std::uint64_t>(target.st_size) : 0 });
        }
    }

} // namespace

std::vector<RecordFile> list_record_files(const std::vector<fs::path>& paths, bool recursive, Diagnostics& diagnostics)
{
    std::vector<RecordFile> files;
    for (const fs::path& path : paths) {
        std::error_code error;
        if (fs::is_directory(path, error))
            list_folder(path, recursive, files, diagnostics);
        else
            files.push_back({ path, size_of(path) });
    }
    return files;
}

} // namespace xq
