"""Rebuild the load-step fixtures in this folder: `python tests/notebooks/make_fixtures.py [NBCONVERT]`.

The notebooks are written with nbformat. The HTML and script exports are made by the real
``jupyter nbconvert`` (7.x) when a command for it is given or found on PATH; the lab export's
<style> and <script> blocks are then removed (about 300 KB of CSS that no test reads); the cell
markup is nbconvert's own, untouched.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent

CONNECT4_IMPORTS = """\
import math
import random

import numpy as np"""

CONNECT4_RULES = '''\
ROWS, COLS = 6, 7
EMPTY = 0


def empty_board(shape=(ROWS, COLS)):
    """Row 0 is the top; a disc falls to the largest free row."""
    return np.full(shape=shape, fill_value=EMPTY)


def actions(s):
    return [c for c in range(s.shape[1]) if s[0, c] == EMPTY]


def result(s, a, player):
    s = s.copy()
    row = max(r for r in range(s.shape[0]) if s[r, a] == EMPTY)
    s[row, a] = player
    return s


def winner(s):
    rows, cols = s.shape
    for r in range(rows):
        for c in range(cols):
            p = s[r, c]
            if p == EMPTY:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= i < rows and 0 <= j < cols and s[i, j] == p for i, j in cells):
                    return p
    return None


def terminal(s):
    return winner(s) is not None or len(actions(s)) == 0


def utility(s, player):
    w = winner(s)
    return 0 if w is None else (1 if w == player else -1)'''

CONNECT4_AGENTS = '''\
def random_player(board, player=1):
    return random.choice(actions(board))


def alpha_beta_search(board, player=1, depth=4):
    """Minimax with alpha-beta pruning and a depth cutoff (0 at the cutoff)."""

    def max_value(s, alpha, beta, d):
        if terminal(s) or d == 0:
            return utility(s, player), None
        v, move = -math.inf, None
        for a in actions(s):
            v2, _ = min_value(result(s, a, player), alpha, beta, d - 1)
            if v2 > v:
                v, move = v2, a
                alpha = max(alpha, v)
            if v >= beta:
                return v, move
        return v, move

    def min_value(s, alpha, beta, d):
        if terminal(s) or d == 0:
            return utility(s, player), None
        v, move = math.inf, None
        for a in actions(s):
            v2, _ = max_value(result(s, a, -player), alpha, beta, d - 1)
            if v2 < v:
                v, move = v2, a
                beta = min(beta, v)
            if v <= alpha:
                return v, move
        return v, move

    return max_value(board, -math.inf, math.inf, depth)[1]'''


def connect4_clean() -> nbformat.NotebookNode:
    return new_notebook(
        cells=[
            new_markdown_cell("# Adversarial Search: Playing Connect 4\n\nStudent: Test Student"),
            new_code_cell(CONNECT4_IMPORTS),
            new_markdown_cell("## Task 2: Game environment and random agent"),
            new_code_cell(CONNECT4_RULES),
            new_code_cell(CONNECT4_AGENTS),
            new_markdown_cell("## Experiments"),
            new_code_cell("board = empty_board()\nboard[5, 3] = 1\nprint(board)"),
            new_code_cell("move = alpha_beta_search(board, -1, depth=2)\nmove"),
            new_code_cell(
                "wins = 0\nfor game in range(3):\n    s = empty_board((4, 4))\n    while not terminal(s):\n"
                "        s = result(s, random_player(s), 1)\n        if not terminal(s):\n"
                "            s = result(s, random_player(s), -1)\n    wins += utility(s, 1) > 0\n"
                'print(f"random vs random: {wins} wins & a < b > c")'
            ),
        ],
        metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python", "file_extension": ".py", "mimetype": "text/x-python"},
        },
    )


def magics() -> nbformat.NotebookNode:
    return new_notebook(
        cells=[
            new_code_cell("!pip install tabulate\n%matplotlib inline\nimport numpy as np"),
            new_code_cell("def actions(s):\n    return [c for c in range(s.shape[1]) if s[0, c] == 0]"),
            new_code_cell("board = np.zeros((6, 7), dtype=int)\n%time moves = actions(board)\n?actions"),
            new_code_cell("%%time\ndef slow_count(n):\n    return sum(range(n))\nslow_count(10_000)"),
            new_code_cell("files = !ls\nget_ipython().run_line_magic('load_ext', 'autoreload')\nLIMIT = 3"),
            new_code_cell("%%bash\necho hello"),
        ]
    )


def input_main_loop() -> nbformat.NotebookNode:
    return new_notebook(
        cells=[
            new_code_cell("import numpy as np\n\nboard = np.zeros((6, 7), dtype=int)"),
            new_code_cell(
                "def actions(s):\n    return [c for c in range(s.shape[1]) if s[0, c] == 0]\n\n\n"
                "def human_player(s, player=1):\n    return int(input(f'Your move {actions(s)}: '))"
            ),
            new_code_cell(
                'if __name__ == "__main__":\n    while actions(board):\n        col = human_player(board)\n'
                "        board[0, col] = 1"
            ),
            new_code_cell("while True:\n    answer = input('play again? ')\n    if answer != 'y':\n        break"),
            new_code_cell("def after_loop():\n    return 'still loaded'"),
        ]
    )


def raising_cell() -> nbformat.NotebookNode:
    return new_notebook(
        cells=[
            new_code_cell("def actions(s):\n    return list(range(7))"),
            new_code_cell("moves = actions(None)\nprint(moves[10])"),
            new_code_cell("def utility(s, player):\n    return 0"),
        ]
    )


def looping_cell() -> nbformat.NotebookNode:
    return new_notebook(
        cells=[
            new_code_cell("def actions(s):\n    return list(range(7))"),
            new_code_cell("n = 0\nwhile True:\n    n += 1"),
            new_code_cell("def utility(s, player):\n    return 0"),
        ]
    )


def redefined_helper() -> nbformat.NotebookNode:
    return new_notebook(
        cells=[
            new_code_cell("def utility(s, player):\n    return 1000  # first draft: wrong scale"),
            new_code_cell("def is_terminal(s):\n    return utility(s, 1) != 0"),
            new_markdown_cell("Fixed the scale below."),
            new_code_cell("def utility(s, player):\n    return 1"),
        ]
    )


def syntax_error_cell() -> nbformat.NotebookNode:
    return new_notebook(
        cells=[
            new_code_cell("def actions(s):\n    return list(range(7))"),
            new_code_cell("def result(s, a, player:\n    return s"),
            new_code_cell("def terminal(s):\n    return False"),
        ]
    )


def vietnamese_text() -> nbformat.NotebookNode:
    return new_notebook(
        cells=[
            new_markdown_cell("## Nhiệm vụ 2: Môi trường trò chơi và tác nhân ngẫu nhiên\n\nSinh viên: Nguyễn Văn Á"),
            new_code_cell(
                "import numpy as np\n\nSỐ_HÀNG, SỐ_CỘT = 6, 7  # kích thước bàn cờ\nTÊN = 'Cờ bốn — \"Connect 4\" <6x7> & khác'"
            ),
            new_code_cell(
                "def actions(s):\n    # Trả về các cột còn trống (hàng 0 là hàng trên cùng)\n"
                "    return [c for c in range(s.shape[1]) if s[0, c] == 0 and 0 <= c < SỐ_CỘT]\n\n\n"
                "def terminal(s):\n\t# tab-indented: kết thúc khi hết nước đi\n\treturn len(actions(s)) == 0"
            ),
            new_code_cell("bàn_cờ = np.zeros((SỐ_HÀNG, SỐ_CỘT), dtype=int)\nprint('Các nước đi:', actions(bàn_cờ))"),
        ]
    )


def missing_packages() -> nbformat.NotebookNode:
    """Packages the grader lacks, used the ways notebooks use matplotlib, tabulate, numba or gym
    (the names are made up so that no machine has them)."""
    return new_notebook(
        cells=[
            new_code_cell(
                "import numpy as np\nimport absent_plotting.pyplot as plt\n\n\n"
                "def visualize(board):\n    plt.imshow(board)\n    plt.show()\n\n\n"
                "def actions(board):\n    return [c for c in range(board.shape[1]) if board[0, c] == 0]"
            ),
            new_code_cell("from absent_tables import tabulate\n\n\ndef show(board):\n    print(tabulate(board))"),
            new_code_cell(
                'plt.rcParams["figure.figsize"] = (8, 6)\nfrom absent_numba import njit\n'
                "import absent_gym.spaces as spaces\nimport absent_gym\n\n\n"
                "@njit(cache=True)\ndef count_discs(board):\n    return int((board != 0).sum())\n\n\n"
                "class Connect4Env(absent_gym.Env):\n    def reset(self):\n        return np.zeros((6, 7), dtype=int)"
            ),
        ]
    )


def numpy1_names() -> nbformat.NotebookNode:
    """numpy 1 spellings that numpy 2 removed, at load time and in graded code."""
    return new_notebook(
        cells=[
            new_code_cell("import numpy as np\nfrom numpy import NaN\n\nINF = np.Inf"),
            new_code_cell(
                "def utility(board, player=1):\n    if not np.alltrue(board == 0):\n        return NaN\n"
                "    return np.float(np.product([1, 2]))\n\n\n"
                "def worst(board):\n    return np.NINF if np.sometrue(board) else -INF"
            ),
        ]
    )


def globals_set_in_skipped_code() -> nbformat.NotebookNode:
    """Globals that functions read but only skipped code assigns: a main block, an experiment loop,
    a function only experiments call, an expensive set-up; and memoisation set up at top level."""
    return new_notebook(
        cells=[
            new_code_cell("import functools"),
            new_code_cell(
                "def count_moves(board):\n    global COUNT\n    COUNT += 1\n    if DEBUG:\n"
                "        print('board', board)\n    if board in memo:\n        return memo[board]\n"
                "    memo[board] = board.count(' ')\n    return memo[board]\n\n\n"
                "def deep_enough(depth):\n    return depth >= DEPTH_LIMIT"
            ),
            new_code_cell("def reset_counter():\n    global COUNT\n    COUNT = 0"),
            new_code_cell('if __name__ == "__main__":\n    DEBUG = 1\n    memo = {}\n    play_game(count_moves)'),
            new_code_cell("for depth in range(1, 4):\n    DEBUG = 0\n    reset_counter()\n    count_moves(' ' * depth)"),
            new_code_cell("DEPTH_LIMIT = tune_depth_limit()"),
            new_code_cell("cached_count = functools.lru_cache(maxsize=None)(count_moves)"),
        ]
    )


PERCENT_CELLS_PY = '''\
"""Connect 4 agent, written in VS Code with cell markers."""
import numpy as np

# %% [markdown]
# ## Task 2

# %%
def actions(s):
    return [c for c in range(s.shape[1]) if s[0, c] == 0]

# %% Experiments
board = np.zeros((6, 7), dtype=int)
print(actions(board))

# %%
def utility(s, player):
    return 0
'''

# a script without cell markers (one cell): a made-up package, then a kept statement with a typo
FAILING_STATEMENT_SCRIPT_PY = '''\
"""Connect 4 as one script."""
import numpy as np
import absent_plotting.pyplot as plt

ROWS, COLUMNS = 6, 7
CENTER = COLS // 2


def actions(board):
    return [c for c in range(COLUMNS) if board[0, c] == 0]


def terminal(board):
    return not actions(board)
'''

# a comment in UTF-8 Vietnamese plus one byte 0xE9 ("é" in latin-1) that is not valid UTF-8
LATIN1_BYTE_PY = (
    "# Tác nhân ngẫu nhiên\nimport random\n\n# r\xe9sum\xe9 of the agent\n"
    "def random_player(board, player=1):\n    return random.choice([0, 1, 2])\n"
)

CODING_COOKIE_PY = '# -*- coding: latin-1 -*-\nPLAYER_NAME = "Joueur \xe9l\xe8ve"\n\ndef terminal(s):\n    return False\n'

# The smallest well-formed one-page PDF: a report with no code in it.
REPORT_PDF = b"""%PDF-1.1
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >> endobj
trailer << /Root 1 0 R >>
%%EOF
"""


def write_notebooks() -> None:
    builders = {
        "connect4_clean": connect4_clean,
        "magics": magics,
        "input_main_loop": input_main_loop,
        "raising_cell": raising_cell,
        "looping_cell": looping_cell,
        "redefined_helper": redefined_helper,
        "syntax_error_cell": syntax_error_cell,
        "vietnamese_text": vietnamese_text,
        "missing_packages": missing_packages,
        "numpy1_names": numpy1_names,
        "globals_set_in_skipped_code": globals_set_in_skipped_code,
    }
    for name, build in builders.items():
        nb = build()
        for n, cell in enumerate(nb.cells):  # stable ids keep the fixtures byte-identical on rebuild
            cell["id"] = f"{name[:20]}-{n}"
        if name == "connect4_clean":  # stored executed, with outputs, as students submit it
            from nbclient import NotebookClient

            NotebookClient(nb, timeout=60, resources={"metadata": {"path": str(HERE)}}).execute()
        nbformat.validate(nb)
        nbformat.write(nb, HERE / f"{name}.ipynb")
    full = (HERE / "connect4_clean.ipynb").read_text(encoding="utf-8")
    (HERE / "truncated.ipynb").write_text(full[: len(full) // 2], encoding="utf-8")
    (HERE / "empty.ipynb").write_bytes(b"")
    (HERE / "percent_cells.py").write_text(PERCENT_CELLS_PY, encoding="utf-8")
    (HERE / "failing_statement_script.py").write_text(FAILING_STATEMENT_SCRIPT_PY, encoding="utf-8")
    utf8 = LATIN1_BYTE_PY.encode("utf-8")
    (HERE / "latin1_byte.py").write_bytes(utf8.replace("résumé".encode("utf-8"), "résumé".encode("latin-1")))
    (HERE / "coding_cookie_latin1.py").write_bytes(CODING_COOKIE_PY.encode("latin-1"))
    (HERE / "report.pdf").write_bytes(REPORT_PDF)
    (HERE / "report.txt").write_text("Task 1: the state is a 6x7 board...\n", encoding="utf-8")


def write_exports(nbconvert: list[str]) -> None:
    """HTML (lab and classic templates) and script exports made by nbconvert itself."""
    jobs = [
        ("connect4_clean.ipynb", ["--to", "html"], "connect4_clean.html"),
        ("vietnamese_text.ipynb", ["--to", "html", "--template", "classic"], "vietnamese_text.classic.html"),
        ("connect4_clean.ipynb", ["--to", "script"], "connect4_clean.script.py"),
    ]
    for source, args, target in jobs:
        stem = target.rsplit(".", 1)[0]
        subprocess.run([*nbconvert, *args, "--output", stem, "--output-dir", str(HERE), str(HERE / source)], check=True)
        out = HERE / target
        if target.endswith(".html"):
            html = out.read_text(encoding="utf-8")
            html = re.sub(r"<style[^>]*>.*?</style>", "<style></style>", html, flags=re.S)
            html = re.sub(r"<script[^>]*>.*?</script>", "<script></script>", html, flags=re.S)
            out.write_text(html, encoding="utf-8")


if __name__ == "__main__":
    write_notebooks()
    if len(sys.argv) > 1:
        write_exports(sys.argv[1:])
    elif shutil.which("jupyter-nbconvert"):
        write_exports(["jupyter-nbconvert"])
    else:
        print("nbconvert not found: HTML and script exports left as they are")
