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

// The line cut where its cells leave a region, each segment's runs of peers with it.
ConstraintPtr region_sum_line(const Geometry& geometry, std::vector<int> line, std::string label) {
  std::vector<int> segments;
  std::vector<std::vector<int>> runs;
  for (std::size_t i = 0; i < line.size();) {
    std::size_t end = i + 1;
    while (end < line.size() && geometry.region_of(line[end]) == geometry.region_of(line[i])) ++end;
    segments.push_back(static_cast<int>(end - i));
    runs.push_back(peer_runs(geometry, std::span<const int>(line).subspan(i, end - i)));
    i = end;
  }
  return std::make_shared<const RegionSumLine>(
      std::move(line), std::move(label), std::move(segments), std::move(runs), geometry.size());
}

constexpr SpanKind kind{
    "region-sum",
    "region sum lines: the segments a region sum line's regions cut it into have the same sum",
    "region sum line",
    "r1c3-r1c4",
    2,
    "#7fb3e6",
    false,
    region_sum_line};

}  // namespace

RulePtr read_region_sum(std::string_view arguments, const Geometry& geometry) {
  return SpanRule::read(kind, arguments, geometry);
}

}  // namespace sudoku::rules
