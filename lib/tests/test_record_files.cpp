// Tests of listing record files: folders by name without read-mes, paths in the order given.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "xq/records/record_files.hpp"

namespace {

using namespace xq;
namespace fs = std::filesystem;

const fs::path archive = fs::path(XQ_TESTDATA) / "validate" / "archive";

std::vector<std::string> names(const std::vector<RecordFile>& files)
{
    std::vector<std::string> out;
    for (const RecordFile& f : files)
        out.push_back(fs::relative(f.path, archive).generic_string());
    return out;
}

TEST_SUITE("record_files")
{
    TEST_CASE("a folder stands for its record files by name, without the read-me; subfolders only when recursive")
    {
        Diagnostics diagnostics;
        CHECK(names(list_record_files({ archive }, false, diagnostics))
            == std::vector<std::string> { "clean.pgn", "findings.pgn" });
        CHECK(names(list_record_files({ archive }, true, diagnostics))
            == std::vector<std::string> { "clean.pgn", "findings.pgn", "more/lines.txt" });
        CHECK(diagnostics.empty());
    }

    TEST_CASE("paths keep the order given, and a file named is read whatever its name, even when missing")
    {
        Diagnostics diagnostics;
        const std::vector<RecordFile> files = list_record_files(
            { archive / "findings.pgn", archive / "README.txt", archive / "no_such_file.pgn", archive / "more" }, false,
            diagnostics);
        CHECK(names(files)
            == std::vector<std::string> { "findings.pgn", "README.txt", "no_such_file.pgn", "more/lines.txt" });
        CHECK(files[0].bytes == fs::file_size(archive / "findings.pgn"));
        CHECK(files[2].bytes == 0);
        CHECK(diagnostics.empty());
    }
}

} // namespace
