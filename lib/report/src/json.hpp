// The JSON tree type of the report's writers: members keep the order they were added in.
#pragma once

#include <nlohmann/json.hpp>

namespace xq::json_form {

using Json = nlohmann::ordered_json;

} // namespace xq::json_form
