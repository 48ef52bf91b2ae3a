// The dlx command's --best (the cheapest solutions) and --preprocess, run as a user runs them.
#include <gtest/gtest.h>

#include <string>

#include "app_run.hpp"

namespace {

using app_run::contains;

class DlxCost : public app_run::Sandbox {
 protected:
  app_run::Outcome dlx(const std::string& args, const std::string& stdin_text = "") {
    return run(DLX_BINARY, args, stdin_text);
  }
};

const std::string data = TEST_DATA_DIR;

TEST_F(DlxCost, PrintsEachImprovingSolutionThenTheKBest) {
  // As `dlx5 m1` finds them: a b + c (6) first, then a + b c (5), which beats it.
  file("in.dlx", "a b c\na b |1\nc |5\na |2\nb c |3\na b c |9\n");
  app_run::Outcome o = dlx("--best 1 in.dlx");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out,
            "solution 1, cost 6:\na b |1\nc |5\n\n"
            "solution 2, cost 5:\na |2\nb c |3\n\n"
            "best 1 of 1, cost 5:\na |2\nb c |3\n\n"
            "cost: 5\n");
  o = dlx("--best 3 in.dlx");
  EXPECT_TRUE(contains(o.out, "best 3 of 3, cost 9:\na b c |9\n\ncosts: 5 6 9\n"));
}

TEST_F(DlxCost, ThreadsFindTheSameCosts) {
  for (const char* file : {"cost-random-7.dlx", "cost-random-5.dlx"}) {
    const app_run::Outcome one = dlx("--best 4 '" + data + "/" + file + "'");
    ASSERT_EQ(one.status, 0) << one.err;
    const auto last = [](const std::string& text) { return text.substr(text.rfind("costs:")); };
    for (const char* split : {"-j 3", "-j 2 --split-depth 1", "--split-depth 2",
                              "-j 3 --split-depth 3", "--split-depth 0"}) {
      const app_run::Outcome o =
          dlx("--best 4 " + std::string(split) + " '" + data + "/" + file + "'");
      ASSERT_EQ(o.status, 0) << split << o.err;
      // The same costs (a solution's options may come in another order: a split's prefixes
      // are chosen without a cutoff, which DLX5's choice of item takes into account).
      EXPECT_EQ(last(one.out), last(o.out)) << split;
    }
  }
  EXPECT_TRUE(
      contains(dlx("--best 4 '" + data + "/cost-random-7.dlx'").out, "costs: 8 14 16 16\n"));
}

TEST_F(DlxCost, MpiRanksShareTheCutoffAndFindTheSameCosts) {
#ifndef DLX_MPIEXEC
  GTEST_SKIP() << "built without MPI";
#else
  // timeout: a job whose ranks wait for each other forever fails here instead of hanging.
  const std::string mpirun = "ASAN_OPTIONS=detect_leaks=0 timeout 300 '" DLX_MPIEXEC
                             "' --oversubscribe --allow-run-as-root -np 3 '" DLX_BINARY "' --mpi ";
  for (const char* file : {"cost-random-7.dlx", "cost-random-5.dlx"}) {
    const std::string path = "'" + data + "/" + file + "'";
    const app_run::Outcome one = dlx("--best 4 " + path);
    const app_run::Outcome o = shell(mpirun + "--best 4 " + path);
    ASSERT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(o.out.substr(o.out.rfind("costs:")), one.out.substr(one.out.rfind("costs:")));
  }
  file("plain.dlx", "a\na\n");
  EXPECT_EQ(shell(mpirun + "--best 1 plain.dlx").status, 2);
#endif
}

TEST_F(DlxCost, StatsGiveDlx5sFigures) {
  const app_run::Outcome o = dlx("--best 4 --stats '" + data + "/cost-random-21.dlx'");
  EXPECT_EQ(o.status, 0);
  EXPECT_TRUE(contains(o.err, "solutions: 10\nnodes: 34\nupdates: 503\ncleansings: 20\n"));
}

TEST_F(DlxCost, ErrorsAreLocatedAndExitWithTwo) {
  const struct {
    std::string text, args, message;
  } cases[] = {
      {"a\na |x\n", "--best 1", "in.dlx:2:4: the cost '|x' is not a nonnegative integer"},
      {"a\na |-2\n", "", "in.dlx:2:4: the cost '|-2' is not a nonnegative integer"},
      {"a b |4\na b\n", "", "in.dlx:1:5: a cost ('|4') on the item line"},
      {"a\na\n", "--best 1",
       "in.dlx:1:1: --best: the cheapest solutions need costs, but no option has one"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text);
    file("in.dlx", c.text);
    const app_run::Outcome o = dlx(c.args + " in.dlx");
    EXPECT_EQ(o.status, 2);
    EXPECT_TRUE(contains(o.err, c.message));
  }
  EXPECT_EQ(dlx("--best 0 in.dlx").status, 2);
  // What does not apply to the search of the cheapest solutions, each refused with why.
  for (const char* option : {"--seed 3", "--profile", "--progress 1", "--checkpoint ck"}) {
    const app_run::Outcome o = dlx("--best 2 " + std::string(option) + " in.dlx");
    EXPECT_EQ(o.status, 2) << option;
    const std::string name = std::string(option).substr(0, std::string(option).find(' '));
    EXPECT_TRUE(contains(o.err, "dlx: " + name + " cannot be combined with --best: ")) << o.err;
  }
}

TEST_F(DlxCost, NoSolutionExitsWithOne) {
  file("in.dlx", "a b\na |2\n");
  const app_run::Outcome o = dlx("--best 3 in.dlx");
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.out, "no solution\n");
}

TEST_F(DlxCost, PreprocessWritesTheSmallerProblem) {
  // Knuth's second example of DLX-PRE, and its output there.
  file("in.dlx", "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n");
  app_run::Outcome o = dlx("--preprocess --stats in.dlx");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out,
            "| in.dlx preprocessed: 2 of 4 options and 1 of 5 items removed, 2 rounds\n"
            "A B | X Y\nA X:1 Y:1\nB X:1\n");
  EXPECT_TRUE(contains(o.err, "options: 4 -> 2\nitems: 5 -> 4\nrounds: 2\n"));
  // The output reads back, with the same count.
  file("out.dlx", o.out);
  EXPECT_EQ(dlx("out.dlx").out, dlx("in.dlx").out);
  // Costs are kept.
  file("cost.dlx", "a b\na |2\nb |3\na b |9\n");
  o = dlx("--preprocess cost.dlx");
  EXPECT_TRUE(contains(o.out, "a b\na |2\na b |9\nb |3\n"));  // grouped by first item
  EXPECT_EQ(dlx("--preprocess --best 2 cost.dlx").status, 2);
}

}  // namespace
