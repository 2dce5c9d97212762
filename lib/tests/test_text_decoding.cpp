// Tests of text decoding: encoding detection, GBK and Big5, damage, line ends, chunked reading.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "file_test_support.hpp"
#include "xq/base/text_decoding.hpp"
#include "xq/notation/notation_alphabet.hpp"

namespace {

using namespace xq;
using xq::test::read_bytes;

// Big5 and GBK bytes of a few moves, written out so the test does not depend on a converter.
// 炮二平五 馬８進７ in Big5 (CP950):
const std::string big5_moves = "\xAC\xB6\xA4\x47\xA5\xAD\xA4\xAD \xB0\xA8\xA2\xB7\xB6\x69\xA2\xB6";
// 炮二平五 马８进７ in GBK:
const std::string gbk_moves = "\xC5\xDA\xB6\xFE\xC6\xBD\xCE\xE5 \xC2\xED\xA3\xB8\xBD\xF8\xA3\xB7";

struct Decoded {
    std::string text;
    std::vector<Diagnostic> undecodable;
    std::vector<std::string> locations; // line:column of every character
    Diagnostics file_diagnostics;
    TextEncoding encoding = TextEncoding::Utf8;
};

Decoded decode(const std::string& bytes, TextSourceOptions options = {})
{
    Decoded out;
    std::istringstream input(bytes);
    TextSource source(input, "test", options, notation_plausibility(), out.file_diagnostics);
    out.encoding = source.encoding();
    for (;;) {
        const SourceLocation at = source.location();
        const int c = source.get();
        if (c == TextSource::end_of_text)
            break;
        if (c == TextSource::undecodable) {
            out.undecodable.push_back(source.last_undecodable());
            out.text += "?";
        } else {
            out.text += static_cast<char>(c);
        }
        if (c < 0x80 || c >= 0xC0)
            out.locations.push_back(std::to_string(at.line) + ":" + std::to_string(at.column));
    }
    return out;
}

TEST_SUITE("text_decoding")
{
    TEST_CASE("encoding names people type are recognised, others are not")
    {
        CHECK(parse_text_encoding("utf-8") == TextEncoding::Utf8);
        CHECK(parse_text_encoding("UTF8") == TextEncoding::Utf8);
        CHECK(parse_text_encoding("GBK") == TextEncoding::Gb18030);
        CHECK(parse_text_encoding("gb2312") == TextEncoding::Gb18030);
        CHECK(parse_text_encoding("gb18030") == TextEncoding::Gb18030);
        CHECK(parse_text_encoding("Big5") == TextEncoding::Big5);
        CHECK(parse_text_encoding("cp950") == TextEncoding::Big5);
        CHECK_FALSE(parse_text_encoding("latin1"));
    }

    TEST_CASE("plain ASCII and valid UTF-8 are read as UTF-8")
    {
        CHECK(choose_encoding("1. h2e2 h9g7", true, notation_plausibility()).encoding == TextEncoding::Utf8);
        CHECK(choose_encoding("1. 炮二平五 马８进７", true, notation_plausibility()).encoding == TextEncoding::Utf8);
        CHECK(
            choose_encoding("\xEF\xBB\xBF" + gbk_moves, true, notation_plausibility()).encoding == TextEncoding::Utf8);
    }

    TEST_CASE("GBK moves are read as GB18030 because they read as notation")
    {
        const EncodingChoice choice = choose_encoding(gbk_moves, true, notation_plausibility());
        CHECK(choice.encoding == TextEncoding::Gb18030);
        CHECK(choice.reason.find("GB18030") != std::string::npos);
    }

    TEST_CASE("Big5 moves that also decode cleanly as GB18030 are read as Big5")
    {
        // The trap the detection exists for: no GB18030 error, but nonsense characters.
        const PlausibilityScorer no_opinion { [](std::string_view) { return std::size_t { 0 }; }, "points" };
        CHECK(choose_encoding(big5_moves, true, no_opinion).encoding == TextEncoding::Gb18030);
        CHECK(choose_encoding(big5_moves, true, notation_plausibility()).encoding == TextEncoding::Big5);
    }

    TEST_CASE("UTF-8 with one damaged byte is still read as UTF-8")
    {
        const std::string damaged = "1. 炮二平五 马８进７ 2. 马二进三 车９平８ \xFF 3. 车一平二";
        CHECK(choose_encoding(damaged, true, notation_plausibility()).encoding == TextEncoding::Utf8);
    }

    TEST_CASE("the chosen encoding is reported as a note, a forced one as requested")
    {
        const Decoded chosen = decode(big5_moves);
        CHECK(chosen.encoding == TextEncoding::Big5);
        CHECK(chosen.text == "炮二平五 馬８進７");
        REQUIRE(chosen.file_diagnostics.size() == 1);
        CHECK(chosen.file_diagnostics.items()[0].code == "encoding.chosen");
        CHECK(chosen.file_diagnostics.items()[0].severity == Severity::Note);

        const Decoded forced = decode(big5_moves, { TextEncoding::Gb18030 });
        CHECK(forced.encoding == TextEncoding::Gb18030);
        CHECK(forced.text != "炮二平五 馬８進７");
        REQUIRE(forced.file_diagnostics.size() == 1);
        CHECK(forced.file_diagnostics.items()[0].message.find("as requested") != std::string::npos);
    }

    TEST_CASE("a UTF-8 byte-order mark is dropped and CR LF and lone CR become LF")
    {
        const Decoded decoded = decode("\xEF\xBB\xBF"
                                       "a\r\nb\rc\r\r\nd");
        CHECK(decoded.text == "a\nb\nc\n\nd");
        CHECK(decoded.locations == std::vector<std::string> { "1:1", "1:2", "2:1", "2:2", "3:1", "3:2", "4:1", "5:1" });
    }

    TEST_CASE("columns count characters, not bytes")
    {
        const Decoded decoded = decode("炮二 x\n馬");
        CHECK(decoded.locations == std::vector<std::string> { "1:1", "1:2", "1:3", "1:4", "1:5", "2:1" });
    }

    TEST_CASE("undecodable bytes are one character each run, with line, column and byte offset")
    {
        const Decoded decoded = decode("ab\n炮\xFF\xFE"
                                       "c\xFF",
            { TextEncoding::Utf8 });
        CHECK(decoded.text == "ab\n炮?c?");
        REQUIRE(decoded.undecodable.size() == 2);
        CHECK(decoded.undecodable[0].code == "encoding.invalid-sequence");
        CHECK(decoded.undecodable[0].severity == Severity::Warning);
        CHECK(decoded.undecodable[0].location.line == 2);
        CHECK(decoded.undecodable[0].location.column == 2);
        CHECK(decoded.undecodable[0].message.find("0xFF 0xFE") != std::string::npos);
        CHECK(decoded.undecodable[0].message.find("offset 6") != std::string::npos);
        CHECK(decoded.undecodable[1].location.column == 4);
        CHECK(decoded.undecodable[1].message.find("offset 9") != std::string::npos);
    }

    TEST_CASE("UTF-8 that the C library would pass is undecodable: above U+10FFFF, 5-byte forms, surrogates, overlongs")
    {
        // Each bad sequence stands alone between ASCII letters, so each is one report.
        const Decoded decoded = decode("a\xF4\x90\x80\x80"
                                       "b\xF9\xA5\xBF\xB0\xA8"
                                       "c\xED\xA0\x80"
                                       "d\xC0\xAF"
                                       "e\xF0\x9F\x98\x80",
            { TextEncoding::Utf8 });
        CHECK(decoded.text == "a?b?c?d?e\xF0\x9F\x98\x80");
        REQUIRE(decoded.undecodable.size() == 4);
        CHECK(decoded.undecodable[0].message.find("bytes 0xF4 0x90 0x80 0x80 at byte offset 1") != std::string::npos);
        CHECK(decoded.undecodable[1].message.find("0xF9 0xA5 0xBF 0xB0 0xA8") != std::string::npos);
        CHECK(decoded.undecodable[2].message.find("0xED 0xA0 0x80") != std::string::npos);
        CHECK(decoded.undecodable[3].message.find("0xC0 0xAF") != std::string::npos);
    }

    TEST_CASE("text with a 5-byte form is not chosen as UTF-8 for being otherwise clean")
    {
        const EncodingChoice choice
            = choose_encoding("\xF9\xA5\xBF\xB0\xA8\xE7\xAE\x82", true, notation_plausibility());
        CHECK(choice.reason.find("are valid UTF-8") == std::string::npos);
    }

    TEST_CASE("a UTF-8 character split across chunks is read whole")
    {
        for (std::size_t chunk = 1; chunk <= 4; ++chunk) {
            const Decoded decoded = decode("\xF0\x9F\x98\x80\xE7\x82\xAE", { TextEncoding::Utf8, chunk });
            CHECK(decoded.text == "\xF0\x9F\x98\x80\xE7\x82\xAE");
            CHECK(decoded.undecodable.empty());
        }
    }

    TEST_CASE("a character cut off by the end of the input is undecodable")
    {
        const Decoded decoded = decode(gbk_moves + "\xC5", { TextEncoding::Gb18030 });
        CHECK(decoded.text == "炮二平五 马８进７?");
        REQUIRE(decoded.undecodable.size() == 1);
        CHECK(decoded.undecodable[0].location.column == 10);
    }

    TEST_CASE("NUL bytes pass through as characters for the reader to judge")
    {
        const Decoded decoded = decode(std::string("a\0b", 3));
        CHECK(decoded.text == std::string("a\0b", 3));
        CHECK(decoded.undecodable.empty());
    }

    TEST_CASE("peek looks ahead without consuming, and ready/consume keep lines and columns")
    {
        std::istringstream input("炮二\nxy");
        Diagnostics diagnostics;
        TextSource source(input, "test", { std::nullopt, 2 }, notation_plausibility(), diagnostics);
        CHECK(source.peek(6) == '\n');
        CHECK(source.peek(7) == 'x');
        CHECK(source.peek(9) == TextSource::end_of_text);
        CHECK(source.location().column == 1);
        const std::string_view ready = source.ready();
        REQUIRE(ready.size() >= 7);
        source.consume(7);
        CHECK(source.location().line == 2);
        CHECK(source.location().column == 1);
        CHECK(source.get() == 'x');
        CHECK(source.location().column == 2);
    }

    TEST_CASE("consume_ascii_in_line moves the column on by the bytes it consumes, as consume does for them")
    {
        std::istringstream input("[DhtmlXQ_title]炮\n");
        Diagnostics diagnostics;
        TextSource source(input, "test", {}, notation_plausibility(), diagnostics);
        REQUIRE(source.ready().size() >= 15);
        source.consume_ascii_in_line(9);
        CHECK(source.location().column == 10);
        CHECK(source.peek() == 't');
        source.consume_ascii_in_line(6);
        CHECK(source.location().line == 1);
        CHECK(source.location().column == 16);
        source.consume(3); // 炮: one character
        CHECK(source.location().column == 17);
        CHECK(source.get() == '\n');
        CHECK(source.location().line == 2);
    }

    TEST_CASE("decoding through 1 to 5 byte chunks gives the same text and locations as the default")
    {
        for (const auto& entry :
            std::filesystem::recursive_directory_iterator(std::filesystem::path(XQ_TESTDATA) / "records")) {
            if (!entry.is_regular_file())
                continue;
            const std::string bytes = read_bytes(entry.path());
            const Decoded whole = decode(bytes);
            for (std::size_t chunk = 1; chunk <= 5; ++chunk) {
                CAPTURE(entry.path().filename().string());
                CAPTURE(chunk);
                const Decoded pieces = decode(bytes, { std::nullopt, chunk });
                CHECK(pieces.encoding == whole.encoding);
                CHECK(pieces.text == whole.text);
                CHECK(pieces.locations == whole.locations);
                REQUIRE(pieces.undecodable.size() == whole.undecodable.size());
                for (std::size_t i = 0; i < whole.undecodable.size(); ++i)
                    CHECK(format_diagnostic(pieces.undecodable[i]) == format_diagnostic(whole.undecodable[i]));
            }
        }
    }
}

} // namespace
