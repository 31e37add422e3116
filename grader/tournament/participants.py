"""Who plays in a tournament: each submission's agent (as plain code, so it can travel to a worker)
and the reference baselines.

A student participant carries its kept cell sources, not a sandbox: whoever plays its games (this
process, a local worker or a Dask worker) opens it with :func:`open_student_agent`, a session
(:func:`grader.session.open_submission`) as grading opens one, and the agent found in it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from grader.adapt import StudentAgent
from grader.load import LOADED, load_submission, submission_name
from grader.rubric import Assignment
from grader.sandbox import Sandbox, SandboxError
from grader.session import open_submission
from reference.agents import make_agent

#: prefix of every reference baseline's name: "ref:random", "ref:alphabeta:2"
REFERENCE_PREFIX = "ref:"
#: the name of the random baseline: the ratings are anchored on a player called exactly this
RANDOM = REFERENCE_PREFIX + "random"
#: seconds the untimed warm-up move may take (loading, imports, first-call caches)
WARM_UP_SECONDS = 30.0


@dataclass(frozen=True)
class Participant:
    """One player: a reference ``spec`` (e.g. ``"alphabeta:2"``) or a student's ``cells`` and agent label."""

    name: str
    spec: str | None = None
    cells: tuple[str, ...] = ()
    label: str = ""  # the rubric's agent label, e.g. "heuristic_player"
    aliases: tuple[str, ...] = ()  # names that label's agent may have
    path: str = ""

    @property
    def is_reference(self) -> bool:
        return self.spec is not None


@dataclass(frozen=True)
class Exclusion:
    """A submission that takes no part, and why."""

    name: str
    path: str
    reason: str


def reference_participants(baselines: Sequence[str]) -> list[Participant]:
    """Baselines from specs such as ``["random", "alphabeta:2", "mcts:200"]``, named ``ref:<spec>``; a bad
    spec raises ValueError."""
    out = []
    for spec in baselines:
        spec = spec.strip().lower()
        if not spec:
            continue
        make_agent(spec)  # fail now, with the list of valid specs, not in a worker
        name = REFERENCE_PREFIX + spec
        if any(p.name == name for p in out):
            raise ValueError(f"baseline {spec!r} is listed twice")
        out.append(Participant(name=name, spec=spec))
    return out


def agent_preference(assignment: Assignment) -> list[str]:
    """The rubric's agent labels, strongest kind first: heuristic, alpha-beta/minimax, others, random last."""
    def rank(label: str) -> int:
        low = label.lower()
        if "heuristic" in low or "cutoff" in low:
            return 0
        if "alpha" in low or "minimax" in low:
            return 1
        if "random" in low:
            return 3
        return 2

    return sorted(assignment.agents, key=rank)  # sorted is stable: rubric order within a kind


def open_student_agent(cells: Sequence[str], assignment: Assignment, label: str, aliases: Sequence[str] = (),
                       *, isolation: str | None = None, seed: int = 0) -> tuple[Sandbox, StudentAgent | str]:
    """Open ``cells`` as a session seeded with ``seed`` and find the agent ``label`` in it.

    Returns the open sandbox (the caller closes it; :meth:`~grader.sandbox.Sandbox.reseed` reseeds the
    student's code) and the agent, or the reason there is none. Raises :class:`SandboxError` when the
    sandbox fails or the submission cannot be inspected.
    """
    session = open_submission(cells, assignment, seed=seed, isolation=isolation)
    try:
        if session.student is None:
            raise SandboxError(session.problem)
        agent = session.find_agent(label, aliases)
    except BaseException:
        session.close()
        raise
    return session.sandbox, agent


def warm_up(agent: StudentAgent, seconds: float = WARM_UP_SECONDS) -> str | None:
    """One untimed move on the empty board, so loading costs no move clock; the problem, or None if it moved."""
    game = agent.game
    state = game.initial_state()
    move = agent.move(game.to_course(state), game.to_move(state), timeout=seconds)
    if move.ok:
        return None
    return f"{move.kind}: {move.error}" if move.kind and not move.error.startswith(move.kind) else move.error


def student_participant(path: str | Path, assignment: Assignment, agent_label: str | None = None, *,
                        isolation: str | None = None) -> Participant | Exclusion:
    """The submission at ``path`` as a participant, with the first usable agent; or why it cannot play.

    An agent is usable when it makes a legal move on the empty board (the warm-up move). With
    ``agent_label`` only that agent is tried.
    """
    path = Path(path)
    name = submission_name(path)
    if agent_label is not None and agent_label not in assignment.agents:
        raise ValueError(f"--agent-name {agent_label!r} is not an agent of this assignment; "
                         f"its agents: {', '.join(assignment.agents)}")
    submission = load_submission(path)
    if submission.status != LOADED:
        return Exclusion(name, str(path), "; ".join(submission.problems) or f"not loaded ({submission.status})")
    cells = tuple(cell.kept for cell in submission.cells)
    labels = [agent_label] if agent_label else agent_preference(assignment)
    reasons = []
    try:
        for label in labels:
            aliases = tuple(assignment.agents.get(label, [label]))
            box, agent = open_student_agent(cells, assignment, label, aliases, isolation=isolation)
            with box:
                problem = agent if isinstance(agent, str) else warm_up(agent)
            if problem is None:
                return Participant(name=name, cells=cells, label=label, aliases=aliases, path=str(path))
            reasons.append(f"{label}: {problem}")
    except SandboxError as e:
        reasons.append(f"the sandbox failed: {e}")
    return Exclusion(name, str(path), "no usable agent (" + "; ".join(reasons) + ")")
