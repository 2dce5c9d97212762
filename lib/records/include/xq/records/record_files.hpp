// The record files a command's paths name: folders listed and sorted, read-mes left out.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "xq/base/diagnostic.hpp"

namespace xq {

struct RecordFile {
    std::filesystem::path path;
    std::uint64_t bytes = 0; // 0 when the size cannot be read (the reader then reports why)
};

// The record files that paths name, in a fixed order: each path in the order given; a folder
// stands for the record files in it, sorted by name, and with `recursive` for those in its
// subfolders too (a subfolder's files where its name sorts). In a folder, a record file is one
// named *.pgn, *.txt, *.ubb, *.xqf, *.cbr, *.cbl or *.cbf (in any case; what is in it decides how it is read), except
// licence and read-me files (LICENSE*, COPYING*, README*), which archives ship beside their games. A path that is not a
// folder is taken as it is, even when it does not exist: reading it reports the problem. So is a record file in a
// folder that cannot be opened (a dangling link, a link loop), so that it gets its row. Folders that cannot be listed,
// and record files in them that are FIFOs, devices or sockets (reading would block), are reported as `io.open` errors.
// Linked folders are not followed.
std::vector<RecordFile> list_record_files(
    const std::vector<std::filesystem::path>& paths, bool recursive, Diagnostics& diagnostics);

} // namespace xq
