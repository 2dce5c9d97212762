// Each enum's name from its table in enum_names.hpp, as rulesets, JSON and catalogue keys write it.
#include "xq/arbiter/enum_names.hpp"

namespace xq {

std::string_view to_string(Restriction r) { return name_of(restriction_names, r); }

std::string_view to_string(ThreatOrigin origin) { return name_of(origin_names, origin); }

std::string_view to_string(MoveClass c) { return name_of(move_class_names, c); }

std::string_view to_string(Protection p) { return name_of(protection_names, p); }

std::string_view to_string(Gain g) { return name_of(gain_names, g); }

} // namespace xq
