#include <fmt/format.h>

#include "report/data_table.hpp"
#include "report/markup.hpp"
#include "report/match_sections.hpp"

namespace draughts::report {

namespace {

std::string text_of(const Json& object, std::string_view key) {
    const Json* value = json_field(object, key);
    if (value == nullptr || value->is_null()) return "";
    if (value->is_string()) return value->get<std::string>();
    if (value->is_array()) {
        std::string out;
        for (const Json& item : *value) {
            if (!out.empty()) out += ' ';
            out += item.is_string() ? item.get<std::string>() : dump_json(item);
        }
        return out;
    }
    return dump_json(*value);
}

}  // namespace

Section provenance_section(const Json& summary) {
    const Json* provenance = json_field(summary, "provenance");
    if (provenance == nullptr || !provenance->is_object())
        return Section{"provenance", "Provenance",
                       "<p class=\"note\">The folder records no provenance.</p>"};
    DataTable facts{
        .caption = "Run", .headers = {"", ""}, .breakable = {false, true}, .row_labels = true};
    for (const auto& [key, label] :
         {std::pair{"run_id", "run id"}, std::pair{"version", "version"},
          std::pair{"commit", "commit"}, std::pair{"host", "host"},
          std::pair{"working_directory", "working directory"}, std::pair{"command_line", "command"},
          std::pair{"started", "started"}, std::pair{"ended", "ended"}})
        facts.rows.push_back({label, text_of(*provenance, key)});
    std::string html = facts.html();
    DataTable inputs{.caption = "Inputs",
                     .headers = {"what", "path", "SHA-256"},
                     .breakable = {false, true, true}};
    if (const Json* list = json_field(*provenance, "inputs"); list != nullptr && list->is_array())
        for (const Json& input : *list)
            inputs.rows.push_back(
                {text_of(input, "what"), text_of(input, "path"), text_of(input, "sha256")});
    html += inputs.html();
    DataTable sessions{.caption = "Sessions",
                       .headers = {"action", "started", "version", "commit", "host", "command"},
                       .breakable = {false, false, false, true, true, true}};
    if (const Json* list = json_field(*provenance, "sessions"); list != nullptr && list->is_array())
        for (const Json& s : *list)
            sessions.rows.push_back({text_of(s, "action"), text_of(s, "started"),
                                     text_of(s, "version"), text_of(s, "commit"),
                                     text_of(s, "host"), text_of(s, "command_line")});
    html += sessions.html();
    return Section{"provenance", "Provenance", std::move(html)};
}

}  // namespace draughts::report
