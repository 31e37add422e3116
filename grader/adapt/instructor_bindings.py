"""Roles the instructor bound by hand in ``bindings.yaml`` (read by ``grader.bindings_yaml``): no inference
for them. Each expression is evaluated in the student's namespace inside the worker and called as the
course template calls the role (``actions(board)``, ``result(board, player, action)``, ``terminal(board)``,
``utility(board, player)``, ``initial_state()``, agents ``(board, player)``) on the course's boards.

A bad expression (not Python, a name the notebook lacks, nothing to call, raising when called on a plain
position) is one error naming the file and line, and it is the role's result: its checks say so.
"""

from __future__ import annotations

import ast
from functools import cache, partialmethod
from typing import Any, Mapping, Sequence

from grader.adapt import representations
from grader.adapt.agents import StudentAgent, late_position
from grader.adapt.infer import COURSE_ORDER, Binding, Interface
from grader.adapt.representations.base import Representation
from grader.adapt.student_game import Reply, StudentGame, sized_caller
from grader.bindings_yaml import InstructorBinding
from grader.sandbox import SandboxError
from reference.games.base import Game
from reference.positions import finished_games

#: how the course template calls each role, for messages
COURSE_CALLS = {"initial_state": "initial_state()", "actions": "actions(board)",
                "result": "result(board, player, action)", "terminal": "terminal(board)",
                "utility": "utility(board, player)"}
#: what every adaptation and agent note says of a bound role
BOUND = "{role}: bound by the instructor: {expression}"


def left_to_infer(aliases: Mapping[str, Sequence[str]],
                  bindings: Mapping[str, InstructorBinding] | None) -> dict[str, Sequence[str]]:
    """The rubric's roles that inference still has to find: those the instructor did not bind."""
    return {role: names for role, names in aliases.items() if role not in (bindings or {})}


def bind(sandbox: Any, student: StudentGame, bindings: Mapping[str, InstructorBinding] | None,
         timeout: float) -> StudentGame:
    """``student`` with the instructor's bindings in force: its bound roles answered by the expressions,
    its bound agents found by :func:`bound_agent`. Unchanged without bindings."""
    if not bindings:
        return student
    errors = {role: error for role, binding in bindings.items() if (error := _evaluate(sandbox, binding, timeout))}
    roles = {role: b for role, b in bindings.items() if role in COURSE_ORDER and role not in errors}
    course = InstructorRoles(sandbox, student.game, roles, student.names, timeout=timeout, source=student.source)
    for role, binding in roles.items():
        if error := _probe(course, role, binding):
            errors[role] = error
            del course.interface.bindings[role]
    for role, binding in bindings.items():
        student.doubts.pop(role, None)  # the instructor decided
        if role in COURSE_ORDER:
            if role in errors:
                student.interface.problems[role] = errors[role]
            else:
                student.interface.adaptations.append(BOUND.format(role=role, expression=binding.expression))
    return with_instructor(student, course, bindings, errors)


def bound_agent(sandbox: Any, student: StudentGame, label: str, timeout: float | None) -> StudentAgent | str | None:
    """The agent the instructor bound for ``label``, called ``(board, player)`` on the course's boards; why it
    cannot be (with the file and line); or None when the instructor bound no agent for ``label``."""
    if not isinstance(student, InstructorBound) or label not in student.instructor_bindings:
        return None
    binding = student.instructor_bindings[label]
    if label in student.instructor_errors:
        return student.instructor_errors[label]
    agent = StudentAgent(sandbox, student.game, student.instructor.representation, name=label,
                         target=variable(label), kind="function",
                         notes=[BOUND.format(role=label, expression=binding.expression)])
    board, player = late_position(student.game)
    move = agent.move(board, player, timeout=timeout)
    if not move.ok and move.kind == "exception":
        return _raised(binding, move.error, f"{label}(board, player)")
    return agent


def variable(role: str) -> str:
    """The worker global that holds the value of the expression bound to ``role`` (a dunder name: the
    adapter never lists it among the student's names)."""
    return f"__instructor_{role}__"


def course_representation(game: Game) -> Representation:
    """The course template's own representation of ``game``'s boards, players and moves."""
    return representations.candidates(game, game.to_course(game.initial_state()))[0]


class InstructorRoles(StudentGame):
    """The roles the instructor bound, called as the course template calls them, on the course's boards."""

    def __init__(self, caller: Any, game: Game, bindings: Mapping[str, InstructorBinding],
                 names: Mapping[str, Any] | None = None, timeout: float = 2.0, source: str = "") -> None:
        interface = Interface(game, course_representation(game),
                              {role: Binding(role, variable(role), COURSE_ORDER[role]) for role in bindings})
        super().__init__(caller, interface, names, timeout=timeout, source=source)
        self.instructor_bindings = dict(bindings)

    def at_size(self, game: Game) -> "InstructorRoles":
        resized = InstructorRoles(sized_caller(self.caller, game), game, self.instructor_bindings, self.names,
                                  timeout=self.timeout, source=self.source)
        resized.interface.bindings = {r: b for r, b in resized.interface.bindings.items() if self.has(r)}
        return resized

    def describe_call(self, role: str, board: Any = None, player: int | None = None, action: Any = None) -> str:
        """The course's call and what it calls: ``result(board, 1, 3) with result = lambda ...``."""
        call = super().describe_call(role, board, player, action).replace(variable(role), role, 1)
        binding = self.instructor_bindings.get(role)
        return f"{call} with {role} = {binding.expression}" if binding else call


class InstructorBound:
    """Mixed into an adapted student game: the roles the instructor bound are answered by ``instructor``
    (an :class:`InstructorRoles`), the others as the student game answers them."""

    instructor: InstructorRoles
    instructor_bindings: dict[str, InstructorBinding]  # role or agent label -> binding
    instructor_errors: dict[str, str]  # role or agent label -> why its expression cannot be used

    def has(self, role: str) -> bool:
        return self.instructor.has(role) or (role not in self.instructor_bindings and super().has(role))

    def describe_call(self, role: str, board: Any = None, player: int | None = None, action: Any = None) -> str:
        if self.instructor.has(role):
            return self.instructor.describe_call(role, board, player, action)
        return super().describe_call(role, board, player, action)

    def _answer(self, role: str, *args: Any, **kwargs: Any) -> Reply:
        """``role`` asked of the instructor's binding when they bound it (missing when it does not work), else of
        the student game."""
        if role not in self.instructor_bindings:
            return getattr(super(), role)(*args, **kwargs)
        if not self.instructor.has(role):
            return Reply(False, error=self.instructor_errors.get(role, f"no {role} function"), kind="missing",
                         call=f"{role}(...)")
        return self._told(role, getattr(self.instructor, role)(*args, **kwargs))

    # the course's functions, each answered as :meth:`_answer` says, with the arguments StudentGame's take
    initial_state = partialmethod(_answer, "initial_state")
    actions = partialmethod(_answer, "actions")
    result = partialmethod(_answer, "result")
    terminal = partialmethod(_answer, "terminal")
    utility = partialmethod(_answer, "utility")

    def mutation(self, role: str, board: Any, player: int | None = None, action: Any = None) -> Reply:
        if self.instructor.has(role):
            return self._told(role, self.instructor.mutation(role, board, player, action))
        return super().mutation(role, board, player, action)

    def at_size(self, game: Game) -> StudentGame:
        return with_instructor(super().at_size(game), self.instructor.at_size(game), self.instructor_bindings,
                               self.instructor_errors)

    def _told(self, role: str, reply: Reply) -> Reply:
        """A failed call of a bound role names the binding it came from."""
        if not reply.ok and reply.kind == "exception":
            reply.error = f"{reply.error} (in the expression bound in {self.instructor_bindings[role].where})"
        return reply


def with_instructor(student: StudentGame, course: InstructorRoles, bindings: Mapping[str, InstructorBinding],
                    errors: Mapping[str, str]) -> StudentGame:
    """``student`` (an adapted game of any kind) turned into one whose bound roles ``course`` answers."""
    student.__class__ = _bound_class(type(student))
    student.instructor, student.instructor_bindings, student.instructor_errors = course, dict(bindings), dict(errors)
    return student


@cache
def _bound_class(cls: type) -> type:
    """``cls`` with :class:`InstructorBound` in front (once per kind of adapted game)."""
    return cls if issubclass(cls, InstructorBound) else \
        type(f"InstructorBound{cls.__name__}", (InstructorBound, cls), {})


def _evaluate(sandbox: Any, binding: InstructorBinding, timeout: float) -> str | None:
    """Evaluate ``binding`` into its worker global; why it cannot be used, or None."""
    say = f"{binding.where}: {binding.role}: `{binding.expression}`"
    try:
        ast.parse(binding.expression, mode="eval")
    except SyntaxError as e:
        return f"{say} is not a Python expression ({e.msg})"
    cell = sandbox.load([f"{variable(binding.role)} = (\n{binding.expression}\n)"]).cells[0]
    if not cell.ok:
        why = f"{cell.error_type}: {cell.message}" if cell.error_type else (cell.message or cell.kind)
        return f"{say} could not be evaluated in the notebook's namespace: {why}"
    try:
        info = sandbox.describe(variable(binding.role), timeout=timeout)
    except SandboxError as e:
        return f"{say} could not be inspected: {e}"
    if info.kind in ("value", "module"):
        call = COURSE_CALLS.get(binding.role, f"{binding.role}(board, player)")
        return f"{say} is {info.type_name and 'a ' + info.type_name or 'a value'}, which cannot be called as {call}"
    return None


def _probe(course: InstructorRoles, role: str, binding: InstructorBinding) -> str | None:
    """Call a bound role once, on a position the course would ask it about; why the expression fails there."""
    game = course.game
    start = game.initial_state()
    board, player = game.to_course(start), game.to_move(start)
    reply = {"initial_state": lambda: course.initial_state(),
             "actions": lambda: course.actions(board, player),
             "result": lambda: course.result(board, player, game.actions(start)[0]),
             "terminal": lambda: course.terminal(board),
             # a utility may refuse a game that goes on: it is asked on a finished one
             "utility": lambda: course.utility(game.to_course(next(finished_games(game, seed=0))), 1)}[role]()
    return _raised(binding, reply.error, COURSE_CALLS[role]) if not reply.ok and reply.kind == "exception" else None


def _raised(binding: InstructorBinding, error: str, call: str) -> str:
    """The error of an expression that raised (``error`` as the sandbox says it: ``raised NameError: ...``)."""
    return f"{binding.where}: {binding.role}: `{binding.expression}`, called as {call}, {error}"
