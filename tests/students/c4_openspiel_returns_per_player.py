# Connect 4 in the shape of OpenSpiel's state API (written for the tests): players 0 and 1, apply_action(col) in place,
# returns() a list with one value per player (a draw [0, 0]), agents that take the state.
import random, math
import numpy as np
class ConnectFourState:
    """An OpenSpiel-like state: players 0 and 1, actions are columns, moves applied in place."""
    ROWS, COLS = 6, 7

    def __init__(self, rows=6, cols=7):
        self.rows, self.cols = rows, cols
        self.board = [[-1] * cols for _ in range(rows)]   # row 0 is the bottom; -1 empty, 0/1 players
        self._player = 0
        self._winner = None
        self._moves = 0

    def current_player(self):
        return -4 if self.is_terminal() else self._player

    def legal_actions(self, player=None):
        if self.is_terminal():
            return []
        return [c for c in range(self.cols) if self.board[self.rows - 1][c] == -1]

    def apply_action(self, action):
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action}")
        r = next(r for r in range(self.rows) if self.board[r][action] == -1)
        self.board[r][action] = self._player
        self._moves += 1
        if self._wins_from(r, action):
            self._winner = self._player
        self._player = 1 - self._player

    def _wins_from(self, r, c):
        p = self.board[r][c]
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            n = 1
            for s in (1, -1):
                rr, cc = r + s * dr, c + s * dc
                while 0 <= rr < self.rows and 0 <= cc < self.cols and self.board[rr][cc] == p:
                    n += 1
                    rr, cc = rr + s * dr, cc + s * dc
            if n >= 4:
                return True
        return False

    def is_terminal(self):
        return self._winner is not None or self._moves == self.rows * self.cols

    def returns(self):
        if self._winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self._winner == 0 else [-1.0, 1.0]

    def clone(self):
        s = ConnectFourState.__new__(ConnectFourState)
        s.rows, s.cols = self.rows, self.cols
        s.board = [row[:] for row in self.board]
        s._player, s._winner, s._moves = self._player, self._winner, self._moves
        return s

    def __str__(self):
        sym = {-1: '.', 0: 'x', 1: 'o'}
        return "\n".join("".join(sym[v] for v in self.board[r]) for r in range(self.rows - 1, -1, -1))


class ConnectFourGame:
    def new_initial_state(self):
        return ConnectFourState()
    def num_players(self):
        return 2
def random_agent(state):
    return random.choice(state.legal_actions())

def evaluate(state, me):
    if state.is_terminal():
        return 1000 * state.returns()[me]
    score = 0
    b = state.board
    for r in range(state.rows):
        for c in range(state.cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if not all(0 <= rr < state.rows and 0 <= cc < state.cols for rr, cc in cells):
                    continue
                vals = [b[rr][cc] for rr, cc in cells]
                if 1 - me not in vals:
                    score += vals.count(me) ** 2
                if me not in vals:
                    score -= vals.count(1 - me) ** 2
    return score

def alphabeta_agent(state, depth=4):
    me = state.current_player()
    def ab(s, d, alpha, beta):
        if s.is_terminal() or d == 0:
            return evaluate(s, me)
        acts = sorted(s.legal_actions(), key=lambda c: abs(c - s.cols // 2))
        if s.current_player() == me:
            v = -math.inf
            for a in acts:
                child = s.clone(); child.apply_action(a)
                v = max(v, ab(child, d - 1, alpha, beta))
                alpha = max(alpha, v)
                if alpha >= beta:
                    break
            return v
        v = math.inf
        for a in acts:
            child = s.clone(); child.apply_action(a)
            v = min(v, ab(child, d - 1, alpha, beta))
            beta = min(beta, v)
            if alpha >= beta:
                break
        return v
    best, best_v = None, -math.inf
    for a in sorted(state.legal_actions(), key=lambda c: abs(c - state.cols // 2)):
        child = state.clone(); child.apply_action(a)
        v = ab(child, depth - 1, -math.inf, math.inf)
        if best is None or v > best_v:
            best, best_v = a, v
    return best

def mcts_agent(state, n=300):
    me = state.current_player()
    acts = state.legal_actions()
    totals = {a: 0.0 for a in acts}
    for i in range(n):
        a = acts[i % len(acts)]
        s = state.clone(); s.apply_action(a)
        while not s.is_terminal():
            s.apply_action(random.choice(s.legal_actions()))
        totals[a] += s.returns()[me]
    return max(acts, key=lambda a: totals[a])
