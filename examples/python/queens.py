"""The n queens with the dlx module: rows and columns primary, diagonals secondary.

    /usr/bin/python3 examples/python/queens.py 8      # 92
"""
import sys
import dlx

n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
problem = dlx.Problem(primary=[f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)],
                      secondary=[f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)])
for i in range(n):
    for j in range(n):
        problem.add_option([f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"])
print(problem.count())
