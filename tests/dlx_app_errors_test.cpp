// Every way the dlx command can fail (collected from apps/dlx.cpp and the reader's error kinds),
// each run as a user would meet it: its exit status, its message on stderr, and nothing on stdout
// that could be read as a count. Also the bounds on what it reads, and Ctrl-C.
#include <gtest/gtest.h>
#include <signal.h>

#include <string>
#include <vector>

#include "../apps/common/suggest.hpp"
#include "app_run.hpp"

namespace {

using app_run::contains;

constexpr int exit_error = 2;

class DlxErrors : public app_run::Sandbox {
 protected:
  app_run::Outcome dlx(const std::string& args, const std::string& stdin_text = "") {
    return run(DLX_BINARY, args, stdin_text);
  }
  // Expects a failure with this status and message, and an empty stdout.
  void expect_failure(const app_run::Outcome& o, int status, const std::string& message) {
    EXPECT_EQ(o.status, status) << o.err;
    EXPECT_TRUE(contains(o.err, message));
    EXPECT_EQ(o.out, "") << "stdout after an error";
  }
};

TEST_F(DlxErrors, BadUsage) {
  const struct {
    const char* args;
    const char* message;
  } cases[] = {
      {"--bogus", "dlx: unknown option --bogus\n"},
      {"--limit", "dlx: the required argument for option '--limit' is missing"},
      {"--limit 0", "dlx: --limit expects an integer of at least 1, not '0'"},
      {"--limit x", "dlx: --limit expects an integer of at least 1, not 'x'"},
      {"--max-nodes -1", "dlx: --max-nodes expects an integer of at least 1, not '-1'"},
      {"--max-updates 1.5", "dlx: --max-updates expects an integer of at least 1, not '1.5'"},
      {"--seed x", "dlx: --seed expects an integer of at least 0, not 'x'"},
      {"--seed 99999999999999999999", "dlx: --seed expects an integer of at least 0"},
      {"--max-input-nodes 0", "dlx: --max-input-nodes expects an integer of at least 1, not '0'"},
      {"--progress 0", "dlx: --progress expects a positive number of seconds, not '0'"},
      {"--progress never", "dlx: --progress expects a positive number of seconds, not 'never'"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.args);
    const app_run::Outcome o = dlx(c.args, "a\na\n");
    expect_failure(o, exit_error, c.message);
    EXPECT_TRUE(contains(o.err, "Try 'dlx --help' for more information."));
  }
}

TEST_F(DlxErrors, AMisspeltOptionSuggestsTheRightOne) {
  const struct {
    const char* args;
    const char* message;
  } cases[] = {
      {"--limt 3", "dlx: unknown option --limt; did you mean --limit?\n"},
      {"--limt=3", "dlx: unknown option --limt; did you mean --limit?\n"},
      {"--lmiit 3", "dlx: unknown option --lmiit; did you mean --limit?\n"},  // a swap
      {"--Limit 3", "dlx: unknown option --Limit; did you mean --limit?\n"},
      {"--thredas 2", "dlx: unknown option --thredas; did you mean --threads?\n"},
      {"--max_nodes 9", "dlx: unknown option --max_nodes; did you mean --max-nodes?\n"},
      {"--max-updats 9", "dlx: unknown option --max-updats; did you mean --max-updates?\n"},
      {"--chekpoint c", "dlx: unknown option --chekpoint; did you mean --checkpoint?\n"},
      {"--seeds 1", "dlx: unknown option --seeds; did you mean --seed?\n"},  // a name and more
      {"--statss", "dlx: unknown option --statss; did you mean --stats?\n"},
      {"--hlep", "dlx: unknown option --hlep; did you mean --help?\n"},
      // One dash before a long name, a short option in the wrong case or with two dashes.
      {"-limit 3", "dlx: unknown option -limit; did you mean --limit?\n"},
      {"-stats", "dlx: unknown option -stats; did you mean --stats?\n"},
      {"-S", "dlx: unknown option -S; did you mean -s?\n"},
      {"--j 2", "dlx: unknown option --j; did you mean -j?\n"},
      // Nothing close: no guess.
      {"--frobnicate", "dlx: unknown option --frobnicate\n"},
      {"--verbose", "dlx: unknown option --verbose\n"},
      {"-x", "dlx: unknown option -x\n"},
      {"-sx", "dlx: unknown option -sx\n"},
      // An abbreviation of several options names them all.
      {"--max 9",
       "dlx: option '--max' is ambiguous and matches '--max-input-nodes', '--max-nodes', and "
       "'--max-updates'\n"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.args);
    const app_run::Outcome o = dlx(c.args, "a\na\n");
    EXPECT_EQ(o.status, exit_error);
    EXPECT_EQ(o.err, std::string(c.message) + "Try 'dlx --help' for more information.\n");
    EXPECT_EQ(o.out, "");
  }
  // An abbreviation of one option is that option, as before.
  EXPECT_EQ(dlx("--lim 1", "a b\na\nb\na b\n").out, "at least 1 (stopped by --limit)\n");
}

// apps/common/suggest.hpp, which the sudoku command uses too.
TEST(Suggest, ClosestOption) {
  EXPECT_EQ(suggest::edit_distance("limit", "limit"), 0u);
  EXPECT_EQ(suggest::edit_distance("limt", "limit"), 1u);
  EXPECT_EQ(suggest::edit_distance("lmiit", "limit"), 1u);  // a swap is one edit
  EXPECT_EQ(suggest::edit_distance("ca", "abc"), 3u);       // OSA, not Damerau-Levenshtein's 2
  EXPECT_EQ(suggest::edit_distance("", "abc"), 3u);
  const std::vector<std::string> names{"--hint", "--help", "--limit", "--count", "--color"};
  EXPECT_EQ(suggest::closest_option("--hints", names), "--hint");
  EXPECT_EQ(suggest::closest_option("--limt=3", names), "--limit");
  EXPECT_EQ(suggest::closest_option("lim", names), "--limit");
  EXPECT_EQ(suggest::closest_option("--COUNT", names), "--count");
  EXPECT_EQ(suggest::closest_option("--he", names), "--help");
  EXPECT_EQ(suggest::closest_option("--co", names), std::nullopt);  // --count or --color
  EXPECT_EQ(suggest::closest_option("--colunt", names), "--count");
  EXPECT_EQ(suggest::closest_option("--caz", {"--cat", "--car"}), std::nullopt);  // a tie
  EXPECT_EQ(suggest::closest_option("--xyz", names), std::nullopt);
  EXPECT_EQ(suggest::closest_option("--", names), std::nullopt);
  EXPECT_EQ(suggest::closest_option("hlep", {"help", "version"}), "help");
  EXPECT_EQ(suggest::suggest_option("-hint", {"hint"}, "h"), "--hint");
  EXPECT_EQ(suggest::suggest_option("-H", {"hint"}, "hV"), "-h");
  EXPECT_EQ(suggest::suggest_option("-q", {"hint"}, "hV"), std::nullopt);
  EXPECT_EQ(suggest::suggest_option("file", {"file"}, ""), std::nullopt);
}

TEST_F(DlxErrors, EveryRuleOfTheFormatWithFileLineAndColumn) {
  const struct {
    std::string text, message;
  } cases[] = {
      {"", "in.dlx:1:1: the input is empty; expected a line naming the items"},
      {"| c\n\n", "in.dlx:2:1: the input has no item line"},
      {"a\x01 b\n", "in.dlx:1:2: control character 0x01 in the input"},
      {std::string("a\0\n", 3), "in.dlx:1:2: NUL byte in the input; this looks like a binary file"},
      {"a | b | c\n", "in.dlx:1:7: a second '|' on the item line (the first is at column 3)"},
      {"a b\na | b\n", "in.dlx:2:3: '|' inside an option"},
      {"a b:c\n", "in.dlx:1:4: item name 'b:c' contains ':'"},
      {"a a\n", "in.dlx:1:3: item 'a' is declared twice"},
      {"a\nb\n", "in.dlx:2:1: unknown item 'b'; the item line (line 1) does not declare it"},
      {"a b\na a\n", "in.dlx:2:3: item 'a' appears twice in this option"},
      {"a | x\na:r\n", "in.dlx:2:1: item 'a' is primary and cannot have a color"},
      {"a | x\na x:\n", "in.dlx:2:4: ':' without a color after it in 'x:'"},
      {"a | x\na :x\n", "in.dlx:2:3: ':' without an item name before it"},
      {"a | x\na x:b:c\n", "in.dlx:2:6: more than one ':' in 'x:b:c'"},
      {"a 3:2|x\na\n", "in.dlx:1:3: lower bound 3 exceeds upper bound 2 in '3:2|x'"},
      {"a -1|x\na\n", "in.dlx:1:3: malformed bound '-1' in '-1|x'"},
      {"a 1:z|x\na\n", "in.dlx:1:5: malformed upper bound 'z' in '1:z|x'"},
      {"a 0|x\na\n", "in.dlx:1:3: upper bound 0 in '0|x'"},
      {"a | 2|x\na\n", "in.dlx:1:5: bounds on secondary item 'x'"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.message);
    file("in.dlx", c.text);
    expect_failure(dlx("in.dlx"), exit_error, c.message);
  }
}

TEST_F(DlxErrors, UnreadableInputs) {
  std::filesystem::create_directory(dir_ / "folder");
  expect_failure(dlx("missing.dlx"), exit_error,
                 "missing.dlx: cannot open: No such file or directory\n");
  expect_failure(dlx("folder"), exit_error, "folder: cannot read: it is a directory\n");
  // A directory as standard input: the read itself fails.
  expect_failure(shell("'" DLX_BINARY "' <folder"), exit_error, "<stdin>: cannot read: ");
}

TEST_F(DlxErrors, AFailedFileGetsNoResultAndTheOthersGoOn) {
  file("good.dlx", "a b\na\nb\n");
  const app_run::Outcome o = dlx("good.dlx missing.dlx good.dlx");
  EXPECT_EQ(o.status, exit_error);
  EXPECT_EQ(o.out, "==> good.dlx <==\n1\n\n==> good.dlx <==\n1\n");
  EXPECT_TRUE(contains(o.err, "missing.dlx: cannot open"));
}

TEST_F(DlxErrors, AFullDiskIsAnError) {
  file("good.dlx", "a b\na\nb\n");
  const app_run::Outcome o = shell("{ '" DLX_BINARY "' good.dlx >/dev/full; }");
  EXPECT_EQ(o.status, exit_error);
  EXPECT_TRUE(contains(o.err, "dlx: cannot write the output"));
}

TEST_F(DlxErrors, AHundredMillionNodesFailEarly) {
  // 1000 items, then 100,000 options naming all of them: 10^8 nodes, about 500 MB of text,
  // made as it is read; the command must stop at its limit instead of filling memory.
  const std::string generator =
      "awk 'BEGIN { for (i = 0; i < 1000; i++) s = s \" i\" i; for (n = 0; n <= 100000; n++) "
      "print s }'";
  const app_run::Outcome o = shell(generator + " | '" DLX_BINARY "' --max-input-nodes 1000000");
  expect_failure(o, exit_error,
                 "<stdin>:1000:1: the problem is larger than the limit of 1000000 nodes (one per "
                 "item, per option and per item of an option); --max-input-nodes raises the "
                 "limit\n");
}

TEST_F(DlxErrors, AGigabyteLineFailsAtTheLineLimit) {
  // A gigabyte without a line end; the command stops reading at 1 MiB.
  const app_run::Outcome o =
      shell("head -c 1073741824 /dev/zero | tr '\\0' 'a' | '" DLX_BINARY "'");
  expect_failure(o, exit_error,
                 "<stdin>:1:1048577: line is longer than the limit of 1048576 bytes");
}

TEST_F(DlxErrors, CtrlCPrintsTheCountSoFarMarkedIncomplete) {
  // Counting the 6x10 pentomino problem takes seconds even in a release build: long enough.
  file("stdin", "");
  const pid_t pid = start(
      DLX_BINARY,
      {"--stats", "--progress", "0.05", DLX_EXAMPLES_DIR "/../pentominoes/pentomino-6x10.dlx"},
      "stdin");
  const bool searching = wait_for_stderr("progress:", 60);
  const app_run::Outcome o = signal_and_wait(pid, SIGINT);
  ASSERT_TRUE(searching) << o.err;
  EXPECT_EQ(o.status, 130) << o.err;
  EXPECT_TRUE(o.out.starts_with("at least ")) << o.out;
  EXPECT_TRUE(contains(o.out, " (interrupted)\n"));
  EXPECT_TRUE(contains(o.err, "\nstopped: interrupted\n"));
}

}  // namespace
