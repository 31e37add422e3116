"""Work a class repeats is kept on disk: tactic positions are found once, read back as they were found, and a
broken entry is computed again."""

from __future__ import annotations

from grader.checks import _disk_cache
from grader.checks._disk_cache import cached
from grader.checks.agent_tactics import _find_positions, tactic_positions
from reference.games import load_game


def test_an_answer_is_computed_once_and_then_read_from_disk(tmp_path, monkeypatch):
    monkeypatch.setenv("GRADER_CACHE_DIR", str(tmp_path))
    calls = []

    def compute():
        calls.append(1)
        return {"positions": [[1, 2], [3]]}

    assert cached("demo", {"seed": 1}, compute, code="v1") == {"positions": [[1, 2], [3]]}
    assert cached("demo", {"seed": 1}, compute, code="v1") == {"positions": [[1, 2], [3]]}
    assert len(calls) == 1
    cached("demo", {"seed": 2}, compute, code="v1")  # another request
    cached("demo", {"seed": 1}, compute, code="v2")  # other code
    assert len(calls) == 3


def test_a_broken_entry_is_computed_again(tmp_path, monkeypatch):
    monkeypatch.setenv("GRADER_CACHE_DIR", str(tmp_path))
    cached("demo", 1, lambda: 5, code="v")
    for entry in (tmp_path / "demo").iterdir():
        entry.write_text("{not json")
    assert cached("demo", 1, lambda: 6, code="v") == 6


def test_the_cache_can_be_turned_off(monkeypatch):
    monkeypatch.setenv("GRADER_CACHE_DIR", "off")
    assert _disk_cache.cache_dir() is None
    assert cached("demo", 1, lambda: 7, code="v") == 7


def test_tactic_positions_read_back_from_disk_are_the_ones_found(tmp_path, monkeypatch):
    monkeypatch.setenv("GRADER_CACHE_DIR", str(tmp_path))
    for name in ("tictactoe", "dots_and_boxes", "connect4"):
        game = load_game(name)
        kinds = tuple(game.tactics)
        tactic_positions.cache_clear()
        first = tactic_positions(game, kinds, 2, 11)
        tactic_positions.cache_clear()  # the next one comes from disk
        assert tactic_positions(game, kinds, 2, 11) == first == _find_positions(game, kinds, 2, 11)
    assert len(list((tmp_path / "tactic_positions").iterdir())) == 3


def test_search_positions_and_minimax_choices_read_back_from_disk_are_the_ones_computed(tmp_path, monkeypatch):
    """The positions searched check's own positions and minimax's choices there are the same for every
    submission: kept on disk, they come back as they were computed."""
    from grader.checks.search_nodes import _minimax_choices, _search_positions, minimax_choices, search_positions

    monkeypatch.setenv("GRADER_CACHE_DIR", str(tmp_path))
    for name, depth in (("connect4", 4), ("dots_and_boxes", 3)):
        game = load_game(name)
        search_positions.cache_clear()
        first = search_positions(game, 2, depth, 5)
        search_positions.cache_clear()
        assert search_positions(game, 2, depth, 5) == first == _search_positions(game, 2, depth, 5)
        minimax_choices.cache_clear()
        choices = minimax_choices(game, first[0], (2,))
        minimax_choices.cache_clear()
        assert minimax_choices(game, first[0], (2,)) == choices == _minimax_choices(game, first[0], (2,))
    assert len(list((tmp_path / "search_positions").iterdir())) == 2


def test_strength_openings_read_back_from_disk_are_the_ones_found(tmp_path, monkeypatch):
    import random

    from grader.checks.agent_strength import _opening, pair_opening

    monkeypatch.setenv("GRADER_CACHE_DIR", str(tmp_path))
    for name in ("connect4", "dots_and_boxes"):
        game = load_game(name)
        first = pair_opening(game, 8, "0:x:random:0")
        assert pair_opening(game, 8, "0:x:random:0") == first == tuple(_opening(game, random.Random("0:x:random:0"), 8))
    assert len(list((tmp_path / "strength_openings").iterdir())) == 2


def test_a_new_cache_folder_gets_its_entries_though_this_process_remembers_them(tmp_path, monkeypatch):
    """Filling a bundle's cache folder in a process that found the positions already (a second export)
    writes them there too, instead of answering from memory and leaving the folder empty."""
    game = load_game("tictactoe")
    kinds = tuple(game.tactics)
    for folder in (tmp_path / "first", tmp_path / "second"):
        monkeypatch.setenv("GRADER_CACHE_DIR", str(folder))
        tactic_positions(game, kinds, 2, 13)
        assert len(list((folder / "tactic_positions").iterdir())) == 1
