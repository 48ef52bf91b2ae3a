// lz-string's Base64 form (the compression f-puzzles and SudokuPad put in their links' load=
// parameter): the text as UTF-8 on both sides. Internal to the library.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sudoku::lz_string {

// The text a Base64 lz-string holds; nullopt when it is no lz-string. Characters outside the
// alphabet (line breaks, spaces) are skipped, a space read as '+' (as a link's query decodes it).
std::optional<std::string> decompress_from_base64(std::string_view base64);
// The text compressed, in Base64 ('=' padded), as lz-string's compressToBase64 writes it.
std::string compress_to_base64(std::string_view text);

}  // namespace sudoku::lz_string
