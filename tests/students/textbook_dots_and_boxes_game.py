# Dots and Boxes written as a textbook Game subclass (written for the tests), with Game and GameState imported
# from a games module that is not handed in. Lines are ('h'|'v', row, col) from their starting dot; the
# board dict also records completed boxes under (row, col); the state's utility is the running box
# difference, X's boxes minus O's; a completed box keeps the turn. Agents take (game, state).
from games import Game, GameState
import random
import math


class DotsAndBoxes(Game):
    def __init__(self, rows=4, cols=4):
        self.rows, self.cols = rows, cols  # dots
        moves = [('h', r, c) for r in range(rows) for c in range(cols - 1)] + \
                [('v', r, c) for r in range(rows - 1) for c in range(cols)]
        self.initial = GameState(to_move='X', utility=0, board={}, moves=moves)

    def actions(self, state):
        return state.moves

    def boxes_closed_by(self, board, line):
        o, r, c = line
        candidates = [(r - 1, c), (r, c)] if o == 'h' else [(r, c - 1), (r, c)]
        closed = []
        for (br, bc) in candidates:
            if 0 <= br < self.rows - 1 and 0 <= bc < self.cols - 1:
                sides = [('h', br, bc), ('h', br + 1, bc), ('v', br, bc), ('v', br, bc + 1)]
                if all(s in board for s in sides):
                    closed.append((br, bc))
        return closed

    def result(self, state, move):
        if move not in state.moves:
            return state
        board = dict(state.board)
        board[move] = state.to_move
        closed = self.boxes_closed_by(board, move)
        for box in closed:
            board[box] = state.to_move
        gain = len(closed) if state.to_move == 'X' else -len(closed)
        moves = [m for m in state.moves if m != move]
        to_move = state.to_move if closed else ('O' if state.to_move == 'X' else 'X')
        return GameState(to_move=to_move, utility=state.utility + gain, board=board, moves=moves)

    def utility(self, state, player):
        return state.utility if player == 'X' else -state.utility

    def terminal_test(self, state):
        return len(state.moves) == 0


def random_player(game, state):
    return random.choice(game.actions(state))


def alpha_beta_cutoff_search(state, game, d=4, eval_fn=None):
    player = game.to_move(state)
    eval_fn = eval_fn or (lambda s: game.utility(s, player))

    def value(s, alpha, beta, depth):
        if game.terminal_test(s) or depth > d:
            return eval_fn(s)
        if game.to_move(s) == player:
            v = -math.inf
            for a in game.actions(s):
                v = max(v, value(game.result(s, a), alpha, beta, depth + 1))
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            return v
        v = math.inf
        for a in game.actions(s):
            v = min(v, value(game.result(s, a), alpha, beta, depth + 1))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    best_action, best_score = None, -math.inf
    for a in game.actions(state):
        v = value(game.result(state, a), best_score, math.inf, 1)
        if v > best_score:
            best_action, best_score = a, v
    return best_action


def alpha_beta_player(game, state):
    return alpha_beta_cutoff_search(state, game, d=3)


dab = DotsAndBoxes()
dab.play_game(alpha_beta_player, random_player)
