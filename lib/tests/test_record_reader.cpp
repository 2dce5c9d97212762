// Tests of opening records: reader by content, locations, encodings, UTF-16, chunked reading.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "record_test_helpers.hpp"
#include "xq/records/open_record.hpp"

namespace {

using namespace xq;
using namespace xq::test;
namespace fs = std::filesystem;

std::vector<fs::path> record_files(const std::string& subfolder)
{
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(records_dir() / subfolder))
        if (entry.is_regular_file())
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

ReadResult read_bytes_as(RecordFormat format, const std::string& bytes, const RecordReaderOptions& options)
{
    std::istringstream input(bytes);
    std::unique_ptr<RecordReader> reader = make_record_reader(format, input, "mutant", options);
    return read_all(*reader);
}

// UTF-8 text as UTF-16 in either byte order, after its byte-order mark.
std::string utf16_with_byte_order_mark(std::string_view utf8_text, bool little_endian)
{
    std::string out;
    const auto unit = [&](char32_t u) {
        const char high = static_cast<char>(u >> 8);
        const char low = static_cast<char>(u & 0xff);
        out += little_endian ? low : high;
        out += little_endian ? high : low;
    };
    unit(0xfeff);
    for (std::size_t i = 0; i < utf8_text.size();) {
        const auto lead = static_cast<unsigned char>(utf8_text[i]);
        const std::size_t length = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
        char32_t c = length == 1 ? lead : lead & (0xff >> (length + 1));
        for (std::size_t k = 1; k < length; ++k)
            c = (c << 6) | (static_cast<unsigned char>(utf8_text[i + k]) & 0x3f);
        i += length;
        if (c >= 0x10000) {
            unit(0xd800 + ((c - 0x10000) >> 10));
            unit(0xdc00 + ((c - 0x10000) & 0x3ff));
        } else {
            unit(c);
        }
    }
    return out;
}

// splitmix64: a fixed, portable sequence, so every run tests the same mutants.
class Random {
public:
    explicit Random(std::uint64_t seed)
        : state_(seed)
    {
    }
    std::uint64_t next()
    {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }

private:
    std::uint64_t state_;
};

// Bytes that mean something to the readers or to the decoders.
using namespace std::string_view_literals;
constexpr std::string_view interesting_bytes = "{}()[]\";$.\n\r\t \x00\x7F\x80\xA1\xBF\xC2\xE3\xEF\xFE\xFF"
                                               "1-0*"sv;

std::string mutate(std::string bytes, Random& random)
{
    const std::size_t kind = random.below(4);
    if (bytes.empty() || kind == 0) { // insert a few interesting bytes
        const std::size_t count = 1 + random.below(4);
        for (std::size_t i = 0; i < count; ++i)
            bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(random.below(bytes.size() + 1)),
                interesting_bytes[random.below(interesting_bytes.size())]);
    } else if (kind == 1) { // flip bytes
        const std::size_t count = 1 + random.below(8);
        for (std::size_t i = 0; i < count; ++i)
            bytes[random.below(bytes.size())] = random.below(2)
                ? interesting_bytes[random.below(interesting_bytes.size())]
                : static_cast<char>(random.below(256));
    } else if (kind == 2) { // truncate
        bytes.resize(random.below(bytes.size()));
    } else { // repeat a slice
        const std::size_t from = random.below(bytes.size());
        const std::size_t length = 1 + random.below(bytes.size() - from);
        bytes.insert(random.below(bytes.size() + 1), bytes.substr(from, length));
    }
    return bytes;
}

TEST_SUITE("record_reader")
{
    TEST_CASE("a DhtmlXQ marker anywhere in the first bytes picks the DhtmlXQ reader, anything else PGN")
    {
        CHECK(detect_record_format("<html>\n[DhtmlXQ]\n[DhtmlXQ_movelist]7747") == RecordFormat::DhtmlXq);
        CHECK(detect_record_format("[dhtmlxq_ver]x") == RecordFormat::DhtmlXq);
        // A PGN tag named after a DhtmlXQ field, as convert writes it, is PGN.
        CHECK(detect_record_format("[DhtmlXQ_ver \"1.0\"]\n") == RecordFormat::Pgn);
        CHECK(detect_record_format("[Event \"x\"]\n1. h2e2") == RecordFormat::Pgn);
        CHECK(detect_record_format("") == RecordFormat::Pgn);
        CHECK(read_record_file("good/dhtmlxq_in_html.ubb.txt").games.at(0).format == RecordFormat::DhtmlXq);
        CHECK(read_record_file("good/lone_cr.pgn").games.at(0).format == RecordFormat::Pgn);
    }

    TEST_CASE("a file that cannot be opened is reported as io.open and gives no reader")
    {
        Diagnostics diagnostics;
        CHECK_FALSE(open_record_file(records_dir() / "no_such_file.pgn", {}, diagnostics));
        CHECK_FALSE(open_record_file(records_dir(), {}, diagnostics));
        REQUIRE(diagnostics.size() == 2);
        for (const Diagnostic& d : diagnostics) {
            CHECK(d.code == "io.open");
            CHECK(d.severity == Severity::Error);
        }
    }

    TEST_CASE("a file's records name it in every location, or nowhere when the caller puts it back")
    {
        const auto first_game = [](SourceNames names) {
            Diagnostics diagnostics;
            const std::unique_ptr<RecordReader> reader
                = open_record_file(records_dir() / "good/comments_variations_nags.pgn", {}, diagnostics, names);
            REQUIRE(reader);
            std::optional<GameRecord> game = reader->next();
            REQUIRE(game);
            REQUIRE_FALSE(game->moves.empty());
            return *game;
        };
        const GameRecord named = first_game(SourceNames::InEveryLocation);
        CHECK(named.location.source.ends_with("comments_variations_nags.pgn"));
        CHECK(named.moves.back().location.source == named.location.source);
        const GameRecord left_out = first_game(SourceNames::LeftOut);
        CHECK(left_out.location.source.empty());
        CHECK(left_out.moves.back().location.source.empty());
        CHECK(left_out.moves.back().location.line == named.moves.back().location.line);
    }

    TEST_CASE("a forced encoding is used instead of the detected one")
    {
        RecordReaderOptions options;
        options.encoding = TextEncoding::Gb18030;
        const ReadResult read = read_record_file("good/ccpd_style.big5.pgn", options);
        CHECK(read.encoding == TextEncoding::Gb18030);
        REQUIRE_FALSE(read.games.empty());
        CHECK(tag_value(read.games[0], "Red") != "甲");
    }

    TEST_CASE("a UTF-16 copy of every test record, with its byte-order mark, reads as the original does")
    {
        for (const fs::path& file : record_files("good")) {
            CAPTURE(file.filename().string());
            const std::string bytes = read_bytes(file);
            std::size_t undecodable = 0;
            const ReadResult original = read_bytes_as(detect_record_format(bytes), bytes, {});
            std::string text = decode_text(bytes, original.encoding, undecodable);
            REQUIRE(undecodable == 0);
            if (text.starts_with("\xEF\xBB\xBF"))
                text.erase(0, 3); // the copy gets its own byte-order mark
            for (const bool little_endian : { true, false }) {
                const std::string copy = utf16_with_byte_order_mark(text, little_endian);
                const RecordFormat format = detect_record_format(copy);
                CHECK(format == detect_record_format(bytes));
                const ReadResult read_copy = read_bytes_as(format, copy, {});
                CHECK(read_copy.encoding == (little_endian ? TextEncoding::Utf16Le : TextEncoding::Utf16Be));
                // The same games, locations and diagnostics; only the encoding note differs.
                ReadResult original_games = original;
                original_games.file_diagnostics.clear();
                ReadResult copy_games = read_copy;
                copy_games.file_diagnostics.clear();
                CHECK(dump(copy_games) == dump(original_games));
            }
        }
    }

    TEST_CASE("a byte-order mark beats a forced encoding, with a warning")
    {
        RecordReaderOptions options;
        options.encoding = TextEncoding::Gb18030;
        const ReadResult read = read_bytes_as(
            RecordFormat::Pgn, utf16_with_byte_order_mark("[Event \"E\"]\n\n1. 炮二平五 *\n", true), options);
        CHECK(read.encoding == TextEncoding::Utf16Le);
        REQUIRE(read.games.size() == 1);
        CHECK(move_texts(read.games[0].moves) == "炮二平五");
        CHECK(find_code(read.file_diagnostics, "encoding.byte-order-mark"));
    }

    TEST_CASE("a file of binary data is one error, not a flood")
    {
        const std::string zeros(100000, '\0');
        CHECK(detect_record_format(zeros) == RecordFormat::BinaryData);
        const ReadResult read = read_bytes_as(detect_record_format(zeros), zeros, {});
        CHECK(read.games.empty());
        REQUIRE(read.file_diagnostics.size() == 1);
        CHECK(read.file_diagnostics.items()[0].code == "record.binary-data");
        // A record with a stray NUL is still text.
        CHECK(detect_record_format(read_bytes(records_dir() / "broken/nul_byte.pgn")) == RecordFormat::Pgn);
    }

    TEST_CASE("every test record reads the same through 1 to 5 byte chunks as through the default")
    {
        // With variation moves kept (the default) and without (as validate reads).
        for (const bool keep_variation_moves : { true, false }) {
            for (const std::string folder : { "good", "broken" }) {
                for (const fs::path& file : record_files(folder)) {
                    RecordReaderOptions options;
                    options.keep_variation_moves = keep_variation_moves;
                    const std::string path = folder + "/" + file.filename().string();
                    const std::string expected = dump(read_record_file(path, options));
                    for (std::size_t chunk = 1; chunk <= 5; ++chunk) {
                        CAPTURE(path);
                        CAPTURE(keep_variation_moves);
                        CAPTURE(chunk);
                        options.read_chunk_size = chunk;
                        CHECK(dump(read_record_file(path, options)) == expected);
                    }
                }
            }
        }
    }

    TEST_CASE("seeded byte flips, insertions and truncations of the good records never crash or hang")
    {
        // Each mutant is read by every reader, with the default chunk size and a tiny one, and
        // again without variations' moves. A crash or sanitizer report fails the run; a hang is
        // caught by the bounds below.
        Random random(20240601);
        std::size_t mutants = 0;
        for (const fs::path& file : record_files("good")) {
            const std::string original = read_bytes(file);
            for (int variant = 0; variant < 24; ++variant) {
                std::string bytes = original;
                const std::size_t rounds = 1 + random.below(3);
                for (std::size_t round = 0; round < rounds; ++round)
                    bytes = mutate(std::move(bytes), random);
                ++mutants;
                for (const RecordFormat format : { RecordFormat::Pgn, RecordFormat::DhtmlXq, RecordFormat::MoveList }) {
                    RecordReaderOptions options;
                    options.read_chunk_size = random.below(2) ? 1 + random.below(7) : options.read_chunk_size;
                    CAPTURE(file.filename().string());
                    CAPTURE(variant);
                    const ReadResult read = read_bytes_as(format, bytes, options);
                    // Not keeping variations' moves must change nothing else, broken input least of all.
                    RecordReaderOptions main_line_only = options;
                    main_line_only.keep_variation_moves = false;
                    CHECK(dump(read_bytes_as(format, bytes, main_line_only), false) == dump(read, false));
                    CHECK(read.games.size() <= bytes.size() / 2 + 1);
                    for (const GameRecord& game : read.games) {
                        CHECK(game.moves.size() <= options.limits.max_plies);
                        CHECK(game.diagnostics.size() <= options.limits.max_diagnostics + 1);
                        for (const Diagnostic& d : game.diagnostics) {
                            CHECK_FALSE(d.code.empty());
                            CHECK(d.location.line <= bytes.size() + 1);
                        }
                    }
                }
            }
        }
        CHECK(mutants >= 300);
    }

    TEST_CASE("every file of the shared corpus reads with the game counts SOURCES.md gives")
    {
        const fs::path corpus = fs::path(XQ_SHARED) / "corpus";
        if (!fs::is_directory(corpus)) {
            MESSAGE("skipped: the shared corpus is not at " << corpus.string());
            return;
        }
        // Game counts from the tables of corpus/SOURCES.md; the files it gives none for are
        // only checked to read without errors.
        const std::map<std::string, std::size_t> expected_games = {
            { "ccpd/ccpd_tournament_national_championships.big5.pgn", 15407 },
            { "ccpd/ccpd_tournament_wuyang_cup.big5.pgn", 2242 },
            { "ccpd/ccpd_tournament_yinli_cup.big5.pgn", 1453 },
            { "ccpd/ccpd_tournament_world_championships.big5.pgn", 1389 },
            { "ccpd/ccpd_tournament_china_league.big5.pgn", 1244 },
            { "ccpd/ccpd_tournament_asian_cup.big5.pgn", 679 },
            { "ccpd/ccpd_tournament_world_mind_sports_games.big5.pgn", 595 },
            { "ccpd/ccpd_tournament_national_king_title.big5.pgn", 112 },
            { "ccpd/ccpd_tournament_blindfold_exhibition.big5.pgn", 15 },
            { "ccpd/ccpd_computer_games.big5.pgn", 208 },
            { "ccpd/ccpd_midgame_positions.big5.pgn", 2807 },
            { "ccpd/ccpd_endgame_positions.big5.pgn", 244 },
            { "ccpd/ccpd_opening_lines.big5.pgn", 961 },
            { "ccpd/ccpd_full_game_tactics.big5.pgn", 433 },
            { "ccpd/ccpd_mating_exercises.big5.pgn", 130 },
            { "wukong-xiangqi/Hu_Ronghua_1391_UCI_games.pgn", 1391 },
            { "wukong-xiangqi/Liu_Dahua_1125_UCI_games.pgn", 1125 },
            { "wukong-xiangqi/xqdb_sample15_chinese.pgn", 15 },
            { "wukong-xiangqi/xqdb_sample15_international_fullwidth_wxf.pgn", 15 },
            { "wukong-xiangqi/xqdb_sample15_uci.pgn", 15 },
            { "wukong-xiangqi/dhtmlxq_variations_sample.ubb.txt", 1 },
            { "wukong-xiangqi/dhtmlxq_ccbridge_gathering_of_7stars.ubb.txt", 1 },
            { "xqbase-eleeye/xqwizard_sample_with_comments.gbk.pgn", 1 },
        };
        // "ccgc2006_NN.gbk.pgn (20 files) ... 20 games": one game each.
        constexpr std::size_t ccgc_files = 20;

        const auto start = std::chrono::steady_clock::now();
        std::size_t files_read = 0;
        std::size_t ccgc_seen = 0;
        std::size_t total_games = 0;
        for (const auto& entry : fs::recursive_directory_iterator(corpus)) {
            const fs::path& path = entry.path();
            if (!entry.is_regular_file() || path.filename() == "LICENSE.txt" || path.extension() == ".md")
                continue;
            const std::string name = fs::relative(path, corpus).generic_string();
            CAPTURE(name);
            Diagnostics open_diagnostics;
            std::unique_ptr<RecordReader> reader = open_record_file(path, {}, open_diagnostics);
            REQUIRE(reader);
            const ReadResult read = read_all(*reader);
            ++files_read;
            total_games += read.games.size();
            for (const GameRecord& game : read.games)
                CHECK_FALSE(game.diagnostics.has_errors());
            CHECK_FALSE(read.file_diagnostics.has_errors());

            const TextEncoding expected_encoding = name.find(".big5.") != std::string::npos ? TextEncoding::Big5
                : name.find(".gbk.") != std::string::npos                                   ? TextEncoding::Gb18030
                                                                                            : TextEncoding::Utf8;
            CHECK(read.encoding == expected_encoding);
            if (const auto it = expected_games.find(name); it != expected_games.end())
                CHECK(read.games.size() == it->second);
            if (name.starts_with("xqbase-eleeye/ccgc2006_")) {
                ++ccgc_seen;
                CHECK(read.games.size() == 1);
            }
        }
        CHECK(ccgc_seen == ccgc_files);
        CHECK(files_read == expected_games.size() + ccgc_files + 7);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        MESSAGE("read " << files_read << " corpus files, " << total_games << " games, in " << seconds << " s");
    }
}

} // namespace
