// Reading test files, for the tests of every layer.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace xq::test {

// A file's bytes as stored.
inline std::string read_bytes(const std::filesystem::path& path)
{
    std::ifstream file(path, std::ios::binary);
    return { std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>() };
}

} // namespace xq::test
