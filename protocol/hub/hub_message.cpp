#include "protocol/hub/hub_message.hpp"

#include <cassert>

namespace draughts::protocol {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }

bool needs_quotes(std::string_view value) {
    return value.empty() || value.find_first_of(" \t=\"") != std::string_view::npos;
}

Error syntax_error(std::string_view line, std::size_t index, const std::string& what) {
    return make_error("Hub line \"" + std::string(line) + "\", column " +
                      std::to_string(index + 1) + ": " + what);
}

}  // namespace

std::optional<std::string_view> HubMessage::value(std::string_view name) const {
    for (const HubField& field : fields) {
        if (field.name == name && field.value) return std::string_view(*field.value);
    }
    return std::nullopt;
}

bool HubMessage::has(std::string_view name) const {
    for (const HubField& field : fields) {
        if (field.name == name) return true;
    }
    return false;
}

HubMessage& HubMessage::add(std::string name, std::string value) {
    fields.push_back({std::move(name), std::move(value)});
    return *this;
}

HubMessage& HubMessage::add_flag(std::string name) {
    fields.push_back({std::move(name), std::nullopt});
    return *this;
}

Expected<HubMessage> parse_hub_message(std::string_view line) {
    std::size_t i = 0;
    const auto skip_spaces = [&] {
        while (i < line.size() && is_space(line[i])) ++i;
    };
    const auto word_end = [&](std::size_t from) {
        while (from < line.size() && !is_space(line[from]) && line[from] != '=') ++from;
        return from;
    };
    skip_spaces();
    if (i == line.size()) return syntax_error(line, i, "empty message");
    HubMessage message;
    std::size_t end = word_end(i);
    if (end == i) return syntax_error(line, i, "expected a command");
    message.command = std::string(line.substr(i, end - i));
    i = end;
    if (i < line.size() && line[i] == '=') return syntax_error(line, i, "'=' after the command");
    for (skip_spaces(); i < line.size(); skip_spaces()) {
        end = word_end(i);
        if (end == i) return syntax_error(line, i, "'=' without a field name");
        HubField field{std::string(line.substr(i, end - i)), std::nullopt};
        i = end;
        if (i < line.size() && line[i] == '=') {
            ++i;
            if (i < line.size() && line[i] == '"') {
                const std::size_t close = line.find('"', i + 1);
                if (close == std::string_view::npos) {
                    return syntax_error(line, i,
                                        "unterminated quoted value of '" + field.name + "'");
                }
                field.value = std::string(line.substr(i + 1, close - i - 1));
                if (const auto at = field.value->find_first_of("\r\n"); at != std::string::npos)
                    return syntax_error(line, i + 1 + at,
                                        "line break in the value of '" + field.name + "'");
                i = close + 1;
                if (i < line.size() && !is_space(line[i])) {
                    return syntax_error(line, i, "text right after a closing quote");
                }
            } else {
                // Every accepted value must be sendable again (is_sendable_hub_value), so a
                // quote or line break inside an unquoted value is an error, not part of it.
                std::size_t value_end = i;
                while (value_end < line.size() && !is_space(line[value_end])) {
                    if (line[value_end] == '"')
                        return syntax_error(
                            line, value_end,
                            "'\"' inside the unquoted value of '" + field.name + "'");
                    if (line[value_end] == '\r' || line[value_end] == '\n')
                        return syntax_error(line, value_end,
                                            "line break in the value of '" + field.name + "'");
                    ++value_end;
                }
                field.value = std::string(line.substr(i, value_end - i));
                i = value_end;
            }
        }
        message.fields.push_back(std::move(field));
    }
    return message;
}

bool is_sendable_hub_value(std::string_view value) {
    return value.find_first_of("\"\r\n") == std::string_view::npos;
}

std::string format_hub_message(const HubMessage& message) {
    std::string line = message.command;
    for (const HubField& field : message.fields) {
        line += ' ';
        line += field.name;
        if (!field.value) continue;
        assert(is_sendable_hub_value(*field.value));
        line += '=';
        if (needs_quotes(*field.value)) {
            line += '"';
            line += *field.value;
            line += '"';
        } else {
            line += *field.value;
        }
    }
    return line;
}

}  // namespace draughts::protocol
