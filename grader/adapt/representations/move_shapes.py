"""How a submission writes its moves, learned from examples instead of chosen from a list.

An example pairs a move as the student wrote it with the course move it stands for, matched through the board the
student's own ``result`` makes of it. The course move is a tuple of numbers, its *fields* (Mean Connect 4:
``(column,)`` for a drop, ``(from, to)`` for a mean move). A :class:`MoveShape` is what every example of one kind of
move has in common: the same nesting of tuples, lists, named tuples, dicts and strings, and for each leaf (an item, a
dict value, a number inside a string) one role: a field (perhaps 1-based or negated), the mover's id, or a constant.
Writing a course move fills the shape in; reading a student's move matches it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from grader.adapt.representations.base import NotThisRepresentation, plain, same_mark
from grader.sandbox import codec

#: a leaf's role: ("field", index, sign, offset) is ``sign * field + offset``; ("mover",); ("const", value)
Role = tuple
_NUMBER = re.compile(r"(-?\d+)")
#: (sign, offset) of a field in a leaf, the plain writing first; negative columns count from -1
_FIELD_FORMS = ((1, 0), (1, 1), (-1, -1), (-1, 0), (1, -1), (-1, 1))


def skeleton(value: Any) -> tuple:
    """The nesting of ``value`` without its leaves: equal skeletons mean the same way of writing."""
    value = plain(value)
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return ("record", type(value).__name__, tuple(value._fields), tuple(skeleton(v) for v in value))
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, tuple(skeleton(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple(value), tuple(skeleton(v) for v in value.values()))
    if isinstance(value, str) and _NUMBER.search(value):
        return ("text", tuple(_NUMBER.split(value)[0::2]))
    return ("leaf",)


def leaves(value: Any) -> list[Any]:
    """The leaves of ``value`` in the order :func:`skeleton` walks them (numbers in a string as ints)."""
    value = plain(value)
    if isinstance(value, (tuple, list)):
        return [leaf for v in value for leaf in leaves(v)]
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in leaves(v)]
    if isinstance(value, str) and _NUMBER.search(value):
        return [int(n) for n in _NUMBER.split(value)[1::2]]
    return [int(value)] if isinstance(value, float) and value.is_integer() else [value]


def _roles(leaf: Any, fields: Sequence[int], mover: Any) -> list[Role]:
    """Every role a leaf could play in one example, the likeliest first."""
    out: list[Role] = []
    if isinstance(leaf, int) and not isinstance(leaf, bool):
        out += [("field", i, sign, offset) for sign, offset in _FIELD_FORMS for i, f in enumerate(fields)
                if leaf == sign * f + offset]
    if same_mark(leaf, mover):
        out.append(("mover",))
    return out + [("const", leaf)]


@dataclass(frozen=True)
class MoveShape:
    """One way of writing one kind of move: a skeleton and the role of each of its leaves."""

    skeleton: tuple
    roles: tuple[Role, ...]

    @classmethod
    def learn(cls, examples: Sequence[tuple[Any, tuple[int, ...], Any]]) -> MoveShape | None:
        """The shape that the (student's move, course fields, mover's id) examples share, or None: the commonest
        skeleton, each leaf the first role every example allows, and a leaf for every field (to write every move)."""
        if not examples:
            return None
        common, _ = Counter(skeleton(v) for v, _, _ in examples).most_common(1)[0]
        chosen = [(leaves(v), fields, mover) for v, fields, mover in examples if skeleton(v) == common]
        roles = []
        for k in range(len(chosen[0][0])):  # the roles the first example allows that every other allows too
            allowed = [r for r in _roles(chosen[0][0][k], chosen[0][1], chosen[0][2])
                       if all(r in _roles(values[k], fields, mover) for values, fields, mover in chosen[1:])]
            if not allowed:
                return None
            roles.append(allowed[0])
        if {r[1] for r in roles if r[0] == "field"} != set(range(len(chosen[0][1]))):
            return None
        return cls(common, tuple(roles))

    def write(self, fields: Sequence[int], mover: Any) -> Any:
        """The student's move for the course move ``fields``, made by ``mover`` (the student's id)."""
        return _fill(self.skeleton, iter(self._leaf(role, fields, mover) for role in self.roles))

    def read(self, value: Any) -> tuple[int, ...]:
        """The course fields of a student's move written in this shape; raises NotThisRepresentation."""
        if skeleton(value) != self.skeleton:
            raise NotThisRepresentation(f"{value!r} is not written as {self.describe()}")
        fields: dict[int, int] = {}
        for leaf, role in zip(leaves(value), self.roles):
            if role[0] == "const" and not same_mark(leaf, role[1]):
                raise NotThisRepresentation(f"{value!r} has {leaf!r} where {role[1]!r} belongs")
            if role[0] == "field":
                if not isinstance(leaf, int) or isinstance(leaf, bool):
                    raise NotThisRepresentation(f"{leaf!r} in {value!r} is not a column")
                _, index, sign, offset = role
                got = sign * (leaf - offset)
                if fields.setdefault(index, got) != got:
                    raise NotThisRepresentation(f"{value!r} names two different columns for one")
        return tuple(fields[i] for i in sorted(fields))

    def describe(self, names: Sequence[str] = ("column",)) -> str:
        """The shape with placeholders, e.g. ``{'kind': 'mean', 'src': from, 'dst': to}``."""
        def word(role: Role) -> Any:
            if role[0] == "const":
                return repr(role[1])
            if role[0] == "mover":
                return "player"
            _, index, sign, offset = role
            name = names[index] if index < len(names) else f"field{index}"
            return {(1, 0): name, (1, 1): f"{name}+1", (-1, -1): f"-{name}-1", (-1, 0): f"-{name}",
                    (1, -1): f"{name}-1", (-1, 1): f"1-{name}"}[(sign, offset)]
        return _render(self.skeleton, iter(word(r) for r in self.roles))

    @staticmethod
    def _leaf(role: Role, fields: Sequence[int], mover: Any) -> Any:
        if role[0] == "const":
            return role[1]
        if role[0] == "mover":
            return mover
        _, index, sign, offset = role
        return sign * int(fields[index]) + offset


def _fill(shape: tuple, values: Any) -> Any:
    kind = shape[0]
    if kind == "leaf":
        return next(values)
    if kind == "text":
        literals = shape[1]
        return "".join(lit + (str(next(values)) if k < len(literals) - 1 else "") for k, lit in enumerate(literals))
    if kind == "record":
        return codec.record(shape[1], shape[2], [_fill(s, values) for s in shape[3]])
    if kind == "dict":
        return {key: _fill(s, values) for key, s in zip(shape[1], shape[2])}
    items = [_fill(s, values) for s in shape[1]]
    return items if kind == "list" else tuple(items)


def _render(shape: tuple, words: Any) -> str:
    kind = shape[0]
    if kind == "leaf":
        return str(next(words))
    if kind == "text":
        literals = shape[1]
        inner = "".join(lit + ("{" + str(next(words)) + "}" if k < len(literals) - 1 else "")
                        for k, lit in enumerate(literals))
        return repr(inner)
    if kind == "record":
        return f"{shape[1]}({', '.join(_render(s, words) for s in shape[3])})"
    if kind == "dict":
        return "{" + ", ".join(f"{key!r}: {_render(s, words)}" for key, s in zip(shape[1], shape[2])) + "}"
    items = [_render(s, words) for s in shape[1]]
    if kind == "list":
        return "[" + ", ".join(items) + "]"
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def move_kind(action: Any) -> tuple[Any, tuple[int, ...]]:
    """A course move split into its kind and its fields: the numbers are the fields, the rest is the kind
    (``3`` -> ``((), (3,))``; ``('h', 1, 2)`` -> ``(('h', None, None), (1, 2))``; ``(1, 4)`` ->
    ``((None, None), (1, 4))``). Each kind of move is learned as its own shape."""
    if isinstance(action, tuple):
        numbers = tuple(int(a) for a in action if isinstance(a, int) and not isinstance(a, bool))
        return tuple(None if isinstance(a, int) and not isinstance(a, bool) else a for a in action), numbers
    return (), (int(action),)


def course_move(kind: tuple, fields: Sequence[int]) -> Any:
    """The course move of ``kind`` with ``fields`` (:func:`move_kind` undone)."""
    if kind == ():
        return fields[0]
    numbers = iter(fields)
    return tuple(next(numbers) if slot is None else slot for slot in kind)


#: what the fields of a move are called in feedback, in order
FIELD_NAMES = ("a", "b", "c", "d")


class LearnedMoves:
    """A board reading whose moves are written as the student's own are, learned per kind of move (any writing:
    1-based, text, dicts, the mover inside); everything else, and kinds no example showed, as the reading wrapped."""

    action_kind = "learned"

    def __init__(self, inner: Any, shapes: dict[tuple, MoveShape], game: Any) -> None:
        self.inner, self.shapes, self.game = inner, dict(shapes), game

    def __getattr__(self, name: str) -> Any:  # the wrapped reading's, re-wrapped where it makes another
        if name.startswith("__") or name in ("inner", "shapes", "game"):  # not set yet (a copy, unpickling)
            raise AttributeError(name)
        value = getattr(self.inner, name)
        if not callable(value) or name.startswith("_"):
            return value

        def rewrapped(*args: Any, **kwargs: Any) -> Any:
            out = value(*args, **kwargs)
            return LearnedMoves(out, self.shapes, self.game) if hasattr(out, "decode_board") else out
        return rewrapped

    def at_size(self, rows: int, cols: int, game: Any) -> "LearnedMoves":
        return LearnedMoves(self.inner.at_size(rows, cols, game), self.shapes, game)

    def encode_action(self, action: Any, board: Any, player: int | None = None) -> Any:
        kind, fields = move_kind(action)
        shape = self.shapes.get(kind)
        if shape is None:
            return self.inner.encode_action(action, board, player)
        if player is None and board is not None:  # the mover, where the move says who makes it
            try:
                player = self.game.to_move(self.game.from_course(board))
            except ValueError:
                player = 1
        return shape.write(fields, self.inner.encode_player(player) if player is not None else None)

    def decode_action(self, action: Any, board: Any) -> Any:
        value = plain(action)
        value = value.tolist() if hasattr(value, "tolist") else value
        for kind, shape in self.shapes.items():
            try:
                return course_move(kind, shape.read(value))
            except (NotThisRepresentation, StopIteration):
                continue
        return self.inner.decode_action(action, board)

    def describe(self) -> str:
        written = "; ".join(f"{_example(kind)} as {shape.describe(FIELD_NAMES)}" for kind, shape in self.shapes.items())
        return f"{self.inner.describe()}; but moves written as yours are: {written}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LearnedMoves) and (self.inner, self.shapes) == (other.inner, other.shapes)

    def __hash__(self) -> int:
        return hash(("learned", self.inner))

    def __repr__(self) -> str:
        return f"<LearnedMoves: {self.describe()}>"


def _example(kind: tuple) -> str:
    """A kind of course move with its fields named: ``a``, ``('h', a, b)``, ``(a, b)``."""
    if kind == ():
        return FIELD_NAMES[0]
    names = iter(FIELD_NAMES)
    return "(" + ", ".join(next(names) if slot is None else repr(slot) for slot in kind) + ")"
