// What a user most likely meant by an option the command does not know, so that the message can
// say it: "dlx: unknown option --limt; did you mean --limit?". Header-only and free of Boost, for
// every command of the project; the caller lists its option names.
//
// A name is suggested when it is the only one the unknown word abbreviates, when the word is the
// name with something added (--hints for --hint), or when it is the only name within a few edits
// of the word (insertions, deletions, substitutions, swaps of two neighbours; letter case is
// ignored), the fewer the shorter the word.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace suggest {

// The optimal string alignment distance (Damerau-Levenshtein, no substring edited twice): the
// fewest insertions, deletions, substitutions and swaps of two neighbouring characters that turn
// `a` into `b`.
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the table: the one before the previous is for swaps.
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        current[j] = std::min(current[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[b.size()];
}

// The most edits allowed between a word of this length and the name it misspells: none up to 2
// characters (too short to tell), 1 up to 4, 2 up to 8, 3 beyond.
constexpr std::size_t allowed_edits(std::size_t length) noexcept {
  return length <= 2 ? 0 : length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

namespace detail {

inline std::string_view without_dashes(std::string_view text) {
  while (text.starts_with('-')) text.remove_prefix(1);
  return text;
}

inline std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace detail

// The option name in `names` that `unknown` most likely meant, as written in `names`; nothing
// when none is close or several are equally close. Leading dashes and a value after '=' in
// `unknown` ("--limt=3"), and leading dashes in `names` ("--limit" or "limit"), are ignored.
inline std::optional<std::string> closest_option(std::string_view unknown,
                                                 const std::vector<std::string>& names) {
  unknown = detail::without_dashes(unknown.substr(0, unknown.find('=')));
  if (unknown.empty()) return std::nullopt;
  const std::string word = detail::lower(unknown);
  std::vector<std::string> keys;
  for (const std::string& name : names) keys.push_back(detail::lower(detail::without_dashes(name)));

  // The same name in other letter case, the only name the word abbreviates, or the longest name
  // the word starts with.
  std::optional<std::size_t> exact, abbreviated, extended;
  std::size_t abbreviations = 0;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (keys[i].empty()) continue;
    if (keys[i] == word) exact = i;
    if (keys[i].starts_with(word)) {
      abbreviated = i;
      ++abbreviations;
    }
    if (word.starts_with(keys[i]) && (!extended || keys[i].size() > keys[*extended].size()))
      extended = i;
  }
  if (exact) return names[*exact];
  if (abbreviations == 1 && word.size() >= 2) return names[*abbreviated];
  if (abbreviations > 1) return std::nullopt;  // ambiguous: the user should say more
  if (extended && keys[*extended].size() >= 2) return names[*extended];

  // The only name within the edits allowed for the word's length.
  std::optional<std::size_t> best;
  std::size_t best_distance = allowed_edits(word.size()) + 1;
  bool tie = false;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (keys[i].empty()) continue;
    const std::size_t distance = edit_distance(word, keys[i]);
    if (distance < best_distance) {
      best = i;
      best_distance = distance;
      tie = false;
    } else if (distance == best_distance && best) {
      tie = true;
    }
  }
  if (!best || tie) return std::nullopt;
  return names[*best];
}

// What to suggest for an option a command does not know, `token` as the user wrote it
// ("--limt", "--limt=3", "-limit", "-S"), given the command's long option names ("limit") and
// the letters of its short options ("hVsj"): "--limit", "-s", or nothing. A single dash before a
// word is taken for a long option's two; a single letter is taken for a short option, written
// with two dashes (--j) or in the wrong case (-S).
inline std::optional<std::string> suggest_option(std::string_view token,
                                                 const std::vector<std::string>& long_names,
                                                 std::string_view short_letters) {
  std::string_view word = token.substr(0, token.find('='));
  if (!word.starts_with('-')) return std::nullopt;
  const bool long_form = word.starts_with("--");
  word = detail::without_dashes(word);
  if (word.empty()) return std::nullopt;
  if (word.size() >= 2) {
    const std::optional<std::string> name = closest_option(word, long_names);
    if (name) return "--" + std::string(detail::without_dashes(*name));
    return std::nullopt;
  }
  // One letter: a short option written with two dashes (--j for -j), or in the wrong case.
  const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
  if (long_form && short_letters.find(word[0]) != std::string_view::npos)
    return std::string{'-', word[0]};
  for (const char letter : short_letters)
    if (letter != word[0] && lower(letter) == lower(word[0])) return std::string{'-', letter};
  return std::nullopt;
}

}  // namespace suggest
