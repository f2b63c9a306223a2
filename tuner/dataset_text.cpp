// The text form of data sets: an optional `# variant: NAME` line, then `FEN RESULT [ply=N]
// [score=S]` per line (see dataset.hpp).

#include <limits>
#include <optional>
#include <string>

#include "common/text.hpp"
#include "rules/fen.hpp"
#include "tuner/dataset.hpp"
#include "tuner/release_behind.hpp"

namespace draughts::tuner {

namespace {

/// Splits off the next whitespace-separated field of `rest`; empty at the end of the line.
std::string_view next_field(std::string_view& rest) {
    const auto begin = rest.find_first_not_of(kBlanks);
    if (begin == std::string_view::npos) {
        rest = {};
        return {};
    }
    rest.remove_prefix(begin);
    const auto end = std::min(rest.find_first_of(kBlanks), rest.size());
    const std::string_view field = rest.substr(0, end);
    rest.remove_prefix(end);
    return field;
}

Expected<int> parse_int(std::string_view text, long long min, long long max) {
    const auto value = parse_number<long long>(text);
    if (!value) return make_error(std::string(text).insert(0, 1, '\'') + "' is not an integer");
    if (*value < min || *value > max)
        return make_error(std::string(text) + " is outside " + std::to_string(min) + ".." +
                          std::to_string(max));
    return static_cast<int>(*value);
}

constexpr std::string_view kVariantKey = "variant:";

/// Reads an optional `key=value` field into the sample.
template <typename V>
Expected<void> read_option(std::string_view field, BasicSample<V>& sample) {
    const auto equals = field.find('=');
    if (equals == std::string_view::npos)
        return make_error("unexpected field '" + std::string(field) +
                          "' (optional fields are ply=N and score=S)");
    const std::string_view key = field.substr(0, equals);
    const std::string_view value = field.substr(equals + 1);
    if (key == "ply") {
        if (sample.ply) return make_error("ply given twice");
        const auto ply = parse_int(value, 0, 65534);
        if (!ply) return make_error("ply: " + ply.error().message);
        sample.ply = *ply;
    } else if (key == "score") {
        if (sample.score) return make_error("score given twice");
        const auto score = parse_int(value, -std::numeric_limits<std::int32_t>::max(),
                                     std::numeric_limits<std::int32_t>::max());
        if (!score) return make_error("score: " + score.error().message);
        sample.score = *score;
    } else {
        return make_error("unknown field '" + std::string(key) +
                          "' (optional fields are ply=N and score=S)");
    }
    return {};
}

template <typename V>
Expected<BasicSample<V>> parse_line(std::string_view line) {
    BasicSample<V> sample;
    const std::string_view fen = next_field(line);
    const auto position = rules::parse_fen<V>(fen);
    if (!position) return position.error();
    sample.position = *position;
    const std::string_view result = next_field(line);
    if (result.empty()) return make_error("missing result after the FEN");
    const auto outcome = parse_outcome(result);
    if (!outcome) return outcome.error();
    sample.result = *outcome;
    for (std::string_view field = next_field(line); !field.empty(); field = next_field(line))
        if (auto ok = read_option(field, sample); !ok) return ok.error();
    return sample;
}

/// The name a `# variant: NAME` comment line gives, or nullopt for any other line.
std::optional<std::string_view> variant_comment(std::string_view content) {
    if (content.empty() || content.front() != '#') return std::nullopt;
    const std::string_view rest = trim(content.substr(1));
    if (!rest.starts_with(kVariantKey)) return std::nullopt;
    return trim(rest.substr(kVariantKey.size()));
}

/// Reads the variant declared by `content` (a `# variant:` line) into `declared`.
Expected<void> read_variant_line(std::string_view name, std::optional<rules::Variant>& declared) {
    if (declared) return make_error("the variant is declared twice");
    const auto variant = rules::parse_variant(name);
    if (!variant) return make_error("unknown variant '" + std::string(name) + "'");
    declared = *variant;
    return {};
}

/// The text form's lines one by one, with their numbers.
class LineReader {
  public:
    explicit LineReader(std::string_view text) : text_(text) {}

    /// The next line, or nullopt at the end.
    std::optional<std::string_view> next() {
        if (text_.empty()) return std::nullopt;
        const auto end = std::min(text_.find('\n'), text_.size());
        const std::string_view line = text_.substr(0, end);
        text_.remove_prefix(std::min(end + 1, text_.size()));
        ++number_;
        return line;
    }
    std::size_t number() const { return number_; }

  private:
    std::string_view text_;
    std::size_t number_ = 0;
};

std::string at_line(std::string_view source, std::size_t line) {
    return std::string(source) + ":" + std::to_string(line) + ": ";
}

}  // namespace

Expected<rules::Variant> text_dataset_variant(std::string_view text, std::string_view source) {
    LineReader lines(text);
    std::optional<rules::Variant> declared;
    while (const auto line = lines.next()) {
        const std::string_view content = trim(*line);
        if (content.empty()) continue;
        if (content.front() != '#') break;  // the first sample: the header is over
        if (const auto name = variant_comment(content))
            if (auto ok = read_variant_line(*name, declared); !ok)
                return make_error(at_line(source, lines.number()) + ok.error().message);
    }
    return declared.value_or(rules::Variant::International);
}

namespace {

/// True for the lines that hold a sample (not blank, not a comment).
bool is_sample_line(std::string_view line) {
    const auto first = line.find_first_not_of(kBlanks);
    return first != std::string_view::npos && line[first] != '#';
}

/// Where a share of a text lies: its bytes, the lines and samples before it, and the file's
/// samples. A share starts at the line of its first sample (the first share at the top of the
/// file) and ends where the next share starts (the last one at the end of the file).
struct TextSlice {
    std::size_t begin = 0;
    std::size_t end = 0;
    std::size_t lines_before = 0;
    std::uint64_t samples_before = 0;
    std::uint64_t samples = 0;
};

/// Calls `visit(line, offset)` for every line, handing the scanned bytes to `scanned` window by
/// window; stops early when `visit` returns false.
template <typename Visit>
void scan_lines(std::string_view text, const ScannedBytes& scanned, Visit visit) {
    ReleaseBehind behind(text, 0, scanned);
    LineReader lines(text);
    std::size_t offset = 0;
    while (const auto line = lines.next()) {
        const std::size_t at = offset;
        offset += line->size() + 1;
        if (!visit(*line, at)) break;
        behind.reached(offset);
    }
    behind.finish(offset);
}

/// Finds the slice of `share` in two passes: the samples in the file, then the share's bounds.
TextSlice find_slice(std::string_view text, DatasetShare share, const ScannedBytes& scanned) {
    TextSlice slice;
    scan_lines(text, scanned, [&](std::string_view line, std::size_t) {
        if (is_sample_line(line)) ++slice.samples;
        return true;
    });
    const std::uint64_t first = share.begin(slice.samples);
    const std::uint64_t after = share.end(slice.samples);
    slice.end = text.size();
    std::uint64_t sample = 0;
    std::size_t line_number = 0;
    scan_lines(text, scanned, [&](std::string_view line, std::size_t offset) {
        if (is_sample_line(line)) {
            if (sample == first && first > 0) {
                slice.begin = offset;
                slice.lines_before = line_number;
                slice.samples_before = first;
            }
            if (sample == after && after < slice.samples) {
                slice.end = offset;
                return false;
            }
            ++sample;
        }
        ++line_number;
        return true;
    });
    return slice;
}

/// Parses the lines of `slice` into `out`, keeping every sample (numbered from the slice's first
/// sample when `numbered`).
template <typename V>
Expected<void> parse_slice(std::string_view text, std::string_view source, const TextSlice& slice,
                           bool numbered, const ScannedBytes& scanned, BasicDataset<V>& out) {
    ReleaseBehind behind(text, slice.begin, scanned);
    LineReader lines(text.substr(slice.begin, slice.end - slice.begin));
    std::size_t offset = slice.begin;
    std::uint64_t number = slice.samples_before;
    while (const auto line = lines.next()) {
        offset += line->size() + 1;
        behind.reached(offset);
        const std::size_t line_number = slice.lines_before + lines.number();
        const std::string_view content = trim(*line);
        if (content.empty() || content.front() == '#') {
            if (variant_comment(content) && number > 0)
                return make_error(at_line(source, line_number) +
                                  "the variant must be declared before the first sample");
            continue;
        }
        auto sample = parse_line<V>(*line);
        if (!sample) return make_error(at_line(source, line_number) + sample.error().message);
        out.samples.push_back(*sample);
        if (numbered) out.numbers.push_back(number);
        ++number;
    }
    behind.finish(offset);
    return {};
}

}  // namespace

template <typename V>
Expected<BasicDataset<V>> parse_text_share(std::string_view text, std::string_view source,
                                           DatasetShare share, const ScannedBytes& scanned) {
    const auto variant = text_dataset_variant(text, source);
    if (!variant) return variant.error();
    if (*variant != variant_of<V>()) return variant_mismatch(source, *variant, variant_of<V>());
    BasicDataset<V> out;
    TextSlice slice;
    slice.end = text.size();
    if (!share.whole()) {
        slice = find_slice(text, share, scanned);
        out.numbers.reserve(share.end(slice.samples) - share.begin(slice.samples));
        out.samples.reserve(out.numbers.capacity());
    } else {
        // Counted first, so that the samples are allocated once (see resolve_dataset).
        std::size_t samples = 0;
        scan_lines(text, {}, [&](std::string_view line, std::size_t) {
            if (is_sample_line(line)) ++samples;
            return true;
        });
        out.samples.reserve(samples);
    }
    if (auto ok = parse_slice(text, source, slice, !share.whole(), scanned, out); !ok)
        return ok.error();
    out.file_samples = share.whole() ? out.samples.size() : slice.samples;
    return out;
}

template <typename V>
Expected<std::vector<BasicSample<V>>> parse_text_dataset(std::string_view text,
                                                         std::string_view source) {
    auto dataset = parse_text_share<V>(text, source, {});
    if (!dataset) return dataset.error();
    return std::move(dataset->samples);
}

std::string text_variant_line(rules::Variant variant) {
    if (variant == rules::Variant::International) return {};
    return "# variant: " + std::string(rules::variant_name(variant)) + "\n";
}

template <typename V>
std::string format_text_sample(const BasicSample<V>& sample) {
    std::string line = rules::to_fen(sample.position);
    line += ' ';
    line += format_outcome(sample.result);
    if (sample.ply) line += " ply=" + std::to_string(*sample.ply);
    if (sample.score) line += " score=" + std::to_string(*sample.score);
    return line;
}

#define DRAUGHTS_TUNER_TEXT_FORM(Policy)                                                          \
    template Expected<BasicDataset<rules::Policy>> parse_text_share<rules::Policy>(               \
        std::string_view, std::string_view, DatasetShare, const ScannedBytes&);                   \
    template Expected<std::vector<BasicSample<rules::Policy>>> parse_text_dataset<rules::Policy>( \
        std::string_view, std::string_view);                                                      \
    template std::string format_text_sample(const BasicSample<rules::Policy>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_TUNER_TEXT_FORM)
#undef DRAUGHTS_TUNER_TEXT_FORM

}  // namespace draughts::tuner
