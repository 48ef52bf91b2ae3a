// Building strings from pieces, for item names and messages.
#pragma once

#include <concepts>
#include <string>
#include <string_view>

namespace examples {

// The pieces one after another: strings, characters and integers (in decimal).
template <typename... Pieces>
std::string cat(const Pieces&... pieces) {
  std::string out;
  const auto append = [&out](const auto& piece) {
    using Piece = std::decay_t<decltype(piece)>;
    if constexpr (std::same_as<Piece, char>) {
      out += piece;
    } else if constexpr (std::integral<Piece>) {
      out += std::to_string(piece);
    } else {
      out += std::string_view(piece);
    }
  };
  (append(pieces), ...);
  return out;
}

}  // namespace examples
