"""The games' registry names each game without importing it: each name must be its class's."""

import pytest

from reference.games import GAMES, load_game


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_listed_name_is_the_name_of_the_class_it_loads(name):
    assert load_game(name).name == name

