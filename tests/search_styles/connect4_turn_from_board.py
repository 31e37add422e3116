# An alpha-beta for the course's Connect 4 written as one function that keeps the root's player in every
# call and reads whose turn it is off the board (how many discs were dropped since the root): correct,
# though its player parameter never changes.
import math


def steady_player_alpha_beta(board, player=1, max_depth=4):
    dropped_at_root = int((board != 0).sum())

    def search(board, depth, alpha, beta, player):
        if terminal(board):
            return utility(board, player) * (1000 - depth), None
        if depth >= max_depth:
            return 0, None
        my_turn = (int((board != 0).sum()) - dropped_at_root) % 2 == 0
        mover = player if my_turn else -player
        best, best_move = (-math.inf if my_turn else math.inf), None
        for a in actions(board):
            v, _ = search(result(board, mover, a), depth + 1, alpha, beta, player)
            if (my_turn and v > best) or (not my_turn and v < best):
                best, best_move = v, a
            if my_turn:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best, best_move

    return search(board, 0, -math.inf, math.inf, player)[1]
