"""The games' registry names each game without importing it: each name must be its class's."""

import pytest

from reference.games import GAMES, game_names, load_game


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_listed_name_is_the_name_of_the_class_it_loads(name):
    assert load_game(name).name == name


def test_the_listed_names_are_those_load_game_knows():
    assert set(GAMES) <= set(game_names())
