"""``rubric.yaml`` -> a validated model: the assignments, their functions and agents, tasks, checks, points.

Validation points at the exact key of a mistake (``assignments.connect4.tasks[2].checks[0].points``),
so an instructor can fix a rubric without reading our code. Every check's parameters are checked here,
against its kind's model (:mod:`grader.check_params`), an unknown opponent included, so ``grader rubric``
finds every mistake; the checks themselves are never loaded to read a rubric.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from grader.check_params import PARAMS, Params, read_params
from grader.usage import SECTIONS, RubricError
from reference.games import game_names, load_game

if TYPE_CHECKING:
    from reference.games.base import Game


def bundled_rubric() -> Path:
    """The rubric that ships with the grader: the copy a wheel carries inside the package (``setup.py``
    puts it there at build time), else the repository's top-level ``rubric.yaml`` (a source checkout or
    an editable install)."""
    packaged = resources.files("grader").joinpath("rubric.yaml")
    if packaged.is_file():
        return Path(str(packaged))
    return Path(__file__).resolve().parent.parent / "rubric.yaml"


BUNDLED_RUBRIC = bundled_rubric()


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CheckSpec(Strict):
    """One check: its kind (a module in ``grader/checks``), what it judges, points and visibility."""

    kind: str
    target: str = ""  # the function role or agent label judged ('result', 'alpha_beta_player'); '' for notebook checks
    name: str = ""  # shown in sheets; default '<target>: <kind words>'
    points: float = Field(ge=0)
    visibility: Literal["public", "hidden"] = "public"
    params: dict[str, Any] = Field(default_factory=dict)

    @property
    def settings(self) -> Params:
        """``params`` as the kind's model, defaults filled in (checked when the rubric was read)."""
        return read_params(self.kind, self.params)

    @property
    def title(self) -> str:
        words = self.name or (self.settings.describe() if self.kind in PARAMS else self.kind.replace("_", " "))
        return f"{self.target}: {words}" if self.target and not self.name.startswith(self.target) else words


class Task(Strict):
    name: str
    points: float | None = Field(default=None, ge=0)  # when given, the checks' points must add up to it
    checks: list[CheckSpec]
    graduate: bool = False  # asked of the graduate section only (``--section undergraduate`` leaves it out)

    @model_validator(mode="after")
    def _points_add_up(self) -> "Task":
        total = sum(c.points for c in self.checks)
        if self.points is not None and abs(total - self.points) > 1e-9:
            raise ValueError(f"task {self.name!r}: its checks give {total:g} points but the task is worth {self.points:g}")
        return self


class AssignmentLimits(Strict):
    """What the rubric allows one submission's code (``grader.sandbox.Limits`` is what a worker gets from it).

    Seconds are the student's CPU time, so that a limit allows as much work on a busy machine as on a quiet
    one; code that sleeps or blocks is stopped by a wall-clock backstop a few times the limit."""

    call_seconds: float = Field(default=2.0, gt=0)  # one call of a game function
    move_seconds: float = Field(default=2.0, gt=0)  # one agent move
    load_seconds: float = Field(default=60.0, gt=0)  # one cell while loading
    memory_mb: int = Field(default=1024, gt=0)
    check_seconds: float = Field(default=120.0, gt=0)  # think-time budget of one check (agent games)
    #: the student's CPU time one task's agent checks may spend on one submission in `grader grade`, shared by
    #: their points (grader.checks._budget); a check its share stops before its verdict is settled goes to review.
    #: A safety valve for agents far slower than real ones, not a speed-up: a verdict it stops may move with the
    #: machine's load, so it is set well above what real tasks need (docs/rubric.md#student-time-per-task)
    task_seconds: float = Field(default=120.0, gt=0)
    #: the same in `grader check`, tighter: its verdicts are quick ones, and say so
    quick_task_seconds: float = Field(default=5.0, gt=0)


class Assignment(Strict):
    title: str
    game: str  # one of the reference games (reference.games.game_names)
    board: dict[str, int] = Field(default_factory=dict)  # keyword arguments of load_game
    detect: list[str] = Field(default_factory=list)  # words that identify a notebook of this assignment
    limits: AssignmentLimits = Field(default_factory=AssignmentLimits)
    functions: dict[str, list[str]] = Field(default_factory=dict)  # role -> accepted names
    agents: dict[str, list[str]] = Field(default_factory=dict)  # label -> accepted names
    tasks: list[Task]

    @field_validator("game")
    @classmethod
    def _known_game(cls, v: str) -> str:
        if v not in game_names():
            raise ValueError(f"unknown game {v!r}; the games are {', '.join(game_names())}")
        return v

    @field_validator("functions")
    @classmethod
    def _known_roles(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        known = {"initial_state", "actions", "result", "terminal", "utility"}
        unknown = set(v) - known
        if unknown:
            raise ValueError(f"unknown function role(s) {sorted(unknown)}; known: {sorted(known)}")
        return v

    @model_validator(mode="after")
    def _targets_exist(self) -> "Assignment":
        for i, task in enumerate(self.tasks):
            for j, check in enumerate(task.checks):
                where = f"tasks[{i}].checks[{j}]"
                if check.kind not in PARAMS:
                    raise ValueError(f"{where}: unknown check kind {check.kind!r}; known: {', '.join(sorted(PARAMS))}")
                try:
                    read_params(check.kind, check.params)
                except ValueError as e:
                    raise ValueError(f"{where}.params.{e}") from None
                needs = PARAMS[check.kind].target
                if needs == "function" and check.target not in self.functions:
                    raise ValueError(f"{where}: target {check.target!r} is not one of the functions "
                                     f"{sorted(self.functions)}")
                if needs == "agent" and check.target not in self.agents:
                    raise ValueError(f"{where}: target {check.target!r} is not one of the agents {sorted(self.agents)}")
        return self

    @property
    def max_points(self) -> float:
        return sum(c.points for t in self.tasks for c in t.checks)

    def for_section(self, section: str | None) -> "Assignment":
        """The assignment as one section is graded: ``undergraduate`` without the graduate-only tasks
        (so neither their checks nor their points count), ``graduate`` or None with every task."""
        if section in (None, "graduate"):
            return self
        if section != "undergraduate":
            raise RubricError(f"no section {section!r}; sections are {', '.join(SECTIONS)}")
        return self.model_copy(update={"tasks": [t for t in self.tasks if not t.graduate]})

    @property
    def task_names(self) -> list[str]:
        return [t.name for t in self.tasks]

    def make_game(self) -> Game:
        return load_game(self.game, **self.board)


class Rubric(Strict):
    version: int = 1
    aliases: dict[str, Any] = Field(default_factory=dict)  # a place for YAML anchors that assignments reuse
    assignments: dict[str, Assignment]

    def assignment(self, name: str) -> Assignment:
        if name not in self.assignments:
            raise RubricError(f"no assignment {name!r} in the rubric; it has: {', '.join(self.assignments)}")
        return self.assignments[name]


def load_rubric(path: str | Path | None = None) -> Rubric:
    """Read and validate a rubric file (default: the bundled ``rubric.yaml``)."""
    path = Path(path) if path else BUNDLED_RUBRIC
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RubricError(f"rubric file {path} does not exist") from None
    except yaml.YAMLError as e:
        raise RubricError(f"{path} is not valid YAML: {e}") from None
    try:
        return Rubric.model_validate(data)
    except ValidationError as e:
        lines = [f"{path}: the rubric has {e.error_count()} mistake(s):"]
        for err in e.errors():
            key = ".".join(f"[{p}]" if isinstance(p, int) else str(p) for p in err["loc"]).replace(".[", "[")
            lines.append(f"  - {key or '(top level)'}: {err['msg']}")
        raise RubricError("\n".join(lines)) from None
