"""What a check gets to work with: the reference game, the adapted student code, the seed, and a way
to show a board in feedback."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from grader.adapt import StudentAgent, StudentGame
from grader.load.definitions import lost_definitions
from grader.results import BoardShown
from grader.session import rubric_agent
from reference.games import load_game
from reference.games.base import Game

if TYPE_CHECKING:  # types only: the rubric builds on the checks
    from grader.checks._budget import TaskBudgets
    from grader.rubric import Assignment


@dataclass
class CheckContext:
    assignment: Assignment
    game: Game  # the reference, at the rubric's board size
    student: StudentGame | None  # None when the submission could not be loaded
    sandbox: Any = None
    submission: Any = None  # grader.load Submission (cells, notes)
    seed: int = 0
    #: what checks prepared once for a whole batch (``Check.prepare``), by check kind
    shared: dict[str, Any] = field(default_factory=dict)
    _agents: dict[str, StudentAgent | str] = field(default_factory=dict)
    #: the moves the agent checks asked, by agent label, game, position, limit and options: a position one
    #: check asked is not asked again by another (see ``grader.checks._agent_moves.ask``)
    answers: dict = field(default_factory=dict)
    #: each task's budget of the student's time, shared by its agent checks (None: each check has its own
    #: ``check_seconds`` only, as a check run on its own does)
    budget: TaskBudgets | None = None

    @property
    def lost(self) -> dict[str, str]:
        """Definitions the student wrote in code that is not valid Python (name -> where and why)."""
        return lost_definitions(self.submission.cells) if self.submission is not None else {}

    def rng(self, salt: str) -> random.Random:
        """A generator seeded by the run's seed and the check, so checks do not disturb each other."""
        return random.Random(f"{self.seed}:{salt}")

    def at_size(self, rows: int, cols: int) -> "CheckContext":
        """This context on a board of another size (the student's functions read at that size);
        raises TypeError when the student's boards cannot be resized."""
        game = load_game(self.game.name, **{**self.assignment.board, "rows": rows, "cols": cols})
        student = self.student.at_size(game) if self.student is not None else None
        return CheckContext(self.assignment, game, student, self.sandbox, self.submission, self.seed, self.shared,
                            answers=self.answers, budget=self.budget)

    def agent(self, label: str) -> StudentAgent | str:
        """The student's agent for a rubric label, or why there is none (found once, then reused)."""
        if label not in self._agents:
            self._agents[label] = rubric_agent(self.sandbox, self.student, self.assignment, label, lost=self.lost)
        return self._agents[label]

    def agents_found(self) -> list[StudentAgent]:
        """The student agents that checks have found so far (their notes go into the feedback)."""
        return [a for a in self._agents.values() if not isinstance(a, str)]

    def show(self, board: Any, caption: str, *, player: int | None = None, call: str = "", expected: Any = "",
             returned: Any = "", highlight: tuple = ()) -> BoardShown:
        """A course board drawn for feedback, with the call made on it and both answers."""
        try:
            state = self.game.from_course(board, to_move=player)
            text, svg = text_with_turn(self.game, state), self.game.svg(state, highlight=highlight)
        except ValueError:
            text, svg = repr(board), ""
        return BoardShown(caption=caption, text=text, svg=svg, call=call,
                          expected=_words(expected), returned=_words(returned))


def text_with_turn(game: Game, state: Any) -> str:
    """The text drawing of ``state`` with a last line saying whose turn it is, in the drawing's marks
    (``x to move``), unless the game is over or the drawing says it already (Dots and Boxes)."""
    text = game.text(state)
    if "to move" in text or game.terminal(state):
        return text
    return text + f"\n{'x' if game.to_move(state) == 1 else 'o'} to move"


def _words(value: Any, limit: int = 300) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
