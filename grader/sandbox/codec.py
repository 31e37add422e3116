"""The plain-data codec between the grader and a sandboxed worker.

Nothing a worker sends is ever unpickled or evaluated: values cross as JSON in which every
non-JSON type is an object tagged with ``"$"``. The worker side *encodes* (and converts a
student's subclasses of int/str/list/... into the plain base type, so an object with a lying
``__eq__`` or ``__bool__`` never leaves the worker); the grader side *decodes* strictly into
fresh plain objects and rejects anything it does not know.

Supported: None, bool, int, float (NaN/inf tagged), complex, str, bytes (bytearray becomes
bytes), list, tuple, set, frozenset, dict (any hashable plain keys), numpy arrays and numpy
scalars of bool / integer / float / complex / unicode / bytes dtypes (dtype + shape + raw data),
attribute dicts (:class:`AttrDict`, Kaggle's ``config.rows``), and named tuples and dataclass instances as
*records* (type name, field names, values): textbook game states are
``GameState(to_move, utility, board, moves)``, other students write ``@dataclass class State``. The grader
decodes a record into a named tuple of its own making; the worker into the submission's own class of
that name and fields when it has one (:data:`record_classes`), so ``state.moves`` works in the
student's code.

This module is also executed inside the worker, so it imports only the standard library
(numpy only when it is already imported).
"""

from __future__ import annotations

import base64
import collections
import json
import keyword
import math
import sys
from dataclasses import dataclass
from typing import Any

#: numpy dtype kinds that may cross: bool, signed, unsigned, float, complex, unicode, bytes
ARRAY_KINDS = frozenset("biufcUS")


class CodecError(ValueError):
    """A value that is not plain data (worker side) or a message that is not valid (grader side)."""


@dataclass(frozen=True)
class CodecLimits:
    """Bounds on one encoded value; a result past them is rejected, never truncated."""

    max_depth: int = 64
    max_items: int = 1_000_000
    max_bytes: int = 16 * 1024 * 1024


DEFAULT_LIMITS = CodecLimits()

class AttrDict(dict):
    """A dict whose keys read as attributes too (``config.rows``): Kaggle's ConnectX passes its
    configuration so, and student helpers written for it take one."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


#: in the worker, the submission's own named-tuple classes: (name, fields) -> class (set by the worker)
record_classes: Any = None
_RECORDS: dict[tuple[str, tuple[str, ...]], type] = {}  # named tuples made by the codec, per (name, fields)


# ----------------------------------------------------------------------------------- encode


def encode(value: Any, limits: CodecLimits = DEFAULT_LIMITS) -> Any:
    """Turn ``value`` into a JSON-compatible tree; raises :class:`CodecError` naming where it failed.

    Subclasses of the built-in types are converted to the base type through the base type's
    own methods, so overridden ``__iter__``/``__eq__``/``__int__`` are never consulted.
    """
    budget = [limits.max_items]
    return _encode(value, limits.max_depth, budget, "value")


def _count_item(budget: list, where: str) -> None:
    """Spend one item of a message's budget, or refuse the message. Encoding and decoding walk a tree under
    the same two limits (:class:`CodecLimits`), so a limit is enforced, and said, the same way both ways."""
    budget[0] -= 1
    if budget[0] < 0:
        raise CodecError(f"{where}: too many items (more than the limit of plain values)")


def _one_level_down(depth: int, where: str) -> int:
    """The depth left inside a container at ``where``, or refuse a tree nested deeper than the limit (the
    other limit both walks share)."""
    if depth <= 0:
        raise CodecError(f"{where}: nested too deeply")
    return depth - 1


def _encode(x: Any, depth: int, budget: list, where: str) -> Any:
    _count_item(budget, where)
    t = type(x)
    if x is None or t is bool or t is int or t is str:
        return x
    if t is float:
        return x if math.isfinite(x) else {"$": "float", "v": repr(x)}
    depth = _one_level_down(depth, where)
    if t is list:
        return [_encode(v, depth, budget, f"{where}[{i}]") for i, v in enumerate(x)]
    if t is tuple:
        return {"$": "tuple", "v": [_encode(v, depth, budget, f"{where}[{i}]") for i, v in enumerate(x)]}
    if t is dict:
        return _encode_dict(list(x.items()), depth, budget, where)
    if t is AttrDict and all(type(k) is str for k in x):
        return {"$": "attrdict", "v": {k: _encode(v, depth, budget, f"{where}.{k}") for k, v in dict.items(x)}}
    np = sys.modules.get("numpy")
    if np is not None:
        if issubclass(t, np.ndarray):
            a = np.ndarray.view(x, np.ndarray)
            if a.dtype.kind == "O" and a.dtype.fields is None:  # np.full((6, 7), None): its items, one by one
                items = [_encode(v, depth, budget, f"{where}[{i}]") for i, v in enumerate(a.ravel(order="C").tolist())]
                return {"$": "objarray", "shape": [int(n) for n in a.shape], "v": items}
            return _encode_array(np, a, where)
        if issubclass(t, np.generic) and not issubclass(t, (str, bytes)):
            return _encode_numpy_scalar(np, x, t, where)  # np.str_/np.bytes_ go on as str/bytes subclasses
    # Subclasses of built-ins: read them through the base type's own slots.
    if issubclass(t, bool):  # pragma: no cover - bool cannot be subclassed
        return bool(x)
    if issubclass(t, int):
        return int.__int__(x)
    if issubclass(t, float):
        return _encode(float.__float__(x), depth, budget, where)
    if issubclass(t, str):
        return str.__str__(x)
    if issubclass(t, complex):
        parts = (complex.__dict__["real"].__get__(x), complex.__dict__["imag"].__get__(x))
        return {"$": "complex", "v": [_encode(p, depth, budget, where) for p in parts]}
    if issubclass(t, bytes):
        return {"$": "bytes", "b64": base64.b64encode(bytes.__getitem__(x, slice(None))).decode("ascii")}
    if issubclass(t, bytearray):
        return {"$": "bytes", "b64": base64.b64encode(bytes(bytearray.copy(x))).decode("ascii")}
    if issubclass(t, list):
        items = list(list.__iter__(x))
        return [_encode(v, depth, budget, f"{where}[{i}]") for i, v in enumerate(items)]
    if issubclass(t, tuple):
        items = list(tuple.__iter__(x))
        fields = _record_fields(t, len(items))
        if fields is not None:
            return {"$": "record", "name": t.__name__, "fields": list(fields),
                    "v": [_encode(v, depth, budget, f"{where}.{f}") for f, v in zip(fields, items)]}
        return {"$": "tuple", "v": [_encode(v, depth, budget, f"{where}[{i}]") for i, v in enumerate(items)]}
    if issubclass(t, dict):
        return _encode_dict(list(dict.items(x)), depth, budget, where)
    if issubclass(t, frozenset):
        return {"$": "frozenset", "v": [_encode(v, depth, budget, f"{where}{{}}") for v in frozenset.__iter__(x)]}
    if issubclass(t, set):
        return {"$": "set", "v": [_encode(v, depth, budget, f"{where}{{}}") for v in set.__iter__(x)]}
    fields = dataclass_fields(t)
    if fields is not None:  # a dataclass instance: its fields, read without running its methods
        own = object.__getattribute__(x, "__dict__") if hasattr(x, "__dict__") else {}
        if all(f in own for f in fields):
            return {"$": "record", "name": t.__name__, "fields": list(fields),
                    "v": [_encode(own[f], depth, budget, f"{where}.{f}") for f in fields]}
    raise CodecError(f"{where}: {_type_name(t)} is not plain data (return lists, tuples, dicts, "
                     "numbers, strings or numpy arrays)")


def dataclass_fields(t: type) -> tuple[str, ...] | None:
    """The fields a dataclass's constructor takes, in order, when every field is one (so that the class
    can be rebuilt from them); None for any other class."""
    declared = next((c.__dict__["__dataclass_fields__"] for c in t.__mro__ if "__dataclass_fields__" in c.__dict__),
                    None)
    if type(declared) is not dict:
        return None
    fields = [f for f in declared.values()
              if type(f).__name__ == "Field" and str(getattr(f, "_field_type", "")) == "_FIELD"]
    if not fields or not all(f.init is True for f in fields) or not _identifiers(t.__name__, *(f.name for f in fields)):
        return None
    return tuple(f.name for f in fields)


def _record_fields(t: type, length: int) -> tuple[str, ...] | None:
    """The field names of a named-tuple class, or None for any other tuple subclass."""
    fields = next((c.__dict__["_fields"] for c in t.__mro__ if "_fields" in c.__dict__), None)
    if type(fields) is tuple and len(fields) == length and _identifiers(t.__name__, *fields):
        return fields
    return None


def _identifiers(*names: object) -> bool:
    return all(type(n) is str and n.isidentifier() and not keyword.iskeyword(n) and not n.startswith("_")
               for n in names)


def _encode_dict(items: list, depth: int, budget: list, where: str) -> Any:
    if all(type(k) is str for k, _ in items):
        return {"$": "dict", "v": {k: _encode(v, depth, budget, f"{where}[{k!r}]") for k, v in items}}
    out = []
    for k, v in items:
        ek = _encode(k, depth, budget, f"{where} key")
        out.append([ek, _encode(v, depth, budget, f"{where}[{_short_repr(ek)}]")])
    return {"$": "dict", "items": out}


def _encode_array(np: Any, a: Any, where: str) -> Any:
    dt = a.dtype
    if dt.kind not in ARRAY_KINDS or dt.fields is not None or dt.subdtype is not None:
        raise CodecError(f"{where}: numpy array of dtype {dt!s} is not plain data "
                         "(only bool, integer, float, complex and string dtypes)")
    raw = np.ndarray.tobytes(a, order="C")
    return {"$": "ndarray", "dtype": dt.str, "shape": [int(n) for n in a.shape],
            "b64": base64.b64encode(raw).decode("ascii")}


def _encode_numpy_scalar(np: Any, x: Any, t: type, where: str) -> Any:
    dt = np.dtype(t) if t.__module__ == "numpy" else None
    if dt is None or dt.kind not in ARRAY_KINDS or dt.type is not t:
        raise CodecError(f"{where}: numpy scalar of type {_type_name(t)} is not plain data")
    raw = np.ndarray.tobytes(np.array(x, dtype=dt))
    return {"$": "npscalar", "dtype": dt.str, "b64": base64.b64encode(raw).decode("ascii")}


def _type_name(t: type) -> str:
    try:
        name = type.__dict__["__qualname__"].__get__(t)
        module = type.__dict__["__module__"].__get__(t)
        return f"{module}.{name}" if module not in ("builtins", None) else str(name)
    except Exception:  # a hostile metaclass
        return "<unknown type>"


def _short_repr(x: Any) -> str:
    try:
        return json.dumps(x)[:40]
    except Exception:
        return "?"


def dumps(value: Any, limits: CodecLimits = DEFAULT_LIMITS) -> bytes:
    """Encode ``value`` and serialise it to UTF-8 JSON bytes (within ``limits.max_bytes``)."""
    data = json.dumps(encode(value, limits), separators=(",", ":"), allow_nan=False,
                      ensure_ascii=False).encode("utf-8", "surrogatepass")
    if len(data) > limits.max_bytes:
        raise CodecError(f"value: {len(data)} bytes encoded, more than the limit of {limits.max_bytes}")
    return data


# ----------------------------------------------------------------------------------- decode


def decode(tree: Any, limits: CodecLimits = DEFAULT_LIMITS) -> Any:
    """Rebuild fresh plain objects from an encoded tree; raises :class:`CodecError` on anything else."""
    budget = [limits.max_items]
    return _decode(tree, limits.max_depth + 1, budget, "value")


def loads(data: bytes, limits: CodecLimits = DEFAULT_LIMITS) -> Any:
    """Parse JSON bytes from a worker and decode them strictly (see :func:`decode`)."""
    return decode(parse(data, limits), limits)


def parse(data: bytes, limits: CodecLimits = DEFAULT_LIMITS) -> Any:
    """Parse JSON bytes (no NaN/Infinity literals, bounded size) without decoding tags."""
    if len(data) > limits.max_bytes:
        raise CodecError(f"message of {len(data)} bytes is over the limit of {limits.max_bytes}")
    try:
        tree = json.loads(data, parse_constant=_reject_constant)
    except RecursionError:
        raise CodecError("message nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as e:
        raise CodecError(f"message is not valid JSON: {e}") from None
    return tree


def _reject_constant(name: str) -> Any:
    raise CodecError(f"bare {name} is not allowed (non-finite floats are tagged)")


def _decode(x: Any, depth: int, budget: list, where: str) -> Any:
    _count_item(budget, where)
    t = type(x)
    if x is None or t is bool or t is int or t is str or t is float:  # JSON's floats are finite: parse refuses others
        return x
    depth = _one_level_down(depth, where)
    if t is list:
        return [_decode(v, depth, budget, f"{where}[{i}]") for i, v in enumerate(x)]
    if t is not dict:  # pragma: no cover - json.loads makes nothing else
        raise CodecError(f"{where}: unexpected {t.__name__}")
    tag = x.get("$")
    if tag == "tuple":
        return tuple(_decode(v, depth, budget, f"{where}[{i}]") for i, v in enumerate(_field(x, "v", list, where)))
    if tag == "record":
        name, fields, values = _field(x, "name", str, where), _field(x, "fields", list, where), _field(x, "v", list, where)
        if len(fields) != len(values) or not _identifiers(name, *fields) or len(set(fields)) != len(fields):
            raise CodecError(f"{where}: a record needs a name and as many distinct field names as values")
        cls = _record_class(name, tuple(fields))
        return cls(*(_decode(v, depth, budget, f"{where}.{f}") for f, v in zip(fields, values)))
    if tag == "attrdict":
        return AttrDict({k: _decode(v, depth, budget, f"{where}.{k}") for k, v in _field(x, "v", dict, where).items()})
    if tag == "dict":
        if "v" in x:
            return {k: _decode(v, depth, budget, f"{where}[{k!r}]") for k, v in _field(x, "v", dict, where).items()}
        out = {}
        for pair in _field(x, "items", list, where):
            if type(pair) is not list or len(pair) != 2:
                raise CodecError(f"{where}: dict items must be [key, value] pairs")
            key = _hashable(_decode(pair[0], depth, budget, f"{where} key"), where)
            out[key] = _decode(pair[1], depth, budget, f"{where}[{key!r}]")
        return out
    if tag in ("set", "frozenset"):
        items = [_hashable(_decode(v, depth, budget, f"{where}{{}}"), where) for v in _field(x, "v", list, where)]
        return set(items) if tag == "set" else frozenset(items)
    if tag == "float":
        v = _field(x, "v", str, where)
        if v not in ("nan", "inf", "-inf"):
            raise CodecError(f"{where}: bad float tag {v!r}")
        return float(v)
    if tag == "complex":
        parts = [_decode(p, depth, budget, where) for p in _field(x, "v", list, where)]
        if len(parts) != 2 or any(type(p) is not float for p in parts):
            raise CodecError(f"{where}: complex must be two floats")
        return complex(*parts)
    if tag == "bytes":
        return _b64(x, where)
    if tag in ("ndarray", "npscalar"):
        return _decode_numpy(x, tag, where)
    if tag == "objarray":
        return _decode_object_array(x, depth, budget, where)
    raise CodecError(f"{where}: unknown tag {str(tag)[:40]!r}")


def record(name: str, fields: tuple[str, ...], values: list[Any]) -> tuple:
    """A named tuple ``name(fields)`` holding ``values``, which crosses to the worker as a record."""
    if not _identifiers(name, *fields):
        raise CodecError(f"a record needs identifiers, got {name!r}{fields!r}")
    return _record_class(name, tuple(fields))(*values)


def _record_class(name: str, fields: tuple[str, ...]) -> type:
    """The submission's own class for a record (in the worker), else a named tuple made here once."""
    own = record_classes(name, fields) if record_classes is not None else None
    if own is not None:
        return own
    if (name, fields) not in _RECORDS:
        if len(_RECORDS) > 256:
            raise CodecError("too many kinds of record")
        _RECORDS[(name, fields)] = collections.namedtuple(name, fields)
    return _RECORDS[(name, fields)]


def _field(x: dict, name: str, kind: type, where: str) -> Any:
    v = x.get(name)
    if type(v) is not kind:
        raise CodecError(f"{where}: tagged {x.get('$')!r} needs a {kind.__name__} field {name!r}")
    return v


def _hashable(v: Any, where: str) -> Any:
    try:
        hash(v)
    except TypeError:
        raise CodecError(f"{where}: key or set item of type {type(v).__name__} is not hashable") from None
    return v


def _b64(x: dict, where: str) -> bytes:
    try:
        return base64.b64decode(_field(x, "b64", str, where), validate=True)
    except ValueError as e:
        raise CodecError(f"{where}: bad base64 data: {e}") from None


def _decode_object_array(x: dict, depth: int, budget: list, where: str) -> Any:
    """A numpy array of dtype object, each item plain data decoded like any other."""
    import numpy as np

    shape = _field(x, "shape", list, where)
    if len(shape) > 32 or any(type(n) is not int or n < 0 for n in shape):
        raise CodecError(f"{where}: bad array shape {shape[:8]!r}")
    items = [_decode(v, depth, budget, f"{where}[{i}]") for i, v in enumerate(_field(x, "v", list, where))]
    if len(items) != math.prod(shape):
        raise CodecError(f"{where}: array of shape {tuple(shape)} needs {math.prod(shape)} items, got {len(items)}")
    out = np.empty(len(items), dtype=object)
    for i, v in enumerate(items):
        out[i] = v
    return out.reshape(shape)


def _decode_numpy(x: dict, tag: str, where: str) -> Any:
    import numpy as np

    try:
        dt = np.dtype(_field(x, "dtype", str, where))
    except TypeError as e:
        raise CodecError(f"{where}: bad dtype: {e}") from None
    if dt.kind not in ARRAY_KINDS or dt.fields is not None or dt.subdtype is not None or dt.itemsize == 0:
        raise CodecError(f"{where}: dtype {dt!s} is not allowed")
    raw = _b64(x, where)
    if tag == "npscalar":
        if len(raw) != dt.itemsize:
            raise CodecError(f"{where}: numpy scalar needs {dt.itemsize} bytes, got {len(raw)}")
        return np.frombuffer(raw, dtype=dt)[0]
    shape = _field(x, "shape", list, where)
    if len(shape) > 32 or any(type(n) is not int or n < 0 for n in shape):
        raise CodecError(f"{where}: bad array shape {shape[:8]!r}")
    count = math.prod(shape)
    if count * dt.itemsize != len(raw):
        raise CodecError(f"{where}: array of shape {tuple(shape)} and dtype {dt!s} needs "
                         f"{count * dt.itemsize} bytes, got {len(raw)}")
    return np.frombuffer(raw, dtype=dt).reshape(shape).copy()
