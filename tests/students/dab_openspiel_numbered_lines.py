# Dots and Boxes in the shape of OpenSpiel's state API (written for the tests): DotsAndBoxesState(num_rows, num_cols)
# counted in boxes, legal_actions() numbers the lines row by row, horizontals first, apply_action(a) in place,
# returns() one value per player, current_player() 0/1, clone().
import random, math
class DotsAndBoxesState:
    """OpenSpiel-like Dots and Boxes: rows x cols boxes; actions number the lines, horizontals first.
    h(r, c) = r * cols + c for r in 0..rows, c in 0..cols-1; then v(r, c) = (rows+1)*cols + r*(cols+1) + c."""

    def __init__(self, num_rows=3, num_cols=3):
        self.R, self.C = num_rows, num_cols
        self.n_h = (num_rows + 1) * num_cols
        self.n_lines = self.n_h + num_rows * (num_cols + 1)
        self.lines = [False] * self.n_lines
        self.owner = [[-1] * num_cols for _ in range(num_rows)]
        self.player = 0
        self.points = [0, 0]

    def h(self, r, c):
        return r * self.C + c

    def v(self, r, c):
        return self.n_h + r * (self.C + 1) + c

    def current_player(self):
        return -4 if self.is_terminal() else self.player

    def legal_actions(self):
        return [a for a in range(self.n_lines) if not self.lines[a]]

    def _box_done(self, r, c):
        return (self.lines[self.h(r, c)] and self.lines[self.h(r + 1, c)]
                and self.lines[self.v(r, c)] and self.lines[self.v(r, c + 1)])

    def _boxes_of(self, a):
        if a < self.n_h:
            r, c = divmod(a, self.C)
            return [(rr, c) for rr in (r - 1, r) if 0 <= rr < self.R]
        r, c = divmod(a - self.n_h, self.C + 1)
        return [(r, cc) for cc in (c - 1, c) if 0 <= cc < self.C]

    def apply_action(self, a):
        if self.lines[a]:
            raise ValueError("line already drawn")
        self.lines[a] = True
        scored = False
        for r, c in self._boxes_of(a):
            if self._box_done(r, c):
                self.owner[r][c] = self.player
                self.points[self.player] += 1
                scored = True
        if not scored:
            self.player = 1 - self.player

    def is_terminal(self):
        return all(self.lines)

    def returns(self):
        if not self.is_terminal():
            return [0.0, 0.0]
        d = self.points[0] - self.points[1]
        return [1.0, -1.0] if d > 0 else [-1.0, 1.0] if d < 0 else [0.0, 0.0]

    def clone(self):
        s = DotsAndBoxesState(self.R, self.C)
        s.lines = self.lines[:]
        s.owner = [row[:] for row in self.owner]
        s.player, s.points = self.player, self.points[:]
        return s
def random_agent(state):
    return random.choice(state.legal_actions())

def alpha_beta_agent(state, depth=4):
    me = state.current_player()
    def value(s):
        return s.points[me] - s.points[1 - me]
    def ab(s, d, alpha, beta):
        if s.is_terminal() or d == 0:
            return value(s)
        if s.current_player() == me:
            v = -math.inf
            for a in s.legal_actions():
                c = s.clone(); c.apply_action(a)
                v = max(v, ab(c, d - 1, alpha, beta))
                alpha = max(alpha, v)
                if alpha >= beta:
                    break
            return v
        v = math.inf
        for a in s.legal_actions():
            c = s.clone(); c.apply_action(a)
            v = min(v, ab(c, d - 1, alpha, beta))
            beta = min(beta, v)
            if alpha >= beta:
                break
        return v
    best, bv = None, -math.inf
    for a in state.legal_actions():
        c = state.clone(); c.apply_action(a)
        v = ab(c, depth - 1, -math.inf, math.inf)
        if best is None or v > bv:
            best, bv = a, v
    return best

def mcts_agent(state, n=200):
    me = state.current_player()
    acts = state.legal_actions()
    tot = {a: 0.0 for a in acts}
    for i in range(n):
        a = acts[i % len(acts)]
        s = state.clone(); s.apply_action(a)
        while not s.is_terminal():
            s.apply_action(random.choice(s.legal_actions()))
        tot[a] += s.returns()[me]
    return max(acts, key=lambda a: tot[a])
