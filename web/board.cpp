// The sudoku library for the page (web/), bound to JavaScript with embind.
//
// It translates and nothing more: a Board is a sudoku::Session, whose commands the page sends
// as the terminal does ("set r3c5 7", "singles", "undo"), and whose state it reads back as
// plain JavaScript values to draw. Every rule of play and every deduction is the library's.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cctype>
#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "dlx/random.hpp"
#include "sudoku/io/fpuzzles.hpp"
#include "sudoku/io/symbols.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/logic/logic.hpp"
#include "sudoku/logic/rating.hpp"
#include "sudoku/make/generator.hpp"
#include "sudoku/make/made_to_order.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/rule.hpp"
#include "sudoku/play/explain.hpp"
#include "sudoku/play/position.hpp"
#include "sudoku/play/session.hpp"
#include "sudoku/search/cache.hpp"
#include "sudoku/search/solver.hpp"

namespace {

using emscripten::val;

val array_of(const std::vector<int>& values) {
  val out = val::array();
  for (std::size_t i = 0; i < values.size(); ++i) out.set(i, values[i]);
  return out;
}

val reply_of(bool ok, const std::string& text, const std::vector<int>& cells = {}) {
  val out = val::object();
  out.set("ok", ok);
  out.set("text", text);
  out.set("cells", array_of(cells));
  return out;
}

// The marks every rule draws (Rule::draw), as {kind, cells, text, filled, colour, arrow, stepRow,
// stepCol}; kind is "dot", "letter", "circle", "square", "shade", "line", "outside" (a clue
// beside the grid, one step (stepRow, stepCol) before its first cell) or "corner"
// (sudoku::mark_kind_name). The page draws each kind alike, whatever the rule.
val rule_marks(const sudoku::Geometry& g) {
  std::vector<sudoku::RuleMark> marks;
  for (const sudoku::RulePtr& rule : g.rules()) rule->draw(g, marks);
  val out = val::array();
  for (std::size_t i = 0; i < marks.size(); ++i) {
    const sudoku::RuleMark& m = marks[i];
    val one = val::object();
    one.set("kind", std::string(sudoku::mark_kind_name(m.kind)));
    one.set("cells", array_of(m.cells));
    one.set("text", m.text);
    one.set("filled", m.filled);
    one.set("colour", m.colour);
    one.set("arrow", m.arrow);
    one.set("stepRow", m.step_row);
    one.set("stepCol", m.step_col);
    out.set(i, one);
  }
  return out;
}

// The seed of the try-th batch of attempts of one request: the request's seed for the first
// (the puzzle Generator::generate makes from it comes first), then splitmix64's numbers from it.
std::uint64_t batch_seed(std::uint64_t seed, int batch) {
  if (batch == 0) return seed;
  return dlx::nth_random(seed, static_cast<std::uint64_t>(batch) - 1);
}

// A puzzle made to order by the library (sudoku/make/made_to_order.hpp), unique: minimal, or
// stopped at `givens` givens (0: minimal; -1: the library's default for the shape, as the command);
// `level` is a name of --difficulty (HoDoKu's easy to extreme, QQWing's simple to expert,
// "qqwing:easy"), or "" for any puzzle. Batch `batch` of a request makes up to `attempts` puzzles
// (0: no limit) from its own seed, so that a caller can report progress between batches. The reply:
// {ok, found, text (the puzzle, which open() reads), givens, rating ("ER/EP/ED level" as `sudoku
// --rate` writes it), hodoku, qqwing (those three "" for a puzzle of any level, which is not
// rated), attempts}, or {ok: false, text: why}. The page's worker calls
// it, off the page's thread.
val make_puzzle(int size, const std::string& variant_name, double seed, int batch, int givens,
                const std::string& level, double attempts) {
  static std::map<std::tuple<int, sudoku::Variant, sudoku::Chess>,
                  std::unique_ptr<sudoku::OrderedGenerator>>
      generators;  // one per shape, kept: building one costs more than a puzzle of 9x9
  // A jigsaw's regions are drawn from the request's seed (as `sudoku --generate --variant
  // jigsaw` draws them), the same for each of its batches: its generator is kept for the request.
  static struct {
    int size = 0;
    double seed = 0;
    sudoku::Chess chess = sudoku::Chess::none;
    std::shared_ptr<const sudoku::Geometry> geometry;
    std::unique_ptr<sudoku::OrderedGenerator> generator;
  } jigsaw;
  try {
    // "x anti-king", "hyper,anti-knight", "killer": the library's words for a shape; a killer's
    // cages are drawn for each puzzle over its solution (GeneratorOptions::killer).
    bool killer = false;
    const auto [variant, chess] = sudoku::parse_shape(variant_name, nullptr, &killer);
    sudoku::Order order;
    if (!level.empty() && !sudoku::parse_level(level, order.band))
      return reply_of(false, "no difficulty is named '" + level + "'\n");
    std::shared_ptr<const sudoku::Geometry> geometry;
    sudoku::OrderedGenerator* generator = nullptr;
    if (variant == sudoku::Variant::jigsaw) {
      if (!jigsaw.generator || jigsaw.size != size || jigsaw.seed != seed ||
          jigsaw.chess != chess) {
        jigsaw.geometry = sudoku::shared_geometry(sudoku::random_jigsaw(
            size, dlx::nth_random(static_cast<std::uint64_t>(seed), UINT64_MAX), chess));
        jigsaw.generator = std::make_unique<sudoku::OrderedGenerator>(*jigsaw.geometry);
        jigsaw.size = size;
        jigsaw.seed = seed;
        jigsaw.chess = chess;
      }
      generator = jigsaw.generator.get();
      geometry = jigsaw.geometry;
    } else {
      auto& kept = generators[{size, variant, chess}];
      if (!kept)
        kept = std::make_unique<sudoku::OrderedGenerator>(
            *sudoku::shared_geometry(size, variant, chess));
      generator = kept.get();
      geometry = sudoku::shared_geometry(size, variant, chess);
    }
    sudoku::GeneratorOptions options = sudoku::default_generator_options(*geometry);
    if (givens >= 0) options.givens = givens;
    options.killer = killer;
    val out = reply_of(true, "");
    sudoku::OrderedPuzzle made;
    try {
      made = generator->generate(batch_seed(static_cast<std::uint64_t>(seed), batch), options,
                                 order, static_cast<std::uint64_t>(attempts));
    } catch (const sudoku::NoPuzzleInBand&) {
      out.set("found", false);
      out.set("attempts", attempts);
      return out;
    }
    // A killer puzzle has a shape of its own: the generator's with its cages.
    if (made.puzzle.geometry) geometry = made.puzzle.geometry;
    sudoku::Position position = sudoku::blank_position(geometry);
    position.givens = made.puzzle.givens;
    out.set("found", true);
    out.set("text", sudoku::write_position(position));
    out.set("givens", made.puzzle.count);
    // A puzzle of any level comes unrated (rating a 25x25 one took 18 to 48 s): Board.rating()
    // rates it afterwards, where that is quick.
    const bool rated = !order.any();
    out.set("rating", rated ? sudoku::format_rating(made.rating) : std::string());
    out.set("hodoku", rated ? std::string(sudoku::hodoku_level_name(made.rating.hodoku)) : "");
    out.set("qqwing", rated ? std::string(sudoku::qqwing_level_name(made.rating.qqwing)) : "");
    out.set("attempts", static_cast<double>(made.attempts));
    return out;
  } catch (const std::exception& error) {
    return reply_of(false, std::string(error.what()) + "\n");
  }
}

class Board {
 public:
  Board() : session_(std::make_unique<sudoku::Session>(options())) {}

  // Starts on the first puzzle of a text in any format the reader knows.
  val open(const std::string& name, const std::string& text) {
    return reply(session_->open(name, text));
  }

  // Runs one command line of the session; the reply's text without the grid the terminal shows.
  val run(const std::string& line) { return reply(session_->run(line)); }

  // The text `save` writes: the whole position, which open() reads back.
  std::string save_text() const { return session_->save_text(); }

  // The puzzle (its givens and rules) as a link that opens it in f-puzzles; "" with the reason
  // in `why` when f-puzzles cannot say it (a samurai).
  val fpuzzles_link() const {
    val out = val::object();
    try {
      out.set("link", sudoku::fpuzzles_link(session_->geometry(), session_->givens()));
    } catch (const std::invalid_argument& e) {
      out.set("link", std::string());
      out.set("why", std::string(e.what()));
    }
    return out;
  }

  // True when the position has candidates removed beyond what its digits rule out (pencil-mark
  // input, a position saved after steps): candidates the player has and the page should show.
  bool has_removed() const {
    const sudoku::Position p = session_->position();
    for (std::size_t cell = 0; cell < p.removed.size(); ++cell)
      if ((p.removed[cell] | p.marks[cell]) != 0) return true;
    return false;
  }

  // The stage (1 to 3) the last hint showed, 0 before any hint of this position.
  int hint_stage() const { return session_->hint_stage(); }

  // Whether hints, steps and solving use the uniqueness techniques (Unique Rectangles, Hidden
  // Rectangle, BUG+1): 'proved' (when the count proves one solution, the default), 'assumed'
  // (every puzzle, as sudoku --assume-unique) or 'off' (never, --no-assume-unique).
  val set_uniqueness(const std::string& name) {
    if (name == "proved")
      session_->set_uniqueness(sudoku::Uniqueness::when_proved);
    else if (name == "assumed")
      session_->set_uniqueness(sudoku::Uniqueness::assumed);
    else if (name == "off")
      session_->set_uniqueness(sudoku::Uniqueness::off);
    else
      return reply_of(false, "uniqueness is 'proved', 'assumed' or 'off', not '" + name + "'\n");
    return reply_of(true, "");
  }
  std::string uniqueness() const {
    switch (session_->uniqueness()) {
      case sudoku::Uniqueness::assumed:
        return "assumed";
      case sudoku::Uniqueness::off:
        return "off";
      case sudoku::Uniqueness::when_proved:
        break;
    }
    return "proved";
  }

  // A new puzzle made by make_puzzle (below), from its first try; the session starts on it.
  val generate(int size, const std::string& variant, double seed, int givens,
               const std::string& level) {
    val out = make_puzzle(size, variant, seed, 0, givens, level, 0);
    if (!out["ok"].as<bool>()) return out;
    val opened = open("new puzzle", out["text"].as<std::string>());
    if (!opened["ok"].as<bool>()) return opened;
    return out;
  }

  // The rating of the puzzle (its givens), as `sudoku --rate` gives it: {level (HoDoKu's name,
  // "easy" ... "extreme"), rating ("ER/EP/ED level"), qqwing}; each "" for a grid above 9x9, whose
  // rating takes too long, and for a puzzle without solution. It takes up to seconds (an X 9x9
  // 3 s): the page's worker calls it.
  val rating() const {
    val out = val::object();
    out.set("level", std::string());
    out.set("rating", std::string());
    out.set("qqwing", std::string());
    const sudoku::Geometry& g = session_->geometry();
    if (g.size() > 9) return out;
    sudoku::Solver solver(g);
    const sudoku::Rating r = sudoku::rate(session_->givens(), solver, *sudoku::shared_tables(g));
    if (!r.solvable) return out;
    out.set("level", std::string(sudoku::hodoku_level_name(r.hodoku)));
    out.set("rating", sudoku::format_rating(r));
    out.set("qqwing", std::string(sudoku::qqwing_level_name(r.qqwing)));
    return out;
  }

  // The cells that share a house with `cell` (rows, columns, boxes or regions, hyper windows and
  // diagonals alike) or are a knight's or king's move away under those constraints: the library's
  // peers, which the page highlights.
  val peers(int cell) const {
    const sudoku::Geometry& g = session_->geometry();
    if (cell < 0 || cell >= g.cell_count()) return val::array();
    const auto list = g.peers(cell);
    return array_of(std::vector<int>(list.begin(), list.end()));
  }

  // Everything the page draws: the shape, its houses, the digits and the candidates.
  val state() const {
    const sudoku::Geometry& g = session_->geometry();
    const sudoku::Candidates& c = session_->candidates();
    const sudoku::Grid& givens = session_->givens();
    const int n = g.size();
    val out = val::object();
    out.set("size", n);
    out.set("variant", sudoku::shape_name(g));
    // The chess constraints, which the page marks beside the board (their peers light up too).
    out.set("knight", sudoku::has_chess(g.chess(), sudoku::Chess::anti_knight));
    out.set("king", sudoku::has_chess(g.chess(), sudoku::Chess::anti_king));
    out.set("boxRows", g.box_rows());
    out.set("boxCols", g.box_cols());
    // The picture the cells sit in (a samurai's five grids leave holes): its rows and columns,
    // the cell at each place (-1 in a hole) and each cell's place (row * width + column).
    out.set("height", g.height());
    out.set("width", g.width());
    std::vector<int> at(static_cast<std::size_t>(g.height() * g.width()));
    std::vector<int> place(static_cast<std::size_t>(g.cell_count()));
    for (int r = 0; r < g.height(); ++r)
      for (int col = 0; col < g.width(); ++col) {
        const int cell = g.cell_at(r, col);
        at[static_cast<std::size_t>(r * g.width() + col)] = cell;
        if (cell >= 0) place[static_cast<std::size_t>(cell)] = r * g.width() + col;
      }
    out.set("at", array_of(at));
    out.set("place", array_of(place));
    val symbols = val::array();
    for (int d = 1; d <= n; ++d) symbols.set(d - 1, std::string(1, sudoku::digit_symbol(n, d)));
    out.set("symbols", symbols);
    std::vector<int> region(static_cast<std::size_t>(g.cell_count()));
    std::vector<int> marks(static_cast<std::size_t>(g.cell_count()), 0);
    for (int cell = 0; cell < g.cell_count(); ++cell)
      region[static_cast<std::size_t>(cell)] = g.region_of(cell);
    for (const sudoku::House& house : g.houses()) {
      const int bit = house.kind == sudoku::HouseKind::window     ? 1
                      : house.kind == sudoku::HouseKind::diagonal ? 2
                                                                  : 0;
      for (int cell : house.cells) marks[static_cast<std::size_t>(cell)] |= bit;
    }
    out.set("region", array_of(region));
    out.set("marks", array_of(marks));  // 1: in a hyper window, 2: on a diagonal
    // Killer cages: each cell's cage (-1: none) and each cage's sum, which the page draws.
    std::vector<int> cage(static_cast<std::size_t>(g.cell_count()));
    std::vector<int> sums;
    for (int cell = 0; cell < g.cell_count(); ++cell)
      cage[static_cast<std::size_t>(cell)] = g.cage_of(cell);
    for (const sudoku::Cage& k : g.cages()) sums.push_back(k.sum);
    out.set("cage", array_of(cage));
    out.set("cageSums", array_of(sums));
    // The rules beyond the houses: their marks, every rule in words, and the header lines that
    // tell this shape (the page draws the board again when they change).
    out.set("ruleMarks", rule_marks(g));
    val sentences = val::array();
    const std::vector<std::string> rules = sudoku::rule_sentences(g);
    for (std::size_t i = 0; i < rules.size(); ++i) sentences.set(i, rules[i]);
    out.set("rules", sentences);
    out.set("shape", sudoku::describe_shape(g));
    out.set("header", sudoku::format_header(g));
    val cells = val::array();
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      val one = val::object();
      const int value = c.value(cell);
      one.set("value", value);
      one.set("given", givens[static_cast<std::size_t>(cell)] != 0);
      std::vector<int> digits;
      if (value == 0)
        for (int d = 1; d <= n; ++d)
          if (c.mask(cell) & sudoku::digit_bit(d)) digits.push_back(d);
      one.set("candidates", array_of(digits));
      std::vector<int> marked;  // removed by hand
      for (int d = 1; d <= n; ++d)
        if (session_->marks(cell) & sudoku::digit_bit(d)) marked.push_back(d);
      one.set("marks", array_of(marked));
      cells.set(cell, one);
    }
    out.set("cells", cells);
    out.set("solved", c.solved());
    out.set("impossible", sudoku::find_contradiction(c).contradiction);
    out.set("status", session_->status());
    return out;
  }

 private:
  // The session of the page: its replies name the page's buttons where the terminal's name
  // commands (Hint pressed after a hint's last stage takes its step: app.js).
  static sudoku::SessionOptions options() {
    sudoku::SessionOptions options;
    sudoku::SessionPhrases& say = options.phrases;
    say.take_step = "press Hint again to apply it";
    say.reveal_or_search = "Reveal gives the selected cell's digit, Solve the rest";
    say.one_of_several = "Solve fills in one of them, Reveal the selected cell's digit of it";
    say.show_mistakes = "Check shows the wrong digits";
    say.mend = "Check or Undo, then Solve";
    say.bring_back = "the pencil on the pad brings a candidate back";
    return options;
  }

  // The terminal's replies end with the grid (Session::show()); the page draws its own.
  val reply(const sudoku::Reply& r) const {
    std::string text = r.text;
    const std::string grid = session_->show();
    const std::string first = grid.substr(0, grid.find('\n') + 1);  // the column labels
    for (std::size_t at = 0; at < text.size(); at = text.find('\n', at) + 1) {
      if (text.compare(at, first.size(), first) == 0) {
        text.erase(at);
        break;
      }
      if (text.find('\n', at) == std::string::npos) break;
    }
    val out = reply_of(r.ok, text, r.cells);
    if (!r.placed.empty() || !r.removed.empty()) {
      out.set("placed", candidates_of(r.placed));
      out.set("removed", candidates_of(r.removed));
      val arrows = val::array();
      for (std::size_t i = 0; i < r.arrows.size(); ++i) {
        const sudoku::Arrow& a = r.arrows[i];
        arrows.set(i, array_of(std::vector<int>{a.from.cell, a.from.digit, a.to.cell, a.to.digit,
                                                a.strong ? 1 : 0}));
      }
      out.set("arrows", arrows);
    }
    return out;
  }

  // Candidates as [cell, digit] pairs.
  static val candidates_of(const std::vector<sudoku::Candidate>& list) {
    val out = val::array();
    for (std::size_t i = 0; i < list.size(); ++i) {
      val pair = val::array();
      pair.set(0, list[i].cell);
      pair.set(1, list[i].digit);
      out.set(i, pair);
    }
    return out;
  }

  std::unique_ptr<sudoku::Session> session_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(sudoku_board) {
  emscripten::class_<Board>("Board")
      .constructor<>()
      .function("open", &Board::open)
      .function("run", &Board::run)
      .function("saveText", &Board::save_text)
      .function("fpuzzlesLink", &Board::fpuzzles_link)
      .function("hintStage", &Board::hint_stage)
      .function("hasRemoved", &Board::has_removed)
      .function("setUniqueness", &Board::set_uniqueness)
      .function("uniqueness", &Board::uniqueness)
      .function("generate", &Board::generate)
      .function("state", &Board::state)
      .function("peers", &Board::peers)
      .function("rating", &Board::rating);
  emscripten::function("makePuzzle", &make_puzzle);
}
