// The message for an option a command does not know, with the one most likely meant
// (suggest.hpp): "unknown option --limt; did you mean --limit?". For the commands' Boost
// option tables; the suggestion itself is free of Boost.
#pragma once

#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <vector>

#include "suggest.hpp"

// `token` as the user wrote it, `options` the command's visible options.
inline std::string unknown_option_text(const std::string& token,
                                       const boost::program_options::options_description& options) {
  namespace po = boost::program_options;
  std::vector<std::string> long_names;
  std::string short_letters;
  for (const auto& option : options.options()) {
    if (!option->long_name().empty()) long_names.push_back(option->long_name());
    const std::string short_name =
        option->canonical_display_name(po::command_line_style::allow_dash_for_short);
    if (short_name.size() == 2 && short_name[0] == '-' && short_name[1] != '-')
      short_letters += short_name[1];
  }
  std::string text = "unknown option " + token.substr(0, token.find('='));
  if (const std::optional<std::string> meant =
          suggest::suggest_option(token, long_names, short_letters))
    text += "; did you mean " + *meant + "?";
  return text;
}
