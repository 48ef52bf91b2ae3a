// Runs a built command as a user would, in a directory of its own: with files, standard input,
// pipes from a generator, and signals, and gives back its exit status, stdout and stderr.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace app_run {

namespace fs = std::filesystem;

// What one run of a command printed, and its exit status (-1 when a signal ended it).
struct Outcome {
  int status = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline int exit_status(int raw) {
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

// A temporary directory for one test, removed after it.
class Sandbox : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() / (std::string(test->test_suite_name()) + "." + test->name() +
                                        "." + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Writes a file in the test's directory and returns its name.
  std::string file(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return name;
  }

  // Runs `binary` with these arguments (already quoted for the shell) in the test's directory.
  Outcome run(const std::string& binary, const std::string& args,
              const std::string& stdin_text = "") {
    std::ofstream(dir_ / "stdin", std::ios::binary) << stdin_text;
    return shell("'" + binary + "' " + args + " <stdin");
  }

  // Runs a shell command line whose last command writes the outcome (stdout and stderr are
  // redirected at the end of the line): "generator | 'binary' args".
  Outcome shell(const std::string& line) {
    const std::string command = "cd '" + dir_.string() + "' && " + line + " >stdout 2>stderr";
    Outcome result;
    result.status = exit_status(std::system(command.c_str()));
    result.out = slurp(dir_ / "stdout");
    result.err = slurp(dir_ / "stderr");
    return result;
  }

  // Starts `binary` with standard input from the file `input` (in the test's directory), stdout
  // and stderr to files; returns its process id.
  pid_t start(const std::string& binary, const std::vector<std::string>& args,
              const std::string& input) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    const std::string in = (dir_ / input).string(), out = (dir_ / "stdout").string(),
                      err = (dir_ / "stderr").string();
    posix_spawn_file_actions_addopen(&actions, 0, in.c_str(), O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    std::vector<std::string> words{binary};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    pid_t pid = -1;
    const int failed = posix_spawn(&pid, binary.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    EXPECT_EQ(failed, 0) << "cannot start " << binary;
    return failed == 0 ? pid : -1;
  }

  // Waits until the started command's stderr holds `text`, for at most `seconds`.
  bool wait_for_stderr(const std::string& text, double seconds) {
    return wait_for_file("stderr", text, seconds);
  }
  // The same for its stdout.
  bool wait_for_stdout(const std::string& text, double seconds) {
    return wait_for_file("stdout", text, seconds);
  }
  bool wait_for_file(const std::string& name, const std::string& text, double seconds) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < end) {
      if (slurp(dir_ / name).find(text) != std::string::npos) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  }

  // Waits until the started command catches `signal` (its handler is set: /proc/PID/status's
  // SigCgt has the bit), for at most `seconds`; before that the signal would end it unhandled.
  static bool wait_until_caught(pid_t pid, int signal, double seconds) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    const std::string status = "/proc/" + std::to_string(pid) + "/status";
    while (std::chrono::steady_clock::now() < end) {
      std::istringstream lines(slurp(status));
      for (std::string line; std::getline(lines, line);) {
        if (!line.starts_with("SigCgt:")) continue;
        const unsigned long long mask = std::stoull(line.substr(7), nullptr, 16);
        if (mask >> (signal - 1) & 1) return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  }

  // Sends `signal` to a started command, waits for it to end, and returns what it printed.
  Outcome signal_and_wait(pid_t pid, int signal) {
    Outcome result;
    if (pid <= 0) return result;
    ::kill(pid, signal);
    int raw = 0;
    ::waitpid(pid, &raw, 0);
    result.status = exit_status(raw);
    result.out = slurp(dir_ / "stdout");
    result.err = slurp(dir_ / "stderr");
    return result;
  }

  fs::path dir_;
};

// A shell command that types into a command run by script(1) whose screen goes to the file
// `screen` (in the same directory, removed before the line starts): each of `keys` (printf's
// escapes) and a newline, once the screen has grown and ends with the prompt "> ", so that
// nothing is typed while the command is not reading it, however slow the machine. It gives up
// after 60 s without a prompt.
inline std::string type_at_prompts(const std::vector<std::string>& keys,
                                   const std::string& screen = "stdout") {
  std::string line =
      "last=0; asked() { n=0; while [ $n -lt 3000 ]; do size=$(stat -c %s " + screen +
      " 2>/dev/null || echo 0); if [ \"$size\" -gt $last ] && [ \"$(tail -c 2 " + screen +
      ")\" = '> ' ]; then last=$size; return 0; fi; n=$((n + 1)); sleep 0.02; done; exit 1; }";
  for (const std::string& key : keys) line += "; asked; printf '" + key + "\\n'";
  return "(" + line + ")";
}

// True when `text` contains `part`; for EXPECT_TRUE with the text in the message.
inline ::testing::AssertionResult contains(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "'" << part << "' not in:\n" << text;
}

}  // namespace app_run
