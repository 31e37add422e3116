"""The plain-data codec: round trips, explicit conversion of subclasses, strict rejection."""

from __future__ import annotations

import json
import math
from collections import OrderedDict, namedtuple

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grader.sandbox import codec
from grader.sandbox.codec import CodecError, CodecLimits


def roundtrip(value):
    return codec.loads(codec.dumps(value))


plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text() | st.binary(),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=5) | st.integers(), inner, max_size=4)
    | st.frozensets(st.integers() | st.text(max_size=3), max_size=4),
    max_leaves=20)


@given(plain)
def test_plain_values_round_trip_with_their_exact_types(value):
    back = roundtrip(value)
    assert back == value
    assert json.dumps(repr(type(back))) == json.dumps(repr(type(value)))


def test_tuple_set_and_non_string_keys_keep_their_type():
    value = {(1, "h"): {1, 2}, 3: frozenset({"a"}), "s": (1, [2, (3,)])}
    back = roundtrip(value)
    assert back == value and type(back["s"]) is tuple and type(back[3]) is frozenset


def test_non_finite_floats_and_complex_round_trip():
    back = roundtrip([math.inf, -math.inf, math.nan, 1 + 2j])
    assert back[0] == math.inf and back[1] == -math.inf and math.isnan(back[2]) and back[3] == 1 + 2j


@pytest.mark.parametrize("dtype", ["int8", "int64", "uint16", "float32", "float64", "bool", "<U1", "complex128"])
def test_numpy_arrays_round_trip_with_dtype_and_shape(dtype):
    a = np.arange(42).reshape(6, 7).astype(dtype)
    back = roundtrip(a)
    assert back.dtype == a.dtype and back.shape == (6, 7) and (back == a).all()
    assert back.flags.writeable and back.flags.owndata


def test_numpy_scalars_keep_their_dtype():
    for x in (np.int64(3), np.float32(0.5), np.bool_(True)):
        back = roundtrip(x)
        assert type(back) is type(x) and back == x


def test_non_contiguous_array_is_sent_in_c_order():
    a = np.arange(12).reshape(3, 4).T
    assert (roundtrip(a) == a).all()


def test_subclasses_come_back_as_the_plain_base_type():
    class Liar(int):
        def __eq__(self, other):
            return True

        __hash__ = int.__hash__

    class Weird(list):
        def __iter__(self):
            return iter(["lie"])

    Point = namedtuple("Point", "x y")
    back = roundtrip([Liar(5), Weird([1, 2]), Point(1, 2), OrderedDict(a=1), True])
    assert back == [5, [1, 2], (1, 2), {"a": 1}, True]
    assert [type(v) for v in back] == [int, list, type(back[2]), dict, bool]
    assert type(back[2]) is not Point and back[2]._fields == ("x", "y")  # a record: the codec's own named tuple


def test_object_with_lying_eq_is_rejected_naming_where():
    class Liar:
        def __eq__(self, other):
            return True

    with pytest.raises(CodecError, match=r"value\[1\]\['move'\].*Liar.*not plain data"):
        codec.encode([0, {"move": Liar()}])


def test_object_arrays_cross_item_by_item_and_structured_dtypes_are_rejected():
    board = np.full((2, 3), None, dtype=object)
    board[1, 2] = "red"
    back = codec.decode(codec.encode(board))
    assert back.dtype == object and back.shape == (2, 3) and back[1, 2] == "red" and back[0, 0] is None
    with pytest.raises(CodecError, match=r"value\[0\]: object is not plain data"):
        codec.encode(np.array([object()]))
    with pytest.raises(CodecError, match="not plain data"):
        codec.encode(np.zeros(2, dtype=[("a", "i4")]))


def test_depth_and_size_limits_are_enforced_on_both_sides():
    deep = []
    for _ in range(100):
        deep = [deep]
    with pytest.raises(CodecError, match="nested too deeply"):
        codec.encode(deep)
    with pytest.raises(CodecError, match="too many items"):
        codec.encode(list(range(100)), CodecLimits(max_items=10))
    with pytest.raises(CodecError, match="over the limit"):
        codec.loads(b"[" + b"1," * 100 + b"1]", CodecLimits(max_bytes=50))
    with pytest.raises(CodecError):
        codec.loads(b"[" * 100_000 + b"]" * 100_000)


@pytest.mark.parametrize("message", [
    b'{"a": 1}',  # untagged object
    b'{"$": "pickle", "v": "gASV"}',  # unknown tag
    b'NaN', b'[Infinity]',  # bare constants
    b'{"$": "set", "v": [[1]]}',  # unhashable set item
    b'{"$": "ndarray", "dtype": "|O", "shape": [1], "b64": "AAAAAAAAAAA="}',  # object dtype
    b'{"$": "ndarray", "dtype": "<i8", "shape": [2], "b64": "AAAAAAAAAAA="}',  # wrong byte count
    b'{"$": "bytes", "b64": "not base64!"}',
    b'{"$": "float", "v": "1e400"}',
    b'not json',
    b'{"$": "record", "name": "S", "fields": ["a"], "v": [1, 2]}',  # fields and values differ
    b'{"$": "record", "name": "S; import os", "fields": ["a"], "v": [1]}',  # not an identifier
    b'{"$": "record", "name": "S", "fields": ["__class__"], "v": [1]}',  # private field
    b'{"$": "record", "name": "S", "fields": ["a", "a"], "v": [1, 2]}',  # repeated field
])
def test_decoder_rejects_anything_it_does_not_know(message):
    with pytest.raises(CodecError):
        codec.loads(message)


def test_named_tuples_cross_as_records_with_their_fields():
    """Textbook game states are named tuples: their fields survive the trip, their class does not."""
    from collections import namedtuple
    GameState = namedtuple("GameState", "to_move, utility, board, moves")
    state = GameState("X", 0, {(1, 1): "X"}, [(1, 2), (2, 1)])
    back = codec.loads(codec.dumps(state))
    assert back == state and back.moves == [(1, 2), (2, 1)] and back.board == {(1, 1): "X"}
    assert type(back).__name__ == "GameState" and type(back) is not GameState

    class Lying(tuple):  # a tuple subclass without fields stays a plain tuple
        def __eq__(self, other):
            return True
    assert type(codec.loads(codec.dumps(Lying((1, 2))))) is tuple


def test_dataclass_instances_cross_as_records_of_their_constructor_fields():
    """A state written as ``@dataclass class State`` crosses like a named tuple; a dataclass that cannot be
    rebuilt from its fields (a field left out of ``__init__``) is not plain data."""
    import dataclasses
    from typing import ClassVar

    @dataclasses.dataclass
    class State:
        board: list
        to_move: int = 1
        k: ClassVar[int] = 4

    back = codec.loads(codec.dumps(State([[0, 1]], -1)))
    assert type(back).__name__ == "State" and back.board == [[0, 1]] and back.to_move == -1

    @dataclasses.dataclass
    class Partial:
        board: list
        cache: dict = dataclasses.field(default_factory=dict, init=False)

    with pytest.raises(CodecError):
        codec.dumps(Partial([1]))


def test_attribute_dicts_cross_with_their_attributes():
    """Kaggle's ConnectX passes config.rows; helpers written for it take such a config."""
    back = codec.loads(codec.dumps(codec.AttrDict(rows=6, columns=7, inarow=4)))
    assert back.rows == 6 and back["columns"] == 7 and isinstance(back, codec.AttrDict)
    with pytest.raises(CodecError):
        codec.loads(b'{"$": "attrdict", "v": [1, 2]}')
