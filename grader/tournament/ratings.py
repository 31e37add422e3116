"""Elo-scale ratings from all games at once: Bradley-Terry with a first-move advantage and draws.

The model is **Davidson's (1970) draw model**. With strengths ``pi_i = exp(s_i)``, a first-move
factor ``theta = exp(h)`` and a draw parameter ``nu = exp(eta)``, when ``i`` moves first against ``j``::

    P(i wins)  = theta*pi_i / D
    P(draw)    = nu * sqrt(theta*pi_i * pi_j) / D
    P(j wins)  = pi_j / D,         D = theta*pi_i + pi_j + nu*sqrt(theta*pi_i*pi_j)

Why Davidson and not Rao-Kupper: (1) in Davidson's model a draw counts exactly as half a win
and half a loss in the equations for the strengths (a player's expected score, wins + draws/2,
matches the observed one), which is how the tournament awards points; (2) every outcome's
log-probability is linear in ``(s, h, eta)`` minus one log-sum-exp, so the log-likelihood is
concave and Newton's method from zero converges without tuning. Rao-Kupper's draw probability
has a ``theta**2 - 1`` factor that breaks both properties.

The fit is a maximum a posteriori estimate with weak Gaussian priors (documented on
:class:`RatingPrior`): without them an undefeated player's rating, an all-first-player-wins
tournament's first-move advantage and an all-draws tournament's ``nu`` would be infinite.

Ratings are on the Elo scale, ``rating = 400 * log10(pi)``, so that without draws a 400-point
gap means 10:1 odds. They are anchored so that the anchor player (the random agent, ``"random"``)
sits at ``anchor_rating``; without the anchor the mean rating is ``anchor_rating``. Intervals come
from a bootstrap over colour-swapped game pairs (a pair's two games stay together, because their
outcomes are correlated through the shared opening): percentile intervals of the refitted,
re-anchored ratings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np
import pandas as pd

from grader.play.records import GameRecord

ELO_PER_NATURAL = 400 / math.log(10)  # Elo points per unit of natural log-strength


@dataclass(frozen=True)
class RatingPrior:
    """Weak Gaussian priors that keep every fitted parameter finite.

    - each player's log-strength ~ N(0, (strength_sd / ELO_PER_NATURAL)^2) around the field;
      with the default 1000 Elo, ratings of players with a few hundred games move by a few Elo
      (more for players who win or lose almost every game: those games say little), and an
      undefeated player ends some 1000-1500 Elo above the rest instead of at infinity;
    - the first-move advantage ~ N(0, first_move_sd Elo);
    - ``log nu`` ~ N(0, draw_log_sd^2): ``nu = 1`` (a third of games between equals drawn) a priori,
      finite when every game is drawn and when none is.
    """

    strength_sd: float = 1000.0
    first_move_sd: float = 1000.0
    draw_log_sd: float = 2.0

    def precisions(self, n_players: int) -> np.ndarray:
        """The diagonal of the prior's precision matrix over (s_1..s_n, h, eta)."""
        for name in ("strength_sd", "first_move_sd", "draw_log_sd"):
            if not getattr(self, name) > 0:
                raise ValueError(f"RatingPrior.{name} must be positive, not {getattr(self, name)!r}")
        return np.concatenate(
            [
                np.full(n_players, (ELO_PER_NATURAL / self.strength_sd) ** 2),
                [(ELO_PER_NATURAL / self.first_move_sd) ** 2, 1 / self.draw_log_sd**2],
            ]
        )


@dataclass(frozen=True)
class GameOutcomes:
    """The games as index arrays: one entry per game, players numbered by ``players``."""

    players: tuple[str, ...]
    first: np.ndarray  # index of the first player, per game
    second: np.ndarray
    result: np.ndarray  # +1 / 0 / -1 from the first player's view
    pair: np.ndarray  # index of the colour-swapped pair, per game
    pair_ids: tuple[str, ...]

    @classmethod
    def from_records(cls, records: Sequence[GameRecord]) -> "GameOutcomes":
        players = tuple(sorted({p for r in records for p in r.players}))
        index = {p: i for i, p in enumerate(players)}
        pair_ids = tuple(dict.fromkeys(r.pair_id for r in records))
        pair_index = {p: i for i, p in enumerate(pair_ids)}
        return cls(
            players=players,
            first=np.array([index[r.first] for r in records], dtype=np.intp),
            second=np.array([index[r.second] for r in records], dtype=np.intp),
            result=np.array([r.result for r in records], dtype=np.intp),
            pair=np.array([pair_index[r.pair_id] for r in records], dtype=np.intp),
            pair_ids=pair_ids,
        )

    def counts(self, weights: np.ndarray | None = None) -> "OutcomeCounts":
        """Wins, draws and losses per ordered (first, second) matchup, games weighted by ``weights``."""
        n = len(self.players)
        cell = self.first * n + self.second
        outcome = 1 - self.result  # 0 first won, 1 draw, 2 second won
        totals = np.bincount(cell * 3 + outcome, weights=weights, minlength=n * n * 3).reshape(n * n, 3)
        played = np.flatnonzero(totals.sum(axis=1))
        return OutcomeCounts(n, played // n, played % n, totals[played])


@dataclass(frozen=True)
class OutcomeCounts:
    """Game counts per ordered matchup: columns of ``counts`` are first won, draw, second won."""

    n_players: int
    first: np.ndarray
    second: np.ndarray
    counts: np.ndarray


@dataclass(frozen=True)
class DavidsonFit:
    """A point fit in natural units: log-strengths (mean zero), log first-move factor, log nu."""

    strengths: np.ndarray
    first_move: float
    log_nu: float
    iterations: int


# How each outcome's log-probability depends on (a, b, eta), a = s_first + h, b = s_second:
# first won: a, draw: (a + b)/2 + eta, second won: b (each minus log D).
_FEATURES = np.array([[1.0, 0.0, 0.0], [0.5, 0.5, 1.0], [0.0, 1.0, 0.0]])


def fit_davidson(
    counts: OutcomeCounts, prior: RatingPrior = RatingPrior(), tol: float = 1e-9, max_iter: int = 100
) -> DavidsonFit:
    """The MAP fit of Davidson's model by Newton's method with step halving (the objective is concave)."""
    n = counts.n_players
    k = len(counts.first)
    precision = prior.precisions(n)
    c = counts.counts
    total = c.sum(axis=1)
    observed_u = c @ _FEATURES  # per matchup: observed sufficient statistics for (a, b, eta)
    # Parameter index of each of the four pieces (s_first, h, s_second, eta) and which of a, b, eta it feeds.
    params = np.stack([counts.first, np.full(k, n), counts.second, np.full(k, n + 1)], axis=1)
    feeds = np.array([0, 0, 1, 2])
    size = n + 2
    hess_index = (params[:, :, None] * size + params[:, None, :]).ravel()

    def objective(x: np.ndarray) -> tuple[float, np.ndarray]:
        z = _logits(x, counts, n)
        top = z.max(axis=1, keepdims=True)
        log_d = (top + np.log(np.exp(z - top).sum(axis=1, keepdims=True)))[:, 0]
        value = float((c * z).sum() - (total * log_d).sum() - 0.5 * (precision * x * x).sum())
        return value, np.exp(z - log_d[:, None])

    x = np.zeros(size)
    value, prob = objective(x)
    for iteration in range(1, max_iter + 1):
        expected_u = (total[:, None] * prob) @ _FEATURES
        grad_u = observed_u - expected_u  # d loglik / d (a, b, eta), per matchup
        grad = np.bincount(params.ravel(), weights=grad_u[:, feeds].ravel(), minlength=size) - precision * x
        # Covariance of the features under the model: the Hessian of log D in (a, b, eta).
        mean_f = prob @ _FEATURES
        second = np.einsum("ko,ou,ov->kuv", prob, _FEATURES, _FEATURES)
        cov = total[:, None, None] * (second - mean_f[:, :, None] * mean_f[:, None, :])
        pieces = cov[:, feeds][:, :, feeds]
        info = np.bincount(hess_index, weights=pieces.ravel(), minlength=size * size).reshape(size, size)
        info[np.diag_indices(size)] += precision
        step = np.linalg.solve(info, grad)
        scale = 1.0
        while True:
            candidate = x + scale * step
            new_value, new_prob = objective(candidate)
            if new_value >= value - 1e-12 * abs(value) or scale < 1e-6:
                break
            scale /= 2
        x, value, prob = candidate, new_value, new_prob
        # Shifting every strength together changes nothing but the (irrelevant) origin, which a
        # near-flat prior leaves ill-conditioned: judge convergence on the centred step.
        moved = scale * np.concatenate([step[:n] - step[:n].mean(), step[n:]])
        if np.max(np.abs(moved)) < tol:
            break
    else:
        raise RuntimeError(
            f"the rating fit did not converge in {max_iter} Newton steps (last step {np.max(np.abs(moved)):.3g}); "
            f"{n} players, {int(total.sum())} games. With a near-flat prior the ratings of a player who won or "
            f"lost every game are infinite: use the default RatingPrior or a smaller strength_sd"
        )
    strengths = x[:n] - x[:n].mean()  # the prior centres them already; this removes rounding
    return DavidsonFit(strengths, float(x[n]), float(x[n + 1]), iteration)


def _logits(x: np.ndarray, counts: OutcomeCounts, n: int) -> np.ndarray:
    """Unnormalised log-probabilities of (first won, draw, second won) per matchup."""
    a = x[counts.first] + x[n]
    b = x[counts.second]
    return np.stack([a, (a + b) / 2 + x[n + 1], b], axis=1)


def outcome_probabilities(
    rating_first: float, rating_second: float, first_move_advantage: float, draw_nu: float
) -> tuple[float, float, float]:
    """P(first wins), P(draw), P(second wins) under the fitted model, from Elo-scale numbers."""
    if not draw_nu > 0:
        raise ValueError(f"Davidson's draw parameter nu must be positive, not {draw_nu!r}")
    a = (rating_first + first_move_advantage) / ELO_PER_NATURAL
    b = rating_second / ELO_PER_NATURAL
    z = np.array([a, (a + b) / 2 + math.log(draw_nu), b])
    p = np.exp(z - z.max())
    p /= p.sum()
    return float(p[0]), float(p[1]), float(p[2])


def resample_pairs(outcomes: GameOutcomes, rng: np.random.Generator) -> np.ndarray:
    """Game weights for one bootstrap sample: pairs drawn with replacement, each pair's games together."""
    n_pairs = len(outcomes.pair_ids)
    times_drawn = np.bincount(rng.integers(0, n_pairs, size=n_pairs), minlength=n_pairs)
    return times_drawn[outcomes.pair].astype(float)


@dataclass(frozen=True)
class Ratings:
    """Fitted ratings with bootstrap intervals, and the model's other two parameters.

    ``table`` has columns ``player, rating, rating_low, rating_high``, best first.
    ``first_move_advantage`` is in Elo points added to the first player's rating; ``draw_nu`` is
    Davidson's ``nu`` (between equal players without first-move advantage, P(draw) = nu / (2 + nu)).
    """

    table: pd.DataFrame
    first_move_advantage: float
    first_move_advantage_low: float
    first_move_advantage_high: float
    draw_nu: float
    draw_nu_low: float
    draw_nu_high: float
    anchor: str | None  # the anchor player if present in the games
    anchor_rating: float
    bootstrap: int
    seed: int
    confidence: float

    def rating(self, player: str) -> float:
        row = self.table.loc[self.table.player == player]
        if row.empty:
            raise KeyError(f"no rating for {player!r}; rated players: {', '.join(self.table.player)}")
        return float(row.rating.iloc[0])

    def summary(self) -> str:
        """One line for logs: the model's parameters with their intervals."""
        return (
            f"first-move advantage {self.first_move_advantage:+.0f} Elo "
            f"[{self.first_move_advantage_low:+.0f}, {self.first_move_advantage_high:+.0f}], "
            f"draw nu {self.draw_nu:.3g} [{self.draw_nu_low:.3g}, {self.draw_nu_high:.3g}], "
            f"{self.bootstrap} bootstrap samples of game pairs (seed {self.seed})"
        )


def _anchored(fit: DavidsonFit, anchor_index: int | None, anchor_rating: float) -> np.ndarray:
    elo = fit.strengths * ELO_PER_NATURAL
    offset = elo[anchor_index] if anchor_index is not None else elo.mean()
    return elo - offset + anchor_rating


def fit_ratings(
    records: Sequence[GameRecord],
    *,
    anchor: str | None = "random",
    anchor_rating: float = 1000.0,
    bootstrap: int = 200,
    seed: int = 0,
    confidence: float = 0.95,
    prior: RatingPrior = RatingPrior(),
) -> Ratings:
    """Ratings of every player in ``records`` with percentile intervals from a pair bootstrap.

    The anchor player (if it played) sits at ``anchor_rating`` in the fit and in every bootstrap
    sample, so its interval has zero width and the others' intervals are relative to it.
    ``bootstrap=0`` skips the intervals (they equal the rating). Same records and seed, same numbers.
    """
    if not records:
        raise ValueError("fit_ratings needs at least one finished game; the record list is empty")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence!r}")
    if bootstrap < 0:
        raise ValueError(f"bootstrap must be a number of samples >= 0, not {bootstrap!r}")
    outcomes = GameOutcomes.from_records(records)
    anchor_index = outcomes.players.index(anchor) if anchor in outcomes.players else None
    fit = fit_davidson(outcomes.counts(), prior)
    rating = _anchored(fit, anchor_index, anchor_rating)
    first_move = fit.first_move * ELO_PER_NATURAL
    nu = math.exp(fit.log_nu)

    low, high = rating.copy(), rating.copy()
    first_move_band, nu_band = (first_move, first_move), (nu, nu)
    if bootstrap > 0:
        rng = np.random.default_rng(seed)
        samples = np.empty((bootstrap, len(outcomes.players)))
        first_moves, nus = np.empty(bootstrap), np.empty(bootstrap)
        for b in range(bootstrap):
            refit = fit_davidson(outcomes.counts(resample_pairs(outcomes, rng)), prior)
            samples[b] = _anchored(refit, anchor_index, anchor_rating)
            first_moves[b], nus[b] = refit.first_move * ELO_PER_NATURAL, math.exp(refit.log_nu)
        tail = 100 * (1 - confidence) / 2
        low, high = np.percentile(samples, [tail, 100 - tail], axis=0)
        first_move_band = tuple(np.percentile(first_moves, [tail, 100 - tail]))
        nu_band = tuple(np.percentile(nus, [tail, 100 - tail]))
        if anchor_index is not None:  # exactly the anchor value, not a percentile's rounding
            low[anchor_index] = high[anchor_index] = anchor_rating

    table = pd.DataFrame(
        {"player": list(outcomes.players), "rating": rating, "rating_low": low, "rating_high": high}
    )
    table = table.sort_values(["rating", "player"], ascending=[False, True], kind="stable").reset_index(drop=True)
    return Ratings(
        table=table,
        first_move_advantage=first_move,
        first_move_advantage_low=float(first_move_band[0]),
        first_move_advantage_high=float(first_move_band[1]),
        draw_nu=nu,
        draw_nu_low=float(nu_band[0]),
        draw_nu_high=float(nu_band[1]),
        anchor=anchor if anchor_index is not None else None,
        anchor_rating=anchor_rating,
        bootstrap=bootstrap,
        seed=seed,
        confidence=confidence,
    )
