"""A submission open in a sandbox of its own, seeded and adapted: what grading and a tournament both start from.

``open_submission(cells, assignment)`` loads the kept cells into a seeded sandbox (after the calling
shims of other environments), reads what the worker repaired while loading, and adapts to the
student's code; :meth:`Session.find_agent` then finds an agent of the rubric. Grading runs its checks
on a session; a tournament plays the session's agent. Close the session (or use it as a context
manager) when done.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from grader.adapt import StudentAgent, StudentGame, adapt, conventions, student_agent
from grader.adapt.candidates import lost_to_syntax
from grader.bindings_yaml import InstructorBinding
from grader.sandbox import CallResult, Limits, LoadReport, Sandbox, SandboxError
from grader.sandbox.calls import EXCEPTION
from grader.sandbox.worker import LOAD_REPORT_FUNCTION
from reference.games.base import Game

if TYPE_CHECKING:  # the rubric imports the checks, whose context imports this module
    from grader.rubric import Assignment


class TimedSandbox(Sandbox):
    """A sandbox that adds up the CPU time its worker spends in the submission's code (cells, probes,
    agent moves), so that a result tells the student's think time from the grader's own work, and
    checks can budget it the same on a busy machine as on a quiet one. Respawns and replays after a
    timeout count as the grader's.

    It also says where a call into the submission raised: the notebook's cell number, the line in
    that cell and the function (its last frame in the student's code), given ``cell_numbers``."""

    student_seconds: float = 0.0
    cell_numbers: dict[int, int] | None = None  # the sandbox's cell position -> the notebook's cell number

    def load(self, *args: Any, **kwargs: Any) -> LoadReport:
        report = super().load(*args, **kwargs)
        self.student_seconds += sum(cell.cpu_seconds for cell in report.cells)
        return report

    def call_with(self, *args: Any, **kwargs: Any) -> CallResult:
        return self._timed(super().call_with(*args, **kwargs))

    def create(self, *args: Any, **kwargs: Any) -> CallResult:
        return self._timed(super().create(*args, **kwargs))

    def _timed(self, r: CallResult) -> CallResult:
        self.student_seconds += r.cpu_seconds
        where = student_frame(r.traceback, self.cell_numbers or {}) if r.kind == EXCEPTION else ""
        return dataclasses.replace(r, message=f"{r.message} ({where})".lstrip()) if where else r


_CELL_FRAME = re.compile(r'File "<cell (\d+)>", line (\d+), in (\S+)')


#: the student's own frames named when their code raises: where it raised and the calls that led there
STUDENT_FRAMES = 3


def student_frame(traceback_text: str, cell_numbers: dict[int, int]) -> str:
    """Where the student's code raised, from a worker traceback, and the calls of theirs that led there:
    ``in helper, cell 12, line 4, called from alpha_beta, cell 7, line 9`` ('' when no frame of the
    traceback is in one of the submission's cells)."""
    frames = [m for m in _CELL_FRAME.finditer(traceback_text) if int(m[1]) in cell_numbers]
    said = []
    for cell, line, function in (m.groups() for m in reversed(frames[-STUDENT_FRAMES:])):
        inside = f"{function}, " if function != "<module>" else ""
        said.append(f"{inside}cell {cell_numbers[int(cell)]}, line {line}")
    return ("in " if frames and frames[-1][3] != "<module>" else "") + ", called from ".join(said)


#: packages notebooks import that take a second or more to load: loaded once in the sandbox's zygote when a
#: submission imports them, so a worker respawned after a timeout does not load them again with its cells
PRELOADABLE = ("matplotlib", "scipy", "pandas", "seaborn", "sklearn", "IPython", "tqdm", "networkx", "sympy",
               "PIL", "numba", "tabulate")


def preloadable_imports(cells: Sequence[str]) -> list[str]:
    """The installed heavy packages (:data:`PRELOADABLE`) the cells import at the top level, as written
    (``matplotlib.pyplot``, ``scipy.signal``)."""
    import ast
    import importlib.util

    found: dict[str, None] = {}
    for source in cells:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            continue
        for node in tree.body:
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level else []
            for name in names:
                if name.partition(".")[0] in PRELOADABLE:
                    found[name] = None
    return [name for name in found if importlib.util.find_spec(name.partition(".")[0]) is not None]


def sandbox_limits(assignment: Assignment) -> Limits:
    """The sandbox limits the rubric sets for an assignment's submissions."""
    return Limits(call_timeout=assignment.limits.call_seconds, cell_timeout=assignment.limits.load_seconds,
                  memory_bytes=assignment.limits.memory_mb * 1024 * 1024)


class Session:
    """One submission in its own seeded sandbox, adapted to the rubric's game.

    ``game`` is the reading of the rules the student's code shows (see ``grader.adapt.readings``;
    the rubric's game until adapted); ``student`` is None when the submission could not be
    inspected, and ``problem`` then says why. ``load_report`` covers the submission's own cells and
    ``repairs`` is what the worker repaired while loading them (packages replaced by stand-ins,
    numpy 1 names restored), as the worker reports it: untrusted plain data.
    """

    def __init__(self, assignment: Assignment, *, seed: int = 0, isolation: str | None = None,
                 require: str | None = None, bindings: Mapping[str, InstructorBinding] | None = None) -> None:
        self.assignment = assignment
        self.bindings = dict(bindings or {})  # the roles the instructor bound by hand (bindings.yaml)
        self.sandbox = TimedSandbox(None, sandbox_limits(assignment), isolation=isolation, require=require,
                                    seed=seed)
        self.game: Game = assignment.make_game()
        self.student: StudentGame | None = None
        self.problem = ""
        self.load_report = LoadReport(cells=(), isolation=self.sandbox.isolation)
        self.repairs: dict = {}
        self.lost: dict[str, str] = {}  # definitions lost to syntax errors: name -> where and why
        self._source = ""

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.sandbox.close()

    @property
    def isolation(self) -> str:
        return self.sandbox.isolation

    def open(self, cells: Sequence[str], cell_numbers: Sequence[int] = (),
             lost: Mapping[str, str] | None = None) -> "Session":
        """Load ``cells`` and adapt to them (see :meth:`load`); ``lost`` names the definitions the
        student wrote in code that is not valid Python, so that a role found there is said to be broken."""
        self.lost = dict(lost or {})
        self.load(cells, cell_numbers)
        self.adapt()
        return self

    def load(self, cells: Sequence[str], cell_numbers: Sequence[int] = ()) -> LoadReport:
        """Run the calling shims, then ``cells``; the report covers ``cells`` alone. With the notebook's
        number of each cell (``cell_numbers``), an exception in the student's code says where it was."""
        self.sandbox.preload(preloadable_imports(cells))
        self.sandbox.load([conventions.SHIM_CELL])
        self.load_report = self.sandbox.load(cells)
        self.sandbox.cell_numbers = {outcome.index: number
                                     for outcome, number in zip(self.load_report.cells, cell_numbers)}
        self._source = "\n".join(cells)
        r = self.sandbox.call(LOAD_REPORT_FUNCTION)
        self.repairs = r.value if r.ok and type(r.value) is dict else {}  # the student can rebind the name
        return self.load_report

    def adapt(self) -> StudentGame | None:
        """Find how to call the loaded code; None (and ``problem`` says why) when it cannot be inspected."""
        assignment = self.assignment
        try:
            self.student = adapt(self.sandbox, self.game, assignment.functions,
                                 timeout=assignment.limits.call_seconds, source=self._source, bindings=self.bindings)
        except SandboxError as e:
            self.problem = str(e)
            return None
        self.game = self.student.game
        problems = self.student.interface.problems
        for role, aliases in assignment.functions.items():
            if role in problems and role not in self.student.interface.bindings:
                problems[role] = lost_to_syntax(role, aliases, self.lost) or problems[role]
        return self.student

    def find_agent(self, label: str, aliases: Sequence[str] = ()) -> StudentAgent | str:
        """The agent the rubric calls ``label``, or why there is none (see :func:`rubric_agent`)."""
        return rubric_agent(self.sandbox, self.student, self.assignment, label, aliases, lost=self.lost)


def rubric_agent(sandbox: Sandbox | None, student: StudentGame | None, assignment: Assignment, label: str,
                 aliases: Sequence[str] = (), lost: Mapping[str, str] | None = None) -> StudentAgent | str:
    """The student's agent the rubric calls ``label`` (by ``aliases``, default the rubric's names for it),
    confirmed with the move limit; or why there is none (its code not valid Python, when ``lost`` says so)."""
    if student is None or sandbox is None:
        return "the submission could not be loaded"
    aliases = list(aliases) or assignment.agents.get(label, [label])
    found = student_agent(sandbox, student, label, aliases, labels=list(assignment.agents),
                          timeout=assignment.limits.move_seconds)
    return (lost_to_syntax(label, aliases, lost or {}) or found) if isinstance(found, str) else found


def open_submission(cells: Sequence[str], assignment: Assignment, *, seed: int = 0, isolation: str | None = None,
                    require: str | None = None, cell_numbers: Sequence[int] = ()) -> Session:
    """``cells`` (a submission's kept code) loaded into a new seeded sandbox and adapted; the caller closes it.

    Raises :class:`SandboxError` only when the sandbox itself fails (it is closed again)."""
    session = Session(assignment, seed=seed, isolation=isolation, require=require)
    try:
        return session.open(cells, cell_numbers)
    except BaseException:
        session.close()
        raise
