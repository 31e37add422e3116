"""What a fail-soft alpha-beta search proves about a position's value, for a transposition table that
keeps a lower and an upper bound per position."""

from __future__ import annotations


def proven_bounds(best: int, alpha: int, beta: int, lower: int, upper: int) -> tuple[int, int]:
    """The (lower, upper) bounds on a position's value after a search of it within the window
    (``alpha``, ``beta``) returned ``best``, given the bounds known before: a result at or below alpha
    is an upper bound, one at or above beta a lower bound, one in between the exact value."""
    if best <= alpha:
        return lower, best
    if best >= beta:
        return best, upper
    return best, best
