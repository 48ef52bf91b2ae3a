// Runs an example command as a user would and collects what it printed (for the examples_*
// tests), and reads the files shipped with the examples.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <dlx/matrix.hpp>
#include <dlx/solver.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace examples_test {

// What one run of a command printed, and its exit status.
struct Run {
  int status = -1;
  std::string out;
  std::string err;
};

// The contents of a file.
inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs `binary` with `args` (already quoted for the shell) from `directory`, with `input` on
// standard input.
inline Run run(const std::string& binary, const std::string& args, const std::string& input = "",
               const std::string& directory = ".") {
  namespace fs = std::filesystem;
  static int serial = 0;
  const fs::path dir = fs::temp_directory_path() / ("examples_test." + std::to_string(::getpid()) +
                                                    "." + std::to_string(++serial));
  fs::create_directories(dir);
  std::ofstream(dir / "stdin", std::ios::binary) << input;
  const std::string command = "cd '" + directory + "' && '" + binary + "' " + args + " <'" +
                              (dir / "stdin").string() + "' >'" + (dir / "stdout").string() +
                              "' 2>'" + (dir / "stderr").string() + "'";
  const int raw = std::system(command.c_str());
  Run result;
  result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  result.out = slurp(dir / "stdout");
  result.err = slurp(dir / "stderr");
  fs::remove_all(dir);
  return result;
}

// The number of exact covers of a matrix.
inline std::uint64_t count(const dlx::Matrix& matrix) {
  dlx::Solver solver(matrix);
  return solver.count().stats.solutions;
}

// A text without its comment lines (those starting with '|').
inline std::string without_comments(const std::string& text) {
  std::istringstream in(text);
  std::string out, line;
  while (std::getline(in, line)) {
    if (!line.starts_with('|')) out += line + '\n';
  }
  return out;
}

}  // namespace examples_test
