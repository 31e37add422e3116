# Cells a student adds to the Connect 4 course solution: a plain minimax agent beside the alpha-beta one
# (both with a depth parameter), and an alpha-beta whose min level cuts off on the wrong bound.


def minimax_player(board, player=1, max_depth=4):
    """Plain minimax to `max_depth` plies, wins counted sooner-is-better as in alpha_beta_search."""
    def value(board, to_move, depth):
        if GAME.terminal(board):
            return GAME.utility(board, player) * (1000 - depth), None
        if depth >= max_depth:
            return 0, None
        best = (-math.inf if to_move == player else math.inf), None
        for a in ordered_actions(board):
            v, _ = value(GAME.result(board, to_move, a), -to_move, depth + 1)
            if (to_move == player and v > best[0]) or (to_move != player and v < best[0]):
                best = v, a
        return best
    return value(board, player, 0)[1]


def wrong_bound_alpha_beta_player(board, player=1, max_depth=4):
    """Alpha-beta whose min level stops when a value reaches beta (it should stop at alpha)."""
    def value(board, to_move, alpha, beta, depth):
        if GAME.terminal(board):
            return GAME.utility(board, player) * (1000 - depth), None
        if depth >= max_depth:
            return 0, None
        best = (-math.inf if to_move == player else math.inf), None
        for a in ordered_actions(board):
            v, _ = value(GAME.result(board, to_move, a), -to_move, alpha, beta, depth + 1)
            if to_move == player:
                if v > best[0]:
                    best = v, a
                alpha = max(alpha, v)
                if alpha >= beta:
                    break
            else:
                if v < best[0]:
                    best = v, a
                beta = min(beta, v)
                if v <= beta:  # bug: the cutoff compares with its own bound, so it stops after the first reply
                    break
        return best
    return value(board, player, -math.inf, math.inf, 0)[1]
