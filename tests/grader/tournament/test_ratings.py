"""Ratings: Davidson's Bradley-Terry model with a first-move advantage, fitted on simulated tournaments."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from grader.tournament.ratings import (
    ELO_PER_NATURAL,
    GameOutcomes,
    RatingPrior,
    fit_ratings,
    outcome_probabilities,
    resample_pairs,
)
from grader.play.records import GameRecord


def davidson(rating_first: float, rating_second: float, first_move: float, nu: float) -> list[float]:
    """P(first wins), P(draw), P(second wins), written out independently of the module under test."""
    first = 10 ** ((rating_first + first_move) / 400)
    second = 10 ** (rating_second / 400)
    draw = nu * math.sqrt(first * second)
    total = first + second + draw
    return [first / total, draw / total, second / total]


def game(first: str, second: str, result: int, pair_id: str, game_id: str) -> GameRecord:
    return GameRecord(game_id, pair_id, "connect4", {"rows": 6, "cols": 7}, first, second, [], [], [], result, "test")


def round_robin(true: dict[str, float], pairs_per_matchup: int, first_move: float = 0.0, nu: float = 0.5, seed: int = 0) -> list[GameRecord]:
    """Every matchup plays ``pairs_per_matchup`` colour-swapped pairs drawn from the true model."""
    rng = np.random.default_rng(seed)
    names = list(true)
    records = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            for k in range(pairs_per_matchup):
                pair_id = f"{a}~{b}-opening{k}"
                for swap, (first, second) in enumerate([(a, b), (b, a)]):
                    result = int(rng.choice([1, 0, -1], p=davidson(true[first], true[second], first_move, nu)))
                    records.append(game(first, second, result, pair_id, f"{pair_id}-swap{swap}"))
    return records


def swapped_colours(records: list[GameRecord]) -> list[GameRecord]:
    return [game(r.second, r.first, -r.result, r.pair_id, r.game_id) for r in records]


LADDER = {"random": 1000.0, "p1": 1300.0, "p2": 1600.0, "p3": 1900.0, "p4": 2200.0}


@pytest.fixture(scope="module")
def ladder_records():
    return round_robin(LADDER, pairs_per_matchup=100, first_move=100.0, nu=0.5, seed=1)


@pytest.fixture(scope="module")
def ladder_ratings(ladder_records):
    return fit_ratings(ladder_records, bootstrap=100, seed=0)


def test_ladder_is_recovered_in_order_with_separated_intervals(ladder_ratings):
    table = ladder_ratings.table
    assert list(table.player) == ["p4", "p3", "p2", "p1", "random"]
    for better, worse in zip(table.itertuples(), table.iloc[1:].itertuples()):
        assert better.rating_low > worse.rating_high, (better.player, worse.player)
    for row in table.itertuples():
        assert row.rating_low <= row.rating <= row.rating_high
        assert row.rating == pytest.approx(LADDER[row.player], abs=150)


def test_ladder_first_move_advantage_and_draw_parameter_are_close_to_the_truth(ladder_ratings):
    assert ladder_ratings.first_move_advantage == pytest.approx(100, abs=50)
    assert ladder_ratings.first_move_advantage_low < 100 < ladder_ratings.first_move_advantage_high
    assert ladder_ratings.draw_nu == pytest.approx(0.5, rel=0.3)
    assert ladder_ratings.draw_nu_low < 0.5 < ladder_ratings.draw_nu_high


def test_true_model_probabilities_match_the_module(ladder_ratings):
    assert outcome_probabilities(1300, 1000, 100, 0.5) == pytest.approx(davidson(1300, 1000, 100, 0.5))


def test_draws_count_as_half_a_point_expected_score_equals_observed_score():
    records = round_robin({"a": 1000, "b": 1150, "c": 1250}, pairs_per_matchup=15, first_move=60, nu=1.5, seed=3)
    flat = RatingPrior(strength_sd=1e7, first_move_sd=1e7, draw_log_sd=1e4)  # essentially the MLE
    ratings = fit_ratings(records, anchor=None, bootstrap=0, prior=flat)
    rating = dict(zip(ratings.table.player, ratings.table.rating))
    for player in rating:
        observed = sum(r.points(player) for r in records if player in r.players)
        expected = 0.0
        for r in records:
            if player in r.players:
                win, draw, loss = outcome_probabilities(rating[r.first], rating[r.second], ratings.first_move_advantage, ratings.draw_nu)
                expected += (win if player == r.first else loss) + draw / 2
        assert expected == pytest.approx(observed, abs=1e-6)


def test_swapping_colours_of_every_game_negates_only_the_first_move_advantage():
    records = round_robin({"a": 1000, "b": 1200, "c": 1400}, pairs_per_matchup=6, first_move=80, seed=4)
    straight = fit_ratings(records, anchor=None, bootstrap=30, seed=5)
    swapped = fit_ratings(swapped_colours(records), anchor=None, bootstrap=30, seed=5)
    pd.testing.assert_frame_equal(straight.table, swapped.table, atol=1e-6)
    assert swapped.first_move_advantage == pytest.approx(-straight.first_move_advantage, abs=1e-6)
    assert swapped.draw_nu == pytest.approx(straight.draw_nu)


def test_all_draws_gives_equal_ratings_no_first_move_advantage_and_a_finite_draw_parameter():
    names = ["random", "a", "b", "c"]
    records = [
        game(first, second, 0, f"{x}~{y}-{k}", f"{x}~{y}-{k}-{first}")
        for i, x in enumerate(names) for y in names[i + 1 :] for k in range(3) for first, second in [(x, y), (y, x)]
    ]  # fmt: skip
    ratings = fit_ratings(records, bootstrap=20)
    assert ratings.table.rating.to_numpy() == pytest.approx(1000.0, abs=1e-6)
    assert ratings.table.rating_low.to_numpy() == pytest.approx(1000.0, abs=1e-6)
    assert ratings.first_move_advantage == pytest.approx(0.0, abs=1e-6)
    assert math.isfinite(ratings.draw_nu) and ratings.draw_nu > 10


def test_undefeated_player_has_a_finite_rating_above_everyone():
    records = round_robin({"random": 1000, "a": 1200, "b": 1300}, pairs_per_matchup=5, seed=6)
    for opponent in ["random", "a", "b"]:
        for k in range(5):
            pair_id = f"champion~{opponent}-{k}"
            records.append(game("champion", opponent, 1, pair_id, pair_id + "-swap0"))
            records.append(game(opponent, "champion", -1, pair_id, pair_id + "-swap1"))
    ratings = fit_ratings(records, bootstrap=30)
    top = ratings.table.iloc[0]
    assert top.player == "champion"
    assert all(math.isfinite(v) for v in (top.rating, top.rating_low, top.rating_high))
    assert top.rating_low > ratings.table.iloc[1].rating


def test_anchor_player_sits_at_the_anchor_rating_with_a_zero_width_interval():
    records = round_robin({"random": 1000, "a": 1200, "b": 1500}, pairs_per_matchup=5, seed=7)
    at_1000 = fit_ratings(records, bootstrap=20)
    at_zero = fit_ratings(records, anchor_rating=0.0, bootstrap=20)
    row = at_zero.table.set_index("player").loc["random"]
    assert (row.rating, row.rating_low, row.rating_high) == (0.0, 0.0, 0.0)
    assert at_1000.rating("random") == 1000.0
    # moving the anchor shifts everyone by the same amount
    shift = at_1000.table.set_index("player") - at_zero.table.set_index("player")
    assert shift.to_numpy() == pytest.approx(1000.0)


def test_without_the_anchor_player_the_mean_rating_is_the_anchor_rating():
    records = round_robin({"a": 1000, "b": 1200, "c": 1500}, pairs_per_matchup=3, seed=8)
    ratings = fit_ratings(records, anchor="random", anchor_rating=1500.0, bootstrap=0)
    assert ratings.anchor is None
    assert ratings.table.rating.mean() == pytest.approx(1500.0)


def test_bootstrap_draws_whole_pairs_so_pairs_split_one_one_give_no_spread():
    # Every colour-swapped pair is one win each (the first player always wins): any resample of
    # pairs is an even match, so the interval has zero width. Resampling single games would not be.
    records = []
    for k in range(10):
        records.append(game("a", "b", 1, f"pair{k}", f"pair{k}-swap0"))
        records.append(game("b", "a", 1, f"pair{k}", f"pair{k}-swap1"))
    ratings = fit_ratings(records, anchor=None, bootstrap=50)
    assert ratings.table.rating.to_numpy() == pytest.approx(1000.0)
    assert ratings.table.rating_low.to_numpy() == pytest.approx(1000.0)
    assert ratings.table.rating_high.to_numpy() == pytest.approx(1000.0)
    assert ratings.first_move_advantage > 300  # all of it is first-move advantage


def test_resample_weights_are_equal_within_a_pair_and_count_pairs():
    records = round_robin({"a": 1000, "b": 1100, "c": 1200}, pairs_per_matchup=4, seed=9)
    outcomes = GameOutcomes.from_records(records)
    rng = np.random.default_rng(0)
    for _ in range(20):
        weights = resample_pairs(outcomes, rng)
        for pair in range(len(outcomes.pair_ids)):
            assert len(set(weights[outcomes.pair == pair])) == 1
        assert weights.sum() == len(records)  # as many pairs drawn as there are, two games each


def test_same_seed_gives_identical_results_and_another_seed_other_intervals():
    records = round_robin({"random": 1000, "a": 1200, "b": 1300}, pairs_per_matchup=5, seed=10)
    one, two = fit_ratings(records, bootstrap=40, seed=3), fit_ratings(records, bootstrap=40, seed=3)
    pd.testing.assert_frame_equal(one.table, two.table, check_exact=True)
    assert one.first_move_advantage_low == two.first_move_advantage_low
    other = fit_ratings(records, bootstrap=40, seed=4)
    assert not np.allclose(one.table.rating_low, other.table.rating_low)
    assert np.allclose(one.table.rating, other.table.rating)  # the point fit does not depend on the seed


def test_the_default_prior_moves_ratings_of_players_with_hundreds_of_games_by_a_few_elo(ladder_records):
    weak = fit_ratings(ladder_records, bootstrap=0).table.set_index("player").rating
    flat = fit_ratings(ladder_records, bootstrap=0, prior=RatingPrior(1e7, 1e7, 1e4)).table.set_index("player").rating
    assert (weak - flat).abs().max() < 5


def test_elo_scale_400_points_is_ten_to_one_without_draws():
    win, draw, loss = outcome_probabilities(1400, 1000, 0, 1e-12)
    assert win / loss == pytest.approx(10)
    assert ELO_PER_NATURAL == pytest.approx(400 / math.log(10))


@pytest.mark.parametrize(
    "kwargs, message",
    [({"bootstrap": -1}, "bootstrap"), ({"confidence": 1.5}, "confidence"), ({"prior": RatingPrior(strength_sd=0)}, "strength_sd")],
)
def test_bad_options_are_rejected_with_their_name(kwargs, message):
    records = round_robin({"a": 1000, "b": 1100}, pairs_per_matchup=1)
    with pytest.raises(ValueError, match=message):
        fit_ratings(records, **kwargs)


def test_no_games_is_an_error_that_says_so():
    with pytest.raises(ValueError, match="empty"):
        fit_ratings([])
