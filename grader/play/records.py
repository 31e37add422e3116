"""Games as plain records: the game to play (:class:`ScheduledGame`), the finished game the referee
records (:class:`GameRecord`, in a tournament or the strength check), and the durable JSON-lines file a
tournament writes them to.

A tournament appends one :class:`GameRecord` to ``OUT_DIR/games.jsonl`` as each game ends and fsyncs,
so a run killed at any moment loses at most the game in flight. Everything after the games
(ratings, standings, the leaderboard page) reads only these records.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Iterable

RESULTS = (1, 0, -1)  # +1 first player won, 0 draw, -1 second player won
FAULT_KEYS = ("player", "ply", "kind", "message")
#: fields a stored line may lack (written before the field existed, or nothing to say)
OPTIONAL_FIELDS = frozenset({"forfeit", "seconds", "boards", "faults"})


def json_action(action: Any) -> Any:
    """An action in its JSON form: tuples become lists (Dots and Boxes lines are ``["h", r, c]``)."""
    if isinstance(action, (tuple, list)):
        return [json_action(part) for part in action]
    if hasattr(action, "item") and not isinstance(action, (str, bytes)):  # numpy scalars
        return action.item()
    return action


def course_action(action: Any) -> Any:
    """A course action back from its JSON form (lists become tuples, e.g. Dots and Boxes lines)."""
    return tuple(course_action(a) for a in action) if isinstance(action, list) else action


@dataclass(frozen=True)
class ScheduledGame:
    """One game to play: who moves first, from which opening."""

    game_id: str
    pair_id: str
    first: str
    second: str
    opening_index: int
    opening: tuple[Any, ...]  # course actions played before the agents take over


@dataclass(frozen=True)
class GameRecord:
    """One finished game: who played, from which opening, every move, and how it ended.

    ``result`` is from the first player's view (+1 won, 0 draw, -1 lost). ``movers`` says who made
    each move (+1 first, -1 second) because Dots and Boxes gives extra turns. A forfeit (illegal
    move, timeout, crash) is an ordinary loss for the offender, named in ``forfeit``.

    ``faults`` lists every fault as ``{"player", "ply", "kind", "message"}``: ``ply`` is the 1-based
    number of the move in ``moves`` the offender owed (under the random policy the random move
    played instead is that move; a forfeit's fault is one past the last move). A record written
    before faults were kept gets its forfeit as its one fault.
    """

    game_id: str  # unique and deterministic from the schedule, e.g. "alice~bob-opening5-swap1"
    pair_id: str  # the colour-swapped pair this game belongs to (the bootstrap resamples pairs)
    game: str  # "tictactoe", "connect4", "dots_and_boxes"
    size: dict[str, int]  # e.g. {"rows": 6, "cols": 7}
    first: str  # moves first
    second: str
    opening: list[Any]  # course actions played before the agents took over
    moves: list[Any]  # course actions by the agents, in JSON form
    movers: list[int]  # +1 / -1 per move
    result: int
    reason: str  # "four in a row", "timeout: alice took more than 1.0 s", ...
    forfeit: str | None = None  # the offender's name
    seconds: list[float] = field(default_factory=list)  # think time per move
    boards: list[Any] | None = None  # optional drawings or course boards per position
    faults: list[dict[str, Any]] = field(default_factory=list)  # see the class docstring

    def __post_init__(self) -> None:
        where = f"game record {self.game_id!r}"
        if not isinstance(self.game_id, str) or not self.game_id:
            raise ValueError(f"game record has no game_id (got {self.game_id!r})")
        if self.first == self.second:
            raise ValueError(f"{where}: first and second are the same player {self.first!r}")
        if self.result not in RESULTS or isinstance(self.result, bool):
            raise ValueError(f"{where}: result must be +1, 0 or -1 (first player's view), not {self.result!r}")
        if len(self.movers) != len(self.moves):
            raise ValueError(f"{where}: {len(self.moves)} moves but {len(self.movers)} movers")
        if any(m not in (1, -1) for m in self.movers):
            raise ValueError(f"{where}: movers must be +1 or -1, got {sorted(set(self.movers) - {1, -1})}")
        if self.seconds and len(self.seconds) != len(self.moves):
            raise ValueError(f"{where}: {len(self.moves)} moves but {len(self.seconds)} move times")
        if self.forfeit is not None:
            if self.forfeit not in (self.first, self.second):
                raise ValueError(f"{where}: forfeit names {self.forfeit!r}, who is not a player of this game")
            if self.result != (-1 if self.forfeit == self.first else 1):
                raise ValueError(f"{where}: {self.forfeit!r} forfeited but the result is {self.result:+d}")
        faults = self.faults
        if not faults and self.forfeit is not None:  # written before faults were kept: the forfeit is one
            faults = [{"player": self.forfeit, "ply": len(self.moves) + 1, "kind": "", "message": self.reason}]
        object.__setattr__(self, "faults", [self._checked_fault(f, where) for f in faults])
        if self.forfeit is not None and self.faults and self.faults[-1]["player"] != self.forfeit:
            raise ValueError(f"{where}: {self.forfeit!r} forfeited but the last fault is by {self.faults[-1]['player']!r}")
        # Store actions in JSON form so that a record equals itself after a round trip.
        object.__setattr__(self, "opening", [json_action(a) for a in self.opening])
        object.__setattr__(self, "moves", [json_action(a) for a in self.moves])
        object.__setattr__(self, "movers", [int(m) for m in self.movers])
        object.__setattr__(self, "result", int(self.result))
        object.__setattr__(self, "seconds", [float(s) for s in self.seconds])
        object.__setattr__(self, "size", dict(self.size))

    def _checked_fault(self, fault: Any, where: str) -> dict[str, Any]:
        if not isinstance(fault, dict) or set(fault) != set(FAULT_KEYS):
            raise ValueError(f"{where}: a fault must be a dict with keys {list(FAULT_KEYS)}, not {fault!r}")
        if fault["player"] not in (self.first, self.second):
            raise ValueError(f"{where}: a fault names {fault['player']!r}, who is not a player of this game")
        ply = fault["ply"]
        if not isinstance(ply, int) or isinstance(ply, bool) or not 1 <= ply <= len(self.moves) + 1:
            raise ValueError(f"{where}: fault ply {ply!r} is not a move number from 1 to {len(self.moves) + 1}")
        return {"player": fault["player"], "ply": ply, "kind": str(fault["kind"]), "message": str(fault["message"])}

    def faults_of(self, player: str) -> int:
        """How many faults ``player`` made in this game."""
        return sum(f["player"] == player for f in self.faults)

    @property
    def players(self) -> tuple[str, str]:
        return self.first, self.second

    def opponent(self, player: str) -> str:
        """The other player of this game."""
        if player == self.first:
            return self.second
        if player == self.second:
            return self.first
        raise ValueError(f"{player!r} did not play game {self.game_id!r} ({self.first} vs {self.second})")

    def points(self, player: str) -> float:
        """Tournament points of ``player`` in this game: 1 win, 1/2 draw, 0 loss."""
        sign = 1 if player == self.first else -1 if player == self.second else None
        if sign is None:
            raise ValueError(f"{player!r} did not play game {self.game_id!r} ({self.first} vs {self.second})")
        return (1 + sign * self.result) / 2

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "GameRecord":
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"game record {data.get('game_id')!r} has unknown fields {unknown}")
        missing = sorted(f.name for f in fields(cls) if f.name not in data and f.name not in OPTIONAL_FIELDS)
        if missing:
            raise ValueError(f"game record {data.get('game_id')!r} lacks fields {missing}")
        return cls(**data)

    def to_json(self) -> str:
        """One line of JSON (no newline inside, non-ASCII kept readable)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, line: str) -> "GameRecord":
        return cls.from_dict(json.loads(line))


class GameStore:
    """The JSON-lines file of finished games: append as each game ends, load all, resume.

    A run killed mid-write leaves a truncated last line; loading ignores it, and the next append
    cuts it off first so that the new record starts on a line of its own. A damaged line anywhere
    else is an error: that is not a killed run but a file someone edited.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._tail_checked = False
        self._ids: set[str] | None = None

    def append(self, record: GameRecord) -> None:
        """Write ``record`` as one line and fsync, so that it survives a crash right after."""
        if not self._tail_checked:
            self._repair_tail()
        ids = self.done_ids()
        if record.game_id in ids:
            raise ValueError(f"{self.path}: game {record.game_id!r} is already recorded; a resumed run must skip done_ids()")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = (record.to_json() + "\n").encode("utf-8")
        with open(self.path, "ab") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        ids.add(record.game_id)

    def extend(self, records: Iterable[GameRecord]) -> None:
        for record in records:
            self.append(record)

    def load(self) -> list[GameRecord]:
        """All complete records in file order (a truncated last line is ignored)."""
        records, _ = self._read()
        self._ids = {r.game_id for r in records}
        return records

    def done_ids(self) -> set[str]:
        """The ``game_id`` of every recorded game: a resumed tournament skips these."""
        if self._ids is None:
            self.load()
        assert self._ids is not None
        return self._ids

    def __len__(self) -> int:
        return len(self.done_ids())

    def _read(self) -> tuple[list[GameRecord], int]:
        """The records and the byte length of the complete part of the file."""
        if not self.path.exists():
            return [], 0
        data = self.path.read_bytes()
        lines = data.split(b"\n")
        records: list[GameRecord] = []
        seen: dict[str, int] = {}
        good_length = 0
        for number, raw in enumerate(lines, start=1):
            last = number == len(lines)
            if last and raw == b"":
                break
            try:
                record = GameRecord.from_json(raw.decode("utf-8"))
            except (ValueError, TypeError) as error:
                if last:  # a killed run: the final line was cut short
                    break
                if not raw.strip():
                    good_length += len(raw) + 1
                    continue
                raise ValueError(f"{self.path}, line {number}: not a game record ({error})") from None
            if record.game_id in seen:
                raise ValueError(
                    f"{self.path}, lines {seen[record.game_id]} and {number}: game {record.game_id!r} is recorded twice"
                )
            seen[record.game_id] = number
            records.append(record)
            good_length += len(raw) + (0 if last else 1)
        return records, good_length

    def _repair_tail(self) -> None:
        """Make the file end on a complete line before appending to it."""
        self._tail_checked = True
        if not self.path.exists() or self.path.stat().st_size == 0:
            return
        records, good_length = self._read()
        self._ids = {r.game_id for r in records}
        size = self.path.stat().st_size
        with open(self.path, "r+b") as file:
            if good_length < size:  # a partial line from a killed run: the game will be played again
                file.truncate(good_length)
            file.seek(0, os.SEEK_END)
            if file.tell() > 0:
                file.seek(-1, os.SEEK_END)
                if file.read(1) != b"\n":  # a complete record whose newline was lost
                    file.write(b"\n")
            file.flush()
            os.fsync(file.fileno())
