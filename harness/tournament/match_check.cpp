#include "harness/tournament/match_check.hpp"

#include "harness/tournament/match_report.hpp"
#include "harness/tournament/player_factory.hpp"
#include "rules/variant.hpp"

namespace draughts::harness {

Expected<MatchOpenings> load_match_openings(const MatchConfig& config) {
    const OpeningsConfig& o = config.openings;
    MatchOpenings openings;
    if (o.file.empty()) return openings;
    if (config.variant != rules::Variant::International)
        return make_error("openings: books of " + std::string(rules::variant_name(config.variant)) +
                          " are not supported yet; remove openings.file");
    BookLoadOptions options;
    options.format = o.format;
    options.pdn_plies = o.plies;
    const auto builtin = builtin_book_text(o.file);
    auto book =
        builtin ? OpeningBook::from_fen_text(*builtin, o.file) : OpeningBook::load(o.file, options);
    if (!book) return make_error("openings: " + book.error().message);
    if (book->empty()) return make_error("openings: " + o.file + " has no openings");
    openings.order.emplace(book->size(), o.order, o.seed.value_or(config.seed),
                           static_cast<std::size_t>(o.start % book->size()));
    openings.book = std::move(book).value();
    return openings;
}

Expected<MatchOpenings> check_match(const MatchConfig& config) {
    const auto engines = rules::dispatch_variant(config.variant, [&]<typename V>(V) {
        auto factory = BasicPlayerFactory<V>::create(config, nullptr, nullptr);
        return factory ? Expected<void>{} : Expected<void>{factory.error()};
    });
    if (!engines) return engines.error();
    if (auto ok = adjudication_options(config.adjudication); !ok)
        return make_error("adjudication: " + ok.error().message);
    if (auto sprt = make_sprt(config.sprt); !sprt) return sprt.error();
    return load_match_openings(config);
}

}  // namespace draughts::harness
