#pragma once
// Dates and times as text, in the few forms the toolkit writes: the stamp of a default results
// folder's name, the ISO 8601 time of a provenance record and the date of a PDN Date tag.

#include <ctime>
#include <string>

namespace draughts {

/// Which clock a time is shown in.
enum class TimeZone : unsigned char { Local, Utc };

/// `when` formatted by strftime's `format` (at most 63 characters of output).
std::string format_time(std::time_t when, const char* format, TimeZone zone);

/// Local time now as "20261204-153000": default folder names (results/tune-20261204-153000).
std::string folder_stamp();

/// UTC now in ISO 8601, "2026-12-04T15:30:00Z": provenance of runs.
std::string utc_timestamp();

/// The local date of `when` as a PDN Date tag value, "2026.12.04".
std::string pdn_date(std::time_t when);

}  // namespace draughts
