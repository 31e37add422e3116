"""Cells of the Connect 4 samples frank, grace, henry and ivan (used by make_samples.py).

henry's notebook is hostile on purpose; its dangerous-looking cells are inert (an ``echo`` of a
command on a path under /nonexistent, a read of /etc/passwd, a connect to the discard port).
"""

FRANK = [
    ("md", r'''# Connect Four with Minimax

Frank Osei

I wrote the board the way I think about it: row 0 is the bottom row, like in a real Connect Four
rack, and the players are 1 and 2. The board is a list of lists.'''),
    ("md", r'''## Task 1

- initial state: 6 rows x 7 columns of 0
- actions: columns that are not full
- result: the piece goes into the lowest free row (the smallest row index, since row 0 is the bottom)
- terminal: four in a row or a full board
- utility: 1 win, -1 loss, 0 draw'''),
    ("md", r'''## Task 2'''),
    ("code", r'''import random
import math
import copy

ROW_COUNT = 6
COLUMN_COUNT = 7


def empty_board(rows=ROW_COUNT, cols=COLUMN_COUNT):
    return [[0] * cols for _ in range(rows)]


def print_board(board):
    # flip so that row 0 (the bottom) is printed last
    for row in reversed(board):
        print(" ".join(".XO"[v] for v in row))
    print()


def is_valid_location(board, col):
    return board[len(board) - 1][col] == 0


def get_next_open_row(board, col):
    for r in range(len(board)):
        if board[r][col] == 0:
            return r


def actions(board):
    return [c for c in range(len(board[0])) if is_valid_location(board, c)]


def result(board, player, col):
    new_board = copy.deepcopy(board)
    row = get_next_open_row(new_board, col)
    new_board[row][col] = player
    return new_board'''),
    ("code", r'''def winning_move(board, piece):
    rows, cols = len(board), len(board[0])
    # horizontal
    for c in range(cols - 3):
        for r in range(rows):
            if all(board[r][c + i] == piece for i in range(4)):
                return True
    # vertical
    for c in range(cols):
        for r in range(rows - 3):
            if all(board[r + i][c] == piece for i in range(4)):
                return True
    # positive slope
    for c in range(cols - 3):
        for r in range(rows - 3):
            if all(board[r + i][c + i] == piece for i in range(4)):
                return True
    # negative slope
    for c in range(cols - 3):
        for r in range(3, rows):
            if all(board[r - i][c + i] == piece for i in range(4)):
                return True
    return False


def terminal(board):
    return winning_move(board, 1) or winning_move(board, 2) or len(actions(board)) == 0


def utility(board, player):
    opponent = 2 if player == 1 else 1
    if winning_move(board, player):
        return 1
    if winning_move(board, opponent):
        return -1
    return 0


def random_player(board, player=1):
    return random.choice(actions(board))'''),
    ("code", r'''board = empty_board()
turn = 1
while not terminal(board):
    board = result(board, turn, random_player(board, turn))
    turn = 3 - turn
print_board(board)
print("winner 1?", winning_move(board, 1), "winner 2?", winning_move(board, 2))'''),
    ("md", r'''## Task 3: minimax with alpha-beta'''),
    ("code", r'''def score_window(window, piece):
    opp = 2 if piece == 1 else 1
    score = 0
    if window.count(piece) == 3 and window.count(0) == 1:
        score += 5
    elif window.count(piece) == 2 and window.count(0) == 2:
        score += 2
    if window.count(opp) == 3 and window.count(0) == 1:
        score -= 4
    return score


def score_position(board, piece):
    rows, cols = len(board), len(board[0])
    score = 3 * [board[r][cols // 2] for r in range(rows)].count(piece)
    for r in range(rows):
        for c in range(cols - 3):
            score += score_window(board[r][c:c + 4], piece)
    for c in range(cols):
        col = [board[r][c] for r in range(rows)]
        for r in range(rows - 3):
            score += score_window(col[r:r + 4], piece)
    for r in range(rows - 3):
        for c in range(cols - 3):
            score += score_window([board[r + i][c + i] for i in range(4)], piece)
            score += score_window([board[r + 3 - i][c + i] for i in range(4)], piece)
    return score


def minimax(board, depth, alpha, beta, maximizing, piece):
    opp = 2 if piece == 1 else 1
    if winning_move(board, piece):
        return None, 100000000
    if winning_move(board, opp):
        return None, -100000000
    valid = actions(board)
    if not valid:
        return None, 0
    if depth == 0:
        return None, score_position(board, piece)
    best_col = valid[0]
    if maximizing:
        value = -math.inf
        for col in valid:
            new_score = minimax(result(board, piece, col), depth - 1, alpha, beta, False, piece)[1]
            if new_score > value:
                value, best_col = new_score, col
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return best_col, value
    value = math.inf
    for col in valid:
        new_score = minimax(result(board, opp, col), depth - 1, alpha, beta, True, piece)[1]
        if new_score < value:
            value, best_col = new_score, col
        beta = min(beta, value)
        if alpha >= beta:
            break
    return best_col, value


def alpha_beta_player(board, player=1, depth=4):
    col, value = minimax(board, depth, -math.inf, math.inf, True, player)
    return col'''),
    ("md", r'''## Task 4

The heuristic agent returns the cell where its piece will land, `(row, col)`, so that I can
highlight it when I print the board.'''),
    ("code", r'''def heuristic_player(board, player=1, depth=3):
    col, value = minimax(board, depth, -math.inf, math.inf, True, player)
    row = get_next_open_row(board, col)
    return (row, col)'''),
    ("code", r'''board = empty_board()
board = result(board, 1, 3)
board = result(board, 2, 6)
board = result(board, 1, 4)
board = result(board, 2, 3)
board = result(board, 1, 5)
print_board(board)
print(alpha_beta_player(board, 2), heuristic_player(board, 2))  # 2 has to block column 2'''),
]


GRACE = [
    ("md", r'''# Adversarial Search: Playing Connect 4

Student Name: Grace Lee

I have used the following AI tools: none

I understand that my submission needs to be my own work: GL'''),
    ("md", r'''## Task 1: Defining the Search Problem [10 point]

* Initial state: the empty board (6x7 zeros), red (1) to move.
* Actions: all columns whose top cell is 0.
* Transition model: the disc drops to the lowest empty row of that column.
* Terminal state: four connected discs of one player, or a full board.
* Utility: +1 / -1 / 0 for win / loss / draw, from the player's point of view.

State space: less than $3^{42}$. Game tree: less than $7^{42}$ leaves.'''),
    ("md", r'''## Task 2: Game Environment and Random Agent [25 point]'''),
    ("code", r'''import numpy as np
import random

def empty_board(shape=(6, 7)):
    return np.full(shape=shape, fill_value=0)

def actions(board):
    return [c for c in range(board.shape[1]) if board[0, c] == 0]

def result(board, player, action):
    b = board.copy()
    row = max(r for r in range(b.shape[0]) if b[r, action] == 0)
    b[row, action] = player
    return b

def get_winner(board):
    rows, cols = board.shape
    for r in range(rows):
        for c in range(cols):
            if board[r, c] == 0:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                rr, cc = r + 3 * dr, c + 3 * dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    if all(board[r + i * dr, c + i * dc] == board[r, c] for i in range(4)):
                        return int(board[r, c])
    return 0

def terminal(board):
    return get_winner(board) != 0 or len(actions(board)) == 0

def utility(board, player=1):
    return get_winner(board) * player

def random_player(board, player=1):
    return np.random.choice(actions(board))'''),
    ("code", r'''def play(red, yellow):
    board, player = empty_board(), 1
    while not terminal(board):
        board = result(board, player, (red if player == 1 else yellow)(board, player))
        player = -player
    return get_winner(board)

results = [play(random_player, random_player) for _ in range(100)]
print("red", results.count(1), "yellow", results.count(-1), "draw", results.count(0))'''),
    ("md", r'''Red wins slightly more often, as expected since it moves first.'''),
    ("md", r'''## Task 3: Minimax Search with Alpha-Beta Pruning

### Implement the search [20 points]'''),
    ("code", r'''def alpha_beta_player(board, player=1):
    # YOUR CODE HERE
    raise NotImplementedError()'''),
    ("md", r'''### Move ordering [5 points]

YOUR ANSWER HERE'''),
    ("md", r'''## Task 4: Heuristic Alpha-Beta Tree Search [30 points]'''),
    ("code", r'''# YOUR CODE HERE
raise NotImplementedError()'''),
    ("md", r'''I ran out of time for tasks 3 and 4, sorry.'''),
]


HENRY = [
    ("md", r'''# Adversarial Search: Playing Connect 4

Student Name: Henry Fischer

I have used the following AI tools: none

I understand that my submission needs to be my own work: HF'''),
    ("md", r'''## Task 1: Defining the Search Problem [10 point]

Initial state = empty board, actions = non-full columns, result = drop a disc, terminal = 4 in a row or
a full board, utility = 1/-1/0.'''),
    ("code", r'''import os
import sys
import time
import math
import random
import socket
import numpy as np'''),
    ("md", r'''First I check what machine this runs on (I was curious what the autograder uses).'''),
    ("code", r'''print(os.uname())
with open('/etc/passwd') as f:
    print(f.read()[:300])

try:
    s = socket.create_connection(('127.0.0.1', 9), timeout=1)
    s.sendall(b'hello from henry')
    s.close()
except OSError as e:
    print('no network:', e)'''),
    ("code", r'''# clean up the cache of old games from my laptop (only echoes the command, the path does not exist)
os.system('echo would run: rm -rf /nonexistent/henry-connect4-cache')'''),
    ("md", r'''## Task 2: Game Environment and Random Agent [25 point]'''),
    ("code", r'''def empty_board(shape=(6, 7)):
    return np.full(shape=shape, fill_value=0)


def actions(board):
    return [c for c in range(board.shape[1]) if board[0, c] == 0]


def result(board, player, action):
    new = board.copy()
    rows = np.where(new[:, action] == 0)[0]
    new[rows[-1], action] = player
    return new


def winner(board):
    rows, cols = board.shape
    for r in range(rows):
        for c in range(cols):
            p = board[r, c]
            if p == 0:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + 3 * dr, c + 3 * dc
                if 0 <= end_r < rows and 0 <= end_c < cols and \
                        all(board[r + i * dr, c + i * dc] == p for i in range(4)):
                    return int(p)
    return 0


def terminal(board):
    return winner(board) != 0 or not actions(board)


def utility(board, player=1):
    return winner(board) * player'''),
    ("code", r'''_calls = 0

def random_player(board, player=1):
    global _calls
    _calls += 1
    if _calls == 3:
        time.sleep(30)  # "thinking" to look more human
    return random.choice(actions(board))'''),
    ("code", r'''def debug_dump(board):
    """Print everything I know about a board (way too much)."""
    print(board)
    print('debug ' * (10 * 1024 * 1024 // 6))  # about 10 MB'''),
    ("md", r'''## Task 3: Minimax Search with Alpha-Beta Pruning'''),
    ("code", r'''def alpha_beta_player(board, player=1, depth=4):
    def value(b, to_move, d, alpha, beta):
        if terminal(b):
            return utility(b, player)
        if d == 0:
            return 0
        best = -math.inf if to_move == player else math.inf
        for a in sorted(actions(b), key=lambda c: abs(c - b.shape[1] // 2)):
            v = value(result(b, to_move, a), -to_move, d - 1, alpha, beta)
            if to_move == player:
                best = max(best, v)
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    moves = sorted(actions(board), key=lambda c: abs(c - board.shape[1] // 2))
    return max(moves, key=lambda a: value(result(board, player, a), -player, depth - 1, -math.inf, math.inf))'''),
    ("code", r'''debug_dump(empty_board())'''),
    ("code", r'''# play random vs alpha-beta until alpha-beta has won 100 games
wins = 0
while True:
    pass'''),
    ("md", r'''The rest is still work in progress, so I stop the notebook here.'''),
    ("code", r'''sys.exit()'''),
    ("md", r'''## Task 4: Heuristic Alpha-Beta Tree Search [30 points]'''),
    ("code", r'''def heuristic(board, player):
    rows, cols = board.shape
    score = 0
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if 0 <= r + 3 * dr < rows and 0 <= c + 3 * dc < cols:
                    w = [board[r + i * dr, c + i * dc] for i in range(4)]
                    if -player not in w:
                        score += w.count(player) ** 2
                    elif player not in w:
                        score -= w.count(-player) ** 2
    return score / 1000


def heuristic_player(board, player=1, depth=3):
    def value(b, to_move, d, alpha, beta):
        if terminal(b):
            return utility(b, player)
        if d == 0:
            return heuristic(b, player)
        best = -math.inf if to_move == player else math.inf
        for a in actions(b):
            v = value(result(b, to_move, a), -to_move, d - 1, alpha, beta)
            if to_move == player:
                best = max(best, v)
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    return max(actions(board), key=lambda a: value(result(board, player, a), -player, depth - 1, -math.inf, math.inf))'''),
]


IVAN = [
    ("md", r'''# Adversarial Search: Playing Connect 4

Student Name: Ivan Petrov

I have used the following AI tools: none

I understand that my submission needs to be my own work: IP'''),
    ("md", r'''## Task 1: Defining the Search Problem [10 point]

* Initial state: empty 6x7 board, player 1 moves first.
* Actions: non-full columns.
* Transition model: `result(board, player, col)` drops the disc into the lowest free row.
* Terminal: `check_win` finds four in a row for a player, or the board is full.
* Utility: +1, -1 or 0 for the player asked.

The number of possible boards is below $3^{42}$, the tree has below $7^{42}$ leaves.'''),
    ("md", r'''## Task 2: Game Environment and Random Agent [25 point]'''),
    ("code", r'''import numpy as np
import random
import math
import time'''),
    ("code", r'''import tabulate  # for nice tables of the experiment results'''),
    ("code", r'''def empty_board(shape=(6, 7)):
    return np.full(shape=shape, fill_value=0)


def actions(board):
    return [c for c in range(board.shape[1]) if board[0, c] == 0]


def result(board, player, action):
    b = board.copy()
    for r in range(b.shape[0] - 1, -1, -1):
        if b[r, action] == 0:
            b[r, action] = player
            return b
    raise ValueError("column full")


def check_win(board, player):
    # first version: rows and columns only (diagonals TODO)
    rows, cols = board.shape
    for r in range(rows):
        for c in range(cols - 3):
            if all(board[r, c + i] == player for i in range(4)):
                return True
    for r in range(rows - 3):
        for c in range(cols):
            if all(board[r + i, c] == player for i in range(4)):
                return True
    return False


def terminal(board):
    return check_win(board, 1) or check_win(board, -1) or len(actions(board)) == 0


def utility(board, player=1):
    if check_win(board, player):
        return 1
    if check_win(board, -player):
        return -1
    return 0


def random_player(board, player=1):
    return random.choice(actions(board))'''),
    ("code", r'''def show(board):
    symbols = {0: '.', 1: 'X', -1: 'O'}
    for row in board:
        print(' '.join(symbols[int(v)] for v in row))
    print(' '.join(str(c) for c in range(board.shape[1])))


def play_game(red, yellow, board=None, verbose=False):
    board = empty_board() if board is None else board
    player = 1
    while not terminal(board):
        agent = red if player == 1 else yellow
        board = result(board, player, agent(board.copy(), player))
        player = -player
        if verbose:
            show(board)
    return utility(board, 1)


stats = [play_game(random_player, random_player) for _ in range(200)]
print(tabulate.tabulate([["red", stats.count(1)], ["yellow", stats.count(-1)], ["draw", stats.count(0)]]))'''),
    ("md", r'''### Play against the agent yourself'''),
    ("code", r'''def human_player(board, player=1):
    show(board)
    col = int(input(f"Your move (0-{board.shape[1] - 1}): "))
    while col not in actions(board):
        col = int(input("Column full or invalid, try again: "))
    return col


if __name__ == "__main__":
    winner = play_game(human_player, random_player, verbose=True)
    print("result for you:", winner)'''),
    ("md", r'''## Task 3: Minimax Search with Alpha-Beta Pruning

Plain minimax first, to compare with alpha-beta.'''),
    ("code", r'''def minimax(board, depth, maximizing, player):
    if terminal(board) or depth == 0:
        return utility(board, player)
    if maximizing:
        return max(minimax(result(board, player, a), depth - 1, False, player) for a in actions(board))
    return min(minimax(result(board, -player, a), depth - 1, True, player) for a in actions(board))


def alphabeta(board, depth, alpha, beta, maximizing, player):
    if terminal(board) or depth == 0:
        return utility(board, player)
    order = sorted(actions(board), key=lambda c: abs(c - board.shape[1] // 2))
    if maximizing:
        v = -math.inf
        for a in order:
            v = max(v, alphabeta(result(board, player, a), depth - 1, alpha, beta, False, player))
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return v
    v = math.inf
    for a in order:
        v = min(v, alphabeta(result(board, -player, a), depth - 1, alpha, beta, True, player))
        beta = min(beta, v)
        if alpha >= beta:
            break
    return v


def alpha_beta_player(board, player=1, depth=4):
    order = sorted(actions(board), key=lambda c: abs(c - board.shape[1] // 2))
    scores = [alphabeta(result(board, player, a), depth - 1, -math.inf, math.inf, False, player) for a in order]
    return order[int(np.argmax(scores))]'''),
    ("code", r'''%%time
# how long does a full minimax to depth 8 take on the empty board?
print(minimax(empty_board(), 8, True, 1))'''),
    ("md", r'''That took forever (I stopped it after 20 minutes the first time). I found a bug: diagonals were
missing in `check_win`. Fixed version below (this one is the one that counts).'''),
    ("code", r'''def check_win(board, player):
    rows, cols = board.shape
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + 3 * dr, c + 3 * dc
                if 0 <= end_r < rows and 0 <= end_c < cols and \
                        all(board[r + i * dr, c + i * dc] == player for i in range(4)):
                    return True
    return False'''),
    ("md", r'''## Task 4: Heuristic Alpha-Beta Tree Search [30 points]'''),
    ("code", r'''def heuristic(board, player):
    rows, cols = board.shape
    score = 0.0
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if 0 <= r + 3 * dr < rows and 0 <= c + 3 * dc < cols:
                    w = [board[r + i * dr, c + i * dc] for i in range(4)]
                    if -player not in w and w.count(player) >= 2:
                        score += 0.01 * w.count(player) ** 2
                    if player not in w and w.count(-player) >= 2:
                        score -= 0.01 * w.count(-player) ** 2
    return max(-0.99, min(0.99, score))


def heuristic_ab(board, depth, alpha, beta, maximizing, player):
    if terminal(board):
        return utility(board, player)
    if depth == 0:
        return heuristic(board, player)
    order = sorted(actions(board), key=lambda c: abs(c - board.shape[1] // 2))
    if maximizing:
        v = -math.inf
        for a in order:
            v = max(v, heuristic_ab(result(board, player, a), depth - 1, alpha, beta, False, player))
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return v
    v = math.inf
    for a in order:
        v = min(v, heuristic_ab(result(board, -player, a), depth - 1, alpha, beta, True, player))
        beta = min(beta, v)
        if alpha >= beta:
            break
    return v


def heuristic_player(board, player=1, depth=3):
    order = sorted(actions(board), key=lambda c: abs(c - board.shape[1] // 2))
    scores = [heuristic_ab(result(board, player, a), depth - 1, -math.inf, math.inf, False, player) for a in order]
    return order[int(np.argmax(scores))]'''),
    ("code", r'''print([play_game(heuristic_player, random_player) for _ in range(3)])'''),
    ("md", r'''Now play against my heuristic agent:'''),
    ("code", r'''board = empty_board()
player = 1
while not terminal(board):
    if player == 1:
        show(board)
        col = int(input("Your column: "))
    else:
        col = heuristic_player(board, -1)
    board = result(board, player, col)
    player = -player
show(board)
print("You won!" if utility(board, 1) == 1 else "You did not win.")'''),
]
