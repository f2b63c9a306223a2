#include "tuner/tune_config.hpp"

#include <yaml-cpp/yaml.h>

#include <cmath>

#include "common/text.hpp"
#include "config/config_document.hpp"
#include "config/yaml_section.hpp"
#include "tuner/parameter_selection.hpp"
#include "tuner/variant_engine.hpp"
#include "tuner/variant_key.hpp"

namespace draughts::tuner {

namespace {

using harness::YamlSection;

constexpr std::int64_t kMaxEpochs = 100'000'000;

/// "auto" or a positive number.
std::optional<double> read_k(YamlSection& root) {
    const std::string text = root.text("k", "auto");
    if (text == "auto") return std::nullopt;
    const auto value = parse_number<double>(text);
    if (!value || !std::isfinite(*value) || *value <= 0.0) {
        root.error("k", "expected auto or a positive number, got \"" + text + "\"");
        return std::nullopt;
    }
    return *value;
}

void read_adam(YamlSection section, AdamSettings& adam) {
    adam.beta1 = section.real("beta1", adam.beta1, 0.0, 0.999999);
    adam.beta2 = section.real("beta2", adam.beta2, 0.0, 0.99999999);
    adam.epsilon = section.real("epsilon", adam.epsilon, 1e-300, 1.0);
    section.finish();
}

void check_file(YamlSection& root, std::string_view key, const std::string& path) {
    std::error_code ec;
    if (!path.empty() && !std::filesystem::is_regular_file(path, ec))
        root.error(key, "no such file: " + path);
}

TuneConfig read_tune_config(YamlSection& root) {
    TuneConfig c;
    c.variant = read_variant_key(root);
    c.data = root.file_path("data");
    c.trace = root.file_path("trace");
    if (c.data.empty() && c.trace.empty())
        root.error("",
                   "the key 'data' (the data set file) or 'trace' (another engine's trace) "
                   "is required");
    if (!c.data.empty() && !c.trace.empty())
        root.error("trace", "give 'data' or 'trace', not both");
    check_file(root, "data", c.data);
    check_file(root, "trace", c.trace);
    c.start_weights = root.file_path("start_weights");
    check_file(root, "start_weights", c.start_weights);
    c.quiet_weights = root.file_path("quiet_weights");
    check_file(root, "quiet_weights", c.quiet_weights);
    c.cache = root.file_path("cache");
    c.output = root.file_path("output");
    c.weights_out = root.file_path("weights_out");
    c.threads = static_cast<int>(root.integer("threads", c.threads, 1, 1024));
    c.seed = root.unsigned_integer("seed", c.seed);
    c.holdout = root.real("holdout", c.holdout, 0.0, 0.9);
    c.loss = *parse_loss_kind(root.choice("loss", "mse", {"mse", "cross_entropy"}));
    c.k = read_k(root);
    c.score_weight = root.real("score_weight", c.score_weight, 0.0, 1.0);
    c.epochs = static_cast<int>(root.integer("epochs", c.epochs, 0, kMaxEpochs));
    c.batch_size = root.unsigned_integer("batch_size", c.batch_size);
    c.learning_rate = root.real("learning_rate", c.learning_rate, 1e-12, 1e9);
    c.learning_rate_decay = root.real("learning_rate_decay", c.learning_rate_decay, 1e-6, 1.0);
    c.l2 = root.real("l2", c.l2, 0.0, 1e9);
    read_adam(root.section("adam"), c.adam);
    c.freeze = root.text_list("freeze");
    // The names are checked against the layout of the variant's board (8x8 has fewer tables);
    // a trace's terms are known once it is read.
    const auto frozen = rules::dispatch_variant(
        c.variant, [&](auto policy) { return select_parameters<decltype(policy)>(c.freeze); });
    if (!frozen && c.trace.empty()) root.error("freeze", frozen.error().message);
    c.checkpoint_every =
        static_cast<int>(root.integer("checkpoint_every", c.checkpoint_every, 1, kMaxEpochs));
    c.early_stop = static_cast<int>(root.integer("early_stop", c.early_stop, 0, kMaxEpochs));
    if (c.early_stop > 0 && c.holdout == 0.0)
        root.error("early_stop", "needs a hold-out set to judge the epochs (holdout > 0)");
    root.finish();
    return c;
}

}  // namespace

bool operator==(const TuneConfig& a, const TuneConfig& b) {
    return a.variant == b.variant && a.data == b.data && a.trace == b.trace &&
           a.start_weights == b.start_weights && a.quiet_weights == b.quiet_weights &&
           a.cache == b.cache && a.output == b.output && a.weights_out == b.weights_out &&
           a.threads == b.threads && a.seed == b.seed && a.holdout == b.holdout &&
           a.loss == b.loss && a.k == b.k && a.score_weight == b.score_weight &&
           a.epochs == b.epochs && a.batch_size == b.batch_size &&
           a.learning_rate == b.learning_rate && a.learning_rate_decay == b.learning_rate_decay &&
           a.l2 == b.l2 && a.adam.beta1 == b.adam.beta1 && a.adam.beta2 == b.adam.beta2 &&
           a.adam.epsilon == b.adam.epsilon && a.freeze == b.freeze &&
           a.checkpoint_every == b.checkpoint_every && a.early_stop == b.early_stop;
}

Expected<TuneConfig> parse_tune_config(std::string_view yaml, std::string_view source,
                                       const std::filesystem::path& base_dir,
                                       const std::vector<harness::ConfigAssignment>& overrides) {
    return harness::read_config_document<TuneConfig>(yaml, source, base_dir, overrides,
                                                     read_tune_config);
}

Expected<TuneConfig> load_tune_config(const std::filesystem::path& file,
                                      const std::vector<harness::ConfigAssignment>& overrides) {
    const auto file_text = harness::read_config_file(file);
    if (!file_text) return file_text.error();
    return parse_tune_config(file_text->text, file.string(), file_text->base_dir, overrides);
}

std::string to_yaml(const TuneConfig& c) {
    YAML::Emitter out;
    out << YAML::BeginMap;
    const auto path = [&](const char* key, const std::string& value) {
        out << YAML::Key << key << YAML::Value << YAML::DoubleQuoted << value;
    };
    out << YAML::Key << "variant" << YAML::Value << std::string(rules::variant_name(c.variant));
    path("data", c.data);
    if (!c.trace.empty()) path("trace", c.trace);
    path("start_weights", c.start_weights);
    path("quiet_weights", c.quiet_weights);
    path("cache", c.cache);
    path("output", c.output);
    path("weights_out", c.weights_out);
    out << YAML::Key << "threads" << YAML::Value << c.threads;
    out << YAML::Key << "seed" << YAML::Value << c.seed;
    out << YAML::Key << "holdout" << YAML::Value << harness::yaml_number(c.holdout);
    out << YAML::Key << "loss" << YAML::Value << std::string(loss_kind_name(c.loss));
    out << YAML::Key << "k" << YAML::Value
        << (c.k ? harness::yaml_number(*c.k) : std::string("auto"));
    out << YAML::Key << "score_weight" << YAML::Value << harness::yaml_number(c.score_weight);
    out << YAML::Key << "epochs" << YAML::Value << c.epochs;
    out << YAML::Key << "batch_size" << YAML::Value << c.batch_size;
    out << YAML::Key << "learning_rate" << YAML::Value << harness::yaml_number(c.learning_rate);
    out << YAML::Key << "learning_rate_decay" << YAML::Value
        << harness::yaml_number(c.learning_rate_decay);
    out << YAML::Key << "l2" << YAML::Value << harness::yaml_number(c.l2);
    out << YAML::Key << "adam" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "beta1" << YAML::Value << harness::yaml_number(c.adam.beta1);
    out << YAML::Key << "beta2" << YAML::Value << harness::yaml_number(c.adam.beta2);
    out << YAML::Key << "epsilon" << YAML::Value << harness::yaml_number(c.adam.epsilon);
    out << YAML::EndMap;
    out << YAML::Key << "freeze" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const auto& name : c.freeze) out << name;
    out << YAML::EndSeq;
    out << YAML::Key << "checkpoint_every" << YAML::Value << c.checkpoint_every;
    out << YAML::Key << "early_stop" << YAML::Value << c.early_stop;
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

}  // namespace draughts::tuner
