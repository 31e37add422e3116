"""Fixture (red team): a correct in-place Board class whose moves nest the line's starting dot, ('H', (r, c)), 1-based;
its agents take the Board object."""
# %% [markdown]
# # Dots and Boxes — object oriented version
# `Board` keeps everything and changes in place; moves are pairs like `('H', (1, 2))` (horizontal line starting at
# dot row 1, column 2 — I count dots from 1) or `"V 2 4"`. Players are `'red'` and `'blue'`.

# %%
import copy, math, random, time

class Board:
    def __init__(self, rows=4, cols=4):
        self.rows, self.cols = rows, cols
        self.drawn = set()
        self.owner = {}
        self.current = 'red'
        self.points = {'red': 0, 'blue': 0}

    def moves(self):
        out = []
        for r in range(1, self.rows + 1):
            for c in range(1, self.cols):
                out.append(('H', (r, c)))
        for r in range(1, self.rows):
            for c in range(1, self.cols + 1):
                out.append(('V', (r, c)))
        return [m for m in out if m not in self.drawn]

    def _box_done(self, r, c):
        return all(x in self.drawn for x in (('H', (r, c)), ('H', (r + 1, c)), ('V', (r, c)), ('V', (r, c + 1))))

    def play(self, move):
        """Draws the line for the current player; returns True if they play again."""
        if move in self.drawn:
            raise ValueError(move)
        kind, (r, c) = move
        self.drawn.add(move)
        boxes = [(r - 1, c), (r, c)] if kind == 'H' else [(r, c - 1), (r, c)]
        got = 0
        for br, bc in boxes:
            if 1 <= br < self.rows and 1 <= bc < self.cols and self._box_done(br, bc):
                self.owner[(br, bc)] = self.current
                self.points[self.current] += 1
                got += 1
        if not got:
            self.current = 'blue' if self.current == 'red' else 'red'
        return got > 0

    def is_over(self):
        return len(self.owner) == (self.rows - 1) * (self.cols - 1)

    def utility(self, player):
        other = 'blue' if player == 'red' else 'red'
        return self.points[player] - self.points[other]

    def show(self):
        for r in range(1, self.rows + 1):
            print('o' + 'o'.join('--' if ('H', (r, c)) in self.drawn else '  ' for c in range(1, self.cols)) + 'o')
            if r < self.rows:
                print(''.join(('|' if ('V', (r, c)) in self.drawn else ' ') +
                              ((self.owner.get((r, c), ' ')[0] + ' ') if c < self.cols else '')
                              for c in range(1, self.cols + 1)))

# %%
def random_player(board):
    return random.choice(board.moves())

b = Board()
while not b.is_over():
    b.play(random_player(b))
b.show(); print(b.points)

# %% [markdown]
# ## Alpha-beta with depth cutoff. Returns (move, value).

# %%
def score_free_boxes(board):
    n = 0
    for r in range(1, board.rows):
        for c in range(1, board.cols):
            if (r, c) not in board.owner:
                k = sum(x in board.drawn for x in (('H', (r, c)), ('H', (r + 1, c)), ('V', (r, c)), ('V', (r, c + 1))))
                n += k == 3
    return n

def evaluate(board, me):
    f = score_free_boxes(board)
    return board.utility(me) + (f if board.current == me else -f)

def sorted_moves(board):
    def k(m):
        t = copy.deepcopy(board)
        return 0 if t.play(m) else 1
    return sorted(board.moves(), key=k)

def alphabeta(board, depth, alpha, beta, me):
    if board.is_over() or depth == 0:
        return evaluate(board, me), None
    best_move = None
    if board.current == me:
        value = -math.inf
        for m in sorted_moves(board):
            child = copy.deepcopy(board)
            child.play(m)
            v, _ = alphabeta(child, depth - 1, alpha, beta, me)
            if v > value:
                value, best_move = v, m
            alpha = max(alpha, value)
            if alpha >= beta:
                break
    else:
        value = math.inf
        for m in sorted_moves(board):
            child = copy.deepcopy(board)
            child.play(m)
            v, _ = alphabeta(child, depth - 1, alpha, beta, me)
            if v < value:
                value, best_move = v, m
            beta = min(beta, value)
            if alpha >= beta:
                break
    return value, best_move

def alpha_beta_player(board, depth=None):
    if depth is None:
        n = len(board.moves())
        depth = 2 if n > 24 else 3 if n > 14 else 5 if n > 9 else 9
    value, move = alphabeta(board, depth, -math.inf, math.inf, board.current)
    return move, value

# %%
b = Board()
while not b.is_over():
    b.play(alpha_beta_player(b)[0] if b.current == 'red' else random_player(b))
b.show(); print(b.points)
