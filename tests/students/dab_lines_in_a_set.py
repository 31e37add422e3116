"""Fixture: Dots and Boxes in the course's dict layout, but with the drawn lines kept in a set, players
'A' and 'B', and result(board, move, player) answering (board, extra_turn).
"""
import copy
import math
import random


def new_board(rows=4, cols=4):
    """rows x cols dots."""
    return {"size": (rows, cols), "lines": set(), "boxes": {}}


def actions(board):
    rows, cols = board["size"]
    out = [("h", r, c) for r in range(rows) for c in range(cols - 1)]
    out += [("v", r, c) for r in range(rows - 1) for c in range(cols)]
    return [m for m in out if m not in board["lines"]]


def _complete(board, r, c):
    L = board["lines"]
    return ("h", r, c) in L and ("h", r + 1, c) in L and ("v", r, c) in L and ("v", r, c + 1) in L


def result(board, move, player):
    b = copy.deepcopy(board)
    b["lines"].add(move)
    kind, r, c = move
    rows, cols = b["size"]
    near = [(r - 1, c), (r, c)] if kind == "h" else [(r, c - 1), (r, c)]
    extra = False
    for br, bc in near:
        if 0 <= br < rows - 1 and 0 <= bc < cols - 1 and (br, bc) not in b["boxes"] and _complete(b, br, bc):
            b["boxes"][(br, bc)] = player
            extra = True
    return b, extra


def terminal(board):
    return len(actions(board)) == 0


def utility(board, player):
    mine = sum(1 for p in board["boxes"].values() if p == player)
    theirs = len(board["boxes"]) - mine
    return (mine > theirs) - (mine < theirs)


def other(p):
    return "B" if p == "A" else "A"


def random_player(board, player):
    return random.choice(actions(board))


def minimax_ab(board, player, depth, alpha, beta, me):
    if terminal(board) or depth == 0:
        mine = sum(1 for p in board["boxes"].values() if p == me)
        return mine - (len(board["boxes"]) - mine), None
    best = None
    if player == me:
        v = -math.inf
        for m in actions(board):
            nb, extra = result(board, m, player)
            val, _ = minimax_ab(nb, player if extra else other(player), depth - 1, alpha, beta, me)
            if val > v:
                v, best = val, m
            alpha = max(alpha, v)
            if alpha >= beta:
                break
    else:
        v = math.inf
        for m in actions(board):
            nb, extra = result(board, m, player)
            val, _ = minimax_ab(nb, player if extra else other(player), depth - 1, alpha, beta, me)
            if val < v:
                v, best = val, m
            beta = min(beta, v)
            if alpha >= beta:
                break
    return v, best


def alpha_beta_player(board, player, depth=3):
    return minimax_ab(board, player, depth, -math.inf, math.inf, player)[1]
