// The built-in puzzles: four regular ones from simple to complex (rated by `sudoku --rate`),
// then one of each variant and size. Plain text in the formats the reader knows.
const PUZZLES = [
  {name: "Simple", text: "1.6..243....7.96...7..........8...2..14.....6.5...........4...8....3..49.35....1.\n"},
  {name: "Easy", text: ".....641.4.....7....6.2.....51.....487.4...2.9..7.5......9..8......3......25....1\n"},
  {name: "Hard", text: "..82...4.4..7.....3....91.2....578.1.9...64.....8.....7.9..3..616..........9.....\n"},
  {name: "Complex", text: "7.....83..3.8........2.5..74.2...7..1..5........9....397...1.85...6.........9.421\n"},
  {name: "Hyper", text: "# A hyper sudoku (also called windoku): besides rows, columns and boxes, each of the four\n# shaded 3x3 windows (rows 2-4 and 6-8 by columns 2-4 and 6-8) holds 1-9 once.\n# 18 givens, one solution.\n#variant hyper\n.1. ... .4.\n... ..4 ..1\n..3 ... ...\n\n.4. ... ...\n..8 ..7 ...\n9.. .4. 6..\n\n... ... ..2\n8.1 .7. ...\n..7 ..6 5..\n"},
  {name: "X (diagonals)", text: "# An X sudoku: both main diagonals hold 1-9 once too. 18 givens, one solution.\n#variant x\n.....81.....76......23....5..3.7.....7.2.....856...........1.484.................\n"},
  {name: "Jigsaw", text: "# A jigsaw sudoku: the nine irregular regions drawn by the map replace the boxes.\n# The map names each cell's region with a symbol (1-9 here); 20 givens, one solution.\n#regions\n112222333\n111112333\n142222633\n144555636\n444585666\n444585969\n777785969\n777885969\n778888999\n71..8.9..\n...3...47\n.6.......\n.....3.5.\n.5..91.7.\n..4......\n5..21.7..\n.........\n....2....\n"},
  {name: "Anti-knight", text: "# An anti-knight sudoku: no digit repeats a knight's move away. 14 givens, one solution.\n#variant anti-knight\n.....91......4...2.7..1............5.........9............3..4.4...9......36.....\n"},
  {name: "4×4", text: "....1....14.4..2\n"},
  {name: "6×6", text: "..5..61...4.2..3.......1.2....3.6...\n"},
  {name: "12×12", text: ".8C..A9..71...A........2.4.3..7.....A...2...C.4.....3.A...7...6.4.B..3.1.7......B6C...56..2....7...8.1..95...572......8.....C.1...6.1C....5.A9..\n"},
  {name: "16×16", text: "# A 16x16 sudoku: digits 1-9 and A-G, '.' for an empty cell; boxes of 4x4.\n# 120 givens, one solution.\n.G.. .1.. BA.5 8.E.\n.24. .... .FG. DB1.\n..9. E... .D.. .4.7\n.B.. 2DG. 7..9 ..F3\n\n.6.5 A... C... ...G\n87.G D.3C A.BF 2.94\nC.23 .4E5 .67. .1.F\n..A. ...8 3.5. C.6.\n\n6E.. .9F. ...3 .2..\n..5. 8... .7.. E.G1\nF1B9 4.C. ..EA 6738\nD.7. .E2G .B.1 ....\n\n.A.. 9B.6 ..8. ..2C\nG.62 ...3 ...7 1..9\n...B .8.2 ..64 3.7D\n.4.C .G.E ...B ..56\n"},
];
