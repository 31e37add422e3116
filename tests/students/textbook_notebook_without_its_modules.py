# A Connect 4 notebook copied from the textbook's games notebook and handed in without the modules it
# imports (written for the tests): `from games import *`, `from utils import *` and `from notebook import
# psource` find nothing, yet its own ConnectFour(Game) builds GameState records and inherits to_move and
# terminal_test from the textbook's Game, and its copied searches use utils' `infinity`. A query_player
# asks a person; play_game runs a game at the end.
from games import *
from utils import *
from notebook import psource, pseudocode
import random
import numpy as np

psource(Game)


class ConnectFour(Game):
    """Connect 4 on a dict board keyed by (x, y): x the column 1..h, y the row from the bottom 1..v."""

    def __init__(self, h=7, v=6, k=4):
        self.h, self.v, self.k = h, v, k
        moves = [(x, y) for x in range(1, h + 1) for y in range(1, v + 1)]
        self.initial = GameState(to_move='X', utility=0, board={}, moves=moves)

    def actions(self, state):
        return [(x, y) for (x, y) in state.moves if y == 1 or (x, y - 1) in state.board]

    def result(self, state, move):
        if move not in state.moves:
            return state
        board = state.board.copy()
        board[move] = state.to_move
        moves = list(state.moves)
        moves.remove(move)
        return GameState(to_move=('O' if state.to_move == 'X' else 'X'),
                         utility=self.compute_utility(board, move, state.to_move),
                         board=board, moves=moves)

    def utility(self, state, player):
        return state.utility if player == 'X' else -state.utility

    def terminal_test(self, state):
        return state.utility != 0 or len(self.actions(state)) == 0

    def display(self, state):
        for y in range(self.v, 0, -1):
            print(' '.join(state.board.get((x, y), '.') for x in range(1, self.h + 1)))

    def compute_utility(self, board, move, player):
        if (self.k_in_row(board, move, player, (0, 1)) or self.k_in_row(board, move, player, (1, 0))
                or self.k_in_row(board, move, player, (1, -1)) or self.k_in_row(board, move, player, (1, 1))):
            return +1 if player == 'X' else -1
        return 0

    def k_in_row(self, board, move, player, delta_x_y):
        delta_x, delta_y = delta_x_y
        x, y = move
        n = 0
        while board.get((x, y)) == player:
            n += 1
            x, y = x + delta_x, y + delta_y
        x, y = move
        while board.get((x, y)) == player:
            n += 1
            x, y = x - delta_x, y - delta_y
        n -= 1
        return n >= self.k


def random_player(game, state):
    return random.choice(game.actions(state)) if game.actions(state) else None


def alpha_beta_cutoff_search(state, game, d=4, cutoff_test=None, eval_fn=None):
    player = game.to_move(state)

    def max_value(state, alpha, beta, depth):
        if cutoff_test(state, depth):
            return eval_fn(state)
        v = -infinity
        for a in game.actions(state):
            v = max(v, min_value(game.result(state, a), alpha, beta, depth + 1))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(state, alpha, beta, depth):
        if cutoff_test(state, depth):
            return eval_fn(state)
        v = infinity
        for a in game.actions(state):
            v = min(v, max_value(game.result(state, a), alpha, beta, depth + 1))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    cutoff_test = (cutoff_test or (lambda state, depth: depth > d or game.terminal_test(state)))
    eval_fn = eval_fn or (lambda state: game.utility(state, player))
    best_score = -infinity
    beta = infinity
    best_action = None
    for a in game.actions(state):
        v = min_value(game.result(state, a), best_score, beta, 1)
        if v > best_score:
            best_score = v
            best_action = a
    return best_action


def connect_four_eval(state, player='X'):
    """Open lines of the player minus the opponent's, utility first."""
    if state.utility != 0:
        return 1000 * (state.utility if player == 'X' else -state.utility)
    score = 0
    for (x, y), mark in state.board.items():
        centre = 4 - abs(4 - x)
        score += centre if mark == player else -centre
    return score


def alpha_beta_player(game, state):
    return alpha_beta_cutoff_search(state, game, d=4)


def heuristic_player(game, state):
    player = game.to_move(state)
    return alpha_beta_cutoff_search(state, game, d=4, eval_fn=lambda s: connect_four_eval(s, player))


def query_player(game, state):
    print("current state:")
    game.display(state)
    print("available moves: {}".format(game.actions(state)))
    move = None
    if game.actions(state):
        move_string = input('Your move? ')
        try:
            move = eval(move_string)
        except NameError:
            move = move_string
    return move


c4 = ConnectFour()
c4.play_game(alpha_beta_player, query_player)
