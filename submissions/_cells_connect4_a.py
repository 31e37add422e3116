"""Cells of the Connect 4 samples alice, bob, chen, dana and eve (used by make_samples.py).

Each sample is a list of ("md" | "code", source) pairs, written the way students write them.
"""

ALICE = [
    ("md", r'''# Adversarial Search: Playing Connect 4

Student Name: Alice Nguyen

I have used the following AI tools: none

I understand that my submission needs to be my own work: AN'''),
    ("md", r'''## Instructions

Total Points: Undergraduates 100, graduate students 110

Complete this notebook and submit it. The notebook needs to be a complete project report with your
implementation, documentation including a short discussion of how your implementation works and
your design choices, and experimental results (e.g., tables and charts with simulation results)
with a short discussion of what they mean. Use the provided notebook cells and insert additional
code and markdown cells as needed.'''),
    ("md", r'''## Task 1: Defining the Search Problem [10 point]

Define the components of the search problem:

* Initial state
* Actions
* Transition model (result function)
* Goal state (terminal state and utility)'''),
    ("md", r'''**Initial state:** the empty 6x7 board (all zeros); red (player `1`) moves first.

**Actions:** the columns `0..6` whose top cell (row 0) is still empty.

**Transition model:** `result(s, player, a)` drops a disc of `player` into column `a`; it lands in the
lowest free cell, which is the *largest* free row index because row 0 is the top.

**Terminal state:** a player has four discs in a row (horizontal, vertical or one of the two
diagonals), or the board is full. **Utility:** +1 if the player wins, -1 if the player loses, 0 for
a draw.

How big is the state space? Each of the 42 cells is empty, red or yellow, so $3^{42} \approx 1.1
\times 10^{20}$ is an upper bound; most of these boards are impossible (floating discs, wrong disc
counts). The exact number of reachable positions is 4,531,985,219,092 (about $4.5 \times 10^{12}$).

How big is the game tree? With a branching factor of at most 7 and games of at most 42 moves the tree
has at most $7^{42} \approx 3 \times 10^{35}$ leaves; far too many to search completely, so we need
alpha-beta pruning, move ordering and a heuristic cutoff.'''),
    ("md", r'''## Task 2: Game Environment and Random Agent [25 point]

Use a numpy character array as the board.'''),
    ("code", r'''import math
import random
import time

import numpy as np'''),
    ("code", r'''def empty_board(shape=(6, 7)):
    return np.full(shape=shape, fill_value=0)

print(empty_board())'''),
    ("md", r'''Instead of colors (red and yellow), I use 1 and -1 to represent the players Max and Min,
respectively. Row 0 is the top of the board. The helper below is from the template.'''),
    ("code", r'''# Visualization code by Randolph Rankin

import matplotlib.pyplot as plt

def visualize(board):
    plt.axes()
    rectangle = plt.Rectangle((-0.5, len(board) * -1 + 0.5), len(board[0]), len(board), fc='blue')
    circles = []
    for i, row in enumerate(board):
        for j, item in enumerate(row):
            if item == 0:
                circles.append(plt.Circle((j, i * -1), 0.4, fc='white'))
            elif item == 1:
                circles.append(plt.Circle((j, i * -1), 0.4, fc='red'))
            elif item == -1:
                circles.append(plt.Circle((j, i * -1), 0.4, fc='yellow'))

    plt.gca().add_patch(rectangle)
    for circle in circles:
        plt.gca().add_patch(circle)

    plt.axis('scaled')
    plt.show()

board = [[0, 0, 0, 0, 0, 0, 0],
         [0, 0, 0, 0, 0, 0, 0],
         [0, 0, 0, 0, 0, 0, 0],
         [0, 0, 0, 1, 0, 0, 0],
         [0, 0, 0, 1, 0, 0, 0],
         [0, -1, -1, 1, -1, 0, 0]]
visualize(board)'''),
    ("md", r'''Implement helper functions for:

* A check for available actions in each state `actions(s)`.
* The transition model `result(s, a)`.
* Check for terminal states `terminal(s)`.
* The utility function `utility(s)`.

Make sure that all these functions work with boards of different sizes (number of columns and rows).'''),
    ("code", r'''def actions(board):
    """Columns that are not full yet: the top cell (row 0) is still empty."""
    return [col for col in range(board.shape[1]) if board[0, col] == 0]


def result(board, player, action):
    """Drop a disc for `player` into column `action`. Returns a NEW board."""
    if board[0, action] != 0:
        raise ValueError(f"column {action} is full")
    new_board = board.copy()
    row = np.max(np.where(new_board[:, action] == 0))  # lowest free cell = largest row index
    new_board[row, action] = player
    return new_board


def winner(board):
    """1 or -1 if that player has four in a row, otherwise 0."""
    b = board.tolist()  # plain lists are a lot faster than indexing numpy cell by cell
    rows, cols = len(b), len(b[0])
    for r in range(rows):
        for c in range(cols):
            p = b[r][c]
            if p == 0:
                continue
            if c + 3 < cols and p == b[r][c + 1] == b[r][c + 2] == b[r][c + 3]:
                return p
            if r + 3 < rows:
                if p == b[r + 1][c] == b[r + 2][c] == b[r + 3][c]:
                    return p
                if c + 3 < cols and p == b[r + 1][c + 1] == b[r + 2][c + 2] == b[r + 3][c + 3]:
                    return p
                if c - 3 >= 0 and p == b[r + 1][c - 1] == b[r + 2][c - 2] == b[r + 3][c - 3]:
                    return p
    return 0


def terminal(board):
    return winner(board) != 0 or len(actions(board)) == 0


def utility(board, player=1):
    """+1 if `player` has won, -1 if the opponent has won, 0 otherwise (draw)."""
    w = winner(board)
    if w == 0:
        return 0
    return 1 if w == player else -1'''),
    ("code", r'''# some quick tests
b = empty_board()
for a in [3, 3, 4, 4, 5, 5]:
    b = result(b, 1 if len(actions(b)) and (b != 0).sum() % 2 == 0 else -1, a)
print(b)
print(actions(b), terminal(b), utility(b, 1))
b = result(b, 1, 6)
print("red wins:", terminal(b), utility(b, 1), utility(b, -1))

diag = np.array([[0, 0, 0, 0, 0, 0, 0],
                 [0, 0, 0, 0, 0, 0, 0],
                 [0, 0, 0, -1, 0, 0, 0],
                 [0, 0, -1, 1, 0, 0, 0],
                 [0, -1, 1, 1, 0, 0, 0],
                 [-1, 1, 1, -1, 1, 0, 0]])
print("anti-diagonal:", terminal(diag), utility(diag, -1))'''),
    ("md", r'''Implement an agent that plays randomly. Make sure the agent function receives as the percept
the board and returns a valid action. Use an agent function definition with the following signature
(arguments and return value): `def random_player(board, player = 1): ...`'''),
    ("code", r'''def random_player(board, player=1):
    return random.choice(actions(board))'''),
    ("code", r'''def play_game(red, yellow, board=None, verbose=False):
    """Let two agents play; returns the winner (1, -1) or 0 for a draw."""
    if board is None:
        board = empty_board()
    agents = {1: red, -1: yellow}
    player = 1
    while not terminal(board):
        move = agents[player](board.copy(), player)
        board = result(board, player, move)
        if verbose:
            print(board, "\n")
        player = -player
    return winner(board)'''),
    ("md", r'''Let two random agents play against each other 1000 times. Look at the
[Experiments section for tic-tac-toe](https://nbviewer.org/github/mhahsler/CS7320-AI/blob/master/Games/tictactoe_and_or_tree_search.ipynb#Experiments)
to see how the environment uses the agent functions to play against each other.

How often does each player win? Is the result expected?'''),
    ("code", r'''%%time
results = [play_game(random_player, random_player) for _ in range(1000)]
print("red wins:", results.count(1), "yellow wins:", results.count(-1), "draws:", results.count(0))''',
     "red wins: 556 yellow wins: 441 draws: 3\nCPU times: user 1.9 s, sys: 3.1 ms, total: 1.9 s\nWall time: 1.9 s\n"),
    ("md", r'''Red wins more often: it moves first, so it always has one more disc (or the same number) on
the board, which is the known first-player advantage. Draws are very rare with random play.'''),
    ("md", r'''## Task 3: Minimax Search with Alpha-Beta Pruning

### Implement the Search [20 points]

Implement minimax search starting from a given board for specifying the player. You can use code
from the tic-tac-toe example.

__Important Notes:__
* Make sure that all your agent functions have a signature consistent with the random agent above
  and that it uses a class to store state information. This is essential to be able play against
  agents from other students later.
* The search space for a $6 \times 7$ board is large. You can experiment with smaller boards (the
  smallest is $4 \times 4$) and/or changing the winning rule to connect 3 instead of 4.'''),
    ("code", r'''def order_moves(board):
    """Move ordering: centre columns first (they take part in the most four-in-a-rows)."""
    centre = (board.shape[1] - 1) / 2
    return sorted(actions(board), key=lambda col: abs(col - centre))


def alpha_beta_search(board, player=1, max_depth=None):
    """Minimax with alpha-beta pruning from `player`'s view.

    max_depth=None searches to the end of the game (only feasible on small boards); at the cutoff a
    non-terminal board counts as 0 (unknown). A win or loss is divided by (depth + 1) so that the
    agent prefers a fast win and a slow loss. Returns (value, move, nodes expanded).
    """
    nodes = 0

    def max_value(board, alpha, beta, depth):
        nonlocal nodes
        nodes += 1
        if terminal(board):
            return utility(board, player) / (depth + 1), None
        if max_depth is not None and depth >= max_depth:
            return 0, None
        v, move = -math.inf, None
        for a in order_moves(board):
            v2, _ = min_value(result(board, player, a), alpha, beta, depth + 1)
            if v2 > v:
                v, move = v2, a
                alpha = max(alpha, v)
            if v >= beta:
                return v, move
        return v, move

    def min_value(board, alpha, beta, depth):
        nonlocal nodes
        nodes += 1
        if terminal(board):
            return utility(board, player) / (depth + 1), None
        if max_depth is not None and depth >= max_depth:
            return 0, None
        v, move = math.inf, None
        for a in order_moves(board):
            v2, _ = max_value(result(board, -player, a), alpha, beta, depth + 1)
            if v2 < v:
                v, move = v2, a
                beta = min(beta, v)
            if v <= alpha:
                return v, move
        return v, move

    value, move = max_value(board, -math.inf, math.inf, 0)
    return value, move, nodes


def alpha_beta_player(board, player=1, max_depth=5):
    """Agent: alpha-beta search, 5 plies by default so that a 6x7 move takes well under a second."""
    value, move, nodes = alpha_beta_search(board, player, max_depth)
    return move'''),
    ("md", r'''Experiment with some manually created boards (at least 5) to check if the agent spots
winning opportunities.'''),
    ("code", r'''boards = {
    "red wins with col 3 (horizontal)": np.array([[0, 0, 0, 0],
                                                  [-1, 0, 0, 0],
                                                  [-1, -1, 0, 0],
                                                  [1, 1, 1, 0]]),
    "red must block col 0": np.array([[0, 0, 0, 0],
                                      [-1, 0, 0, 0],
                                      [-1, 1, 0, 0],
                                      [-1, 1, 1, 0]]),
    "vertical win col 0": np.array([[0, 0, 0, 0],
                                    [1, 0, 0, 0],
                                    [1, -1, 0, 0],
                                    [1, -1, -1, 0]]),
}
for name, b in boards.items():
    print(name, "->", alpha_beta_search(b, 1))'''),
    ("code", r'''# full search on a 4x4 board after two moves
b = result(result(empty_board((4, 4)), 1, 1), -1, 2)
%time print(alpha_beta_search(b, 1))''',
     "(0.0, 1, 11562)\nCPU times: user 151 ms, sys: 0 ns, total: 151 ms\nWall time: 153 ms\n"),
    ("md", r'''### Move ordering [5 points]

I order the moves centre first. On the 4x4 board above this reduces the number of expanded nodes
from about 17,400 (left to right) to about 11,600 (centre first).

### The first few moves [5 points]

With an empty board the agent plays the centre column: all moves have value 0 within the cutoff, and
the ordering puts the centre first. That is also what the theory says is best for 6x7.

### Playtime [5 points]'''),
    ("code", r'''%timeit alpha_beta_player(empty_board(), 1)''',
     "13.3 ms ± 0.4 ms per loop (mean ± std. dev. of 7 runs, 100 loops each)\n"),
    ("code", r'''wins = [play_game(alpha_beta_player, random_player) for _ in range(10)]
print("alpha-beta (red) vs random:", wins.count(1), "wins,", wins.count(-1), "losses")'''),
    ("md", r'''## Task 4: Heuristic Alpha-Beta Tree Search [30 points]

### Heuristic evaluation function [15 points]

Every window of four cells (horizontal, vertical, diagonal) that contains discs of only one player
scores for that player: 2 for two discs, 5 for three; discs in the centre column count 3. The score
is squashed with `tanh` so that it always stays strictly between a loss (-1) and a win (+1).'''),
    ("code", r'''def windows(rows, cols):
    """All lines of four cells on a rows x cols board (computed once per board size)."""
    result = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in [(0, 1), (1, 0), (1, 1), (1, -1)]:
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                    result.append(cells)
    return result

WINDOWS = {}


def evaluate(board, player):
    rows, cols = board.shape
    if (rows, cols) not in WINDOWS:
        WINDOWS[(rows, cols)] = windows(rows, cols)
    b = board.tolist()
    score = 0
    for w in WINDOWS[(rows, cols)]:
        vals = [b[r][c] for r, c in w]
        mine, theirs = vals.count(player), vals.count(-player)
        if mine and theirs:
            continue
        if mine == 3:
            score += 5
        elif mine == 2:
            score += 2
        elif theirs == 3:
            score -= 5
        elif theirs == 2:
            score -= 2
    centre = cols // 2
    score += 3 * sum(1 for r in range(rows) if b[r][centre] == player)
    score -= 3 * sum(1 for r in range(rows) if b[r][centre] == -player)
    return math.tanh(score / 50)'''),
    ("md", r'''### Cutting off search [10 points]

Modify your minimax search with alpha-beta pruning to cut off search at a specified depth and use
the heuristic evaluation function.'''),
    ("code", r'''def heuristic_player(board, player=1, depth=4):
    """Alpha-beta search cut off at `depth` plies; evaluate() scores the boards at the cutoff."""

    def value(board, to_move, alpha, beta, d):
        if terminal(board):
            return utility(board, player) * (d + 1)  # a win beats any heuristic value; sooner is better
        if d == 0:
            return evaluate(board, player)
        if to_move == player:
            v = -math.inf
            for a in order_moves(board):
                v = max(v, value(result(board, to_move, a), -to_move, alpha, beta, d - 1))
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            return v
        v = math.inf
        for a in order_moves(board):
            v = min(v, value(result(board, to_move, a), -to_move, alpha, beta, d - 1))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    best_move, best_value = None, -math.inf
    alpha = -math.inf
    for a in order_moves(board):
        v = value(result(board, player, a), -player, alpha, math.inf, depth - 1)
        if v > best_value:
            best_move, best_value = a, v
        alpha = max(alpha, best_value)
    return best_move'''),
    ("code", r'''%time heuristic_player(empty_board(), 1)
b = np.array([[0, 0, 0, 0, 0, 0, 0],
              [0, 0, 0, 0, 0, 0, 0],
              [0, 0, 0, 0, 0, 0, 0],
              [0, 0, 0, 0, 0, 0, 0],
              [0, 0, -1, -1, 0, 0, 0],
              [0, 0, 1, 1, 1, 0, -1]])
print("red should win in col 1 or 5:", heuristic_player(b, 1))''',
     "CPU times: user 9.8 ms, sys: 0 ns, total: 9.8 ms\nWall time: 9.9 ms\nred should win in col 1 or 5: 1\n"),
    ("md", r'''### Playtime [5 points]

How long does it take to make a move? Start with a smaller board with 4 columns and make the board
larger by adding columns.'''),
    ("code", r'''times = {}
for cols in range(4, 9):
    b = empty_board((6, cols))
    t0 = time.time()
    heuristic_player(b, 1, depth=4)
    times[cols] = time.time() - t0
print(times)

plt.plot(list(times.keys()), list(times.values()), marker="o")
plt.xlabel("columns")
plt.ylabel("seconds per move")
plt.show()'''),
    ("md", r'''### Playing with Different Heuristic Functions

Let the agent play against the random agent and against the plain alpha-beta agent.'''),
    ("code", r'''res = [play_game(heuristic_player, random_player) for _ in range(5)]
print("heuristic vs random:", res)
res = [play_game(heuristic_player, alpha_beta_player), play_game(alpha_beta_player, heuristic_player)]
print("heuristic as red, then as yellow vs alpha-beta:", res)'''),
    ("md", r'''The heuristic agent wins every game against the random agent. Against plain alpha-beta with
the same depth it is clearly better, because plain alpha-beta sees every board without a winner as 0
and then simply plays the centre-most column.'''),
]


BOB = [
    ("md", r'''# Connect 4 - Adversarial search

**Bob Smith** - CS 5320 - HW 4

(I did not use the template functions names, sorry, I wrote most of it before looking at it)'''),
    ("md", r'''## Task 1

* initial state: board with zeros, shape (6, 7). Player 1 starts.
* actions: any column with a free space
* transition: put the piece at the bottom of the column
* terminal: someone connected 4, or no more moves.
* utility: +1000 for a win, -1000 for a loss, 0 draw

The state space is at most 3^42 but much fewer are legal, around 4.5 * 10^12. The game tree is bigger
than that since the same state can be reached in many ways.'''),
    ("md", r'''## Task 2'''),
    ("code", r'''import numpy as np
import random, math
from time import time

ROWS = 6
COLS = 7'''),
    ("code", r'''def create_board(rows=ROWS, cols=COLS):
    return np.zeros((rows, cols), dtype=int)


def get_actions(board):
    # a column is available while there is a 0 somewhere in it
    return [col for col in range(board.shape[1]) if 0 in board[:, col]]


def result(board, action, player):
    """drop a piece of player into column action"""
    b = np.copy(board)
    for row in range(b.shape[0] - 1, -1, -1):
        if b[row][action] == 0:
            b[row][action] = player
            return b
    raise Exception("Column is full!")


def check_four(board, player):
    m = (board == player)
    # horizontal, vertical, diagonal \ and diagonal /
    if np.any(m[:, :-3] & m[:, 1:-2] & m[:, 2:-1] & m[:, 3:]):
        return True
    if np.any(m[:-3, :] & m[1:-2, :] & m[2:-1, :] & m[3:, :]):
        return True
    if np.any(m[:-3, :-3] & m[1:-2, 1:-2] & m[2:-1, 2:-1] & m[3:, 3:]):
        return True
    if np.any(m[3:, :-3] & m[2:-1, 1:-2] & m[1:-2, 2:-1] & m[:-3, 3:]):
        return True
    return False


def is_terminal(board):
    """returns (done, winner); winner is 1, -1, or 0 for a draw / game not over"""
    for p in (1, -1):
        if check_four(board, p):
            return True, p
    if len(get_actions(board)) == 0:
        return True, 0
    return False, 0


def getUtility(board, player):
    done, winner = is_terminal(board)
    if winner == player:
        return 1000
    elif winner == -player:
        return -1000
    return 0'''),
    ("code", r'''def random_agent(board, player):
    return random.choice(get_actions(board))'''),
    ("code", r'''def play(agent1, agent2, board=None, show=False):
    if board is None:
        board = create_board()
    player = 1
    agents = {1: agent1, -1: agent2}
    while True:
        done, winner = is_terminal(board)
        if done:
            return winner
        col = agents[player](board.copy(), player)
        board = result(board, col, player)
        if show:
            print(board)
        player *= -1'''),
    ("code", r'''start = time()
outcomes = [play(random_agent, random_agent) for i in range(1000)]
print("P1:", outcomes.count(1), "P2:", outcomes.count(-1), "draw:", outcomes.count(0))
print("took", time() - start)''',
     "P1: 549 P2: 447 draw: 4\ntook 3.4175\n"),
    ("md", r'''## Task 3

alpha beta search, written the "maximizing True/False" way like in the youtube video I watched.'''),
    ("code", r'''def alphabeta(board, depth, alpha, beta, maximizing, player):
    done, winner = is_terminal(board)
    if done:
        # prefer quick wins and slow losses
        return getUtility(board, player) + (depth if winner == player else -depth)
    if depth == 0:
        return 0
    moves = get_actions(board)
    moves.sort(key=lambda c: abs(c - board.shape[1] // 2))
    if maximizing:
        value = -math.inf
        for col in moves:
            value = max(value, alphabeta(result(board, col, player), depth - 1, alpha, beta, False, player))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    else:
        value = math.inf
        for col in moves:
            value = min(value, alphabeta(result(board, col, -player), depth - 1, alpha, beta, True, player))
            beta = min(beta, value)
            if alpha >= beta:
                break
        return value


def alphabeta_agent(board, player=1, depth=4):
    best_col, best_score = None, -math.inf
    moves = sorted(get_actions(board), key=lambda c: abs(c - board.shape[1] // 2))
    for col in moves:
        score = alphabeta(result(board, col, player), depth - 1, -math.inf, math.inf, False, player)
        if score > best_score:
            best_score, best_col = score, col
    return best_col'''),
    ("code", r'''test = np.array([[0, 0, 0, 0, 0, 0, 0],
                 [0, 0, 0, 0, 0, 0, 0],
                 [0, 0, 0, 0, 0, 0, 0],
                 [0, 0, 0, 0, 0, 0, 0],
                 [-1, -1, 0, 0, 0, 0, 0],
                 [1, 1, 1, 0, -1, 0, 0]])
print(alphabeta_agent(test, 1))   # should be 3
print(alphabeta_agent(test, -1))  # should block at 3'''),
    ("md", r'''## Task 4

My heuristic: count the number of 2s and 3s in a row that are still open, for me minus for the
opponent. The result is on the same scale as the utility but smaller than 1000.'''),
    ("code", r'''def score_window(window, player):
    score = 0
    mine = np.count_nonzero(window == player)
    theirs = np.count_nonzero(window == -player)
    empty = np.count_nonzero(window == 0)
    if mine == 3 and empty == 1:
        score += 50
    elif mine == 2 and empty == 2:
        score += 10
    if theirs == 3 and empty == 1:
        score -= 80
    elif theirs == 2 and empty == 2:
        score -= 10
    return score


def heuristic(board, player):
    rows, cols = board.shape
    score = 6 * np.count_nonzero(board[:, cols // 2] == player)
    for r in range(rows):
        for c in range(cols - 3):
            score += score_window(board[r, c:c + 4], player)
    for r in range(rows - 3):
        for c in range(cols):
            score += score_window(board[r:r + 4, c], player)
    for r in range(rows - 3):
        for c in range(cols - 3):
            score += score_window(np.array([board[r + i][c + i] for i in range(4)]), player)
            score += score_window(np.array([board[r + 3 - i][c + i] for i in range(4)]), player)
    return max(-900, min(900, score))


def heuristic_alphabeta(board, depth, alpha, beta, maximizing, player):
    done, winner = is_terminal(board)
    if done:
        return getUtility(board, player) + (depth if winner == player else -depth)
    if depth == 0:
        return heuristic(board, player)
    moves = sorted(get_actions(board), key=lambda c: abs(c - board.shape[1] // 2))
    if maximizing:
        value = -math.inf
        for col in moves:
            value = max(value, heuristic_alphabeta(result(board, col, player), depth - 1, alpha, beta, False, player))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for col in moves:
        value = min(value, heuristic_alphabeta(result(board, col, -player), depth - 1, alpha, beta, True, player))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def heuristic_agent(board, player=1, depth=3):
    best_col, best_score = None, -math.inf
    for col in sorted(get_actions(board), key=lambda c: abs(c - board.shape[1] // 2)):
        score = heuristic_alphabeta(result(board, col, player), depth - 1, -math.inf, math.inf, False, player)
        if score > best_score:
            best_score, best_col = score, col
    return best_col'''),
    ("code", r'''for agent in [alphabeta_agent, heuristic_agent]:
    start = time()
    agent(create_board(), 1)
    print(agent.__name__, time() - start)

print([play(heuristic_agent, random_agent) for _ in range(3)])
print(play(heuristic_agent, alphabeta_agent), play(alphabeta_agent, heuristic_agent))'''),
]


CHEN = [
    ("md", r'''# Adversarial Search: Playing Connect 4

Student Name: Chen Wei

I have used the following AI tools: GitHub Copilot for autocomplete only.

I understand that my submission needs to be my own work: CW'''),
    ("md", r'''## Task 1: Defining the Search Problem [10 point]

* **Initial state:** an empty board `np.full((6, 7), ' ')`; player `'x'` goes first.
* **Actions:** the columns whose top cell is `' '`.
* **Transition model:** the disc falls to the lowest empty cell of the column (row 0 is the top row).
* **Goal / terminal:** four of the same symbol in a row, column or diagonal, or no empty cell left.
* **Utility:** +1 win, -1 loss, 0 draw, from the view of the player we ask about.

The state space has fewer than $3^{42}$ states and the game tree fewer than $7^{42}$ leaves; both
are far too big for a complete minimax search on the 6x7 board.'''),
    ("md", r'''## Task 2: Game Environment and Random Agent [25 point]

Use a numpy character array as the board.'''),
    ("code", r'''import numpy as np
import math
import random

def empty_board(shape=(6, 7)):
    return np.full(shape=shape, fill_value=' ')

def other(player):
    return 'o' if player == 'x' else 'x'

print(empty_board())'''),
    ("code", r'''def actions(board):
    return [j for j in range(board.shape[1]) if board[0, j] == ' ']

def result(board, player, action):
    board = board.copy()
    for i in reversed(range(board.shape[0])):
        if board[i, action] == ' ':
            board[i, action] = player
            return board
    raise ValueError("Illegal move: column %d is full" % action)

def check_win(board, player):
    rows, cols = board.shape
    for i in range(rows):
        for j in range(cols):
            for di, dj in [(0, 1), (1, 0), (1, 1), (1, -1)]:
                if all(0 <= i + k * di < rows and 0 <= j + k * dj < cols
                       and board[i + k * di, j + k * dj] == player for k in range(4)):
                    return True
    return False

def terminal(board):
    return check_win(board, 'x') or check_win(board, 'o') or len(actions(board)) == 0

def utility(board, player='x'):
    if check_win(board, player):
        return 1
    if check_win(board, other(player)):
        return -1
    return 0'''),
    ("code", r'''def random_player(board, player='x'):
    return random.choice(actions(board))

def play(x_agent, o_agent, board=None):
    if board is None:
        board = empty_board()
    player = 'x'
    agents = {'x': x_agent, 'o': o_agent}
    while not terminal(board):
        board = result(board, player, agents[player](board, player))
        player = other(player)
    if check_win(board, 'x'):
        return 'x'
    if check_win(board, 'o'):
        return 'o'
    return 'd'

from collections import Counter
Counter(play(random_player, random_player) for _ in range(200))'''),
    ("md", r'''x wins a bit more often than o because x moves first.'''),
    ("md", r'''## Task 3: Minimax Search with Alpha-Beta Pruning'''),
    ("code", r'''def alpha_beta_search(board, player='x', depth=4):
    """Returns (value, move). Non-terminal boards at the depth limit count as 0."""
    def max_value(board, alpha, beta, d):
        if terminal(board):
            return utility(board, player), None
        if d == 0:
            return 0, None
        best = (-math.inf, None)
        for a in sorted(actions(board), key=lambda j: abs(j - board.shape[1] // 2)):
            v, _ = min_value(result(board, player, a), alpha, beta, d - 1)
            if v > best[0]:
                best = (v, a)
                alpha = max(alpha, v)
            if v >= beta:
                return best
        return best

    def min_value(board, alpha, beta, d):
        if terminal(board):
            return utility(board, player), None
        if d == 0:
            return 0, None
        best = (math.inf, None)
        for a in sorted(actions(board), key=lambda j: abs(j - board.shape[1] // 2)):
            v, _ = max_value(result(board, other(player), a), alpha, beta, d - 1)
            if v < best[0]:
                best = (v, a)
                beta = min(beta, v)
            if v <= alpha:
                return best
        return best

    return max_value(board, -math.inf, math.inf, depth)

def alpha_beta_player(board, player='x', depth=4):
    return alpha_beta_search(board, player, depth)[1]'''),
    ("code", r'''b = empty_board()
for a in [0, 6, 1, 6, 2]:
    b = result(b, 'x' if (b != ' ').sum() % 2 == 0 else 'o', a)
print(b)
print("o must block column 3:", alpha_beta_player(b, 'o'))
print("x wins with column 3:", alpha_beta_player(b, 'x'))'''),
    ("md", r'''## Task 4: Heuristic Alpha-Beta Tree Search [30 points]

Heuristic: for every line of 4 cells, if only one player has discs in it, add (or subtract) the square
of the number of discs. Scaled into (-1, 1).'''),
    ("code", r'''def eval_fun(board, player):
    rows, cols = board.shape
    opp = other(player)
    total = 0
    for i in range(rows):
        for j in range(cols):
            for di, dj in [(0, 1), (1, 0), (1, 1), (1, -1)]:
                ei, ej = i + 3 * di, j + 3 * dj
                if not (0 <= ei < rows and 0 <= ej < cols):
                    continue
                line = [board[i + k * di, j + k * dj] for k in range(4)]
                if opp not in line:
                    total += line.count(player) ** 2
                elif player not in line:
                    total -= line.count(opp) ** 2
    return total / (1 + abs(total))

def heuristic_player(board, player='x', depth=3):
    def value(board, to_move, alpha, beta, d):
        if terminal(board):
            return utility(board, player)
        if d == 0:
            return eval_fun(board, player)
        vals = []
        for a in actions(board):
            v = value(result(board, to_move, a), other(to_move), alpha, beta, d - 1)
            if to_move == player:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            vals.append(v)
            if alpha >= beta:
                break
        return max(vals) if to_move == player else min(vals)

    moves = actions(board)
    scores = [value(result(board, player, a), other(player), -math.inf, math.inf, depth - 1) for a in moves]
    return moves[int(np.argmax(scores))]'''),
    ("code", r'''%time heuristic_player(empty_board(), 'x')
Counter(play(heuristic_player, random_player) for _ in range(3))'''),
]


DANA = [
    ("md", r'''# Adversarial Search: Playing Connect 4

Student Name: Dana Kowalski

I have used the following AI tools: ChatGPT to explain alpha-beta pruning.

I understand that my submission needs to be my own work: DK'''),
    ("md", r'''## Task 1: Defining the Search Problem [10 point]

The initial state is the empty board, the actions are the columns that still have room, the
transition model drops the disc to the lowest free row, terminal states are wins (four in a row in
any direction) and full boards, and the utility is +1/-1/0 for win/loss/draw of the player.

I put the agents in classes so that they can keep their settings (search depth) and statistics.'''),
    ("md", r'''## Task 2: Game Environment and Random Agent [25 point]'''),
    ("code", r'''import math
import random
import numpy as np


def empty_board(shape=(6, 7)):
    return np.full(shape=shape, fill_value=0)


def actions(board):
    return [int(c) for c in np.flatnonzero(board[0] == 0)]


def result(board, player, action):
    col = board[:, action]
    free = np.flatnonzero(col == 0)
    if len(free) == 0:
        raise ValueError("column %d is full" % action)
    new = board.copy()
    new[free[-1], action] = player
    return new


def lines(board):
    """All horizontal, vertical and diagonal runs of 4 cells."""
    rows, cols = board.shape
    for r in range(rows):
        for c in range(cols - 3):
            yield board[r, c:c + 4]
    for r in range(rows - 3):
        for c in range(cols):
            yield board[r:r + 4, c]
    for r in range(rows - 3):
        for c in range(cols - 3):
            sub = board[r:r + 4, c:c + 4]
            yield np.diagonal(sub)
            yield np.diagonal(np.fliplr(sub))


def winner(board):
    for line in lines(board):
        s = line.sum()
        if s == 4:
            return 1
        if s == -4:
            return -1
    return 0


def terminal(board):
    return winner(board) != 0 or not (board == 0).any()


def utility(board, player):
    return winner(board) * player'''),
    ("code", r'''class RandomAgent:
    """A random agent that knows which side it plays."""

    def __init__(self, player):
        self.player = player

    def play(self, board):
        return random.choice(actions(board))


def play_game(red, yellow, board=None):
    """red and yellow are functions (board, player) -> column"""
    board = empty_board() if board is None else board
    player = 1
    while not terminal(board):
        move = red(board.copy(), player) if player == 1 else yellow(board.copy(), player)
        board = result(board, player, move)
        player = -player
    return winner(board)


r1, r2 = RandomAgent(1), RandomAgent(-1)
res = [play_game(lambda b, p: r1.play(b), lambda b, p: r2.play(b)) for _ in range(300)]
print({k: res.count(k) for k in (1, -1, 0)})'''),
    ("md", r'''## Task 3: Minimax Search with Alpha-Beta Pruning'''),
    ("code", r'''class AlphaBetaAgent:
    """Alpha-beta search to a fixed depth (non-terminal leaves count 0), centre-first ordering."""

    def __init__(self, depth=4):
        self.depth = depth
        self.nodes = 0

    def ordered(self, board):
        mid = board.shape[1] // 2
        return sorted(actions(board), key=lambda c: abs(c - mid))

    def search(self, board, to_move, me, depth, alpha, beta):
        self.nodes += 1
        if terminal(board):
            return utility(board, me) * (1 + depth)  # win sooner = better
        if depth == 0:
            return 0
        if to_move == me:
            best = -math.inf
            for a in self.ordered(board):
                best = max(best, self.search(result(board, to_move, a), -to_move, me, depth - 1, alpha, beta))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
        else:
            best = math.inf
            for a in self.ordered(board):
                best = min(best, self.search(result(board, to_move, a), -to_move, me, depth - 1, alpha, beta))
                beta = min(beta, best)
                if alpha >= beta:
                    break
        return best

    def act(self, board, player):
        self.nodes = 0
        best_move, best_val = None, -math.inf
        for a in self.ordered(board):
            v = self.search(result(board, player, a), -player, player, self.depth - 1, best_val, math.inf)
            if v > best_val:
                best_move, best_val = a, v
        return best_move


alpha_beta_player = AlphaBetaAgent(3)'''),
    ("code", r'''b = empty_board()
b = result(b, 1, 3); b = result(b, -1, 3); b = result(b, 1, 4); b = result(b, -1, 4); b = result(b, 1, 5)
print(b)
print("yellow has to block:", alpha_beta_player.act(b, -1), "nodes:", alpha_beta_player.nodes)'''),
    ("md", r'''I also wrote a version that returns the value together with the move, which was useful for
debugging (it is a plain function).'''),
    ("code", r'''def minimax_value_player(board, player=1, depth=3):
    agent = AlphaBetaAgent(depth)
    best = {'move': None, 'value': -math.inf}
    for a in agent.ordered(board):
        v = agent.search(result(board, player, a), -player, player, depth - 1, -math.inf, math.inf)
        if v > best['value']:
            best = {'move': a, 'value': v}
    return best

minimax_value_player(b, -1)'''),
    ("md", r'''## Task 4: Heuristic Alpha-Beta Tree Search [30 points]

The heuristic adds up all lines of four that are still open for one player only (weight 1, 4, 9 for
1, 2, 3 discs), and divides so it stays below the smallest win value (1).'''),
    ("code", r'''def heuristic(board, player):
    total = 0
    for line in lines(board):
        mine = int((line == player).sum())
        theirs = int((line == -player).sum())
        if theirs == 0:
            total += mine ** 2
        elif mine == 0:
            total -= theirs ** 2
    return total / 1000


class HeuristicAgent(AlphaBetaAgent):
    """Same search, but the heuristic scores the cutoff boards."""

    def search(self, board, to_move, me, depth, alpha, beta):
        if depth == 0 and not terminal(board):
            self.nodes += 1
            return heuristic(board, me)
        return super().search(board, to_move, me, depth, alpha, beta)

    def __call__(self, board, player=1):
        return self.act(board, player)


heuristic_player = HeuristicAgent(depth=3)'''),
    ("code", r'''import time
t = time.time(); print(heuristic_player(empty_board(), 1)); print(time.time() - t, "s")
print([play_game(heuristic_player, lambda b, p: r2.play(b)) for _ in range(3)])
print(play_game(heuristic_player, alpha_beta_player.act), play_game(alpha_beta_player.act, heuristic_player))'''),
]


EVE = [
    ("md", r'''# Adversarial Search: Playing Connect 4

Student Name: Eve Martin

I have used the following AI tools: none

I understand that my submission needs to be my own work: EM'''),
    ("md", r'''## Task 1: Defining the Search Problem [10 point]

Initial state: empty board. Actions: columns that are not full. Result: the disc falls down.
Terminal: 4 in a row or full board. Utility: 1 if red won, -1 if yellow won, 0 otherwise.'''),
    ("md", r'''## Task 2: Game Environment and Random Agent [25 point]'''),
    ("code", r'''import numpy as np
import random
import math

def empty_board(shape=(6, 7)):
    return np.full(shape=shape, fill_value=0)

def actions(board):
    return [c for c in range(board.shape[1]) if board[0][c] == 0]

def result(board, player, action):
    # find the lowest empty row in the column
    for r in range(board.shape[0] - 1, -1, -1):
        if board[r][action] == 0:
            board[r][action] = player
            break
    return board'''),
    ("code", r'''def four_in_a_row(board):
    rows, cols = board.shape
    for r in range(rows):
        for c in range(cols):
            p = board[r][c]
            if p == 0:
                continue
            # right
            if c + 3 < cols and all(board[r][c + i] == p for i in range(4)):
                return p
            # down
            if r + 3 < rows and all(board[r + i][c] == p for i in range(4)):
                return p
            # diagonal down-right
            if r + 3 < rows and c + 3 < cols and all(board[r + i][c + i] == p for i in range(4)):
                return p
    return 0

def terminal(board):
    return four_in_a_row(board) != 0 or len(actions(board)) == 0

def utility(board, player=1):
    # 1 = red won, -1 = yellow won
    return four_in_a_row(board)'''),
    ("code", r'''def random_player(board, player=1):
    return random.choice(actions(board))

def play_game(red, yellow):
    board = empty_board()
    player = 1
    while not terminal(board):
        if player == 1:
            a = red(board.copy(), player)
        else:
            a = yellow(board.copy(), player)
        board = result(board, player, a)
        player = -player
    return four_in_a_row(board)

res = [play_game(random_player, random_player) for _ in range(100)]
print(res.count(1), res.count(-1), res.count(0))'''),
    ("md", r'''## Task 3: Minimax Search with Alpha-Beta Pruning

I had a weird bug where the board kept filling up during the search, copying the board fixed it.'''),
    ("code", r'''def alpha_beta(board, depth, alpha, beta, player, me):
    if terminal(board) or depth == 0:
        return utility(board, me)
    if player == me:
        value = -math.inf
        for a in actions(board):
            value = max(value, alpha_beta(result(board.copy(), player, a), depth - 1, alpha, beta, -player, me))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for a in actions(board):
        value = min(value, alpha_beta(result(board.copy(), player, a), depth - 1, alpha, beta, -player, me))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value

def alpha_beta_player(board, player=1, depth=4):
    best, best_move = -math.inf, None
    for a in actions(board):
        v = alpha_beta(result(board.copy(), player, a), depth - 1, -math.inf, math.inf, -player, player)
        if v > best:
            best, best_move = v, a
    return best_move'''),
    ("code", r'''test = empty_board()
for a in [3, 3, 2, 2, 1]:
    test = result(test, 1 if (test != 0).sum() % 2 == 0 else -1, a)
print(test)
print(alpha_beta_player(test, 1))'''),
    ("md", r'''## Task 4: Heuristic Alpha-Beta Tree Search [30 points]

My heuristic counts threes and twos that can still be completed. Depth 1 is already pretty good and
very fast!'''),
    ("code", r'''def heuristic(board, player):
    score = 0
    rows, cols = board.shape
    for r in range(rows):
        for c in range(cols - 3):
            window = list(board[r, c:c + 4])
            if window.count(player) == 3 and window.count(0) == 1:
                score += 10
            elif window.count(player) == 2 and window.count(0) == 2:
                score += 3
            if window.count(-player) == 3 and window.count(0) == 1:
                score -= 8
    for r in range(rows - 3):
        for c in range(cols):
            window = list(board[r:r + 4, c])
            if window.count(player) == 3 and window.count(0) == 1:
                score += 10
            elif window.count(player) == 2 and window.count(0) == 2:
                score += 3
            if window.count(-player) == 3 and window.count(0) == 1:
                score -= 8
    score += 2 * list(board[:, cols // 2]).count(player)
    return score

def heuristic_player(board, player=1, depth=1):
    best_score, best_move = -math.inf, None
    for a in actions(board):
        score = heuristic(result(board.copy(), player, a), player)
        if score > best_score:
            best_score, best_move = score, a
    return best_move'''),
    ("code", r'''print([play_game(heuristic_player, random_player) for _ in range(10)])'''),
]
