// Reading and writing instructions (`red@96`) and the Instructed tag that holds them.
#include "xq/arbiter/instruction.hpp"

#include <algorithm>
#include <charconv>

namespace xq {

namespace {

    std::string lowercase(std::string_view text)
    {
        std::string out(text);
        for (char& c : out)
            if (c >= 'A' && c <= 'Z')
                c = static_cast<char>(c - 'A' + 'a');
        return out;
    }

} // namespace

std::optional<Instruction> parse_instruction(std::string_view text)
{
    const std::size_t at = text.find('@');
    if (at == std::string_view::npos)
        return std::nullopt;
    const std::string side = lowercase(text.substr(0, at));
    Instruction instruction;
    if (side == "red")
        instruction.side = Color::Red;
    else if (side == "black")
        instruction.side = Color::Black;
    else
        return std::nullopt;
    const std::string_view ply = text.substr(at + 1);
    const auto [end, error] = std::from_chars(ply.data(), ply.data() + ply.size(), instruction.ply);
    if (ply.empty() || error != std::errc {} || end != ply.data() + ply.size() || instruction.ply < 0)
        return std::nullopt;
    return instruction;
}

std::string to_string(const Instruction& instruction)
{
    return std::string(instruction.side == Color::Red ? "red" : "black") + "@" + std::to_string(instruction.ply);
}

Instructions parse_instructions(
    std::string_view value, const std::string& game_name, const SourceLocation& location, Diagnostics& diagnostics)
{
    Instructions out;
    std::size_t i = 0;
    while (i < value.size()) {
        while (i < value.size() && (value[i] == ' ' || value[i] == ','))
            ++i;
        std::size_t end = i;
        while (end < value.size() && value[end] != ' ' && value[end] != ',')
            ++end;
        if (end == i)
            break;
        const std::string_view word = value.substr(i, end - i);
        if (const auto instruction = parse_instruction(word))
            out.push_back(*instruction);
        else
            diagnostics.warning("record.bad-instruction",
                game_name + ": '" + std::string(word) + "' in the tag " + std::string(instructed_tag_name)
                    + " is not an instruction (red@PLY or black@PLY): it is left out",
                location);
        i = end;
    }
    return out;
}

std::string instructed_tag_value(Instructions instructions)
{
    std::stable_sort(instructions.begin(), instructions.end(),
        [](const Instruction& a, const Instruction& b) { return a.ply < b.ply; });
    std::string value;
    for (const Instruction& i : instructions)
        value += (value.empty() ? "" : " ") + to_string(i);
    return value;
}

std::optional<Instruction> instruction_within(const Instructions& instructions, Color side, int from, int to)
{
    std::optional<Instruction> first;
    for (const Instruction& i : instructions)
        if (i.side == side && i.ply >= from && i.ply <= to && (!first || i.ply < first->ply))
            first = i;
    return first;
}

} // namespace xq
