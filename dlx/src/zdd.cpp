// DLX6's search (see zdd.hpp) on the links engine's node table (core/table.hpp).
#include "dlx/zdd.hpp"

#include <algorithm>
#include <ios>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "core/table.hpp"

namespace dlx {

namespace {

struct Link {
  std::int32_t up, down;
};

// What a subproblem met before gave: its diagram and how many solutions that is.
struct Memo {
  std::uint32_t zdd = 0;
  std::uint64_t solutions = 0;
};

}  // namespace

Zdd build_zdd(const Matrix& matrix, const ZddLimits& limits, bool* stopped) {
  if (matrix.has_bounds())
    throw std::invalid_argument("a ZDD is built for problems without bounds (Algorithm X)");
  const auto n = static_cast<std::int32_t>(matrix.item_count());
  const auto primaries = static_cast<std::int32_t>(matrix.primary_count());
  for (OptionId o = 0; o < static_cast<OptionId>(matrix.option_count()); ++o)
    for (const Entry& e : matrix.option(o))
      if (e.color != 0)
        throw std::invalid_argument("a ZDD is built for problems without colors (Algorithm X)");
  if (stopped != nullptr) *stopped = false;

  // Primary items 1..primaries, then the secondary ones, each in declaration order (DLX6's).
  const std::vector<std::int32_t> number = detail::number_items(matrix, primaries + 1);
  std::vector<Link> links;
  std::vector<std::int32_t> top, color, option_first;
  detail::lay_out(matrix, number, n + 1, links, top, color, option_first);
  std::vector<std::int32_t> len(static_cast<std::size_t>(n) + 1, 0);
  detail::link_lists(links, top, option_first, {}, n, len.data(), nullptr);
  const detail::Table<Link> t{links.data(), top.data(), color.data(), len.data()};
  std::vector<std::uint8_t> open(static_cast<std::size_t>(n) + 1, 1);
  std::int32_t open_primaries = primaries;
  const auto cover = [&](std::int32_t item) {
    open[static_cast<std::size_t>(item)] = 0;
    open_primaries -= item <= primaries ? 1 : 0;
    detail::cover(t, item);
  };
  const auto uncover = [&](std::int32_t item) {
    detail::uncover(t, item);
    open[static_cast<std::size_t>(item)] = 1;
    open_primaries += item <= primaries ? 1 : 0;
  };
  // The other items of node's option, left to right, and back.
  const auto cover_others = [&](std::int32_t node) {
    std::int32_t q = node + 1;
    for (std::int32_t item = top[static_cast<std::size_t>(q)]; item > 0;
         item = top[static_cast<std::size_t>(++q)])
      cover(item);
    for (q = links[static_cast<std::size_t>(q)].up; q != node; ++q)
      cover(top[static_cast<std::size_t>(q)]);
  };
  const auto uncover_others = [&](std::int32_t node) {
    std::int32_t q = node - 1;
    for (std::int32_t item = top[static_cast<std::size_t>(q)]; item > 0;
         item = top[static_cast<std::size_t>(--q)])
      uncover(item);
    for (q = links[static_cast<std::size_t>(q)].down; q != node; --q)
      uncover(top[static_cast<std::size_t>(q)]);
  };
  const auto option_of = [&](std::int32_t node) {
    while (top[static_cast<std::size_t>(node)] > 0) --node;
    return static_cast<OptionId>(-top[static_cast<std::size_t>(node)]);
  };
  // A subproblem is known by its open primary items and the open secondary ones that some option
  // left still holds, a bit each.
  std::string signature((static_cast<std::size_t>(n) + 7) / 8, '\0');
  const auto sign = [&] {
    std::fill(signature.begin(), signature.end(), '\0');
    for (std::int32_t c = 1; c <= n; ++c)
      if (open[static_cast<std::size_t>(c)] && (c <= primaries || len[static_cast<std::size_t>(c)]))
        signature[static_cast<std::size_t>(c - 1) / 8] |= static_cast<char>(1 << ((c - 1) % 8));
  };
  std::unordered_map<std::string, Memo> memo;

  Zdd zdd;
  if (primaries == 0) {  // the empty set is the one solution
    zdd.root = 1;
    zdd.solutions = 1;
    return zdd;
  }
  const auto depth = static_cast<std::size_t>(primaries) + 1;
  std::vector<std::int32_t> choice(depth), best_of(depth);
  std::vector<std::uint32_t> saved_zdd(depth);
  std::vector<std::uint64_t> entry_count(depth);
  std::vector<Memo*> memo_of(depth);
  std::uint32_t level = 0, znode = 0, zsol = 0;
  std::int32_t best = 0, cur = 0;
  bool halt = false;

forward:
  ++zdd.search_nodes;
  sign();
  {
    auto [at, fresh] = memo.try_emplace(signature);
    if (!fresh) {
      ++zdd.hits;
      znode = at->second.zdd;
      if (znode != 0) zdd.solutions += at->second.solutions;
      goto backdown;
    }
    ++zdd.memos;
    memo_of[level] = &at->second;  // unordered_map's elements stay where they are
  }
  entry_count[level] = zdd.solutions;
  znode = 0;
  {  // DLX1's MRV rule: the fewest options, the leftmost of those
    std::int32_t fewest = INT32_MAX;
    for (std::int32_t c = 1; c <= primaries && fewest > 0; ++c)
      if (open[static_cast<std::size_t>(c)] && len[static_cast<std::size_t>(c)] < fewest) {
        fewest = len[static_cast<std::size_t>(c)];
        best = c;
      }
  }
  best_of[level] = best;
  cover(best);
  cur = choice[level] = links[static_cast<std::size_t>(best)].down;

advance:
  if (cur == best || halt) goto backup;
  cover_others(cur);
  if (open_primaries == 0) {  // a solution: DLX6 counts it as a node and as a hit
    ++zdd.search_nodes;
    ++zdd.hits;
    ++zdd.solutions;
    zsol = 1;
    goto recover;
  }
  saved_zdd[level] = znode;
  ++level;
  goto forward;

backup:
  uncover(best);
  if (znode != 0) *memo_of[level] = Memo{znode, zdd.solutions - entry_count[level]};

backdown:
  if (level == 0) goto done;
  --level;
  cur = choice[level];
  best = best_of[level];
  zsol = znode;
  znode = saved_zdd[level];

recover:
  uncover_others(cur);
  if (zsol != 0) {
    zdd.nodes.push_back(ZddNode{option_of(cur), znode, zsol});
    znode = static_cast<std::uint32_t>(zdd.nodes.size() + 1);
    if (limits.nodes != 0 && zdd.node_count() >= limits.nodes) halt = true;
  }
  cur = choice[level] = links[static_cast<std::size_t>(cur)].down;
  goto advance;

done:
  zdd.root = znode;
  if (stopped != nullptr) *stopped = halt;
  return zdd;
}

void write_zdd(std::ostream& out, const Zdd& zdd) {
  const std::ios_base::fmtflags flags = out.flags();
  std::uint64_t id = 2;
  for (const ZddNode& node : zdd.nodes)
    out << std::hex << id++ << ": (~" << std::dec << node.option + 1 << '?' << std::hex << node.lo
        << ':' << node.hi << ")\n";
  out << std::hex << id << ": (~0?0:" << zdd.root << ")\n";
  out.flags(flags);
}

}  // namespace dlx
