// Tests of diagnostics worded from the catalogues, and the English kept where they cannot be.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "record_test_helpers.hpp"
#include "xq/arbiter/record_replay.hpp"
#include "xq/base/diagnostic_codes.hpp"
#include "xq/board/fen.hpp"
#include "xq/records/open_record.hpp"
#include "xq/report/diagnostic_text.hpp"

using namespace xq;

namespace {

MessageCatalogue catalogue(const std::string& language)
{
    Diagnostics problems;
    auto loaded = load_message_catalogue(XQ_RULESETS "/messages/" + language + ".json", problems);
    REQUIRE(loaded);
    return *loaded;
}

// The errors of replaying the first game of a PGN text.
std::vector<Diagnostic> replay_errors(const std::string& pgn)
{
    const test::ReadResult read = test::read_text(RecordFormat::Pgn, pgn);
    REQUIRE(read.games.size() == 1);
    std::vector<Diagnostic> errors;
    for (const Diagnostic& d : replay_record(read.games.front()).diagnostics)
        if (d.severity == Severity::Error)
            errors.push_back(d);
    return errors;
}

std::string game_from(const std::string& fen, const std::string& moves)
{
    return "[Red \"许银川\"]\n[Black \"吕钦\"]\n" + (fen.empty() ? std::string() : "[FEN \"" + fen + "\"]\n") + "\n"
        + moves + " *\n";
}

// Every diagnostic here must be worded from both catalogues, with every field its phrases ask
// for: its English words are those the library gave, and its Chinese words hold no English.
void check_worded(const Diagnostic& d, const MessageCatalogue& en, const MessageCatalogue& zh)
{
    INFO(d.code << ": " << d.message);
    REQUIRE(has_catalogued_message(d));
    const auto english = catalogued_message(d, en);
    const auto chinese = catalogued_message(d, zh);
    REQUIRE(english);
    REQUIRE(chinese);
    CHECK(*english == d.message);
    CHECK(*chinese != d.message);
    for (const char* word : { " is ", " the ", " not ", "game ", "ply " })
        CHECK_MESSAGE(chinese->find(word) == std::string::npos, *chinese);
}

} // namespace

TEST_SUITE("diagnostic text")
{
    TEST_CASE("every catalogued phrase is in both catalogues, with only the placeholders it takes")
    {
        for (const char* language : { "en", "zh" }) {
            std::ifstream in(std::string(XQ_RULESETS "/messages/") + language + ".json", std::ios::binary);
            REQUIRE(in);
            const nlohmann::json phrases = nlohmann::json::parse(in);
            for (const CataloguedPhrase& p : catalogued_diagnostic_phrases()) {
                const std::string key = "diagnostic." + std::string(p.key);
                INFO(language << ": " << key);
                REQUIRE(phrases.contains(key));
                const std::string text = phrases[key].get<std::string>();
                std::set<std::string> allowed;
                std::istringstream names { std::string(p.placeholders) };
                for (std::string name; names >> name;)
                    allowed.insert(name);
                for (std::size_t open = text.find('{'); open != std::string::npos; open = text.find('{', open + 1)) {
                    const std::size_t close = text.find('}', open);
                    REQUIRE(close != std::string::npos);
                    CHECK_MESSAGE(allowed.count(text.substr(open + 1, close - open - 1)) == 1, text);
                }
            }
        }
    }

    TEST_CASE("an illegal move is worded from the catalogue, each reason with the fields it needs")
    {
        const MessageCatalogue en = catalogue("en");
        const MessageCatalogue zh = catalogue("zh");
        std::set<std::string> reasons;
        const auto check_game = [&](const std::string& fen, const std::string& moves, const std::string& chinese) {
            const std::vector<Diagnostic> errors = replay_errors(game_from(fen, moves));
            REQUIRE(errors.size() == 1);
            check_worded(errors.front(), en, zh);
            CHECK(diagnostic_message(errors.front(), zh) == chinese);
            if (const std::string* reason = errors.front().field("reason"))
                reasons.insert(*reason);
        };
        const std::string game = "第1局（许银川对吕钦），";
        check_game("", "1. 炮二平五 马8进7 2. 车一平二",
            game + "第3着（红方）车一平二不合规则：一路车被本方二路马所阻，不能平二。");
        check_game("", "1. 炮二平五 马8进7 2. 马二进三 马7退8 3. 马三进二",
            game + "第5着（红方）马三进二不合规则：三路马被本方三路兵蹩住马腿，不能进二。");
        check_game("", "1. 炮二平五 车3进1", game + "第2着（黑方）车3进1不合规则：黑方３路没有车。");
        check_game("", "1. 车一进4", game + "第1着（红方）车一进4不合规则：一路车被本方一路兵所阻，不能进四。");
        check_game("", "1. 马二进五", game + "第1着（红方）马二进五不合规则：二路马不能进五。");
        // An elephant's eye; a cannon with nothing to jump over, and with two pieces between.
        check_game("4k4/9/9/9/9/9/9/9/3N5/2BK5 w - - 0 1", "1. 相七进五",
            game + "第1着（红方）相七进五不合规则：七路相被本方六路马塞住象眼，不能进五。");
        check_game("3k5/9/9/9/9/4r4/9/9/4C4/5K3 w - - 0 1", "1. 炮五进3",
            game + "第1着（红方）炮五进3不合规则：五路炮不能进三，炮须隔一子才能吃子，而中间无子。");
        check_game("3k5/9/9/9/9/4r4/4p4/4p4/4C4/5K3 w - - 0 1", "1. 炮五进3",
            game + "第1着（红方）炮五进3不合规则：五路炮不能进三，炮须隔一子才能吃子，而中间隔了2子。");
        // A piece pinned to its king, and a king stepping into check.
        check_game("3k5/9/9/9/4r4/9/9/9/4R4/4K4 w - - 0 1", "1. 车五平四",
            game + "第1着（红方）车五平四不合规则：五路车不能平四，走后本方老将将被将军。");
        check_game("4k4/9/9/9/9/9/9/9/9/3K1r3 w - - 0 1", "1. 帅六平五",
            game + "第1着（红方）帅六平五不合规则：帅不能平五，走后将被将军。");
        // Coordinates: the Chinese phrase says only that no legal move fits.
        check_game("", "1. a0a5", game + "第1着（红方）a0a5不合规则：此局面下没有与之相符的合法着法。");
        for (const CataloguedPhrase& p : catalogued_diagnostic_phrases()) {
            const std::string key(p.key);
            if (key.rfind("illegal.", 0) == 0)
                CHECK_MESSAGE(reasons.count(key.substr(8)) == 1, "no case gives the reason " << key);
        }
    }

    TEST_CASE("a bad FEN and a file that cannot be opened are worded from the catalogue")
    {
        const MessageCatalogue en = catalogue("en");
        const MessageCatalogue zh = catalogue("zh");
        for (const char* fen : { "", "9/9 w", "rnbakabnX/9/9/9/9/9/9/9/9/4K4 w", "4k5/9/9/9/9/9/9/9/9/4K4 w",
                 "4k4/9/9/9/9/9/9/9/9/4K3 w", "3k5/9/9/9/9/9/9/9/9/4K4 x", "3k5/9/9/9/9/9/9/9/9/4K4 w 1 2 3" }) {
            Diagnostics problems;
            CHECK_FALSE(parse_fen(fen, problems, { "--fen", 1, 1 }));
            REQUIRE_FALSE(problems.empty());
            check_worded(problems.items().front(), en, zh);
        }
        Diagnostics no_side;
        CHECK(parse_fen("3k5/9/9/9/9/9/9/9/9/4K4", no_side, { "--fen", 1, 1 }));
        REQUIRE(no_side.size() == 1);
        check_worded(no_side.items().front(), en, zh);

        const std::vector<Diagnostic> in_a_game = replay_errors(game_from("3k5/9/9/9/9/9/9/9/9/4K4 x", "1. a0a1"));
        REQUIRE(in_a_game.size() == 1);
        check_worded(in_a_game.front(), en, zh);
        CHECK(diagnostic_message(in_a_game.front(), zh)
            == "第1局（许银川对吕钦），起始局面（FEN）有误：走棋方“x”无效，应为 w、r 或 b。");

        Diagnostics missing;
        CHECK_FALSE(open_record_file(std::filesystem::path(XQ_TESTDATA) / "no-such-file.pgn", {}, missing));
        REQUIRE(missing.size() == 1);
        check_worded(missing.items().front(), en, zh);
        CHECK(diagnostic_message(missing.items().front(), zh) == "无法打开文件：文件不存在。");
        CHECK(format_diagnostic(missing.items().front(), zh).ends_with(": error[io.open]: 无法打开文件：文件不存在。"));
    }

    TEST_CASE("a diagnostic without a phrase, or without a field its phrase needs, keeps its English words")
    {
        const MessageCatalogue zh = catalogue("zh");
        const Diagnostic uncatalogued { Severity::Error, "cbr.truncated", "the record was cut here", {}, {} };
        CHECK_FALSE(has_catalogued_message(uncatalogued));
        CHECK(diagnostic_message(uncatalogued, zh) == "the record was cut here");
        const Diagnostic short_of_fields { Severity::Error, "fen.side", "side to move 'x' is not 'w', 'r' or 'b'", {},
            {} };
        CHECK_FALSE(catalogued_message(short_of_fields, zh));
        CHECK(diagnostic_message(short_of_fields, zh) == short_of_fields.message);
    }
}
