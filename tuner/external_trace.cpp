#include "tuner/external_trace.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "common/file_io.hpp"
#include "common/text.hpp"
#include "engine/evaluate.hpp"
#include "tuner/sample.hpp"

namespace draughts::tuner {

namespace {

constexpr int kScale = engine::kPhaseScale;
constexpr int kMaxPhases = 1'000'000;
constexpr std::size_t kMaxTerms = 1'000'000;

/// Cuts a line into its words (runs of blanks separate them).
std::vector<std::string_view> words_of(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t at = 0;
    while (at < line.size()) {
        const std::size_t start = line.find_first_not_of(" \t", at);
        if (start == std::string_view::npos) break;
        const std::size_t end = std::min(line.find_first_of(" \t", start), line.size());
        out.push_back(line.substr(start, end - start));
        at = end;
    }
    return out;
}

/// The reader of one trace text, line by line.
class TraceReader {
  public:
    TraceReader(std::string_view text, std::string_view source) : text_(text), source_(source) {}

    Expected<ExternalTrace> read() {
        if (!text_.empty() && text_.back() != '\n') {
            const auto lines = std::count(text_.begin(), text_.end(), '\n') + 1;
            return make_error(fmt::format(
                "{}:{}: the last line has no line end (the file is truncated?)", source_, lines));
        }
        auto header = next_line();
        if (!header || *header != kTraceMagic)
            return fail("expected the first line '" + std::string(kTraceMagic) + "'");
        if (auto ok = read_header(); !ok) return ok.error();
        std::size_t positions = 0;
        while (auto line = next_line()) {
            if (auto ok = read_position(*line); !ok) return ok.error();
            ++positions;
        }
        if (announced_ && positions != *announced_)
            return make_error(
                fmt::format("{}: {} positions announced (line {}), {} found: the "
                            "file is truncated or has lines too many",
                            source_, *announced_, announced_line_, positions));
        if (positions == 0) return make_error(std::string(source_) + ": no positions");
        return std::move(trace_);
    }

  private:
    Error fail(const std::string& what) const {
        return make_error(fmt::format("{}:{}: {}", source_, line_number_, what));
    }

    /// The next line that is not blank or a comment; nullopt at the end.
    std::optional<std::string_view> next_line() {
        while (at_ < text_.size()) {
            const std::size_t end = std::min(text_.find('\n', at_), text_.size());
            const std::string_view line = trim(text_.substr(at_, end - at_));
            at_ = end + 1;
            ++line_number_;
            if (line.empty() || line.front() == '#') continue;
            return line;
        }
        return std::nullopt;
    }

    Expected<void> read_header() {
        auto line = next_line();
        auto words = line ? words_of(*line) : std::vector<std::string_view>{};
        if (!words.empty() && words[0] == "tapered") {
            const auto phases = words.size() == 2 ? parse_number<int>(words[1]) : std::nullopt;
            if (!phases || *phases < 1 || *phases > kMaxPhases)
                return fail("expected 'tapered PHASES' with PHASES a whole number from 1");
            trace_.phases = *phases;
            line = next_line();
            words = line ? words_of(*line) : std::vector<std::string_view>{};
        }
        const auto count = words.size() == 2 && words[0] == "terms"
                               ? parse_number<std::size_t>(words[1])
                               : std::nullopt;
        if (!count || *count == 0 || *count > kMaxTerms)
            return fail("expected 'terms N' with N the number of terms (1 or more)");
        for (std::size_t t = 0; t < *count; ++t)
            if (auto ok = read_term(t, *count); !ok) return ok;
        trace_.store = CoefficientStore::for_parameters(trace_.parameter_count());
        // An optional count of positions, then the positions.
        const std::size_t mark = at_;
        const int mark_line = line_number_;
        if (const auto next = next_line()) {
            const auto w = words_of(*next);
            if (!w.empty() && w[0] == "positions") {
                const auto n = w.size() == 2 ? parse_number<std::size_t>(w[1]) : std::nullopt;
                if (!n) return fail("expected 'positions N'");
                announced_ = *n;
                announced_line_ = line_number_;
                return {};
            }
        }
        at_ = mark;
        line_number_ = mark_line;
        return {};
    }

    Expected<void> read_term(std::size_t t, std::size_t count) {
        const auto line = next_line();
        const auto words = line ? words_of(*line) : std::vector<std::string_view>{};
        if (words.empty() || words[0] != "term" || words.size() < 2)
            return fail(fmt::format("expected term {} of {} ('term NAME [WEIGHT]')", t + 1, count));
        const std::string name(words[1]);
        if (parse_number<std::size_t>(name) || name.find(':') != std::string::npos)
            return fail(fmt::format("term '{}': a name is not a number and has no ':'", name));
        if (!names_.emplace(name, t).second)
            return fail(fmt::format("term '{}' is named twice", name));
        const std::size_t weights = trace_.phases ? 2 : 1;
        if (words.size() > 2 + weights)
            return fail(fmt::format("term '{}': at most {} weight(s)", name, weights));
        for (std::size_t w = 0; w < weights; ++w) {
            double value = 0.0;
            if (2 + w < words.size()) {
                const auto parsed = parse_number<double>(words[2 + w], PlusSign::Allowed);
                if (!parsed || !std::isfinite(*parsed))
                    return fail(fmt::format("term '{}': '{}' is not a number", name, words[2 + w]));
                value = *parsed;
            }
            trace_.start.push_back(value);
        }
        trace_.terms.push_back(name);
        return {};
    }

    /// The term of `key`: an index or a name.
    Expected<std::size_t> term_of(std::string_view key) const {
        if (const auto index = parse_number<std::size_t>(key)) {
            if (*index < trace_.terms.size()) return *index;
            return fail(fmt::format("unknown term {} (the header names {} terms, 0 .. {})", *index,
                                    trace_.terms.size(), trace_.terms.size() - 1));
        }
        const auto found = names_.find(std::string(key));
        if (found == names_.end()) return fail(fmt::format("unknown term '{}'", key));
        return found->second;
    }

    Expected<void> read_position(std::string_view line) {
        const auto words = words_of(line);
        const auto result = parse_outcome(words[0]);
        if (!result) return fail(result.error().message);
        std::optional<double> phase;
        std::optional<double> score;
        std::map<std::size_t, double> values;  // by term, summed
        for (std::size_t i = 1; i < words.size(); ++i) {
            const std::string_view w = words[i];
            if (w.starts_with("phase=")) {
                phase = parse_number<double>(w.substr(6));
                if (!phase || !trace_.phases || *phase < 0 || *phase > *trace_.phases)
                    return fail(trace_.phases
                                    ? fmt::format("'{}': the phase runs 0 .. {}", w, *trace_.phases)
                                    : std::string("a phase, but the trace is not "
                                                  "tapered (no 'tapered' line)"));
                continue;
            }
            if (w.starts_with("score=")) {
                score = parse_number<double>(w.substr(6), PlusSign::Allowed);
                if (!score || !std::isfinite(*score))
                    return fail(fmt::format("'{}' is not a score", w));
                continue;
            }
            const std::size_t colon = w.find(':');
            if (colon == std::string_view::npos)
                return fail(fmt::format("'{}' is not TERM:VALUE", w));
            const auto term = term_of(w.substr(0, colon));
            if (!term) return term.error();
            const auto value = parse_number<double>(w.substr(colon + 1), PlusSign::Allowed);
            if (!value || !std::isfinite(*value))
                return fail(fmt::format("'{}': the value is not a number", w));
            values[*term] += *value;
        }
        if (trace_.phases && !phase) return fail("a tapered trace needs phase=P on every position");
        if (!score && trace_.first_unscored_line == 0) trace_.first_unscored_line = line_number_;
        std::vector<engine::EvalCoefficient> coefficients;
        const double share = trace_.phases ? *phase / *trace_.phases : 1.0;
        for (const auto& entry : values) {
            // Named copies, not a structured binding: clang 14 (the asan preset) refuses a
            // lambda that captures one.
            const std::size_t term = entry.first;
            const double value = entry.second;
            const auto add = [&](std::size_t index, double coefficient) -> Expected<void> {
                const double scaled = std::round(coefficient * kScale);
                if (scaled == 0) return {};
                if (std::abs(scaled) > trace_.store.packing().max_value())
                    return fail(fmt::format("term '{}': the value {} is too large",
                                            trace_.terms[term], value));
                coefficients.push_back(
                    {static_cast<std::uint32_t>(index), static_cast<std::int32_t>(scaled)});
                return {};
            };
            if (trace_.phases) {
                if (auto ok = add(2 * term, value * share); !ok) return ok;
                if (auto ok = add(2 * term + 1, value * (1.0 - share)); !ok) return ok;
            } else if (auto ok = add(term, value); !ok) {
                return ok;
            }
        }
        const int stored_phase = static_cast<int>(std::lround(share * kScale));
        if (auto ok = trace_.store.append(coefficients, stored_phase, *result, score); !ok)
            return fail(ok.error().message);
        return {};
    }

    std::string_view text_;
    std::string_view source_;
    std::size_t at_ = 0;
    int line_number_ = 0;
    ExternalTrace trace_;
    std::map<std::string, std::size_t> names_;
    std::optional<std::size_t> announced_;
    int announced_line_ = 0;
};

}  // namespace

std::string ExternalTrace::parameter_name(std::size_t index) const {
    if (!phases) return terms[index];
    return terms[index / 2] + (index % 2 == 0 ? ".mg" : ".eg");
}

bool is_trace_text(std::string_view text) {
    return text.substr(0, text.find('\n')) == kTraceMagic ||
           trim(text.substr(0, text.find('\n'))) == kTraceMagic;
}

Expected<ExternalTrace> parse_trace(std::string_view text, std::string_view source) {
    return TraceReader(text, source).read();
}

Expected<ExternalTrace> load_trace(const std::filesystem::path& path) {
    auto text = read_whole_file(path);
    if (!text) return text.error();
    return parse_trace(*text, path.string());
}

std::string format_named_weights(const ExternalTrace& trace, const std::vector<double>& weights,
                                 std::string_view comment) {
    std::string out;
    for (const std::string_view line : split(comment, '\n'))
        if (!line.empty()) out += fmt::format("# {}\n", line);
    for (std::size_t t = 0; t < trace.terms.size(); ++t) {
        if (trace.phases)
            out += fmt::format("{}: {{mg: {:.6g}, eg: {:.6g}}}\n", trace.terms[t], weights[2 * t],
                               weights[2 * t + 1]);
        else
            out += fmt::format("{}: {:.6g}\n", trace.terms[t], weights[t]);
    }
    return out;
}

}  // namespace draughts::tuner
