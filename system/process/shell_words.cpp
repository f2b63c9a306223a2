#include "system/process/shell_words.hpp"

#include <wordexp.h>

#include <string>

namespace draughts::harness {

namespace {

constexpr char kOpenBrace = '\x01';
constexpr char kCloseBrace = '\x02';

std::string reason(int code) {
    switch (code) {
        case WRDE_BADCHAR:
            return "an unquoted |, &, ;, <, >, (, ) or line break";
        case WRDE_BADVAL:
            return "an undefined variable";
        case WRDE_CMDSUB:
            return "a command substitution ($(...) or `...`), which is not run";
        case WRDE_NOSPACE:
            return "not enough memory";
        case WRDE_SYNTAX:
            return "a syntax error (an unbalanced quote?)";
        default:
            return "error " + std::to_string(code);
    }
}

}  // namespace

std::string shell_quote(std::string_view word) {
    constexpr std::string_view kSafe =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%";
    if (!word.empty() && word.find_first_not_of(kSafe) == std::string_view::npos)
        return std::string(word);
    std::string out = "'";
    for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

Expected<std::vector<std::string>> split_shell_words(std::string_view text) {
    const std::string line(text);
    // Braces are ours, not the shell's: engine arguments carry placeholders such as {port} (see
    // harness/dxp/dxp_link.hpp), which wordexp would refuse. They travel through it as control
    // characters and come back afterwards.
    std::string shielded = line;
    for (char& c : shielded) c = c == '{' ? kOpenBrace : c == '}' ? kCloseBrace : c;
    wordexp_t words{};
    const int code = ::wordexp(shielded.c_str(), &words, WRDE_NOCMD | WRDE_UNDEF);
    if (code != 0) {
        if (code == WRDE_NOSPACE) ::wordfree(&words);
        return make_error("cannot split \"" + line + "\" into words: " + reason(code));
    }
    std::vector<std::string> out(words.we_wordv, words.we_wordv + words.we_wordc);
    ::wordfree(&words);
    for (std::string& word : out)
        for (char& c : word) c = c == kOpenBrace ? '{' : c == kCloseBrace ? '}' : c;
    return out;
}

}  // namespace draughts::harness
