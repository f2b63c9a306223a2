#pragma once
// Splitting a command line written as one string into its words, the way a POSIX shell does
// (quotes, backslashes, $VARIABLES, ~ and globs), with the C library's wordexp(3). Command
// substitution ($(...) and `...`) is refused: reading a configuration must not run programs.

#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"

namespace draughts::harness {

/// The words of `text`. Errors say what the shell would not accept: an unbalanced quote, an
/// unquoted | & ; < > ( ) or line break, an undefined variable, a command substitution. Braces
/// are kept as they are ({port} and {host} placeholders), not treated as shell syntax.
Expected<std::vector<std::string>> split_shell_words(std::string_view text);

/// `word` as a shell would read it back: as it is when it has only safe characters, else in
/// single quotes.
std::string shell_quote(std::string_view word);

}  // namespace draughts::harness
