# Writes the page as one HTML file: the style sheet and the scripts that index.html links to,
# put inside it (cmake -DPAGE=dir -DOUT=file -P inline.cmake).
file(READ ${PAGE}/index.html html)
file(READ ${PAGE}/style.css css)
string(REPLACE "<link rel=\"stylesheet\" href=\"style.css\">" "<style>\n${css}</style>" html "${html}")
foreach(script sudoku.js puzzles.js app.js)
  file(READ ${PAGE}/${script} js)
  string(FIND "${js}" "</script" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "${script} holds </script: it cannot be put inside the page")
  endif()
  string(REPLACE "<script src=\"${script}\"></script>" "<script>\n${js}</script>" html "${html}")
endforeach()
file(WRITE ${OUT} "${html}")
