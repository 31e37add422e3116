"""What each kind of check takes from the rubric: what it judges, how it reads in sheets, and its
``params`` as a pydantic model, with their types, defaults and meanings (:data:`PARAMS`, by the name the
rubric gives the kind).

A leaf (pydantic only), so that reading a rubric checks every parameter without loading the checks
themselves (:mod:`grader.checks.kinds` has those). ``docs/check-kinds.md`` is written from these models
(:func:`kinds_markdown`, ``grader rubric --docs``).
"""

from __future__ import annotations

import json
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

#: what a check judges: a function role, an agent label, or the notebook as a whole
Target = Literal["function", "agent", ""]


class Params(BaseModel):
    """A kind of check's parameters. Strict, so that a misspelt ``threshhold`` or a ``positions: eight`` is
    a rubric error rather than a default used without a word; YAML's ``true`` is not a number, and a
    whole number is a number."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    target: ClassVar[Target] = ""
    words: ClassVar[str] = ""  # how a check of this kind reads in sheets, after its target

    def describe(self) -> str:
        """How a check with these parameters reads in sheets (``beats alphabeta:2``)."""
        return self.words


Size = list[int]  # [rows, cols]


class FunctionParams(Params):
    """A kind of check that judges one of the student's game functions (a function role)."""

    target: ClassVar[Target] = "function"


class AgentParams(Params):
    """A kind of check that judges one of the student's agents (an agent label)."""

    target: ClassVar[Target] = "agent"


class NotebookParams(Params):
    """A kind of check that judges the notebook as a whole."""

    target: ClassVar[Target] = ""


class InitialStateParams(FunctionParams):
    """The student's empty board is the course's empty board (in whatever representation they chose)."""

    words: ClassVar[str] = "empty board"


class CannedBoardsParams(FunctionParams):
    """A game function against the reference on hand-written edge cases (wins on every edge and diagonal,
    full columns and boards, draws, the extra turn after a box, the last line), each named after its rule."""

    words: ClassVar[str] = "canned boards"
    show: int = Field(3, description="failing boards drawn in the feedback")
    sizes: list[Size] = Field([], description="other board sizes (`[[rows, cols], ...]`) asked the same rules, "
                                              "so that a function that hard-codes the assignment's size loses them")


class RandomPositionsParams(FunctionParams):
    """A game function against the reference on seeded random reachable positions."""

    words: ClassVar[str] = "random positions"
    positions: int = Field(40, description="positions asked")
    sizes: list[Size] = Field([], description="other board sizes (`[[rows, cols], ...]`), as many positions on each")


class NoMutationParams(FunctionParams):
    """A game function leaves the board it is given unchanged (search calls `result` on one board for
    every action)."""

    words: ClassVar[str] = "does not change its input board"
    positions: int = Field(5, description="random positions whose board is read back after the call")


class AgentLegalParams(AgentParams):
    """The agent answers a legal move within the move limit on seeded random positions."""

    words: ClassVar[str] = "legal moves in time"
    positions: int = Field(20, description="positions asked")


class AgentTacticsParams(AgentParams):
    """Positions where the right move is clear (found by the reference), and whether the agent plays it;
    a share near `line` is decided with confidence, asking more positions up to `max_positions`. A tactic
    given by hand-built positions (Mean Connect 4's `mean_move_win`) is asked on all of those and no others."""

    words: ClassVar[str] = "tactics"
    kinds: list[str] | str | None = Field(None, description="the tactics asked, by name (one or a list); default: "
                                                             "the game's one-ply tactics")
    positions: int = Field(10, description="positions per tactic")
    line: float = Field(0.6, description="the share of positions an agent must play to be said to play these tactics")
    max_positions: int | None = Field(None, description="positions per tactic at most, when the share is near the "
                                                        "line; default: twice `positions`")


class AgentStrengthParams(AgentParams):
    """Games against a reference opponent in colour-swapped pairs from seeded openings; draws count half,
    and a score near the threshold is decided with confidence, playing more pairs up to `max_games`."""

    words: ClassVar[str] = "beats an opponent"
    opponent: str = Field("random", description="a reference agent spec (`random`, `alphabeta:2`, `mcts:200`, ...)")
    games: int = Field(10, description="games planned, rounded up to whole pairs")
    threshold: float | None = Field(None, description="the score share that earns full credit (below it credit falls "
                                                      "linearly); default: 0.8 against `random`, else 0.5")
    max_games: int | None = Field(None, description="games at most, when the score is near the threshold; "
                                                    "default: three times `games`")
    opening_plies: int | None = Field(None, description="random moves before the agents take over; more than the "
                                                        "game's default make each game a few student moves, in an "
                                                        "opening a shallow reference search judges even; default: "
                                                        "the game's (2 in tic-tac-toe, 4 otherwise)")

    @field_validator("opponent")
    @classmethod
    def _a_reference_agent(cls, spec: str) -> str:
        # the agents, only when a rubric names one
        from reference.agents import make_agent

        make_agent(spec)  # a ValueError that lists the valid specs
        return spec

    def describe(self) -> str:
        return f"beats {self.opponent}"


class AgentTimingParams(AgentParams):
    """The agent's median and slowest move on random positions at several board sizes, in CPU time; credit
    is the share of sizes that pass."""

    words: ClassVar[str] = "time per move"
    sizes: list[Size] | None = Field(None, description="board sizes (`[[rows, cols], ...]`); default: the rubric's")
    positions: int = Field(10, description="positions per size")
    max_positions: int | None = Field(None, description="positions per size at most, when a size is near a limit; "
                                                        "default: three times `positions`")
    median_seconds: float | None = Field(None, description="the median move's limit; default: half the move limit")
    max_seconds: float | None = Field(None, description="the slowest move's limit; default: the move limit")


class SearchNodesParams(AgentParams):
    """Counting the search: the positions the agent's alpha-beta visits for one move against plain minimax
    (no pruning, depth off by one, a window handed down wrongly, wrong values)."""

    words: ClassVar[str] = "positions searched"
    depth: int | None = Field(None, description="the depth asked; default: the game's counted depth")
    positions: int = Field(3, description="random positions whose search is counted")
    values: int | None = Field(None, description="positions of the game's tactics that need depth, where the move "
                                                 "must be one minimax may choose; default: all of them")


class AnswersFilledParams(NotebookParams):
    """The notebook's answer cells are filled in: no template placeholder is left behind."""

    words: ClassVar[str] = "answer cells filled in"
    answer_cells: int | None = Field(None, description="how many answer cells the blank template has, when "
                                                       "nbgrader does not mark them")
    partial: bool = Field(True, description="credit by the share of answer cells filled (else all or nothing)")


class NotebookRunsParams(NotebookParams):
    """The notebook runs top to bottom in a fresh, confined kernel (.ipynb only)."""

    words: ClassVar[str] = "runs top to bottom"
    cell_seconds: float = Field(60.0, description="one cell's time cap")
    total_seconds: float = Field(300.0, description="the whole run's time cap")
    memory_mb: int | None = Field(None, description="the kernel's memory; default: the assignment's limit")
    partial: bool = Field(False, description="credit by the share of code cells that ran (else all or nothing)")


class ManualParams(NotebookParams):
    """An item a person grades: listed in every sheet with 0 points until someone fills it in."""

    words: ClassVar[str] = "graded by hand"
    note: str = Field("graded by hand", description="the message shown until it is graded")


#: every kind of check, by the name the rubric gives it, with its parameters
PARAMS: dict[str, type[Params]] = {
    "initial_state": InitialStateParams,
    "canned_boards": CannedBoardsParams,
    "random_positions": RandomPositionsParams,
    "no_mutation": NoMutationParams,
    "agent_legal": AgentLegalParams,
    "agent_tactics": AgentTacticsParams,
    "agent_strength": AgentStrengthParams,
    "agent_timing": AgentTimingParams,
    "search_nodes": SearchNodesParams,
    "answers_filled": AnswersFilledParams,
    "notebook_runs": NotebookRunsParams,
    "manual": ManualParams,
}

#: how a parameter's expected type reads in an error, by pydantic's error type
_TYPE_WORDS = {"int_type": "a whole number", "float_type": "a number", "string_type": "text",
               "bool_type": "true or false", "list_type": "a list"}


def read_params(kind: str, values: dict[str, Any]) -> Params:
    """A check's ``params`` as its kind's model; a ValueError per mistake, as a person reads it:
    ``threshhold: agent_strength has no parameter 'threshhold'; it reads games, ...``."""
    model = PARAMS[kind]
    try:
        return model.model_validate(values)
    except ValidationError as e:
        raise ValueError(params_mistake(kind, model, values, e)) from None


def params_mistake(kind: str, model: type[Params], values: dict[str, Any], error: ValidationError) -> str:
    """The first mistake of ``error`` in words: the key, then what was wrong with it."""
    first = error.errors()[0]
    key = str(first["loc"][0]) if first["loc"] else ""
    if first["type"] == "extra_forbidden":
        return f"{key}: {kind} has no parameter {key!r}; it reads {', '.join(sorted(model.model_fields)) or 'none'}"
    if first["type"] == "value_error":
        return f"{key}: {first['ctx']['error']}"
    wanted = [_TYPE_WORDS.get(e["type"], e["msg"]) for e in error.errors() if e["loc"][:1] == (key,)]
    return f"{key}: expected {' or '.join(dict.fromkeys(wanted))}, got {values.get(key)!r}"


def kinds_markdown() -> str:
    """The reference page of every kind of check and its parameters (``docs/check-kinds.md``)."""
    judged = {"function": "a function role", "agent": "an agent label", "": "the notebook"}
    lines = ["# Check kinds", "",
             "Written from `grader/check_params.py` by `grader rubric --docs`; do not edit by hand.", "",
             "Each check in a rubric names its `kind`, its `target` (what it judges), its `points` and, where the",
             "kind takes any, its `params`. A parameter the kind does not take, or of the wrong type, is a rubric",
             "error that `grader rubric` reports.", ""]
    for kind, model in PARAMS.items():
        lines += [f"## `{kind}`", "", " ".join((model.__doc__ or "").split()), "",
                  f"Target: {judged[model.target]}. Reads in sheets as \"{model.words}\".", ""]
        if not model.model_fields:
            lines += ["No parameters.", ""]
            continue
        lines += ["| parameter | type | default | meaning |", "|---|---|---|---|"]
        for name, field in model.model_fields.items():
            meaning, _, default = (field.description or "").partition("; default: ")
            default = default if field.default is None else f"`{json.dumps(field.default)}`"
            lines.append(f"| `{name}` | {_annotation_words(field.annotation)} | {default} | {meaning} |")
        lines.append("")
    return "\n".join(lines)


def _annotation_words(annotation: Any) -> str:
    text = str(annotation).replace("typing.", "").replace("<class '", "").replace("'>", "")
    return text.replace(" | None", "").replace("NoneType", "").replace("|", "or")


__all__ = ["PARAMS", "AgentParams", "FunctionParams", "NotebookParams", "Params", "Target", "kinds_markdown",
           "read_params"] + [m.__name__ for m in PARAMS.values()]
