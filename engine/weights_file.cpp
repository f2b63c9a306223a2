#include "engine/weights_file.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <array>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>
#include <type_traits>

#include "common/file_io.hpp"
#include "common/text.hpp"
#include "rules/variant.hpp"

namespace draughts::engine {

namespace {

/// "source:line:column" (1-based) for a YAML mark, or just the source when the mark is unknown.
std::string location(std::string_view source, const YAML::Mark& mark) {
    std::string out(source);
    if (mark.line >= 0) {
        out += ':';
        out += std::to_string(mark.line + 1);
        out += ':';
        out += std::to_string(mark.column + 1);
    }
    return out;
}

std::string location(std::string_view source, const YAML::Node& node) {
    return location(source, node.Mark());
}

Error error_at(std::string_view source, const YAML::Node& node, std::string_view key,
               const std::string& what) {
    return make_error(location(source, node) + ": weight '" + std::string(key) + "': " + what);
}

/// An integer scalar, or nullopt.
std::optional<int> as_int(const YAML::Node& node) {
    if (!node.IsScalar()) return std::nullopt;
    return parse_number<int>(node.Scalar(), PlusSign::Allowed);
}

template <typename V>
Expected<void> read_term(const YAML::Node& value, std::string_view source, EvalTerm term,
                         BasicEvalWeights<V>& weights) {
    const std::string_view key = term_name(term);
    if (const auto single = as_int(value)) {
        weights.set_term(term, *single, *single);
        return {};
    }
    if (!value.IsMap())
        return error_at(source, value, key, "expected an integer or {mg: .., eg: ..}");
    std::optional<int> mg;
    std::optional<int> eg;
    for (const auto& item : value) {
        const std::string name = item.first.Scalar();
        const auto number = as_int(item.second);
        if (!number) return error_at(source, item.second, key, "'" + name + "' is not an integer");
        if (name == "mg" && !mg) {
            mg = number;
        } else if (name == "eg" && !eg) {
            eg = number;
        } else {
            return error_at(source, item.first, key, "unexpected or repeated field '" + name + "'");
        }
    }
    if (!mg || !eg) return error_at(source, value, key, "needs both mg and eg");
    weights.set_term(term, *mg, *eg);
    return {};
}

template <typename V>
Expected<void> read_table(const YAML::Node& value, std::string_view source, EvalTable table,
                          BasicEvalWeights<V>& weights) {
    const std::string_view key = table_name(table);
    const std::size_t size = table_size(table);
    if (value.IsSequence()) {
        if (value.size() != size)
            return error_at(source, value, key,
                            "expected " + std::to_string(size) + " values, got " +
                                std::to_string(value.size()));
        for (std::size_t i = 0; i < size; ++i) {
            const auto number = as_int(value[i]);
            if (!number)
                return error_at(source, value[i], key,
                                "entry " + std::to_string(i) + " is not an integer");
            weights.set_table(table, i, *number);
        }
        return {};
    }
    if (value.IsNull()) return {};  // an empty table
    if (!value.IsMap())
        return error_at(source, value, key, "expected a mapping {entry: value} or a sequence");
    std::set<std::size_t> seen;
    for (const auto& item : value) {
        const auto entry = as_int(item.first);
        if (!entry || *entry < 0 || static_cast<std::size_t>(*entry) >= size)
            return error_at(
                source, item.first, key,
                "entry '" + item.first.Scalar() + "' is not in 0.." + std::to_string(size - 1));
        const auto index = static_cast<std::size_t>(*entry);
        if (!seen.insert(index).second)
            return error_at(source, item.first, key,
                            "entry " + std::to_string(index) + " given twice");
        const auto number = as_int(item.second);
        if (!number)
            return error_at(source, item.second, key,
                            "entry " + std::to_string(index) + " is not an integer");
        weights.set_table(table, index, *number);
    }
    return {};
}

template <typename V>
Expected<void> read_entry(const std::string& name, const YAML::Node& value, std::string_view source,
                          BasicEvalWeights<V>& weights) {
    for (int t = 0; t < kNumEvalTerms; ++t)
        if (term_name(static_cast<EvalTerm>(t)) == name)
            return read_term(value, source, static_cast<EvalTerm>(t), weights);
    using Layout = typename BasicEvalWeights<V>::Layout;
    for (int t = 0; t < Layout::kNumTables; ++t)
        if (table_name(Layout::table(t)) == name)
            return read_table(value, source, Layout::table(t), weights);
    return error_at(source, value, name, "unknown weight name");
}

/// Checks the file's `variant:` key (absent: international) against V.
template <typename V>
Expected<void> check_variant(const YAML::Node& root, std::string_view source) {
    const YAML::Node node = root["variant"];
    rules::Variant file_variant = rules::Variant::International;
    if (node) {
        const auto parsed = node.IsScalar() ? rules::parse_variant(node.Scalar()) : std::nullopt;
        if (!parsed)
            return error_at(source, node, "variant",
                            "unknown variant '" + (node.IsScalar() ? node.Scalar() : "") + "' (" +
                                rules::variant_names() + ")");
        file_variant = *parsed;
    }
    if (rules::variant_name(file_variant) != V::kName)
        return make_error(location(source, node ? node : root) + ": the weights are for " +
                          std::string(rules::variant_name(file_variant)) +
                          ", but the engine plays " + std::string(V::kName));
    return {};
}

template <typename V>
Expected<BasicEvalWeights<V>> read_root(const YAML::Node& root, std::string_view source) {
    if (!root.IsMap())
        return make_error(location(source, root) +
                          ": expected a mapping of weight names to values");
    if (auto ok = check_variant<V>(root, source); !ok) return ok.error();
    auto weights = BasicEvalWeights<V>::zero();
    std::set<std::string> seen;
    for (const auto& item : root) {
        const std::string name = item.first.Scalar();
        if (!seen.insert(name).second) return error_at(source, item.first, name, "given twice");
        if (name == "variant") continue;
        if (auto ok = read_entry(name, item.second, source, weights); !ok) return ok.error();
    }
    for (int t = 0; t < kNumEvalTerms; ++t) {
        const std::string name(term_name(static_cast<EvalTerm>(t)));
        if (!seen.count(name))
            return make_error(std::string(source) + ": missing weight '" + name + "'");
    }
    // Region and endgame tables may be left out (they are empty then): files from before they
    // existed, and files whose tuning left them empty, mean the same as before.
    for (int t = 0; t < BasicEvalWeights<V>::Layout::kNumBands; ++t) {
        const std::string name(table_name(band_table(t)));
        if (!seen.count(name))
            return make_error(std::string(source) + ": missing weight '" + name + "'");
    }
    return weights;
}

}  // namespace

template <typename V>
Expected<BasicEvalWeights<V>> parse_weights(std::string_view text, std::string_view source) {
    try {
        return read_root<V>(YAML::Load(std::string(text)), source);
    } catch (const YAML::Exception& e) {
        return make_error(location(source, e.mark) + ": " + e.msg);
    }
}

template <typename V>
Expected<BasicEvalWeights<V>> load_weights(const std::filesystem::path& path) {
    const auto text = read_whole_file(path);
    if (!text) return text.error();
    return parse_weights<V>(*text, path.string());
}

template <typename V>
std::string format_weights(const BasicEvalWeights<V>& weights, std::string_view comment) {
    std::string out;
    const auto put = std::back_inserter(out);
    if (!comment.empty()) {
        std::istringstream lines{std::string(comment)};
        for (std::string line; std::getline(lines, line);) fmt::format_to(put, "# {}\n", line);
    }
    fmt::format_to(put, "# Parameter layout hash: {:x}\n", BasicEvalWeights<V>::Layout::hash());
    // International files carry no key, so that they stay as they always were.
    if constexpr (!std::is_same_v<V, rules::International>)
        fmt::format_to(put, "variant: {}\n", V::kName);
    for (int t = 0; t < kNumEvalTerms; ++t) {
        const auto term = static_cast<EvalTerm>(t);
        const int mg = weights.middle_game(term);
        const int eg = weights.endgame(term);
        if (mg == eg)
            fmt::format_to(put, "{}: {}\n", term_name(term), mg);
        else
            fmt::format_to(put, "{}: {{mg: {}, eg: {}}}\n", term_name(term), mg, eg);
    }
    for (int t = 0; t < BasicEvalWeights<V>::Layout::kNumTables; ++t) {
        const auto table = BasicEvalWeights<V>::Layout::table(t);
        std::string entries;
        for (std::size_t i = 0; i < table_size(table); ++i)
            if (const int w = weights.table(table, i); w != 0)
                fmt::format_to(std::back_inserter(entries), "\n  {}: {}", i, w);
        if (!entries.empty())
            fmt::format_to(put, "{}:{}\n", table_name(table), entries);
        else if (table_kind(table) == TableKind::Band)  // always listed; see read_root
            fmt::format_to(put, "{}: {{}}\n", table_name(table));
    }
    return out;
}

template <typename V>
Expected<void> save_weights(const BasicEvalWeights<V>& weights, const std::filesystem::path& path,
                            std::string_view comment) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) return make_error(path.string() + ": cannot write weight file");
    out << format_weights(weights, comment);
    out.flush();
    if (!out) return make_error(path.string() + ": error while writing weight file");
    return {};
}

#define DRAUGHTS_INSTANTIATE(Policy)                                                               \
    template Expected<BasicEvalWeights<rules::Policy>> parse_weights<rules::Policy>(               \
        std::string_view, std::string_view);                                                       \
    template Expected<BasicEvalWeights<rules::Policy>> load_weights<rules::Policy>(                \
        const std::filesystem::path&);                                                             \
    template std::string format_weights(const BasicEvalWeights<rules::Policy>&, std::string_view); \
    template Expected<void> save_weights(const BasicEvalWeights<rules::Policy>&,                   \
                                         const std::filesystem::path&, std::string_view);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE)
#undef DRAUGHTS_INSTANTIATE

}  // namespace draughts::engine
