#include "command.hpp"

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

void diagnose(const std::string& message) {
  std::cout.flush();  // keep what was printed so far ahead of the message on a terminal
  std::fwrite(message.data(), 1, message.size(), stderr);
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
