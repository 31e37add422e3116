"""The instructor's ``bindings.yaml``: roles bound by hand, one line each, read with their line numbers.

::

    "*":                      # every submission
      actions: "lambda board: Game(1, board=board).actions()"
    alice_connect4:           # one submission, by its file name without the extension
      result: "lambda board, player, action: Game(player, board=board).result(action).board"
      alpha_beta_player: "lambda board, player: Search(depth=4).best(Game(player, board=board))"

A role name is one of the rubric's function roles or agent labels; its value is a Python expression,
evaluated in the student's namespace in the sandbox and called as the course template calls the role
(``grader.adapt.instructor_bindings``). A submission's own entry wins over ``"*"``. Mistakes in the file's
shape (not YAML, not a mapping, an unknown role, a value that is not text) stop the run with the file
and line; an expression that does not work is the role's result, said with its file and line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Collection, Mapping

import yaml

#: the file ``grader grade`` looks for beside the submissions
BINDINGS_FILE = "bindings.yaml"
#: the key that binds a role for every submission
EVERY_SUBMISSION = "*"


class BindingsError(ValueError):
    """A ``bindings.yaml`` whose shape is wrong; the message names the file and line."""


@dataclass(frozen=True)
class InstructorBinding:
    """One role bound by hand: the expression, and where it is written (for messages)."""

    role: str
    expression: str
    file: str  # the file's name, as messages show it
    line: int  # 1-based

    @property
    def where(self) -> str:
        return f"{self.file}, line {self.line}"


@dataclass(frozen=True)
class BindingsFile:
    """A read ``bindings.yaml``: by submission name (``"*"`` for all), role -> binding. Plain data, so
    that it travels to grading processes and cluster workers as it is."""

    path: str
    by_submission: dict[str, dict[str, InstructorBinding]] = field(default_factory=dict)
    key_lines: dict[str, int] = field(default_factory=dict)  # submission name -> its line

    def for_submission(self, name: str, roles: Collection[str] | None = None) -> dict[str, InstructorBinding]:
        """The bindings that apply to submission ``name`` (its own over ``"*"``), only of ``roles`` if given."""
        merged = {**self.by_submission.get(EVERY_SUBMISSION, {}), **self.by_submission.get(name, {})}
        return {role: b for role, b in merged.items() if roles is None or role in roles}

    def unknown_submissions(self, names: Collection[str]) -> list[str]:
        """Warnings for keys that name none of ``names`` (a typo binds nothing), with their lines."""
        return [f"{self.path}, line {line}: no submission is named {key!r} (keys are file names without the "
                f"extension, or \"*\" for every submission)"
                for key, line in self.key_lines.items() if key != EVERY_SUBMISSION and key not in names]


def read_bindings(path: str | Path, roles: Collection[str]) -> BindingsFile:
    """Read ``path``; ``roles`` are the names a role may have (the rubric's roles and agent labels).
    Raises :class:`BindingsError` naming the file and line of the first mistake."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise BindingsError(f"{path}: cannot be read: {e}") from None
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f", line {mark.line + 1}" if mark is not None else ""
        raise BindingsError(f"{path}{where}: not valid YAML: {getattr(e, 'problem', None) or e}") from None
    found = BindingsFile(str(path))
    if root is None:  # an empty file binds nothing
        return found
    for key, value in _pairs(path, root, "the file", "submission names (or \"*\")"):
        name = _text(path, key, "a submission name")
        if name in found.by_submission:
            raise BindingsError(f"{path}, line {_line(key)}: {name!r} appears twice (first on line "
                                f"{found.key_lines[name]})")
        found.key_lines[name] = _line(key)
        bound: dict[str, InstructorBinding] = {}
        for role_key, expression in _pairs(path, value, repr(name), "role names"):
            role = _text(path, role_key, "a role name")
            if role not in roles:
                raise BindingsError(f"{path}, line {_line(role_key)}: {role!r} is not a role or agent label of the "
                                    f"rubric (known: {', '.join(sorted(roles))})")
            if role in bound:
                raise BindingsError(f"{path}, line {_line(role_key)}: {role!r} is bound twice for {name!r}")
            if not (isinstance(expression, yaml.ScalarNode) and expression.tag == "tag:yaml.org,2002:str") \
                    or not expression.value.strip():
                raise BindingsError(f"{path}, line {_line(expression)}: {name}.{role} must be a Python expression "
                                    "written as text, e.g. \"lambda board: Game(1, board=board).actions()\"")
            bound[role] = InstructorBinding(role, expression.value.strip(), path.name, _line(expression))
        found.by_submission[name] = bound
    return found


def fingerprint_part(bindings: Mapping[str, InstructorBinding]) -> str:
    """What a submission's grade depends on in its bindings: the roles and their expressions (not their
    lines, so that a line added for another student regrades nobody else)."""
    return json.dumps(sorted((role, b.expression) for role, b in bindings.items())) if bindings else ""


def _pairs(path: Path, node: yaml.Node, what: str, keys: str) -> list[tuple[yaml.Node, yaml.Node]]:
    if not isinstance(node, yaml.MappingNode):
        raise BindingsError(f"{path}, line {_line(node)}: {what} must map {keys} to their bindings")
    return list(node.value)


def _text(path: Path, node: yaml.Node, what: str) -> str:
    if not isinstance(node, yaml.ScalarNode) or not str(node.value).strip():
        raise BindingsError(f"{path}, line {_line(node)}: expected {what}")
    return str(node.value)


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1
