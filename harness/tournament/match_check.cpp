#include "harness/tournament/match_check.hpp"

#include "harness/tournament/match_report.hpp"
#include "harness/tournament/player_factory.hpp"

namespace draughts::harness {

Expected<MatchOpenings> load_match_openings(const MatchConfig& config) {
    const OpeningsConfig& o = config.openings;
    MatchOpenings openings;
    if (o.file.empty()) return openings;
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
    if (auto factory = PlayerFactory::create(config, nullptr, nullptr); !factory)
        return factory.error();
    if (auto ok = adjudication_options(config.adjudication); !ok)
        return make_error("adjudication: " + ok.error().message);
    if (auto sprt = make_sprt(config.sprt); !sprt) return sprt.error();
    return load_match_openings(config);
}

}  // namespace draughts::harness
