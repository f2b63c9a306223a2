#include "common/json_writer.hpp"

#include <cmath>
#include <cstdio>

namespace draughts {

Json& Json::set(std::string_view key, Json value) {
    if (!std::holds_alternative<Object>(value_)) value_ = Object{};
    auto& object = std::get<Object>(value_);
    for (auto& [k, v] : object) {
        if (k == key) {
            v = std::move(value);
            return *this;
        }
    }
    object.emplace_back(std::string(key), std::move(value));
    return *this;
}

Json& Json::push(Json value) {
    if (!std::holds_alternative<Array>(value_)) value_ = Array{};
    std::get<Array>(value_).push_back(std::move(value));
    return *this;
}

std::optional<double> Json::as_double() const {
    if (const double* d = std::get_if<double>(&value_)) return *d;
    if (const auto* i = std::get_if<std::int64_t>(&value_)) return static_cast<double>(*i);
    return std::nullopt;
}

const Json* Json::find(std::string_view key) const {
    const auto* object = as_object();
    if (object == nullptr) return nullptr;
    for (const auto& [k, v] : *object)
        if (k == key) return &v;
    return nullptr;
}

std::string json_quote(std::string_view s) {
    std::string out = "\"";
    for (const char c : s) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buffer[8];
                    std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(c));
                    out += buffer;
                } else {
                    out += c;
                }
        }
    }
    out += '"';
    return out;
}

std::string Json::dump(int indent) const {
    std::string out;
    write(out, indent, 0);
    return out;
}

void Json::write(std::string& out, int indent, int level) const {
    const auto newline = [&](int lvl) {
        if (indent > 0) {
            out += '\n';
            out.append(static_cast<std::size_t>(indent * lvl), ' ');
        }
    };
    if (std::holds_alternative<std::nullptr_t>(value_)) {
        out += "null";
    } else if (const bool* b = std::get_if<bool>(&value_)) {
        out += *b ? "true" : "false";
    } else if (const auto* i = std::get_if<std::int64_t>(&value_)) {
        out += std::to_string(*i);
    } else if (const double* d = std::get_if<double>(&value_)) {
        if (!std::isfinite(*d)) {
            out += "null";  // JSON has no NaN or infinity
        } else {
            char buffer[32];
            std::snprintf(buffer, sizeof buffer, "%.10g", *d);
            out += buffer;
        }
    } else if (const auto* s = std::get_if<std::string>(&value_)) {
        out += json_quote(*s);
    } else if (const auto* a = std::get_if<Array>(&value_)) {
        out += '[';
        for (std::size_t k = 0; k < a->size(); ++k) {
            if (k > 0) out += indent > 0 ? "," : ", ";
            newline(level + 1);
            (*a)[k].write(out, indent, level + 1);
        }
        if (!a->empty()) newline(level);
        out += ']';
    } else if (const auto* o = std::get_if<Object>(&value_)) {
        out += '{';
        for (std::size_t k = 0; k < o->size(); ++k) {
            if (k > 0) out += indent > 0 ? "," : ", ";
            newline(level + 1);
            out += json_quote((*o)[k].first);
            out += ": ";
            (*o)[k].second.write(out, indent, level + 1);
        }
        if (!o->empty()) newline(level);
        out += '}';
    }
}

}  // namespace draughts
