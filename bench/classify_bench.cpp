// Move-classification speed: the time to classify the cycles of every rule-book diagram.
// Classifies the cycle moves of every diagram (main and alt lines of testdata/axf/diagrams.jsonl)
// and prints the time per cycle, and per ruling with the AXF ruleset.
// Usage: classify_bench [rounds] (default 20)

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "xq/arbiter/rule_interpreter.hpp"
#include "xq/arbiter/ruleset_loader.hpp"
#include "xq/board/fen.hpp"

int main(int argc, char** argv)
{
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 20;
    std::ifstream in(XQ_TESTDATA "/axf/diagrams.jsonl");
    std::vector<xq::ReplayedGame> games;
    for (std::string text; std::getline(in, text);) {
        if (text.empty() || text[0] == '#')
            continue;
        const auto c = nlohmann::json::parse(text);
        std::vector<nlohmann::json> lines { c };
        if (c.contains("alt"))
            lines.push_back(c["alt"]);
        for (const auto& line : lines) {
            xq::Diagnostics diagnostics;
            const auto pos = xq::parse_fen(line["fen"].get<std::string>(), diagnostics, {}, xq::FenOptions { true });
            if (!pos)
                continue;
            xq::ReplayedGame game(*pos);
            std::istringstream moves(line["moves_iccs"].get<std::string>());
            for (std::string m; moves >> m;)
                if (!game.play(*xq::parse_iccs(m)))
                    break;
            games.push_back(std::move(game));
        }
    }
    xq::Diagnostics diagnostics;
    const auto rules = xq::load_ruleset_file(XQ_RULESETS "/axf.json", diagnostics);
    if (!rules) {
        std::fprintf(stderr, "cannot load the AXF ruleset\n");
        return 1;
    }

    long cycles = 0, moves = 0;
    const auto started = std::chrono::steady_clock::now();
    for (int r = 0; r < rounds; ++r)
        for (const xq::ReplayedGame& game : games)
            for (const xq::RepetitionEpisode& e : xq::find_repetition_episodes(game)) {
                const xq::CycleFacts facts = xq::classify_cycle(game, e.cycle);
                ++cycles;
                moves += static_cast<long>(facts.moves.size());
            }
    const double classify_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    long rulings = 0;
    const auto ruled = std::chrono::steady_clock::now();
    for (int r = 0; r < rounds; ++r)
        for (const xq::ReplayedGame& game : games)
            rulings += static_cast<long>(xq::rule_on_game(game, *rules).size());
    const double rule_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - ruled).count();

    std::printf("%zu diagram lines, %d rounds: %ld cycles, %ld moves classified in %.3f s\n", games.size(), rounds,
        cycles, moves, classify_seconds);
    std::printf("classification: %.1f us per cycle, %.1f us per move\n",
        classify_seconds * 1e6 / static_cast<double>(cycles), classify_seconds * 1e6 / static_cast<double>(moves));
    std::printf("ruling (classification and interpretation): %.1f us per ruling\n",
        rule_seconds * 1e6 / static_cast<double>(rulings));
    return 0;
}
