// The text form of data sets: `FEN RESULT [ply=N] [score=S]` per line (see dataset.hpp).

#include <limits>
#include <string>

#include "common/text.hpp"
#include "rules/fen.hpp"
#include "tuner/dataset.hpp"

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

/// Reads an optional `key=value` field into the sample.
Expected<void> read_option(std::string_view field, Sample& sample) {
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

Expected<Sample> parse_line(std::string_view line) {
    Sample sample;
    const std::string_view fen = next_field(line);
    const auto position = rules::parse_fen(fen);
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

}  // namespace

Expected<Dataset> parse_text_share(std::string_view text, std::string_view source,
                                   DatasetShare share) {
    Dataset out;
    std::size_t line_number = 0;
    while (!text.empty()) {
        const auto end = std::min(text.find('\n'), text.size());
        std::string_view line = text.substr(0, end);
        text.remove_prefix(std::min(end + 1, text.size()));
        ++line_number;
        const std::string_view content = trim(line);
        if (content.empty() || content.front() == '#') continue;
        auto sample = parse_line(line);
        if (!sample)
            return make_error(std::string(source) + ":" + std::to_string(line_number) + ": " +
                              sample.error().message);
        const std::uint64_t number = out.file_samples++;
        if (!share.keeps(number)) continue;
        out.samples.push_back(*sample);
        if (!share.whole()) out.numbers.push_back(number);
    }
    return out;
}

Expected<std::vector<Sample>> parse_text_dataset(std::string_view text, std::string_view source) {
    auto dataset = parse_text_share(text, source, {});
    if (!dataset) return dataset.error();
    return std::move(dataset->samples);
}

std::string format_text_sample(const Sample& sample) {
    std::string line = rules::to_fen(sample.position);
    line += ' ';
    line += format_outcome(sample.result);
    if (sample.ply) line += " ply=" + std::to_string(*sample.ply);
    if (sample.score) line += " score=" + std::to_string(*sample.score);
    return line;
}

}  // namespace draughts::tuner
