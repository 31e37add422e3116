"""Game records and the durable JSON-lines store a tournament appends to and resumes from."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from grader.play.records import GameRecord, GameStore


def record(game_id: str = "alice~bob-opening0-swap0", first: str = "alice", second: str = "bob", **changes) -> GameRecord:
    fields = dict(
        game_id=game_id,
        pair_id=game_id.rsplit("-swap", 1)[0],
        game="connect4",
        size={"rows": 6, "cols": 7},
        first=first,
        second=second,
        opening=[3],
        moves=[3, 4, 4],
        movers=[-1, 1, -1],
        result=0,
        reason="draw: board full",
        forfeit=None,
        seconds=[0.01, 0.02, 0.03],
    )
    fields.update(changes)
    return GameRecord(**fields)


def test_record_survives_a_json_round_trip_with_dots_and_boxes_lines_as_lists():
    original = record(
        game="dots_and_boxes", size={"rows": 3, "cols": 3}, opening=[("h", 0, 0)],
        moves=[("v", 1, 2), ("h", 2, 1)], movers=[-1, -1], result=1, reason="more boxes", seconds=[0.1, 0.2],
    )  # fmt: skip
    line = original.to_json()
    assert "\n" not in line
    assert json.loads(line)["moves"] == [["v", 1, 2], ["h", 2, 1]]
    assert GameRecord.from_json(line) == original


def test_numpy_numbers_from_agents_are_stored_as_plain_json_numbers():
    import numpy as np

    original = record(moves=[np.int64(3), np.int64(4)], movers=[np.int64(-1), np.int64(1)], result=np.int64(1),
                      seconds=[np.float64(0.5), np.float32(0.25)], reason="four in a row")  # fmt: skip
    assert json.loads(original.to_json())["moves"] == [3, 4]
    assert GameRecord.from_json(original.to_json()) == original


def test_record_keeps_non_ascii_player_names():
    original = record(first="Nguyễn Văn An", second="<b>bob</b>")
    assert "Nguyễn" in original.to_json()
    assert GameRecord.from_json(original.to_json()) == original


def test_points_are_one_for_a_win_half_for_a_draw():
    won = record(result=1, reason="four in a row")
    assert (won.points("alice"), won.points("bob")) == (1.0, 0.0)
    assert (record().points("alice"), record().points("bob")) == (0.5, 0.5)
    with pytest.raises(ValueError, match="carol"):
        won.points("carol")


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"result": 2}, "result must be"),
        ({"movers": [1, -1]}, "3 moves but 2 movers"),
        ({"movers": [1, 0, 1]}, "movers must be"),
        ({"seconds": [0.1]}, "3 moves but 1 move times"),
        ({"forfeit": "carol", "result": -1}, "not a player"),
        ({"forfeit": "alice", "result": 1}, "forfeited but the result is"),
        ({"second": "alice"}, "same player"),
    ],
)
def test_inconsistent_records_are_rejected_with_the_reason(changes, message):
    with pytest.raises(ValueError, match=message):
        record(**changes)


def test_from_json_names_unknown_and_missing_fields():
    data = record().to_dict()
    with pytest.raises(ValueError, match="unknown fields \\['colour'\\]"):
        GameRecord.from_dict({**data, "colour": "red"})
    del data["movers"]
    with pytest.raises(ValueError, match="lacks fields \\['movers'\\]"):
        GameRecord.from_dict(data)


FAULT = {"player": "bob", "ply": 2, "kind": "timeout", "message": "timeout: bob took more than 1 s"}


def test_faults_survive_a_round_trip_and_count_per_player():
    original = record(faults=[FAULT, {**FAULT, "ply": 3, "kind": "illegal", "message": "illegal: bob returned 9"}])
    assert GameRecord.from_json(original.to_json()) == original
    assert (original.faults_of("bob"), original.faults_of("alice")) == (2, 0)


def test_a_line_written_before_faults_were_kept_still_loads(tmp_path):
    old = record().to_dict()
    del old["faults"]
    forfeited = {**record("alice~bob-opening0-swap1", result=1, forfeit="bob", reason="timeout: bob").to_dict()}
    del forfeited["faults"]
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(old) + "\n" + json.dumps(forfeited) + "\n")
    plain, lost = GameStore(path).load()
    assert plain.faults == [] and plain.faults_of("bob") == 0
    assert [f["player"] for f in lost.faults] == ["bob"] and lost.faults_of("bob") == 1  # its forfeit is its one fault


@pytest.mark.parametrize(
    "fault, message",
    [
        ({**FAULT, "player": "carol"}, "not a player"),
        ({**FAULT, "ply": 0}, "not a move number from 1 to 4"),
        ({**FAULT, "ply": 5}, "not a move number from 1 to 4"),
        ({"player": "bob", "ply": 1}, "keys"),
    ],
)
def test_malformed_faults_are_rejected_with_the_reason(fault, message):
    with pytest.raises(ValueError, match=message):
        record(faults=[fault])


def test_a_forfeit_must_be_the_last_faults_offender():
    with pytest.raises(ValueError, match="last fault is by 'bob'"):
        record(result=-1, forfeit="alice", faults=[FAULT])
    record(result=1, forfeit="bob", faults=[{**FAULT, "ply": 4}])  # one past the last move: fine


def test_store_appends_one_line_per_game_and_loads_them_in_order(tmp_path):
    store = GameStore(tmp_path / "out" / "games.jsonl")
    games = [record(f"g{k}") for k in range(3)]
    store.extend(games)
    assert (tmp_path / "out" / "games.jsonl").read_text().count("\n") == 3
    assert GameStore(tmp_path / "out" / "games.jsonl").load() == games


def test_missing_store_file_loads_as_no_games(tmp_path):
    store = GameStore(tmp_path / "games.jsonl")
    assert store.load() == [] and store.done_ids() == set()


def test_truncated_last_line_from_a_killed_run_is_ignored(tmp_path):
    path = tmp_path / "games.jsonl"
    GameStore(path).extend([record("g0"), record("g1")])
    with open(path, "a", encoding="utf-8") as file:
        file.write(record("g2").to_json()[:40])  # killed mid-write
    store = GameStore(path)
    assert [r.game_id for r in store.load()] == ["g0", "g1"]
    assert store.done_ids() == {"g0", "g1"}


def test_append_after_a_truncated_line_cuts_it_off_and_starts_a_clean_line(tmp_path):
    path = tmp_path / "games.jsonl"
    GameStore(path).append(record("g0"))
    with open(path, "a", encoding="utf-8") as file:
        file.write('{"game_id": "g1", "pair')
    resumed = GameStore(path)
    resumed.append(record("g1"))
    assert [r.game_id for r in GameStore(path).load()] == ["g0", "g1"]
    assert path.read_text().endswith("\n")


def test_a_complete_last_record_without_its_newline_is_kept(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text(record("g0").to_json() + "\n" + record("g1").to_json())
    store = GameStore(path)
    assert [r.game_id for r in store.load()] == ["g0", "g1"]
    store.append(record("g2"))
    assert [r.game_id for r in GameStore(path).load()] == ["g0", "g1", "g2"]


def test_a_damaged_line_in_the_middle_is_an_error_naming_the_line(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text(record("g0").to_json() + "\nnot json\n" + record("g1").to_json() + "\n")
    with pytest.raises(ValueError, match="line 2"):
        GameStore(path).load()


def test_recording_a_game_twice_is_refused(tmp_path):
    store = GameStore(tmp_path / "games.jsonl")
    store.append(record("g0"))
    with pytest.raises(ValueError, match="already recorded"):
        GameStore(tmp_path / "games.jsonl").append(record("g0"))


def scheduled_games(players: list[str], openings: int = 2) -> list[tuple[str, str, str]]:
    """A round robin with ids built from names (not positions), as a resumable schedule needs."""
    games = []
    for a, b in combinations(sorted(players), 2):
        for k in range(openings):
            games.append((f"{a}~{b}-opening{k}-swap0", a, b))
            games.append((f"{a}~{b}-opening{k}-swap1", b, a))
    return games


def test_resumed_tournament_with_a_new_participant_plays_only_the_new_pairs(tmp_path):
    path = tmp_path / "games.jsonl"
    store = GameStore(path)
    for game_id, first, second in scheduled_games(["alice", "bob", "carol"]):
        store.append(record(game_id, first, second))
    resumed = GameStore(path)
    remaining = [g for g in scheduled_games(["alice", "bob", "carol", "dave"]) if g[0] not in resumed.done_ids()]
    assert len(remaining) == 3 * 2 * 2  # dave against each of three, two openings, both colours
    assert all("dave" in (first, second) for _, first, second in remaining)
    assert len(resumed) == 12
