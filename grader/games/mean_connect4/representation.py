"""Mean Connect 4 boards and moves as students write them.

Boards are Connect 4's (every layout, mark and row order of :mod:`.connect4`). Moves are where
students differ: a drop and a mean move ``(from_col, to_col)`` are written as a column and a
pair, as tagged tuples (``('play', 3)`` / ``('mean', 1, 4)``), as pairs where a negative first
item means a drop (``(-1, 3)``), as dicts, strings, named tuples, with the mover inside... Reading a
move accepts every form; writing one needs the student's form. The common forms
(:data:`ACTION_KINDS`) are tried first, as they cost nothing to try; any other is learned from the
student's own moves (:class:`grader.adapt.representations.move_shapes.LearnedMoves`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from grader.games.connect4 import representation as connect4
from grader.adapt.representations.base import NotThisRepresentation, plain

#: how a submission writes moves: "pair" (a column; (from, to)), "negative" ((-1, col); (from, to)),
#: or "tagged:DROP/MEAN" (('DROP', col); ('MEAN', from, to)) with the tag words students use
ACTION_KINDS = ("pair", "negative", "tagged:play/mean", "tagged:drop/mean", "tagged:regular/mean",
                "tagged:normal/mean", "tagged:drop/move", "tagged:place/mean", "tagged:drop/steal")


@dataclass(eq=False)
class MeanConnect4Representation(connect4.Connect4Representation):
    action_kind: str = "pair"

    @property
    def action_kinds(self) -> tuple[str, ...]:
        return ACTION_KINDS

    def encode_action(self, action: Any, board: Any, player: int | None = None) -> Any:
        mean = isinstance(action, tuple)
        if self.action_kind == "pair":
            return (int(action[0]), int(action[1])) if mean else int(action)
        if self.action_kind == "negative":
            return (int(action[0]), int(action[1])) if mean else (-1, int(action))
        drop_word, mean_word = self.action_kind.removeprefix("tagged:").split("/")
        return (mean_word, int(action[0]), int(action[1])) if mean else (drop_word, int(action))

    def encode_row(self, action: Any, board: Any) -> int:
        """The landing row of a drop; of a mean move, the free row of its target column as the board is."""
        return super().encode_row(action[1] if isinstance(action, tuple) else action, board)

    def decode_action(self, action: Any, board: Any) -> Any:
        """A column for a drop, ``(from_col, to_col)`` for a mean move, whatever form the student used."""
        action = plain(action)
        if isinstance(action, np.ndarray):
            action = action.tolist()
        if isinstance(action, dict):
            action = tuple(action.values())
        if isinstance(action, (list, tuple)):
            items = [plain(a) for a in action]
            tag = items.pop(0) if items and isinstance(items[0], str) else ""  # a tagged move: the tag, then columns
            if len(items) == 3 and (items[1] is None or _is_player(items[2])):
                items = items[:2]  # (column, None, player) and (from, to, player): the mover rides along
            columns = [_column(a) for a in items if a is not None]
            if len(columns) == 1:  # a drop, or a mean move back into its own column: ('mean', col)
                return (columns[0], columns[0]) if tag.lower() in MEAN_WORDS else columns[0]
            if len(columns) == 2:
                return columns[1] if columns[0] < 0 else (columns[0], columns[1])
            raise NotThisRepresentation(f"{action!r} is neither a drop nor a mean move")
        return _column(action)

    def describe(self) -> str:
        words = {"pair": "drops as columns, mean moves as (from, to)",
                 "negative": "drops as (-1, column), mean moves as (from, to)"}
        kind = words.get(self.action_kind)
        if kind is None:
            drop_word, mean_word = self.action_kind.removeprefix("tagged:").split("/")
            kind = f"drops as ({drop_word!r}, column), mean moves as ({mean_word!r}, from, to)"
        return super().describe().replace("moves as column numbers", kind)


#: tags that say a one-column move is a mean move (the disc goes back on top of its own column)
MEAN_WORDS = ("mean", "move", "steal", "take", "remove")


def _is_player(value: Any) -> bool:
    return value in (1, -1) and not isinstance(value, bool)


def _column(value: Any) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotThisRepresentation(f"{value!r} is not a column")
    return value


def candidates(rows: int, cols: int, initial_board: Any | None) -> list[MeanConnect4Representation]:
    """Connect 4's board readings, each writing moves in the first of :data:`ACTION_KINDS`."""
    return [MeanConnect4Representation(**{**vars(rep), "action_kind": "pair"}) for rep in connect4.candidates(rows, cols, initial_board)]
