# A negamax that hands its children its own window (alpha, beta) instead of (-beta, -alpha), added after the
# course solution's cells. A win is worth infinity, so the search still cuts off (alpha reaches the infinite
# beta when a win is found) and counts fewer positions than minimax: only the window it passes down shows the bug.
import math


def unchanged_window_negamax(board, to_move, depth, alpha, beta):
    w = winner(board)
    if w != 0:
        return -math.inf  # the player who just moved won
    moves = actions(board)
    if not moves or depth == 0:
        return 0
    for col in moves:
        v = -unchanged_window_negamax(result(board, to_move, col), -to_move, depth - 1, alpha, beta)
        alpha = max(alpha, v)
        if alpha >= beta:
            break
    return alpha


def unchanged_window_player(board, player=1, max_depth=4):
    best_move, alpha = None, -math.inf
    for col in actions(board):
        v = -unchanged_window_negamax(result(board, player, col), -player, max_depth - 1, alpha, math.inf)
        if best_move is None or v > alpha:
            best_move, alpha = col, v
    return best_move
