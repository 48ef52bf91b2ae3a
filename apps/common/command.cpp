#include "command.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <iostream>
#include <system_error>

#include "unknown_option.hpp"

namespace app {

std::uint64_t parse_number(const po::variables_map& vm, const char* option, std::uint64_t least,
                           std::uint64_t most) {
  const auto& text = vm[option].as<std::string>();
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || ptr != end || value < least || value > most) {
    throw UsageError("--" + std::string(option) + " expects an integer from " +
                     std::to_string(least) + " to " + std::to_string(most) + ", not '" + text +
                     "'");
  }
  return value;
}

std::uint64_t parse_count(const po::variables_map& vm, const char* option, std::uint64_t least) {
  const auto& text = vm[option].as<std::string>();
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || ptr != end || value < least) {
    throw UsageError("--" + std::string(option) + " expects an integer of at least " +
                     std::to_string(least) + ", not '" + text + "'");
  }
  return value;
}

double parse_seconds(const po::variables_map& vm, const char* option) {
  const auto& text = vm[option].as<std::string>();
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || ptr != end || !(value > 0) || value > 1e9) {
    throw UsageError("--" + std::string(option) + " expects a positive number of seconds, not '" +
                     text + "'");
  }
  return value;
}

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string rate(std::uint64_t count, double seconds, std::string_view one) {
  const std::string unit(one);
  const double per_second = static_cast<double>(count) / seconds;
  if (per_second >= 10) return fixed(per_second, 0) + " " + unit + "s/s";
  if (per_second >= 1) return fixed(per_second, 1) + " " + unit + "s/s";
  const double each = seconds / static_cast<double>(count);
  return fixed(each, each >= 10 ? 0 : 1) + " s/" + unit;
}

void diagnose(const std::string& message) {
  std::cout.flush();  // keep what was printed so far ahead of the message on a terminal
  std::fwrite(message.data(), 1, message.size(), stderr);
}

po::options_description options_from_text(std::string_view text, unsigned width) {
  po::options_description options("Options", width);
  std::string names, value, help;
  const auto add = [&] {
    if (names.empty()) return;
    if (value.empty())
      options.add_options()(names.c_str(), help.c_str());
    else
      options.add_options()(names.c_str(), po::value<std::string>()->value_name(value),
                            help.c_str());
    names.clear(), value.clear(), help.clear();
  };
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    if (line.starts_with("  ")) {
      help += (help.empty() ? "" : " ") + std::string(line.substr(2));
    } else if (!line.empty()) {
      add();
      const std::size_t equals = line.find('=');
      names = line.substr(0, equals);
      if (equals != std::string_view::npos) value = line.substr(equals + 1);
    }
  }
  add();
  return options;
}

std::optional<int> parse_command_line(int argc, char** argv, const CommandLine& command,
                                      const std::function<void(const po::variables_map&)>& read) {
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::vector<std::string>>());
  po::options_description all;
  all.add(command.visible).add(hidden);
  po::positional_options_description positional;
  positional.add("file", -1);
  const std::string name(command.name);
  const std::string try_help = "\nTry '" + name + " --help' for more information.\n";
  try {
    po::variables_map vm;
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
    if (vm.count("help")) {
      std::cout << command.usage << command.visible << command.epilog;
      return exit_solved;
    }
    if (vm.count("version")) {
      std::cout << name << " " << command.version << "\n";
      return exit_solved;
    }
    read(vm);
  } catch (const po::unknown_option& error) {
    diagnose(name + ": " + unknown_option_text(error.get_option_name(), command.visible) +
             try_help);
    return exit_error;
  } catch (const std::exception& error) {  // po::error or UsageError
    diagnose(name + ": " + error.what() + try_help);
    return exit_error;
  }
  return std::nullopt;
}

std::vector<std::string> files_of(const po::variables_map& vm) {
  if (!vm.count("file")) return {"-"};
  return vm["file"].as<std::vector<std::string>>();
}

}  // namespace app
