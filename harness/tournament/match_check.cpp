#include "harness/tournament/match_check.hpp"

#include "harness/openings/builtin_books.hpp"
#include "harness/tournament/match_report.hpp"
#include "harness/tournament/player_factory.hpp"
#include "rules/variant.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

template <typename V>
Expected<std::optional<BasicOpeningBook<V>>> load_variant_book(const MatchConfig& config) {
    const OpeningsConfig& o = config.openings;
    if (o.file.empty()) return std::optional<BasicOpeningBook<V>>{};
    BookLoadOptions options;
    options.format = o.format;
    options.pdn_plies = o.plies;
    const auto builtin = builtin_book_text(o.file);
    if (builtin && !std::is_same_v<V, rules::International>)
        return make_error("openings: " + o.file + " is a 10x10 book; give a book of " +
                          std::string(V::kName) + " (e.g. made by draughts book --variant " +
                          std::string(V::kName) + ")");
    auto book = builtin ? BasicOpeningBook<V>::from_fen_text(*builtin, o.file)
                        : BasicOpeningBook<V>::load(o.file, options);
    if (!book) return make_error("openings: " + book.error().message);
    if (book->empty()) return make_error("openings: " + o.file + " has no openings");
    return std::optional<BasicOpeningBook<V>>(std::move(book).value());
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_LOAD_VARIANT_BOOK(V)                                             \
    template Expected<std::optional<BasicOpeningBook<rules::V>>> load_variant_book<rules::V>( \
        const MatchConfig& config);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_LOAD_VARIANT_BOOK)
#undef DRAUGHTS_INSTANTIATE_LOAD_VARIANT_BOOK

Expected<MatchOpenings> load_match_openings(const MatchConfig& config) {
    const OpeningsConfig& o = config.openings;
    MatchOpenings openings;
    auto book = load_variant_book<rules::International>(config);
    if (!book) return book.error();
    if (!*book) return openings;
    openings.order.emplace((*book)->size(), o.order, o.seed.value_or(config.seed),
                           static_cast<std::size_t>(o.start % (*book)->size()));
    openings.book = std::move(**book);
    return openings;
}

Expected<MatchOpenings> check_match(const MatchConfig& config) {
    std::size_t book_size = 0;  // of a 64-square variant's book
    const auto engines = rules::dispatch_variant(config.variant, [&]<typename V>(V) {
        auto factory = BasicPlayerFactory<V>::create(config, nullptr, nullptr);
        if (!factory) return Expected<void>{factory.error()};
        if constexpr (!std::is_same_v<V, rules::International>) {
            auto book = load_variant_book<V>(config);
            if (!book) return Expected<void>{book.error()};
            if (*book) book_size = (*book)->size();
        }
        return Expected<void>{};
    });
    if (!engines) return engines.error();
    if (auto ok = adjudication_options(config.adjudication); !ok)
        return make_error("adjudication: " + ok.error().message);
    if (auto sprt = make_sprt(config.sprt); !sprt) return sprt.error();
    if (config.variant != rules::Variant::International) {
        MatchOpenings openings;
        openings.book_size = book_size;
        return openings;
    }
    auto openings = load_match_openings(config);
    if (openings && openings->book) openings->book_size = openings->book->size();
    return openings;
}

}  // namespace draughts::harness
