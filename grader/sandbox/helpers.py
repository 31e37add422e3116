"""The grader's helpers inside the worker: they build positions through the student's own code and call
student code the way other environments do. Shipped as source, like the worker (standard library only).

Each helper takes the submission's namespace first; :func:`install` binds it there under the name the
adapter calls (``_grader_replayed_states``...). Being compiled apart from the student's cells, their
own calls are never counted as the student's search.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import functools
import sys

#: the names the adapter calls, bound to the submission's namespace by :func:`install`
NAMES = ("_grader_replayed_states", "__grader_obs_config_call__", "__grader_game_call__")


def install(namespace: dict) -> None:
    """Bind every helper to the submission's ``namespace`` under its name there."""
    for name, helper in zip(NAMES, (replayed_states, obs_config_call, game_call)):
        namespace[name] = functools.partial(helper, namespace)


class PositionNotBuilt(Exception):
    """The student's own code raised while the grader replayed moves through it to reach a position: the
    position was never built, so what was to be asked there is not the student's answer (the original
    exception's traceback is kept, so its place in the student's cells is still shown)."""


@contextlib.contextmanager
def building():
    """Replaying moves to reach a position: an exception of the student's code becomes PositionNotBuilt."""
    try:
        yield
    except Exception as e:  # noqa: BLE001 - whatever the student's code raised
        raise PositionNotBuilt(f"{type(e).__name__}: {e}").with_traceback(e.__traceback__) from None


def _find(namespace: dict, path: str):
    head, *rest = path.split(".")
    obj = namespace[head]
    for name in rest:
        obj = getattr(obj, name)
    return obj


def same(a, b) -> bool:
    """Equal in value: containers item by item, arrays cell by cell, objects without == by their fields."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if hasattr(a, "shape") and hasattr(a, "dtype"):
        return a.shape == b.shape and bool((a == b).all())
    if hasattr(a, "__dict__") and type(a).__eq__ is object.__eq__:
        return same(vars(a), vars(b))
    try:
        return bool(a == b)
    except Exception:
        return repr(a) == repr(b)


def _listed(value):
    if not isinstance(value, (list, tuple, set, frozenset, dict, str, bytes)) and hasattr(value, "__next__"):
        return list(value)
    return value


# --- positions built from the student's own states (grader.adapt.replayed_states) ------------------


#: the kinds of value a leaf of a state holds, and of key a path through it takes
_PLAIN = (bool, int, float, str, type(None))


def leaves(state, limit=5000, depth=6, moves=frozenset()):
    """Every plain value in ``state`` with the path that reaches it: ``[["k", key] | ["i", index] | ["a", name] |
    ["m", member], ...]`` (a dict's key, a sequence's or an array's index, an attribute or field, a set's member,
    whose value is True). A list of ``moves`` (tuples: the lines drawn, in the order drawn; numbers too, when it
    holds every move played, each once) is the set of its members: where a line sits in it says nothing. The grader
    learns from them where the student's state keeps each square."""
    out = []

    def walk(x, path, left, in_rows=False):
        if len(out) > limit:
            raise ValueError(f"the state has more than {limit} values")
        if type(x) in _PLAIN:
            out.append([path, x])
        elif hasattr(x, "shape") and hasattr(x, "tolist"):  # a numpy array or scalar: its values
            walk(x.tolist(), path, left)
        elif left == 0:
            return
        elif isinstance(x, dict):
            for k, v in x.items():
                if _key(k):
                    walk(v, path + [["k", k]], left - 1)
        elif isinstance(x, (set, frozenset)) or _moves_listed(x, moves, in_rows):
            out.extend([path + [["m", e]], True] for e in x if _key(e))
        elif hasattr(x, "_fields"):
            for name in x._fields:
                walk(getattr(x, name), path + [["a", name]], left - 1)
        elif isinstance(x, (list, tuple)):
            for i, v in enumerate(x):
                walk(v, path + [["i", i]], left - 1, in_rows=isinstance(x, list))
        elif hasattr(x, "__dict__") and not callable(x):
            for name, v in vars(x).items():
                walk(v, path + [["a", name]], left - 1)

    walk(state, [], depth)
    return out


def _moves_listed(x, moves, in_rows=False):
    """Whether ``x`` is a list of moves played: lines as tuples, or numbers (numbered lines) when every move played
    is in it once and it is no row of a list of lists (a column's one disc, whose mark is a column played)."""
    if not (isinstance(x, list) and x and all(_key(e) and e in moves for e in x)):
        return False
    return all(isinstance(e, tuple) for e in x) or not in_rows and len(x) == len(set(x)) == len(moves)


def _key(value):
    return type(value) in _PLAIN or isinstance(value, tuple) and all(_key(v) for v in value)


def put(x, path, present, value):
    """``x`` with the value at ``path`` set (or, not ``present``, taken out): containers are changed in place,
    tuples, named tuples and frozen dataclasses rebuilt."""
    if not path:
        return value
    (kind, key), rest = path[0], path[1:]
    if kind == "m" and isinstance(x, list):  # a list of moves: appended, or taken out
        x[:] = [e for e in x if e != key] + ([key] if present else [])
        return x
    if kind == "m":
        members = set(x)
        (members.add if present else members.discard)(key)
        if isinstance(x, frozenset):
            return frozenset(members)
        x.clear()
        x.update(members)
        return x
    if kind == "k":
        if rest or present:
            x[key] = put(x[key] if rest else None, rest, present, value)
        else:
            x.pop(key, None)
        return x
    if kind == "i":
        if isinstance(x, tuple) and not hasattr(x, "_fields"):
            return type(x)(put(v, rest, present, value) if i == key else v for i, v in enumerate(x))
        x[key] = put(x[key], rest, present, value)
        return x
    new = put(getattr(x, key), rest, present, value)
    if hasattr(x, "_replace"):
        return x._replace(**{key: new})
    try:
        setattr(x, key, new)
    except (AttributeError, dataclasses.FrozenInstanceError):
        return dataclasses.replace(x, **{key: new})
    return x


class KeptOutput:
    """What student code prints while the grader builds and asks its positions: the first lines are kept,
    the rest dropped (a board printed at every move of a search is no fault of the move)."""

    def __init__(self, out, keep=16384):
        self.out, self.left = out, keep

    def write(self, text):
        if self.left > 0:
            self.out.write(text[:self.left])
            self.left -= len(text)
        return len(text)

    def flush(self):
        self.out.flush()


def replayed_states(namespace, start, transition, steps, turn, asks, moves=None):
    """Build a position through the student's own code (their initial state, their moves replayed on a copy
    each time), then answer ``asks`` about it; what their code prints on the way is cut short."""
    with contextlib.redirect_stdout(KeptOutput(sys.stdout)):
        return _replayed_states(namespace, start, transition, steps, turn, asks, moves)


def _replayed_states(namespace, start, transition, steps, turn, asks, moves):
    played = set()  # the moves played or written here: a list of them in the state is read as a set


    def with_turn(state, value):
        kind, where = turn
        if kind == "key":
            new = copy.copy(state)
            new[where] = value
            return new
        if kind == "field":
            return state._replace(**{where: value}) if hasattr(state, "_replace") else \
                dataclasses.replace(state, **{where: value})
        if kind == "index":
            new = list(state)
            new[where] = value
            return tuple(new) if isinstance(state, tuple) else new
        new = copy.copy(state)
        setattr(new, where, value)
        return new

    def read_turn(state):
        kind, where = turn
        return state[where] if kind in ("key", "index") else getattr(state, where)

    def call(name, order, state, move, mover):
        args = [{"state": state, "action": move, "player": mover}.get(r) for r in order]  # None: nothing to pass
        return _listed(eval(name, namespace)(*args))

    def resolve(move, state, mover):
        """A move given as a pick ({"pick": [at, offset, want]}): the one the student's actions list here whose
        item ``at`` is ``want`` (a Connect 4 column written as the cell where the disc lands); None if none."""
        if not (isinstance(move, dict) and "pick" in move):
            return move
        at, offset, want = move["pick"]
        for m in call(moves[0], moves[1], state, None, mover):
            if isinstance(m, (list, tuple)) and len(m) == 2 and m[at] - offset == want:
                return m
        return None

    def play(state, move, mover, force=True):
        if turn and mover is not None and force:
            state = with_turn(state, mover)
        move = resolve(move, state, mover)
        if move is None:
            raise ValueError("the grader's move is not among the moves your actions() lists here")
        if _key(move):
            played.add(move)
        given = copy.deepcopy(state)
        out = call(transition[0], transition[1], given, move, mover)
        return made(state, given, out), not same(state, given), out if isinstance(out, bool) else None

    def like(value, state):
        return type(value) is type(state) and (not hasattr(state, "__len__") or len(value) == len(state))

    def made(state, given, out):
        """The state a transition made: what it answered; the state part of a (state, whose turn) pair; the state
        it was given when nothing or a flag came back (True as the template's draw_line answers, or whether the
        mover goes again), or when it changed that state in place and answered something else (a gym
        environment's ``(observation, reward, done, info)``, a count of boxes closed)."""
        if out is None or isinstance(out, bool):
            return given
        if isinstance(out, tuple) and len(out) == 2 and not like(out, state) and like(out[0], state):
            return out[0]
        if not like(out, state) and not same(state, given):
            return given
        return out

    def fields(state):
        if isinstance(state, dict):
            pairs = [("key", k, v) for k, v in state.items()]
        elif hasattr(state, "_fields"):
            pairs = [("field", k, getattr(state, k)) for k in state._fields]
        elif dataclasses.is_dataclass(state):
            pairs = [("field", f.name, getattr(state, f.name)) for f in dataclasses.fields(state)]
        elif isinstance(state, (tuple, list)):
            pairs = [("index", i, v) for i, v in enumerate(state)]
        else:
            pairs = [("attr", k, v) for k, v in vars(state).items()] if hasattr(state, "__dict__") else []
        return [[k, w, v] for k, w, v in pairs if type(v) in (int, str, float, bool) and type(w) in (int, str)]

    state = eval(start, namespace)
    with building():
        for move, mover in steps:
            state, *_ = play(state, move, mover)
    out = []
    for ask in asks:
        kind = ask[0]
        if kind == "apply":  # whether it changed the state it was given, and the flag it answered (or None)
            state, mutated, flag = play(state, ask[1], ask[2], ask[3])
            out.append([mutated, flag])
        elif kind == "call":  # a sixth item: the mover is the one to move here, and the state is told so first
            if turn and ask[4] is not None and ask[5:6] == [True]:
                state = with_turn(state, ask[4])
            out.append(call(ask[1], ask[2], state, ask[3], ask[4]))
        elif kind == "turn":
            out.append(read_turn(state))
        elif kind == "fields":
            out.append(fields(state))
        elif kind == "leaves":
            out.append(leaves(state, moves=played))
        elif kind == "put":  # the squares the grader knows written as the position has them; answers nothing
            state = copy.deepcopy(state)  # never the student's own initial object (the textbook's game.initial)
            for path, present, value in ask[1]:
                played.update(key for kind, key in path[-1:] if kind == "m" and present and _key(key))
                state = put(state, path, present, value)
        elif kind == "repeat":  # the move played again and again: is it still listed for whoever moves next?
            _, move, turns, name, order = ask
            seen, here = [], state
            for mover, next_mover in turns:
                here, *_ = play(here, move, mover)
                seen.append(resolve(move, here, next_mover) is not None if isinstance(move, dict) else
                            any(same(move, m) for m in call(name, order, here, None, next_mover)))
            out.append(seen)
        elif kind == "eval":
            out.append(eval(ask[1], namespace)(state, *ask[2], **dict(*ask[3:])))
        elif kind == "successor":  # an agent answered the state after its move: which of these moves makes it
            _, answer, moves = ask
            found = None
            for i, (move, mover) in enumerate(moves):
                try:
                    if same(play(copy.deepcopy(state), move, mover)[0], answer):
                        found = i
                        break
                except Exception:  # a move this state does not take: not the one the agent made
                    continue
            out.append(found)
        elif kind == "bind":  # an agent's call made ready, so that only the agent's own calls are counted
            return functools.partial(eval(ask[1], namespace), state, *ask[2], **dict(*ask[3:]))
    return out


# --- other environments' calling conventions (grader.adapt.conventions) ----------------------------


class Struct(dict):
    """A dict whose keys read as attributes, as Kaggle's observation and configuration do."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def obs_config_call(namespace, target, board, mark, rows, columns, inarow, seconds):
    """Call a Kaggle ConnectX ``agent(obs, config)`` with the objects it expects."""
    obs = Struct(board=list(board), mark=mark, step=sum(1 for v in board if v), remainingOverageTime=0)
    config = Struct(rows=rows, columns=columns, inarow=inarow, timeout=seconds, actTimeout=seconds,
                    episodeSteps=1000, agentTimeout=60, runTimeout=1200)
    return _find(namespace, target)(obs, config)


def game_call(namespace, target, game_path, position, *args, **kwargs):
    """Call an agent with the submission's own game object among its arguments (``player(game, state)``)."""
    args = list(args)
    args.insert(position, _find(namespace, game_path))
    return _find(namespace, target)(*args, **kwargs)
