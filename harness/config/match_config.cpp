#include "harness/config/match_config.hpp"

#include <algorithm>
#include <limits>
#include <variant>

#include "common/text.hpp"
#include "config/config_document.hpp"
#include "config/yaml_section.hpp"
#include "harness/openings/builtin_books.hpp"

namespace draughts::harness {

namespace {

constexpr std::int64_t kMaxGamesOrRounds = 1'000'000'000;

void read_tournament(YamlSection section, TournamentConfig& tournament) {
    tournament.type = section.choice("type", tournament.type, kTournamentTypeNames);
    tournament.games =
        static_cast<int>(section.integer("games", tournament.games, 2, kMaxGamesOrRounds));
    if (tournament.games % 2 != 0)
        section.error("games", "must be even: games are played in pairs with colours swapped");
    tournament.rounds =
        static_cast<int>(section.integer("rounds", tournament.rounds, 1, kMaxGamesOrRounds));
    section.finish();
}

void read_openings_section(YamlSection section, OpeningsConfig& openings) {
    const auto file = section.optional_text("file");
    if (file && is_builtin_book(*file)) {
        openings.file = *file;
        if (!builtin_book_text(openings.file))
            section.error("file", "no built-in book '" + openings.file + "' (there are " +
                                      std::string(kDefaultBook) + " and " +
                                      std::string(kInitialPositionBook) + ")");
    } else if (file) {
        openings.file = file->empty() ? *file : section.file_path("file");
        std::error_code ec;
        if (!openings.file.empty() && !std::filesystem::is_regular_file(openings.file, ec))
            section.error("file", "no such file: " + openings.file);
    }
    openings.format = section.choice("format", openings.format, kBookFormatNames);
    openings.plies = static_cast<int>(section.integer("plies", openings.plies, 0, 400));
    openings.order = section.choice("order", openings.order, kBookOrderNames);
    openings.seed = section.optional_unsigned("seed");
    openings.start = section.unsigned_integer("start", openings.start);
    section.finish();
}

void read_sprt_section(YamlSection section, SprtConfig& sprt) {
    sprt.enabled = section.boolean("enabled", sprt.enabled);
    sprt.elo0 = section.real("elo0", sprt.elo0, -1000.0, 1000.0);
    sprt.elo1 = section.real("elo1", sprt.elo1, -1000.0, 1000.0);
    sprt.alpha = section.real("alpha", sprt.alpha, 1e-9, 0.5);
    sprt.beta = section.real("beta", sprt.beta, 1e-9, 0.5);
    sprt.model = section.choice("model", sprt.model, kSprtModelNames);
    if (sprt.elo0 >= sprt.elo1) section.error("elo1", "must be above elo0");
    section.finish();
}

/// Checks that need several keys at once.
void check_whole(YamlSection& root, const MatchConfig& config) {
    const std::size_t n = config.engines.size();
    switch (config.tournament.type) {
        case TournamentType::HeadToHead:
            if (n != 2)
                root.error("engines", "a head-to-head match needs exactly 2 engines, got " +
                                          std::to_string(n));
            break;
        case TournamentType::Gauntlet:
        case TournamentType::RoundRobin:
            if (n < 2)
                root.error("engines",
                           "a " + std::string(tournament_type_name(config.tournament.type)) +
                               " needs at least 2 engines, got " + std::to_string(n));
            break;
    }
    // Runs keep a list of their pairs; beyond this, split the match into shards (openings.start).
    constexpr double kMaxGames = 1e8;
    const double encounters = config.tournament.type == TournamentType::RoundRobin
                                  ? static_cast<double>(n) * static_cast<double>(n - 1) / 2.0
                                  : static_cast<double>(n > 1 ? n - 1 : 0);
    const double games = encounters * config.tournament.games * config.tournament.rounds;
    if (games > kMaxGames)
        root.error("tournament",
                   "more than 100000000 games in one run; split the match into "
                   "shards (openings.start) and merge them");
    if (config.sprt.enabled && config.tournament.type != TournamentType::HeadToHead)
        root.error("sprt", "an SPRT needs a head-to-head match (two engines)");
    for (const EngineConfig& e : config.engines) {
        if (const auto problem = concurrency_problem(e, config.concurrency))
            root.error("concurrency", *problem);
    }
}

/// The `variant:` key: a name of rules::parse_variant; the message lists the names, nearest first.
rules::Variant read_variant_key(YamlSection& root) {
    const std::string name = root.text("variant", "international");
    if (const auto variant = rules::parse_variant(name)) return *variant;
    std::vector<std::string_view> names;
    for (const rules::Variant v : rules::kAllVariants) names.push_back(rules::variant_name(v));
    std::stable_sort(names.begin(), names.end(), [&](std::string_view a, std::string_view b) {
        return edit_distance(name, a) < edit_distance(name, b);
    });
    std::string list;
    for (const std::string_view n : names) list += (list.empty() ? "" : ", ") + std::string(n);
    root.error("variant", "unknown variant '" + name + "' (did you mean '" +
                              std::string(names.front()) + "'? known: " + list + ")");
    return rules::Variant::International;
}

/// What only international draughts has: DXP (its positions and moves are the FMJD game's) and the
/// endgame databases.
void check_variant(YamlSection& root, const MatchConfig& config) {
    if (config.variant == rules::Variant::International) return;
    const std::string variant(rules::variant_name(config.variant));
    for (const EngineConfig& e : config.engines) {
        if (std::holds_alternative<DxpEngine>(e.spec))
            root.error("engines", "engine '" + e.name +
                                      "': DXP carries international draughts only, so "
                                      "a dxp engine cannot play " +
                                      variant + " (variant: " + variant + ")");
    }
    if (!config.adjudication.egdb_path.empty())
        root.error("adjudication",
                   "egdb: the endgame databases are international only; remove "
                   "adjudication.egdb for variant: " +
                       variant);
}

/// `name` with every character that does not belong in a folder name replaced by '-'.
std::string folder_word(std::string_view name) {
    std::string out;
    for (const char c : name) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                           (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
        out += plain ? c : '-';
    }
    return out.empty() || out == "." || out == ".." ? "engine" : out;
}

MatchConfig read_config(YamlSection& root) {
    MatchConfig config;
    config.variant = read_variant_key(root);
    // The built-in books are international: other variants start from their initial position
    // unless a book of theirs is named.
    if (config.variant != rules::Variant::International) config.openings.file.clear();
    const bool event_given = root.has("event");
    config.event = root.text("event", config.event);
    if (config.event.empty() || config.event.find_first_of("\n\r\"/") != std::string::npos)
        root.error("event", "must be a non-empty name without quotes, '/' or line breaks");
    config.site = root.text("site", config.site);
    config.seed = root.unsigned_integer("seed", config.seed);
    config.concurrency = static_cast<int>(root.integer("concurrency", config.concurrency, 1, 1024));
    config.output = root.file_path("output");
    config.time_control = read_time_control(root, "time_control", config.time_control);
    config.time_margin = root.real("time_margin", config.time_margin, 0.0, 86400.0);
    config.move_cap = root.real("move_cap", config.move_cap, 0.001, 86400.0);
    config.latency_compensation =
        root.real("latency_compensation", config.latency_compensation, 0.0, 1.0);
    config.log_protocol = root.boolean("log_protocol", config.log_protocol);
    config.strict = root.boolean("strict", config.strict);
    read_tournament(root.section("tournament"), config.tournament);
    read_openings_section(root.section("openings"), config.openings);
    read_adjudication(root.section("adjudication"), config.adjudication);
    read_sprt_section(root.section("sprt"), config.sprt);
    config.engines = read_engines(root);
    if (!event_given) {
        std::vector<std::string> names;
        for (const EngineConfig& e : config.engines) names.push_back(e.name);
        config.event = default_event_name(names);
    }
    // config.yaml of a results folder ends with the run's provenance (read by read_provenance
    // in harness/tournament/provenance.hpp). It is not configuration, so a configuration copied
    // from a results folder plays as a new run with provenance of its own.
    (void)root.section("provenance");
    check_whole(root, config);
    check_variant(root, config);
    root.finish();
    return config;
}

}  // namespace

std::string default_event_name(const std::vector<std::string>& engine_names) {
    if (engine_names.empty()) return "match";
    if (engine_names.size() > 3)
        return folder_word(engine_names.front()) + "-vs-" +
               std::to_string(engine_names.size() - 1) + "-engines";
    std::string out;
    for (const std::string& name : engine_names)
        out += (out.empty() ? "" : "-vs-") + folder_word(name);
    return out;
}

void read_openings(YamlSection section, OpeningsConfig& openings) {
    read_openings_section(std::move(section), openings);
}

void read_sprt(YamlSection section, SprtConfig& sprt) {
    read_sprt_section(std::move(section), sprt);
}

rules::Variant read_variant(YamlSection& root) { return read_variant_key(root); }

Expected<MatchConfig> parse_match_config(std::string_view yaml, std::string_view source,
                                         const std::filesystem::path& base_dir,
                                         const std::vector<ConfigAssignment>& overrides) {
    return read_config_document<MatchConfig>(yaml, source, base_dir, overrides, read_config);
}

Expected<MatchConfig> load_match_config(const std::filesystem::path& file,
                                        const std::vector<ConfigAssignment>& overrides) {
    const auto file_text = read_config_file(file);
    if (!file_text) return file_text.error();
    return parse_match_config(file_text->text, file.string(), file_text->base_dir, overrides);
}

}  // namespace draughts::harness
