// Fuzzing ruleset loading: any bytes give a ruleset or diagnostics, never an exception.
// An exception escaping is an abort here, which libFuzzer reports.

#include "fuzz_support.hpp"
#include "xq/arbiter/ruleset_loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace xq;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    Diagnostics diagnostics;
    const std::optional<RuleSet> rules = parse_ruleset(text, "fuzz.json", diagnostics);
    fuzz::require(rules.has_value() != diagnostics.has_errors(), "a ruleset is read exactly when it has no error");
    fuzz::require_clean_diagnostics(diagnostics);
    return 0;
}
