// The `dlx` module: exact-cover problems built in Python or read in Knuth's format, searched by
// dlx::Solver without the GIL.
//
// A Problem holds its dlx::Problem (the matrix, and the names needed to write it back) through a
// shared pointer, copied on write: a search, an iterator or a solution keeps the version it
// started from, so changing the problem meanwhile is safe and changes none of them. The searches
// are in dlx_search.hpp.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <dlx/cost.hpp>
#include <dlx/matrix.hpp>
#include <dlx/parallel.hpp>
#include <dlx/reader.hpp>
#include <dlx/solver.hpp>
#include <dlx/split.hpp>
#include <dlx/zdd.hpp>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <vector>

#include "arguments.hpp"
#include "dlx_search.hpp"
#include "errors.hpp"
#include "interrupt.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace binding {

namespace {

py::handle error_type, parse_error_type;  // owned by the module (and one leaked reference)

// The names of the kinds, in the order of the enum: the errors' `kind` attribute.
std::string kind_name(dlx::ErrorKind kind) {
  static constexpr std::array<std::string_view, 8> names = {
      "duplicate_item",   "empty_name",   "unknown_item", "repeated_item",
      "color_on_primary", "empty_option", "too_large",    "bad_bounds"};
  static_assert(names.size() == static_cast<std::size_t>(dlx::ErrorKind::bad_bounds) + 1);
  return std::string(names.at(static_cast<std::size_t>(kind)));
}

std::string kind_name(dlx::ParseErrorKind kind) {
  static constexpr std::array<std::string_view, 16> names = {
      "no_items",         "bad_character",       "line_too_long",
      "second_separator", "separator_in_option", "bad_name",
      "duplicate_item",   "unknown_item",        "repeated_item",
      "color_on_primary", "bad_color",           "too_large",
      "too_many_nodes",   "bad_bounds",          "bad_cost",
      "cost_on_item_line"};
  static_assert(names.size() ==
                static_cast<std::size_t>(dlx::ParseErrorKind::cost_on_item_line) + 1);
  return std::string(names.at(static_cast<std::size_t>(kind)));
}

[[noreturn]] void raise_error(const std::string& kind, const std::string& message) {
  raise_located(error_type, message, kind, "", 0, 0);
}

// Item names as Knuth's format writes them: printable, no blank, no ':' or '|'.
void check_name(const std::string& name, const char* what) {
  if (name.empty()) raise_error("empty_name", std::string("an ") + what + " must not be empty");
  for (unsigned char c : name)
    if (c <= ' ' || c == ':' || c == '|' || c == 0x7f)
      raise_error("bad_name",
                  std::string(what) + " '" + name + "' has a blank, ':', '|' or control character");
}

class PyProblem {
 public:
  PyProblem() : data_(std::make_shared<dlx::Problem>()) { data_->color_names.push_back(""); }
  PyProblem(dlx::Problem problem, std::string name)
      : data_(std::make_shared<dlx::Problem>(std::move(problem))), name_(std::move(name)) {
    if (data_->color_names.empty()) data_->color_names.push_back("");
    for (std::size_t i = 1; i < data_->color_names.size(); ++i)
      colors_.emplace(data_->color_names[i], static_cast<dlx::ColorId>(i));
    read_warnings_ = data_->matrix.warnings().size();
  }

  const std::string& name() const { return name_; }
  Snapshot snapshot() const { return data_; }
  const dlx::Problem& data() const { return *data_; }

  // bounds: None, n (exactly n times) or (lo, hi), for a primary item (Algorithm M).
  dlx::ItemId add_item(const std::string& name, bool secondary, py::handle bounds = py::none()) {
    check_name(name, "item name");
    std::optional<dlx::Bounds> b;
    if (!bounds.is_none()) {
      if (secondary) raise_error("bad_bounds", "secondary item '" + name + "' with bounds");
      if (py::isinstance<py::int_>(bounds)) {
        const auto n = bounds.cast<std::int32_t>();
        b = dlx::Bounds{n, n};
      } else if (py::isinstance<py::tuple>(bounds) && py::len(bounds) == 2) {
        b = dlx::Bounds{bounds[py::int_(0)].cast<std::int32_t>(),
                        bounds[py::int_(1)].cast<std::int32_t>()};
      } else {
        throw py::type_error("bounds are a number n (exactly n times) or a pair (lo, hi)");
      }
    }
    try {
      if (b) return mutate().matrix.add_item(name, *b);
      return mutate().matrix.add_item(
          name, secondary ? dlx::ItemKind::secondary : dlx::ItemKind::primary);
    } catch (const dlx::Error& e) {
      raise_error(kind_name(e.kind()), e.what());
    }
  }

  std::optional<dlx::OptionId> add_option(py::handle items, py::handle cost_arg) {
    const dlx::Cost cost = natural(cost_arg, "cost");
    entries_.clear();
    for (py::handle item : items) {
      std::string name, color;
      if (py::isinstance<py::str>(item)) {
        name = item.cast<std::string>();
        if (auto colon = name.find(':'); colon != std::string::npos) {
          color = name.substr(colon + 1);
          name.resize(colon);
          if (color.empty()) raise_error("bad_color", "'" + name + ":' has an empty color");
        }
      } else if (py::isinstance<py::tuple>(item) && py::len(item) == 2) {
        name = item[py::int_(0)].cast<std::string>();
        color = item[py::int_(1)].cast<std::string>();
        check_name(color, "color");
      } else {
        throw py::type_error("an option's items are names ('a', 'x:red') or (name, color) pairs");
      }
      const dlx::ItemId id = data_->matrix.find_item(name);
      if (id < 0) raise_error("unknown_item", "option names unknown item '" + name + "'");
      entries_.push_back({id, color.empty() ? 0 : color_id(color)});
    }
    dlx::OptionId id;
    try {
      id = mutate().matrix.add_option(entries_, cost);
    } catch (const dlx::Error& e) {
      raise_error(kind_name(e.kind()), e.what());
    }
    if (id == dlx::dropped_option) return std::nullopt;
    data_->option_lines.push_back(0);
    return id;
  }

  std::vector<std::string> items(std::optional<dlx::ItemKind> kind) const {
    std::vector<std::string> out;
    const dlx::Matrix& m = data_->matrix;
    for (std::size_t i = 0; i < m.item_count(); ++i) {
      const auto item = static_cast<dlx::ItemId>(i);
      if (!kind || m.item_kind(item) == *kind) out.push_back(m.item_name(item));
    }
    return out;
  }

  std::vector<std::string> option(std::int64_t index) const {
    const dlx::Matrix& m = data_->matrix;
    const auto count = static_cast<std::int64_t>(m.option_count());
    if (index < 0) index += count;
    if (index < 0 || index >= count) throw py::index_error("no such option");
    std::vector<std::string> out;
    for (const dlx::Entry& e : m.option(static_cast<dlx::OptionId>(index))) {
      std::string s = m.item_name(e.item);
      if (e.color != 0) s += ":" + data_->color_names.at(static_cast<std::size_t>(e.color));
      out.push_back(std::move(s));
    }
    return out;
  }

  std::vector<std::string> warnings() const {
    std::vector<std::string> out;
    for (const dlx::Warning& w : data_->warnings)
      out.push_back((name_.empty() ? "" : name_ + ":") + std::to_string(w.line) + ": " + w.message);
    const auto& later = data_->matrix.warnings();
    for (std::size_t i = read_warnings_; i < later.size(); ++i) out.push_back(later[i]);
    return out;
  }

  std::string text() const {
    std::string out = dlx::format_items(*data_) + "\n";
    for (std::size_t o = 0; o < data_->matrix.option_count(); ++o)
      out += dlx::format_option(*data_, static_cast<dlx::OptionId>(o)) + "\n";
    return out;
  }

 private:
  dlx::Problem& mutate() {
    if (data_.use_count() > 1) data_ = std::make_shared<dlx::Problem>(*data_);
    return *data_;
  }
  dlx::ColorId color_id(const std::string& color) {
    auto it = colors_.find(color);
    if (it != colors_.end()) return it->second;
    check_name(color, "color");
    auto& names = mutate().color_names;
    names.push_back(color);
    const auto id = static_cast<dlx::ColorId>(names.size() - 1);
    colors_.emplace(color, id);
    return id;
  }

  std::shared_ptr<dlx::Problem> data_;
  std::string name_;
  std::unordered_map<std::string, dlx::ColorId> colors_;
  std::size_t read_warnings_ = 0;
  std::vector<dlx::Entry> entries_;
};

PyProblem parse(py::handle text, const std::string& name, std::uint64_t max_nodes) {
  std::string_view view;
  py::object keep = py::reinterpret_borrow<py::object>(text);
  if (py::isinstance<py::bytes>(text)) {
    char* data = nullptr;
    Py_ssize_t size = 0;
    PyBytes_AsStringAndSize(text.ptr(), &data, &size);
    view = {data, static_cast<std::size_t>(size)};
  } else if (py::isinstance<py::str>(text)) {
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
    if (data == nullptr) throw py::error_already_set();
    view = {data, static_cast<std::size_t>(size)};
  } else {
    throw py::type_error("dlx.parse expects str or bytes");
  }
  dlx::ReadLimits limits;
  limits.max_nodes = max_nodes;
  std::optional<dlx::Problem> problem;
  std::optional<dlx::ParseError> error;
  {
    py::gil_scoped_release nogil;
    try {
      problem = dlx::read_problem(view, limits);
    } catch (const dlx::ParseError& e) {
      error = e;
    }
  }
  if (error)
    raise_located(parse_error_type, error->what(), kind_name(error->kind()), name, error->line(),
                  error->column());
  return PyProblem(std::move(*problem), name);
}

// Problem.search (and count): the settings from Python's arguments, then run_search.
PyResult search(const PyProblem& p, py::handle limit, py::handle threads_arg, py::handle seed,
                py::handle max_nodes, py::handle max_updates, py::object progress, double interval,
                py::handle propagate, py::handle engine, py::object propagator) {
  const SearchSettings s{optional_natural(limit, "limit", 1).value_or(0),
                         optional_natural(max_nodes, "max_nodes", 1).value_or(0),
                         optional_natural(max_updates, "max_updates", 1).value_or(0),
                         optional_natural(seed, "seed").value_or(0),
                         threads(threads_arg),
                         propagation_of(optional_text(propagate, "propagate")),
                         engine_of(text(engine, "engine")),
                         std::move(propagator)};
  return run_search(p.snapshot(), s, std::move(progress), interval, nullptr);
}

bool same_options(const Solution& s, py::handle other) {
  if (py::isinstance<Solution>(other)) return s.options == other.cast<const Solution&>().options;
  if (!py::isinstance<py::sequence>(other) || py::isinstance<py::str>(other)) return false;
  py::sequence seq = py::reinterpret_borrow<py::sequence>(other);
  if (seq.size() != s.options.size()) return false;
  for (std::size_t i = 0; i < s.options.size(); ++i) {
    py::object item = seq[i];
    if (!py::isinstance<py::int_>(item) || item.cast<std::int64_t>() != s.options[i]) return false;
  }
  return true;
}

std::string repr_list(const std::vector<dlx::OptionId>& options) {
  std::string out = "[";
  for (std::size_t i = 0; i < options.size(); ++i) {
    if (i > 0) out += ", ";
    out += std::to_string(options[i]);
  }
  return out + "]";
}

}  // namespace

void bind_dlx(py::module_& m) {
  m.doc() = "Exact cover with Knuth's dancing links (Algorithm X, and Algorithm C for colors).";

  error_type =
      exception_class(
          m, "dlx.Error",
          "A problem that cannot be built: a duplicate or unknown item, a color on a primary item, "
          "...\n\nAttributes: message, kind (the rule broken, e.g. 'unknown_item'), file, line and "
          "column (None when unknown).",
          PyExc_ValueError)
          .release();
  parse_error_type =
      exception_class(
          m, "dlx.ParseError",
          "Text that is not a valid problem in Knuth's format; str() is 'file:line:column: "
          "message'."
          "\n\nAttributes: message, kind (e.g. 'unknown_item'), file, line, column (from 1; the "
          "column counts bytes).",
          error_type)
          .release();

  py::class_<PyNode, std::shared_ptr<PyNode>>(
      m, "SearchNode",
      "The node of the search a propagator is asked at; valid during that call only.")
      .def(
          "open",
          [](const PyNode& n, std::int64_t option) {
            if (n.node == nullptr)
              throw py::value_error("a SearchNode is valid only during the propagator's call");
            return option >= 0 && option <= std::numeric_limits<dlx::OptionId>::max() &&
                   n.node->open(static_cast<dlx::OptionId>(option));
          },
          "option"_a,
          "True when the option (an index, as Solution.options) may still be chosen below this "
          "node: not chosen on the way here, and not ruled out by a chosen option sharing an "
          "item, a forced move or the propagator.")
      .def_property_readonly(
          "chosen",
          [](const PyNode& n) {
            if (n.node == nullptr)
              throw py::value_error("a SearchNode is valid only during the propagator's call");
            const auto c = n.node->chosen();
            return std::vector<dlx::OptionId>(c.begin(), c.end());
          },
          "The options chosen on the way to this node, from the root (forced moves too), as a "
          "list of indices.");

  py::class_<PyResult>(m, "Result", "What one search did, counted as Knuth's DLX1 counts it.")
      .def_readonly("solutions", &PyResult::solutions, "Solutions found.")
      .def_readonly("nodes", &PyResult::nodes,
                    "Search-tree nodes: one per item branched on, plus one per solution.")
      .def_readonly("updates", &PyResult::updates, "Link updates (DLX1's 'updates').")
      .def_readonly("max_depth", &PyResult::max_depth, "Most options chosen at once.")
      .def_readonly("outcome", &PyResult::outcome,
                    "Why the search ended: 'exhausted' (every solution seen), 'solution_limit', "
                    "'node_limit', 'update_limit' or 'stopped'.")
      .def_readonly("forced", &PyResult::forced,
                    "With propagate: nodes whose item had one option left (forced moves).")
      .def_readonly("implied", &PyResult::implied,
                    "With propagate: options removed by implied items.")
      .def_readonly("probes", &PyResult::probes, "With propagate: options tried ahead by probing.")
      .def_readonly("probed", &PyResult::probed,
                    "With propagate: options removed by probing (their forced moves failed).")
      .def_readonly("pruned", &PyResult::pruned, "With a propagator: options it removed.")
      .def_property_readonly(
          "complete", [](const PyResult& r) { return r.outcome == "exhausted"; },
          "True when the whole tree was searched: `solutions` is the exact count.")
      .def("__repr__", [](const PyResult& r) {
        return "dlx.Result(solutions=" + std::to_string(r.solutions) +
               ", nodes=" + std::to_string(r.nodes) + ", updates=" + std::to_string(r.updates) +
               ", max_depth=" + std::to_string(r.max_depth) + ", outcome='" + r.outcome + "')";
      });

  py::class_<PyProgress>(m, "Progress", "A snapshot of a running search, for a progress callback.")
      .def_readonly("solutions", &PyProgress::solutions, "Solutions found so far.")
      .def_readonly("nodes", &PyProgress::nodes, "Nodes so far (None on several threads).")
      .def_readonly("updates", &PyProgress::updates, "Updates so far (None on several threads).")
      .def_readonly("fraction", &PyProgress::fraction,
                    "Knuth's estimate of the share of the tree already searched, 0 to 1.")
      .def_readonly("seconds", &PyProgress::seconds, "Seconds since the search started.")
      .def_readonly("prefixes_done", &PyProgress::prefixes_done,
                    "Several threads: the prefixes searched (None on one thread).")
      .def_readonly("prefixes_total", &PyProgress::prefixes_total,
                    "Several threads: all the prefixes (None on one thread).")
      .def("__repr__", [](const PyProgress& p) {
        return "dlx.Progress(solutions=" + std::to_string(p.solutions) +
               ", fraction=" + std::to_string(p.fraction) +
               ", seconds=" + std::to_string(p.seconds) + ")";
      });

  py::class_<Solution>(m, "Solution",
                       "One exact cover: a sequence of option indices, in the order the search "
                       "chose them.\n\nCompares equal to a list of the same indices; `items` "
                       "gives each option's items, str() the options as Knuth's format writes "
                       "them, one per line (as `dlx -s` prints them).")
      .def("__len__", [](const Solution& s) { return s.options.size(); })
      .def("__getitem__",
           [](const Solution& s, std::int64_t i) {
             const auto n = static_cast<std::int64_t>(s.options.size());
             if (i < 0) i += n;
             if (i < 0 || i >= n) throw py::index_error("solution index out of range");
             return s.options[static_cast<std::size_t>(i)];
           })
      .def("__getitem__",
           [](const Solution& s, const py::slice& slice) {
             py::list all = py::cast(s.options);
             return py::object(all[slice]);
           })
      .def(
          "__iter__",
          [](const Solution& s) { return py::make_iterator(s.options.begin(), s.options.end()); },
          py::keep_alive<0, 1>())
      .def("__eq__", &same_options)
      .def("__ne__", [](const Solution& s, py::handle o) { return !same_options(s, o); })
      .def("__hash__", [](const Solution& s) { return py::hash(py::tuple(py::cast(s.options))); })
      .def("__repr__",
           [](const Solution& s) { return "dlx.Solution(" + repr_list(s.options) + ")"; })
      .def("__str__", &Solution::text)
      .def_property_readonly(
          "options", [](const Solution& s) { return s.options; }, "The option indices, as a list.")
      .def_property_readonly(
          "items",
          [](const Solution& s) {
            std::vector<std::vector<std::string>> out;
            const dlx::Matrix& m = s.problem->matrix;
            for (dlx::OptionId o : s.options) {
              std::vector<std::string> items;
              for (const dlx::Entry& e : m.option(o)) {
                std::string name = m.item_name(e.item);
                if (e.color != 0)
                  name += ":" + s.problem->color_names.at(static_cast<std::size_t>(e.color));
                items.push_back(std::move(name));
              }
              out.push_back(std::move(items));
            }
            return out;
          },
          "The items of each option, as written ('x:red' for a colored one).");

  py::class_<SolutionIterator>(m, "Solutions",
                               "The solutions of a problem, found lazily: each next() resumes "
                               "the search where it stopped. A KeyboardInterrupt leaves the "
                               "iterator usable: iterating again goes on from the same place.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &SolutionIterator::next)
      .def_property_readonly("stats", &SolutionIterator::stats,
                             "What the search did so far (a Result).");

  py::class_<PyProblem>(
      m, "Problem",
      "An exact-cover problem: primary items (covered exactly once), secondary items (at most "
      "once, or by options that agree on their color), and options, each a set of items.\n\n"
      "Problem(primary=['a', 'b'], secondary=['x']) declares the items; add_option(['a', "
      "'x:red']) adds an option and returns its index. Searches: count(), search(), first(), "
      "solutions(). str() gives the problem in Knuth's format.")
      .def(py::init([](const std::vector<std::string>& primary,
                       const std::vector<std::string>& secondary) {
             PyProblem p;
             for (const std::string& name : primary) p.add_item(name, false);
             for (const std::string& name : secondary) p.add_item(name, true);
             return p;
           }),
           "primary"_a = std::vector<std::string>{}, "secondary"_a = std::vector<std::string>{},
           "A problem with these items and no option yet.")
      .def("add_item", &PyProblem::add_item, "name"_a, py::kw_only(), "secondary"_a = false,
           "bounds"_a = py::none(),
           "Declares an item; returns its index. bounds (a primary item only): n, or (lo, hi), "
           "the times the chosen options may contain it (Knuth's Algorithm M, `lo:hi|name` in "
           "the text format). Raises dlx.Error for a duplicate or bad name, or bad bounds.")
      .def("add_option", &PyProblem::add_option, "items"_a, py::kw_only(), "cost"_a = 0,
           "Adds an option: item names, a secondary one with an optional color as 'x:red' (or "
           "the pair ('x', 'red')), and its cost for best(). Returns the option's index, or None "
           "when the option has no primary item and is dropped (as DLX1 does; see `warnings`). "
           "Raises dlx.Error for an unknown or repeated item, or a color on a primary item.")
      .def(
          "add_options",
          [](PyProblem& p, py::iterable options) {
            std::vector<std::optional<dlx::OptionId>> ids;
            for (py::handle option : options) ids.push_back(p.add_option(option, py::int_(0)));
            return ids;
          },
          "options"_a, "Adds each option of an iterable; returns their indices (see add_option).")
      .def(
          "cost",
          [](const PyProblem& p, std::int64_t index) {
            const dlx::Matrix& m = p.data().matrix;
            const auto count = static_cast<std::int64_t>(m.option_count());
            if (index < 0) index += count;
            if (index < 0 || index >= count) throw py::index_error("no such option");
            return m.cost(static_cast<dlx::OptionId>(index));
          },
          "index"_a, "An option's cost (0 unless given).")
      .def(
          "bounds",
          [](const PyProblem& p, const std::string& name) {
            const dlx::Matrix& m = p.data().matrix;
            const dlx::ItemId item = m.find_item(name);
            if (item < 0) throw py::key_error(name);
            if (m.item_kind(item) == dlx::ItemKind::secondary) return py::object(py::none());
            const dlx::Bounds b = m.bounds(item);
            return py::object(py::make_tuple(b.lo, b.hi));
          },
          "name"_a,
          "A primary item's bounds as (lo, hi) ((1, 1) unless declared), None for a secondary "
          "item.")
      .def_property_readonly(
          "primary", [](const PyProblem& p) { return p.items(dlx::ItemKind::primary); },
          "The primary items' names, in the order declared.")
      .def_property_readonly(
          "secondary", [](const PyProblem& p) { return p.items(dlx::ItemKind::secondary); },
          "The secondary items' names, in the order declared.")
      .def_property_readonly(
          "items", [](const PyProblem& p) { return p.items(std::nullopt); },
          "Every item's name, indexed by item (primary and secondary as declared).")
      .def_property_readonly(
          "option_count", [](const PyProblem& p) { return p.data().matrix.option_count(); },
          "The number of options kept.")
      .def("option", &PyProblem::option, "index"_a,
           "The items of an option, as written ('x:red' for a colored one).")
      .def_property_readonly(
          "options",
          [](const PyProblem& p) {
            std::vector<std::vector<std::string>> out;
            for (std::size_t o = 0; o < p.data().matrix.option_count(); ++o)
              out.push_back(p.option(static_cast<std::int64_t>(o)));
            return out;
          },
          "The items of every option, as a list of lists.")
      .def_property_readonly("warnings", &PyProblem::warnings,
                             "Input that was accepted but changed (options dropped for having "
                             "no primary item), one message each.")
      .def_property_readonly("name", &PyProblem::name,
                             "The file name it was read from (for messages), or ''.")
      .def("__str__", &PyProblem::text)
      .def("__repr__",
           [](const PyProblem& p) {
             const dlx::Matrix& m = p.data().matrix;
             return "<dlx.Problem: " + std::to_string(m.primary_count()) + " primary and " +
                    std::to_string(m.item_count() - m.primary_count()) + " secondary items, " +
                    std::to_string(m.option_count()) + " options>";
           })
      .def(
          "count",
          [](const PyProblem& p, py::handle limit, py::handle threads, py::handle seed,
             py::handle max_nodes, py::handle max_updates, py::object progress, double interval,
             py::handle propagate, py::handle engine, py::object propagator) {
            return search(p, limit, threads, seed, max_nodes, max_updates, std::move(progress),
                          interval, propagate, engine, std::move(propagator))
                .solutions;
          },
          "limit"_a = py::none(), py::kw_only(), "threads"_a = 1, "seed"_a = py::none(),
          "max_nodes"_a = py::none(), "max_updates"_a = py::none(), "progress"_a = py::none(),
          "progress_interval"_a = 1.0, "propagate"_a = py::none(), "engine"_a = "auto",
          "propagator"_a = py::none(),
          "The number of solutions, up to `limit` (None: all).\n\n"
          "threads: search on this many threads (0: one per core; not with seed or budgets).\n"
          "seed: break ties and order options at random, reproducibly.\n"
          "max_nodes, max_updates: stop after this budget (the count is then a lower bound).\n"
          "progress: called with a dlx.Progress every progress_interval seconds.\n"
          "propagate: reasoning inside the search, as `dlx --propagate` takes it, e.g.\n"
          "  'singles,implied,probe' or 'all' (problems without colors or bounds): the same\n"
          "  solutions, usually in fewer nodes (not always: 'weighed' takes more on 8 queens).\n"
          "engine: 'links' (dancing links), 'cells' (dancing cells), 'bits' (bit sets) or\n"
          "  'auto' (chosen from the problem, as `dlx --engine auto`).\n"
          "propagator: a constraint of your own, f(node) called at each node of the search with\n"
          "  a dlx.SearchNode (node.open(i), node.chosen): return False to end the branch, or\n"
          "  the indices of options to remove until the search backs up (None: none). Exact on\n"
          "  complete solutions, never removing an option some solution below holds. Links\n"
          "  engine, one thread, problems without colors or bounds; its exceptions propagate.\n"
          "Runs without the GIL (a propagator takes it for its calls); Ctrl-C raises\n"
          "KeyboardInterrupt.")
      .def("search", &search, "limit"_a = py::none(), py::kw_only(), "threads"_a = 1,
           "seed"_a = py::none(), "max_nodes"_a = py::none(), "max_updates"_a = py::none(),
           "progress"_a = py::none(), "progress_interval"_a = 1.0, "propagate"_a = py::none(),
           "engine"_a = "auto", "propagator"_a = py::none(),
           "Counts as count() does and returns what the search did: a dlx.Result with the "
           "solutions, nodes, updates, depth and why it ended (with propagate, also what each "
           "part removed; with a propagator, what it pruned).")
      .def(
          "first",
          [](const PyProblem& p, py::handle seed, py::handle max_nodes, py::handle max_updates,
             py::handle propagate, py::handle engine,
             py::object propagator) -> std::optional<Solution> {
            SearchSettings s{0,
                             optional_natural(max_nodes, "max_nodes", 1).value_or(0),
                             optional_natural(max_updates, "max_updates", 1).value_or(0),
                             optional_natural(seed, "seed").value_or(0),
                             1,
                             propagation_of(optional_text(propagate, "propagate")),
                             engine_of(text(engine, "engine")),
                             std::move(propagator)};
            std::vector<dlx::OptionId> options;
            run_search(p.snapshot(), s, py::none(), 1.0, &options);
            if (options.empty()) return std::nullopt;
            return Solution{p.snapshot(), std::move(options)};
          },
          py::kw_only(), "seed"_a = py::none(), "max_nodes"_a = py::none(),
          "max_updates"_a = py::none(), "propagate"_a = py::none(), "engine"_a = "auto",
          "propagator"_a = py::none(),
          "The first solution (a random one with a seed), or None when there is none or a "
          "budget ran out first; propagator as count() takes it.")
      .def(
          "best",
          [](const PyProblem& p, py::handle k_arg, py::handle threads_arg, py::handle nodes_arg) {
            const std::uint64_t k = natural(k_arg, "k", 1);
            const unsigned threads = binding::threads(threads_arg);
            const std::optional<std::uint64_t> max_nodes =
                optional_natural(nodes_arg, "max_nodes", 1);
            const Snapshot problem = p.snapshot();
            // The command's check (dlx --best refuses the same problems).
            if (const std::string_view refusal = dlx::best_refusal(problem->matrix);
                !refusal.empty())
              throw py::value_error(std::string(refusal));
            std::atomic<bool> stop{false};
            const dlx::BestResult result = interruptible(stop, [&] {
              if (threads != 1) {
                if (max_nodes) throw py::value_error("threads cannot be combined with max_nodes");
                dlx::BestParallelOptions options;
                options.threads = threads;
                options.stop = &stop;
                return dlx::best_parallel(problem->matrix, static_cast<std::size_t>(k), options);
              }
              dlx::CostSolver solver(problem->matrix);  // std::invalid_argument with bounds
              solver.set_limits({0, max_nodes.value_or(0), 0});
              solver.set_stop_flag(&stop);
              return solver.best(static_cast<std::size_t>(k));
            });
            py::list out;
            for (const dlx::CostedSolution& s : result.best)
              out.append(py::make_tuple(s.cost, Solution{problem, s.options}));
            return out;
          },
          "k"_a = 1, py::kw_only(), "threads"_a = 1, "max_nodes"_a = py::none(),
          "The k cheapest solutions by the options' costs (add_option's cost, '|n' in the text "
          "format), cheapest first, as a list of (cost, dlx.Solution); equal costs in the order "
          "found. As `dlx --best K` (Knuth's DLX5): the search prunes every branch that cannot "
          "beat the k-th best so far. threads: search on this many threads (0: one per core), "
          "sharing the cutoff; max_nodes: a budget (the list is then the best found). Not for "
          "problems with bounds, nor for those without costs (ValueError, as dlx --best "
          "refuses them). Runs without the GIL; Ctrl-C raises KeyboardInterrupt.")
      .def(
          "zdd",
          [](const PyProblem& p) {
            const Snapshot problem = p.snapshot();
            dlx::Zdd zdd;
            try {
              zdd = dlx::build_zdd(problem->matrix);
            } catch (const std::invalid_argument& e) {
              throw py::value_error(e.what());
            }
            py::list nodes;
            for (const dlx::ZddNode& n : zdd.nodes)
              nodes.append(py::make_tuple(n.option, n.lo, n.hi));
            std::ostringstream text;
            dlx::write_zdd(text, zdd);
            py::dict out;
            out["root"] = zdd.root;
            out["nodes"] = nodes;
            out["solutions"] = zdd.solutions;
            out["node_count"] = zdd.node_count();
            out["text"] = text.str();
            return out;
          },
          "The zero-suppressed decision diagram of all the solutions, as `dlx --zdd` (Knuth's "
          "DLX6) builds it, as a dict: 'nodes', a list of (option, lo, hi) for nodes 2, 3, ... "
          "(0 is no solution, 1 the empty one; option is an index, as Solution.options), "
          "'root', 'solutions', 'node_count' (DLX6's count, the two constants included) and "
          "'text' (DLX6's format, options numbered from 1). Problems without colors or bounds "
          "(else ValueError).")
      .def(
          "solutions",
          [](const PyProblem& p, py::handle limit, py::handle engine) {
            SearchSettings s;
            s.engine = engine_of(text(engine, "engine"));
            const Snapshot problem = p.snapshot();
            const dlx::Engine resolved = resolve_engine(problem->matrix, s);
            return std::make_unique<SolutionIterator>(
                problem, optional_natural(limit, "limit", 1).value_or(0), resolved);
          },
          "limit"_a = py::none(), py::kw_only(), "engine"_a = "auto",
          "An iterator over the solutions (at most `limit`), in the order of one search (the "
          "order `dlx -s` prints), found as they are asked for: a lazy search that stops "
          "after each batch and resumes there.");

  m.def("parse", &parse, "text"_a, "name"_a = "<string>", py::kw_only(), "max_nodes"_a = 50'000'000,
        "Reads a problem written in Knuth's format (str or bytes); raises dlx.ParseError with "
        "the file name `name`, line and column. max_nodes refuses larger problems (about 40 "
        "bytes a node).");
}

}  // namespace binding
