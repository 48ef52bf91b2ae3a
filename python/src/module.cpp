// The native part of the `dlx` and `sudoku` Python packages: one extension, dlx._native, with a
// submodule for each, so that both share one SIGINT handler (interrupt.hpp).
#include <pybind11/pybind11.h>

#include "interrupt.hpp"

namespace binding {
void bind_dlx(pybind11::module_& m);
void bind_sudoku(pybind11::module_& m);
}  // namespace binding

PYBIND11_MODULE(_native, m) {
  m.doc() = "The native code of the dlx and sudoku packages; import those instead.";
  binding::init_interrupt();
  pybind11::module_ dlx = m.def_submodule("dlx");
  binding::bind_dlx(dlx);
  pybind11::module_ sudoku = m.def_submodule("sudoku");
  binding::bind_sudoku(sudoku);
}
