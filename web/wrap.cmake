# Writes page/sudoku.js: Emscripten's module inside a function, sudokuModuleSource(), that
# returns the module's factory (cmake -DIN=file -DOUT=file -P wrap.cmake). The page calls it as
# any script would; its worker is a Blob of the function's source text (Function.toString), so
# that it needs no second file and starts from file:// as from a static host.
file(READ ${IN} module)
file(WRITE ${OUT} "// The sudoku library (WebAssembly inside), wrapped: see web/wrap.cmake.
function sudokuModuleSource() {
${module}
return SudokuModule;
}
var SudokuModule = sudokuModuleSource();
if (typeof module === 'object' && module.exports) module.exports = SudokuModule;
")
