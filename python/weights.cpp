#include "python/weights.hpp"

#include "engine/builtin_weights.hpp"
#include "engine/weights_file.hpp"
#include "python/errors.hpp"

namespace draughts::python {

namespace {

/// Weights made by `make(policy tag)` for the variant chosen at run time.
template <typename F>
Weights make_weights(rules::Variant variant, F make) {
    return rules::dispatch_variant(variant, [&](auto policy) { return Weights(make(policy)); });
}

}  // namespace

Weights Weights::builtin(rules::Variant variant) {
    return make_weights(variant,
                        [](auto policy) { return engine::builtin_weights<decltype(policy)>(); });
}

Weights Weights::defaults(rules::Variant variant) {
    return make_weights(variant,
                        [](auto policy) { return engine::BasicEvalWeights<decltype(policy)>(); });
}

Weights Weights::zero(rules::Variant variant) {
    return make_weights(
        variant, [](auto policy) { return engine::BasicEvalWeights<decltype(policy)>::zero(); });
}

Weights Weights::material_only(rules::Variant variant) {
    return make_weights(variant, [](auto policy) {
        return engine::BasicEvalWeights<decltype(policy)>::material_only();
    });
}

Weights Weights::load(const std::filesystem::path& path, rules::Variant variant) {
    return make_weights(variant, [&](auto policy) {
        return loaded_or_throw(engine::load_weights<decltype(policy)>(path), path);
    });
}

Weights Weights::parse(std::string_view text, std::string_view source, rules::Variant variant) {
    return make_weights(variant, [&](auto policy) {
        return value_or_throw(engine::parse_weights<decltype(policy)>(text, source));
    });
}

std::size_t Weights::size() const { return values().size(); }

void Weights::check_index(std::size_t index) const {
    if (index >= size())
        throw InputError("parameter index " + std::to_string(index) + " is not below " +
                         std::to_string(size()));
}

std::string Weights::name(std::size_t index) const {
    check_index(index);
    return rules::dispatch_variant(variant_, [&](auto policy) {
        return engine::BasicEvalWeights<decltype(policy)>::Layout::name(index);
    });
}

std::size_t Weights::index_of(std::string_view name) const {
    const auto index = rules::dispatch_variant(variant_, [&](auto policy) {
        return engine::BasicEvalWeights<decltype(policy)>::Layout::index_of(name);
    });
    if (!index)
        throw InputError("unknown parameter \"" + std::string(name) + "\" of " +
                         std::string(rules::variant_name(variant_)) + " weights");
    return *index;
}

int Weights::get(std::size_t index) const {
    check_index(index);
    return values()[index];
}

void Weights::set(std::size_t index, int value) {
    check_index(index);
    rules::dispatch_variant(
        variant_, [&](auto policy) { typed_mutable<decltype(policy)>().set(index, value); });
}

const std::vector<int>& Weights::values() const {
    return rules::dispatch_variant(variant_, [&](auto policy) -> const std::vector<int>& {
        return typed<decltype(policy)>().values();
    });
}

std::uint64_t Weights::layout_hash() const {
    return rules::dispatch_variant(variant_, [](auto policy) {
        return engine::BasicEvalWeights<decltype(policy)>::Layout::hash();
    });
}

std::string Weights::format(std::string_view comment) const {
    return rules::dispatch_variant(variant_, [&](auto policy) {
        return engine::format_weights(typed<decltype(policy)>(), comment);
    });
}

void Weights::save(const std::filesystem::path& path, std::string_view comment) const {
    rules::dispatch_variant(variant_, [&](auto policy) {
        if (auto ok = engine::save_weights(typed<decltype(policy)>(), path, comment); !ok)
            throw FileError(ok.error().message);
    });
}

bool Weights::operator==(const Weights& other) const {
    return variant_ == other.variant_ && values() == other.values();
}

}  // namespace draughts::python
