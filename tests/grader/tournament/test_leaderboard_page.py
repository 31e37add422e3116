"""Standings files (leaderboard, crosstable, bonus, Gradescope) and the self-contained leaderboard page."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from bs4 import BeautifulSoup

from grader.tournament.leaderboard_page import (
    pack_drawings,
    render_leaderboard_html,
    svg_positions,
    unpack_drawings,
    write_leaderboard_html,
)
from grader.play.records import GameRecord
from grader.tournament.standings import (
    LEADERBOARD_COLUMNS,
    bonus_points,
    compute_standings,
    crosstable,
    write_standings,
)

HOSTILE = "<script>alert('x')</script>"


def game(game_id: str, first: str, second: str, result: int, forfeit: str | None = None, moves: int = 3) -> GameRecord:
    reason = "timeout: took more than 1.0 s" if forfeit else {1: "four in a row", 0: "draw: board full", -1: "four in a row"}[result]
    return GameRecord(
        game_id=game_id, pair_id=game_id.rsplit("-swap", 1)[0], game="connect4", size={"rows": 6, "cols": 7},
        first=first, second=second, opening=[3], moves=list(range(moves)), movers=[(-1) ** (k + 1) for k in range(moves)],
        result=result, reason=reason, forfeit=forfeit, seconds=[0.01] * moves,
    )  # fmt: skip


@pytest.fixture(scope="module")
def records() -> list[GameRecord]:
    """alice beats bob 3.5/4; alice and random split; bob beats random 2/2 (one by forfeit); the hostile name loses to all."""
    return [
        game("a~b-0-swap0", "alice", "bob", 1),
        game("a~b-0-swap1", "bob", "alice", -1),
        game("a~b-1-swap0", "alice", "bob", 0),
        game("a~b-1-swap1", "bob", "alice", -1, forfeit="bob"),
        game("a~r-0-swap0", "alice", "random", 1),
        game("a~r-0-swap1", "random", "alice", 1),
        game("b~r-0-swap0", "bob", "random", 1),
        game("b~r-0-swap1", "random", "bob", -1, forfeit="random"),
        game("h~a-0-swap0", HOSTILE, "alice", -1),
        game("h~a-0-swap1", "alice", HOSTILE, 1),
        game("h~b-0-swap0", HOSTILE, "bob", -1),
        game("h~b-0-swap1", "bob", HOSTILE, 1),
        game("h~r-0-swap0", HOSTILE, "random", -1),
        game("h~r-0-swap1", "random", HOSTILE, 1),
    ]


@pytest.fixture(scope="module")
def standings(records):
    return compute_standings(records, bootstrap=20, seed=0, top_n=2, max_bonus=4.0)


def numbered_drawings(record: GameRecord) -> list[str]:
    """A fake render_board: one tiny SVG per position, numbered, so the page's data can be checked."""
    return [f'<svg xmlns="http://www.w3.org/2000/svg"><text>{record.game_id} {k}</text></svg>' for k in range(1 + len(record.opening) + len(record.moves))]


def test_leaderboard_csv_has_exactly_the_agreed_columns(standings, tmp_path):
    paths = write_standings(standings, tmp_path)
    frame = pd.read_csv(paths["leaderboard"])
    assert list(frame.columns) == [
        "rank", "player", "games", "wins", "draws", "losses", "points", "rating", "rating_low", "rating_high", "forfeits"
    ]  # fmt: skip
    assert LEADERBOARD_COLUMNS == list(frame.columns)
    assert {p.name for p in paths.values()} == {
        "leaderboard.csv", "crosstable.csv", "crosstable_fraction.csv", "bonus.csv", "gradescope_leaderboard.json"
    }  # fmt: skip


def test_leaderboard_counts_wins_draws_losses_points_and_forfeits(standings):
    table = standings.leaderboard.set_index("player")
    assert table.loc["alice", ["games", "wins", "draws", "losses", "points", "forfeits"]].tolist() == [8, 6, 1, 1, 6.5, 0]
    assert table.loc["bob", ["games", "wins", "draws", "losses", "points", "forfeits"]].tolist() == [8, 4, 1, 3, 4.5, 1]
    assert table.loc["random", ["wins", "losses", "forfeits"]].tolist() == [3, 3, 1]
    assert table.loc[HOSTILE, ["wins", "losses", "points"]].tolist() == [0, 6, 0.0]


def test_leaderboard_is_sorted_by_rating_and_ranked_from_one(standings):
    table = standings.leaderboard
    assert table.rating.is_monotonic_decreasing
    assert table["rank"].tolist() == [1, 2, 3, 4]
    assert table.player.tolist()[0] == "alice" and table.player.tolist()[-1] == HOSTILE


def test_crosstable_shows_row_players_score_against_column_player(records, standings, tmp_path):
    text = standings.crosstable.text()
    assert text.loc["alice", "bob"] == "3½–½"
    assert text.loc["bob", "alice"] == "½–3½"
    assert text.loc["alice", "random"] == "1–1"
    assert text.loc["alice", "alice"] == ""
    fraction = standings.crosstable.fraction()
    assert fraction.loc["alice", "bob"] == pytest.approx(0.875)
    assert pd.isna(fraction.loc["bob", "bob"])
    written = pd.read_csv(write_standings(standings, tmp_path)["crosstable"], index_col=0, keep_default_na=False)
    assert written.loc["alice", "bob"] == "3½–½"  # not a fraction, nor a date to a spreadsheet
    assert list(written.index) == standings.leaderboard.player.tolist()


def test_crosstable_rejects_an_order_missing_a_player(records):
    with pytest.raises(ValueError, match="lacks players"):
        crosstable(records, ["alice", "bob"])


def test_bonus_falls_linearly_over_the_top_n_and_is_zero_below():
    table = pd.DataFrame({"player": list("abcde"), "rank": [1, 2, 2, 4, 5], "rating": [1500, 1400, 1400, 1300, 900]})
    bonus = bonus_points(table, top_n=4, max_bonus=8.0)
    assert bonus.bonus.tolist() == [8.0, 6.0, 6.0, 2.0, 0.0]
    gated = bonus_points(table, top_n=5, max_bonus=10.0, min_rating=1000)
    assert gated.bonus.tolist()[-1] == 0.0


def test_random_agent_and_players_not_above_it_get_no_bonus(standings):
    bonus = dict(zip(standings.bonus.player, standings.bonus.bonus))
    assert "random" not in bonus and bonus[HOSTILE] == 0.0
    assert bonus["alice"] == 4.0


def test_baselines_get_no_bonus_and_take_no_place_from_a_student(records):
    """alice made a baseline: bob, rated below her, is the best student and gets the top bonus."""
    standings = compute_standings(records, bootstrap=0, seed=0, top_n=2, max_bonus=4.0, baselines=["alice"])
    bonus = dict(zip(standings.bonus.player, standings.bonus.bonus))
    assert "alice" not in bonus and "random" not in bonus
    assert bonus["bob"] == 4.0  # the best student, whatever a baseline scored
    assert standings.bonus.set_index("player").loc["bob", "rank"] == 1
    assert "never to the reference baselines" in standings.bonus_rule
    assert "the best gets 4, each place below 2 less, down to 2 at place 2" in standings.bonus_rule


def test_the_bonus_rule_is_on_the_leaderboard_page(records, standings):
    html = render_leaderboard_html(records, standings)
    assert standings.bonus_rule and standings.bonus_rule in html.replace("&#39;", "'")


def test_gradescope_entries_per_player(standings, tmp_path):
    entries = json.loads(write_standings(standings, tmp_path)["gradescope"].read_text(encoding="utf-8"))
    assert set(entries) == set(standings.leaderboard.player)
    alice = {e["name"]: e for e in entries["alice"]}
    assert alice["Rating"]["order"] == "desc" and alice["Rank"] == {"name": "Rank", "value": 1, "order": "asc"}
    assert alice["Points"]["value"] == 6.5


def test_page_escapes_player_names_everywhere(records, standings, tmp_path):
    path = write_leaderboard_html(records, standings, tmp_path / "leaderboard.html", render_board=numbered_drawings)
    page = path.read_text(encoding="utf-8")
    assert HOSTILE not in page
    soup = BeautifulSoup(page, "html.parser")
    scripts = soup.find_all("script")
    assert len(scripts) == 2  # the embedded data and the replay code, nothing a name injected
    assert all("alert" not in (s.string or "") for s in scripts[1:])
    assert HOSTILE in soup.find("table", class_="standings").get_text()
    assert HOSTILE in soup.find("table", class_="crosstable").get_text()


def test_page_has_one_replay_entry_per_game_with_every_position_drawn(records, standings, tmp_path):
    path = write_leaderboard_html(records, standings, tmp_path / "leaderboard.html", render_board=numbered_drawings)
    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    games = json.loads(soup.find("script", id="tournament-games").string)
    assert [g["id"] for g in games] == [r.game_id for r in records]
    for entry, record in zip(games, records):
        assert unpack_drawings(entry["boards"]) == numbered_drawings(record)
        assert (entry["first"], entry["second"], entry["result"]) == (record.first, record.second, record.result)
        assert entry["moves"] == [str(m) for m in record.moves]


def test_bonus_column_appears_only_when_asked(records, standings, tmp_path):
    def headers(**options):
        page = write_leaderboard_html(records, standings, tmp_path / "p.html", **options).read_text(encoding="utf-8")
        return [th.get_text() for th in BeautifulSoup(page, "html.parser").find("table", class_="standings").find_all("th")]

    assert "bonus" not in headers()
    assert "bonus" in headers(show_bonus=True)


def test_page_is_self_contained(records, standings, tmp_path):
    page = write_leaderboard_html(records, standings, tmp_path / "p.html", render_board=numbered_drawings).read_text(encoding="utf-8")
    soup = BeautifulSoup(page, "html.parser")
    assert not soup.find_all(["link", "img", "iframe"])
    assert not [s for s in soup.find_all("script") if s.get("src")]
    assert "https://" not in page and "http://" not in page.replace("http://www.w3.org/2000/svg", "")


def test_page_without_a_renderer_still_lists_every_game(records, standings, tmp_path):
    page = write_leaderboard_html(records, standings, tmp_path / "p.html").read_text(encoding="utf-8")
    games = json.loads(BeautifulSoup(page, "html.parser").find("script", id="tournament-games").string)
    assert len(games) == len(records) and all("boards" not in g for g in games)


def test_renderer_with_too_many_drawings_is_an_error_naming_the_game(records, standings, tmp_path):
    with pytest.raises(ValueError, match="a~b-0-swap0"):
        write_leaderboard_html(records, standings, tmp_path / "p.html", render_board=lambda r: numbered_drawings(r) * 2)


class CountingGame:
    """A fake game: the state is the number of moves; the action 'bad' is illegal."""

    def initial_state(self):
        return 0

    def result(self, state, action):
        if action == "bad":
            raise ValueError("illegal")
        return state + 1

    def svg(self, state, highlight=()):
        return f"<svg>{state} {list(highlight)}</svg>"


def test_svg_positions_replays_opening_and_moves_and_stops_at_an_illegal_move():
    draw = svg_positions(CountingGame())
    assert draw(game("g-swap0", "a", "b", 1, moves=2)) == ["<svg>0 []</svg>", "<svg>1 [3]</svg>", "<svg>2 [0]</svg>", "<svg>3 [1]</svg>"]
    forfeited = GameRecord("g2", "g", "connect4", {}, "a", "b", [], [1, "bad"], [1, -1], 1, "illegal move by b", "b")
    assert len(draw(forfeited)) == 2


def test_svg_positions_gives_dots_and_boxes_lines_back_as_tuples():
    seen = []

    class Recording(CountingGame):
        def result(self, state, action):
            seen.append(action)
            return state + 1

    line = GameRecord("g", "g", "dots_and_boxes", {}, "a", "b", [], [["h", 0, 1]], [1], 1, "more boxes")
    svg_positions(Recording())(line)
    assert seen == [("h", 0, 1)]


def test_packed_drawings_round_trip_and_shrink_repetitive_boards():
    drawings = ["<svg>" + "<circle r='20'/>" * 42 + f"<text>{k}</text></svg>" for k in range(40)]
    packed = pack_drawings(drawings)
    assert unpack_drawings(packed) == drawings
    assert len(packed) * 10 < sum(map(len, drawings))


def faulty_games() -> list[GameRecord]:
    """bob faults twice under the random-move policy and still draws; carol forfeits one (an old record, no faults field)."""
    kept = GameRecord(
        game_id="a~b-0-swap0", pair_id="a~b-0", game="connect4", size={"rows": 6, "cols": 7}, first="alice",
        second="bob", opening=[3], moves=[0, 1, 2, 3], movers=[1, -1, 1, -1], result=0,
        reason="draw: the board is full; 2 fault(s), a random move played instead (see faults)",
        faults=[{"player": "bob", "ply": 2, "kind": "timeout", "message": "timeout: bob took more than 1 s"},
                {"player": "bob", "ply": 4, "kind": "illegal", "message": "illegal: bob returned 9"}],
    )  # fmt: skip
    old = game("a~b-0-swap1", "bob", "alice", 1).to_dict()
    old_forfeit = game("a~c-0-swap0", "alice", "carol", 1, forfeit="carol").to_dict()
    for data in (old, old_forfeit):
        del data["faults"]
    return [kept, GameRecord.from_dict(old), GameRecord.from_dict(old_forfeit)]


def test_forfeits_column_counts_faults_under_either_policy():
    table = compute_standings(faulty_games(), bootstrap=0).leaderboard.set_index("player")
    assert table.loc[["alice", "bob", "carol"], "forfeits"].tolist() == [0, 2, 1]


def test_replay_data_lists_every_fault_and_an_old_forfeit_as_one(tmp_path):
    records = faulty_games()
    page = write_leaderboard_html(records, compute_standings(records, bootstrap=0), tmp_path / "p.html")
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    games = {g["id"]: g for g in json.loads(soup.find("script", id="tournament-games").string)}
    assert games["a~b-0-swap0"]["faults"] == records[0].faults
    assert games["a~b-0-swap1"]["faults"] == []
    assert games["a~c-0-swap0"]["faults"] == [
        {"player": "carol", "ply": 4, "kind": "", "message": "timeout: took more than 1.0 s"}]
    assert "3 faults" in soup.find("p", class_="summary").get_text(" ", strip=True)


def test_replay_in_headless_chromium_shows_the_faults(tmp_path):
    import shutil
    import subprocess

    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if chromium is None:
        pytest.skip("no Chromium on this machine")
    records = faulty_games()
    page = write_leaderboard_html(records, compute_standings(records, bootstrap=0), tmp_path / "p.html",
                                  render_board=numbered_drawings)
    run = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=3000",
                          "--dump-dom", f"{page.as_uri()}#game=a~b-0-swap0&ply=3"],
                         capture_output=True, text=True, timeout=60)
    viewer = BeautifulSoup(run.stdout, "html.parser").find(id="viewer")
    assert viewer is not None, run.stderr[-2000:]
    faults = [li.get_text() for li in viewer.select("ul.faults li")]
    assert faults == ["move 2, bob: timeout: bob took more than 1 s (a random move was played instead)",
                      "move 4, bob: illegal: bob returned 9 (a random move was played instead)"]
    assert [s.get_text() for s in viewer.select(".moves span.fault")] == ["1", "3"]
    assert "timeout: bob took more than 1 s; a random move 1 was played for bob" in viewer.get_text()
