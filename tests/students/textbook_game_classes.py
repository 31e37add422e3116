# Games written as classes in the textbook's style (written for the tests): a Game base class, states
# are GameState(to_move, utility, board, moves) named tuples, the board a dict of occupied cells keyed
# by 1-based (x, y), agents take (game, state). No instance is created at the top level.
import math
import random
from collections import namedtuple

GameState = namedtuple("GameState", "to_move, utility, board, moves")


class Game:
    def actions(self, state):
        raise NotImplementedError

    def result(self, state, move):
        raise NotImplementedError

    def utility(self, state, player):
        raise NotImplementedError

    def terminal_test(self, state):
        return not self.actions(state)

    def to_move(self, state):
        return state.to_move

    def display(self, state):
        print(state)

    def play_game(self, *players):
        state = self.initial
        while True:
            for player in players:
                state = self.result(state, player(self, state))
                if self.terminal_test(state):
                    self.display(state)
                    return self.utility(state, self.to_move(self.initial))


class TicTacToe(Game):
    """x counts rows from the top, y columns from the left; X moves first."""

    def __init__(self, h=3, v=3, k=3):
        self.h, self.v, self.k = h, v, k
        cells = [(x, y) for x in range(1, h + 1) for y in range(1, v + 1)]
        self.initial = GameState(to_move="X", utility=0, board={}, moves=cells)

    def actions(self, state):
        return state.moves

    def result(self, state, move):
        if move not in state.moves:
            return state
        board = dict(state.board)
        board[move] = state.to_move
        moves = [m for m in state.moves if m != move]
        return GameState(to_move="O" if state.to_move == "X" else "X",
                         utility=self.line_value(board, move, state.to_move), board=board, moves=moves)

    def utility(self, state, player):
        return state.utility if player == "X" else -state.utility

    def terminal_test(self, state):
        return state.utility != 0 or len(state.moves) == 0

    def line_value(self, board, move, player):
        for dx, dy in ((0, 1), (1, 0), (1, -1), (1, 1)):
            run = 1
            for sign in (1, -1):
                x, y = move[0] + sign * dx, move[1] + sign * dy
                while board.get((x, y)) == player:
                    run += 1
                    x, y = x + sign * dx, y + sign * dy
            if run >= self.k:
                return 1 if player == "X" else -1
        return 0


class ConnectFour(TicTacToe):
    """A disc goes in the lowest free cell: y == 1 is the bottom, x the column."""

    def __init__(self, h=7, v=6, k=4):
        TicTacToe.__init__(self, h, v, k)

    def actions(self, state):
        return [(x, y) for (x, y) in state.moves if y == 1 or (x, y - 1) in state.board]


def random_player(game, state):
    return random.choice(game.actions(state))


def alpha_beta_search(state, game, d=4, eval_fn=None):
    """Alpha-beta to depth d, then eval_fn (the utility by default)."""
    player = game.to_move(state)
    evaluate = eval_fn or (lambda s: game.utility(s, player))

    def value(s, alpha, beta, depth, maximizing):
        if game.terminal_test(s):
            return game.utility(s, player) * (100 - depth)
        if depth >= d:
            return evaluate(s)
        best = -math.inf if maximizing else math.inf
        for a in game.actions(s):
            v = value(game.result(s, a), alpha, beta, depth + 1, not maximizing)
            if maximizing:
                best, alpha = max(best, v), max(alpha, v)
            else:
                best, beta = min(best, v), min(beta, v)
            if alpha >= beta:
                break
        return best

    best_move, best_value = None, -math.inf
    for a in game.actions(state):
        v = value(game.result(state, a), best_value, math.inf, 1, False)
        if v > best_value or best_move is None:
            best_move, best_value = a, v
    return best_move


def alpha_beta_player(game, state):
    return alpha_beta_search(state, game)
