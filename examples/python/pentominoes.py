"""A pentomino tiling drawn as letters: the first solution of one of examples/pentominoes/*.dlx
(items: the twelve pieces, then the cells, named by row and column, 0-9 then a-z).

    /usr/bin/python3 examples/python/pentominoes.py examples/pentominoes/pentomino-6x10.dlx
"""
import sys

import dlx

problem = dlx.read(sys.argv[1] if len(sys.argv) > 1 else "examples/pentominoes/pentomino-6x10.dlx")
solution = problem.first()
board = {}
for items in solution.items:
    piece = items[0]
    for cell in items[1:]:
        if len(cell) == 2:  # a cell (the 3x20 file also names a secondary item 'mirror')
            board[int(cell[0], 36), int(cell[1], 36)] = piece
rows = 1 + max(r for r, _ in board)
columns = 1 + max(c for _, c in board)
for r in range(rows):
    print(" ".join(board.get((r, c), ".") for c in range(columns)))
print(f"{problem.count()} tilings in all")
