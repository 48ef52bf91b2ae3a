// Region sum lines: where a line crosses from one region (a box, or a jigsaw's piece) to the
// next, it is cut into segments, and every segment's digits have the same sum.
// "#region-sum r1c2-r1c3-r1c4-r1c5".
#include <algorithm>
#include <bit>

#include "rules/rule_kit.hpp"
#include "rules/rules.hpp"

namespace sudoku::rules {

namespace {

class RegionSumLine : public Constraint {
 public:
  // Segments with one sum: about a rule of 45.
  double difficulty() const noexcept override { return 2.2; }
  // `segments`: the lengths of the line's segments, in order; `runs`: each segment's runs of
  // peers (peer_runs), one list per segment.
  RegionSumLine(std::vector<int> cells, std::string label, std::vector<int> segments,
                std::vector<std::vector<int>> runs, int size)
      : Constraint(std::move(cells), std::move(label)),
        segments_(std::move(segments)),
        runs_(std::move(runs)),
        size_(size) {}

  // The sums every segment can make, then each segment narrowed to those.
  void narrow(std::span<std::uint64_t> masks) const override {
    int longest = 0;
    for (const int s : segments_) longest = std::max(longest, s);
    thread_local std::vector<char> common, reached;
    common.assign(static_cast<std::size_t>(longest * size_) + 1, 1);
    std::size_t first = 0;
    for (std::size_t s = 0; s < segments_.size(); ++s) {
      const auto part = masks.subspan(first, static_cast<std::size_t>(segments_[s]));
      thread_local std::vector<std::uint64_t> trial;
      trial.assign(part.begin(), part.end());
      narrow_sum(trial, common, &reached, runs_[s]);
      for (std::size_t t = 0; t < common.size(); ++t) common[t] = common[t] & reached[t];
      first += static_cast<std::size_t>(segments_[s]);
    }
    first = 0;
    for (std::size_t s = 0; s < segments_.size(); ++s) {
      narrow_sum(masks.subspan(first, static_cast<std::size_t>(segments_[s])), common, nullptr,
                 runs_[s]);
      first += static_cast<std::size_t>(segments_[s]);
    }
  }

 private:
  std::vector<int> segments_;
  std::vector<std::vector<int>> runs_;
  int size_;
};

class RegionSum : public Rule {
 public:
  explicit RegionSum(std::vector<std::vector<int>> lines) : lines_(std::move(lines)) {}

  std::string_view keyword() const noexcept override { return "region-sum"; }
  std::string describe() const override {
    return "region sum lines: the segments a region sum line's regions cut it into have the same "
           "sum";
  }
  std::string arguments(const Geometry& geometry) const override {
    std::string out;
    for (const auto& line : lines_) {
      if (!out.empty()) out += ' ';
      out += cells_name(geometry, line);
    }
    return out;
  }
  void add_constraints(const Geometry& geometry,
                       std::vector<ConstraintPtr>& constraints) const override {
    for (const auto& line : lines_) {
      std::vector<int> segments;
      std::vector<std::vector<int>> runs;
      for (std::size_t i = 0; i < line.size();) {
        std::size_t end = i + 1;
        while (end < line.size() && geometry.region_of(line[end]) == geometry.region_of(line[i]))
          ++end;
        segments.push_back(static_cast<int>(end - i));
        runs.push_back(peer_runs(geometry, std::span<const int>(line).subspan(i, end - i)));
        i = end;
      }
      constraints.push_back(std::make_shared<const RegionSumLine>(
          line, "region sum line " + cells_name(geometry, line), std::move(segments),
          std::move(runs), geometry.size()));
    }
  }
  RulePtr moved(const Geometry&, std::span<const int> cells,
                std::span<const int> digits) const override {
    if (!same_digits(digits)) return nullptr;
    std::vector<std::vector<int>> lines;
    for (const auto& line : lines_) lines.push_back(moved_cells(line, cells));
    return std::make_shared<const RegionSum>(std::move(lines));
  }
  void draw(const Geometry&, std::vector<RuleMark>& marks) const override {
    for (const auto& line : lines_)
      marks.push_back({RuleMark::Kind::line, line, "", false, "#7fb3e6"});
  }

 private:
  std::vector<std::vector<int>> lines_;
};

}  // namespace

RulePtr read_region_sum(std::string_view arguments, const Geometry& geometry) {
  std::vector<std::vector<int>> lines;
  for (const Word& word : split_words(arguments))
    lines.push_back(read_line(geometry, word, 2, "#region-sum", "r1c3-r1c4"));
  if (lines.empty()) throw RuleError{"#region-sum needs its lines (e.g. r1c3-r1c4)", 0};
  return std::make_shared<const RegionSum>(std::move(lines));
}

}  // namespace sudoku::rules
