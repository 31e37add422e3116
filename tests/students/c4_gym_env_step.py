# Connect 4 as a gym-like environment (written for the tests): reset() -> obs, step(col) -> (obs, reward, done, info)
# in place, available_actions(); agents take the environment and search on deep copies.
import copy, math, random
import numpy as np
class ConnectFourEnv:
    """A gym-like environment: reset() -> obs; step(action) -> (obs, reward, done, info).
    obs is a 6x7 numpy array (row 0 on top), 1 for the first player, -1 for the second; reward is
    from the view of the player who just moved."""
    metadata = {"render_modes": ["human"]}

    def __init__(self, rows=6, cols=7):
        self.rows, self.cols = rows, cols
        self.reset()

    def reset(self):
        self.board = np.zeros((self.rows, self.cols), dtype=int)
        self.current_player = 1
        self.done = False
        self.winner = 0
        return self.board.copy()

    def available_actions(self):
        if self.done:
            return []
        return [c for c in range(self.cols) if self.board[0, c] == 0]

    def step(self, action):
        if self.done or action not in self.available_actions():
            raise ValueError("illegal action")
        row = max(r for r in range(self.rows) if self.board[r, action] == 0)
        self.board[row, action] = self.current_player
        reward = 0.0
        if self._four(row, action):
            self.done, self.winner, reward = True, self.current_player, 1.0
        elif not any(self.board[0, c] == 0 for c in range(self.cols)):
            self.done = True
        self.current_player = -self.current_player
        return self.board.copy(), reward, self.done, {"winner": self.winner}

    def _four(self, r, c):
        p = self.board[r, c]
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            n = 1
            for s in (1, -1):
                rr, cc = r + s * dr, c + s * dc
                while 0 <= rr < self.rows and 0 <= cc < self.cols and self.board[rr, cc] == p:
                    n += 1
                    rr, cc = rr + s * dr, cc + s * dc
            if n >= 4:
                return True
        return False

    def render(self):
        print(self.board)
def random_agent(env):
    return random.choice(env.available_actions())

def heuristic(env, me):
    b = env.board
    s = 0
    for r in range(env.rows):
        for c in range(env.cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if not (0 <= r + 3 * dr < env.rows and 0 <= c + 3 * dc < env.cols):
                    continue
                w = [b[r + i * dr, c + i * dc] for i in range(4)]
                if -me not in w:
                    s += w.count(me) ** 2
                if me not in w:
                    s -= w.count(-me) ** 2
    return s

def alpha_beta_agent(env, depth=4):
    me = env.current_player
    def ab(e, d, alpha, beta):
        if e.done:
            return 10000 * (1 if e.winner == me else -1 if e.winner else 0) * (d + 1)
        if d == 0:
            return heuristic(e, me)
        acts = sorted(e.available_actions(), key=lambda c: abs(c - e.cols // 2))
        maxing = e.current_player == me
        v = -math.inf if maxing else math.inf
        for a in acts:
            child = copy.deepcopy(e)
            child.step(a)
            x = ab(child, d - 1, alpha, beta)
            if maxing:
                v = max(v, x); alpha = max(alpha, v)
            else:
                v = min(v, x); beta = min(beta, v)
            if alpha >= beta:
                break
        return v
    best, bv = None, -math.inf
    for a in sorted(env.available_actions(), key=lambda c: abs(c - env.cols // 2)):
        child = copy.deepcopy(env)
        child.step(a)
        v = ab(child, depth - 1, -math.inf, math.inf)
        if best is None or v > bv:
            best, bv = a, v
    return best
