#pragma once
// The name Json without nlohmann's full header, for headers that only declare functions taking or
// returning Json: nlohmann/json.hpp adds about a second of compile time to every file that
// includes it, and a header like records/game_record.hpp is included far and wide.

#include <nlohmann/json_fwd.hpp>

namespace draughts {

/// A JSON value; objects keep their keys in insertion order (nlohmann::ordered_json). Include
/// common/json.hpp to build, read or print one.
using Json = nlohmann::ordered_json;

}  // namespace draughts
