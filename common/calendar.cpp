#include "common/calendar.hpp"

namespace draughts {

std::string format_time(std::time_t when, const char* format, TimeZone zone) {
    std::tm parts{};
    if (zone == TimeZone::Utc)
        gmtime_r(&when, &parts);
    else
        localtime_r(&when, &parts);
    char text[64];
    const std::size_t length = std::strftime(text, sizeof text, format, &parts);
    return std::string(text, length);
}

std::string folder_stamp() {
    return format_time(std::time(nullptr), "%Y%m%d-%H%M%S", TimeZone::Local);
}

std::string utc_timestamp() {
    return format_time(std::time(nullptr), "%Y-%m-%dT%H:%M:%SZ", TimeZone::Utc);
}

std::string pdn_date(std::time_t when) { return format_time(when, "%Y.%m.%d", TimeZone::Local); }

}  // namespace draughts
