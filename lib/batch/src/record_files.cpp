#include "xq/batch/record_files.hpp"

#include <algorithm>

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
        return name.ends_with(".pgn") || name.ends_with(".txt") || name.ends_with(".ubb");
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
            diagnostics.error("io.open", "cannot list the folder: " + error.message(), { folder.string() });
            return;
        }
        std::sort(entries.begin(), entries.end(),
            [](const fs::directory_entry& a, const fs::directory_entry& b) { return a.path().filename() < b.path().filename(); });
        for (const fs::directory_entry& entry : entries) {
            // Linked folders are not followed, so a link back up cannot loop.
            if (entry.is_directory(error) && !entry.is_symlink(error)) {
                if (recursive)
                    list_folder(entry.path(), recursive, files, diagnostics);
            } else if (entry.is_regular_file(error) && is_record_file_name(entry.path())) {
                files.push_back({ entry.path(), size_of(entry.path()) });
            }
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
