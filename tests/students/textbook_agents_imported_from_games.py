# Tic-tac-toe copied from the textbook, importing its base pieces and two agents from a games module that
# is not handed in (written for the tests): `from games import Game, GameState, alpha_beta_search,
# random_player`. Its own TicTacToe(Game) has no to_move (the base's); its alpha_beta_player only calls
# the imported search, while its own minmax_decision (with a local argmax) is a working minimax.
from games import Game, GameState, alpha_beta_search, random_player


def argmax(seq, key):
    return max(seq, key=key)


class TicTacToe(Game):
    def __init__(self, h=3, v=3, k=3):
        self.h = h
        self.v = v
        self.k = k
        moves = [(x, y) for x in range(1, h + 1) for y in range(1, v + 1)]
        self.initial = GameState(to_move='X', utility=0, board={}, moves=moves)

    def actions(self, state):
        """Legal moves are any square not yet taken."""
        return state.moves

    def result(self, state, move):
        if move not in state.moves:
            return state  # Illegal move has no effect
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
        return state.utility != 0 or len(state.moves) == 0

    def display(self, state):
        board = state.board
        for x in range(1, self.h + 1):
            for y in range(1, self.v + 1):
                print(board.get((x, y), '.'), end=' ')
            print()

    def compute_utility(self, board, move, player):
        for delta in ((0, 1), (1, 0), (1, -1), (1, 1)):
            if self.k_in_row(board, move, player, delta):
                return +1 if player == 'X' else -1
        return 0

    def k_in_row(self, board, move, player, delta_x_y):
        (delta_x, delta_y) = delta_x_y
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


def minmax_decision(state, game):
    player = game.to_move(state)

    def max_value(state):
        if game.terminal_test(state):
            return game.utility(state, player)
        v = -float('inf')
        for a in game.actions(state):
            v = max(v, min_value(game.result(state, a)))
        return v

    def min_value(state):
        if game.terminal_test(state):
            return game.utility(state, player)
        v = float('inf')
        for a in game.actions(state):
            v = min(v, max_value(game.result(state, a)))
        return v

    return argmax(game.actions(state), key=lambda a: min_value(game.result(state, a)))


def minmax_player(game, state):
    return minmax_decision(state, game)


def alpha_beta_player(game, state):
    return alpha_beta_search(state, game)


ttt = TicTacToe()
ttt.play_game(minmax_player, random_player)
