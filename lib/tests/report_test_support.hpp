// What the report tests share: the project's message catalogue in a language, read once a run.
#pragma once

#include <doctest/doctest.h>

#include <map>
#include <string>

#include "xq/report/message_catalogue.hpp"

namespace xq::test {

// The project's message catalogue in `language`, read once per test run.
inline const MessageCatalogue& catalogue(const std::string& language)
{
    static std::map<std::string, MessageCatalogue> read;
    if (const auto it = read.find(language); it != read.end())
        return it->second;
    Diagnostics diagnostics;
    auto loaded = load_message_catalogue(XQ_RULESETS "/messages/" + language + ".json", diagnostics);
    REQUIRE(loaded);
    return read.emplace(language, std::move(*loaded)).first->second;
}

} // namespace xq::test
