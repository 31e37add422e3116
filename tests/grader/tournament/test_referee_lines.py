"""A position a refereed game reaches is built through the student's own code by the game's own moves:
searching for a line of play to a late Dots and Boxes position may run out of its budget, and the agent
asked there then forfeited a game it was playing (a correct OpenSpiel-shaped notebook lost so)."""

from grader.play.records import ScheduledGame, course_action
from grader.play.referee import ReferenceSeat, play_game, final_state
from reference.games import load_game


def test_every_position_of_a_refereed_game_is_built_by_the_moves_that_reached_it():
    game = load_game("dots_and_boxes", rows=4, cols=4)
    scheduled = ScheduledGame("g1", "p1", "a", "b", 0, ())
    seats = {1: ReferenceSeat("random"), -1: ReferenceSeat("random")}
    record = play_game(game, scheduled, seats, move_seconds=1.0, seed=3)
    state, line = game.initial_state(), []
    moves = [course_action(a) for a in record.moves]
    for action in moves[:-1]:
        state, line = game.result(state, action), line + [action]
        found = game.moves_to(state, budget=0)  # no search: the game's own line, or one kept before for the position
        assert found is not None and _played(game, found) == state, (line, found)
    assert final_state(game, record) == game.result(state, moves[-1])


def _played(game, line):
    state = game.initial_state()
    for action in line:
        state = game.result(state, action)
    return state
