"""The game functions of a submission whose state no reading knows, judged on the student's own states
built by replay inside the worker (see ``grader.adapt.replayed_states``): the same course face as
:class:`StudentGame`.

``result`` is judged by what the state it returns answers afterwards, compared with the reference's
successor: the moves its ``actions`` lists, each move repeated until the course says it is no longer
legal (so a column's height shows), and whose turn the state then says. The other functions are
asked on positions built with the reference's movers forced, so a turn bug of ``result`` is charged
there alone.
"""

from __future__ import annotations

from typing import Any, Mapping

from grader.adapt.agents import agent_method
from grader.adapt.candidates import NOT_A_ROLE, normalise, rank, spoken
from grader.adapt.conventions import GAME_NAMES
from grader.adapt.infer import Binding, Interface
from grader.adapt.object_agents import ObjectAgent
from grader.adapt.replayed_game import BuiltGame
from grader.adapt.replayed_objects import ReplayedAgent, find_replayed_agent, items
from grader.adapt.replayed_states import Call, ReplayedStates, repeat_ask, shown_move, where_in_state
from grader.adapt.representations.base import NotThisRepresentation
from grader.adapt.signatures import positional_parameters, role_of
from grader.adapt.student_game import Reply, _unreadable
from grader.text import short
from reference.games.base import Game, State

#: how many of a successor's moves ``result`` is judged on by repeating them
REPEATED_MOVES = 7


def interface_for(rep: ReplayedStates, outcome: Mapping[str, Binding]) -> Interface:
    bindings = {"initial_state": Binding("initial_state", rep.start.split("(", 1)[0], ()),
                "actions": Binding("actions", rep.moves.name, rep.moves.order),
                "result": Binding("result", rep.transition.name, rep.transition.order,
                                  reading="whose turn the state says" if rep.turn else "")}
    bindings.update(outcome)
    iface = Interface(rep.game, rep, bindings)
    iface.adaptations.extend(note for b in outcome.values() for note in b.says)
    iface.adaptations.append(f"no reading of a board fits your states, so every position is built through your own "
                             f"code: {rep.describe()}")
    if rep.turn:
        iface.adaptations.append(f"before each replayed move, your state{where_in_state(rep.turn)} is set to the player the "
                                 f"rules say moves, so a turn kept wrong by result() is charged to result() alone")
    return iface


class ReplayedStateGame(BuiltGame):
    """A submission whose states no reading knows, seen through the course's functions."""

    def __init__(self, rep: ReplayedStates, outcome: Mapping[str, Binding], names: Mapping[str, Any] | None = None,
                 timeout: float = 2.0, source: str = "") -> None:
        super().__init__(rep, interface_for(rep, outcome), names, timeout=timeout, source=source)
        self.outcome = dict(outcome)
        cells = rep.learned()
        #: the positions hold what the student's transition put there, and it fails on the way to some: every
        #: function and agent asked on them may lose points for its bugs
        self.suspect_positions = bool(rep.stumbles) and not (cells and cells.whole)
        if not (cells and cells.whole):
            self.doubt_built_positions(spoken(rep.transition.name), ("actions", "terminal", "utility")
                                       if self.suspect_positions else ("terminal", "utility"))

    def at_size(self, game: Game) -> "ReplayedStateGame":
        return ReplayedStateGame(self.rep.at_size(game.rows, game.cols, game), self.outcome, self.names,
                                 timeout=self.timeout, source=self.source)

    def call_words(self, binding: Binding, role: str, board: Any, player: int | None, action: Any) -> str:
        if role == "initial_state":
            return self.rep.start
        shown = {"state": "state"}
        if player is not None:
            shown["player"] = repr(self.rep.encode_player(player))
        if action is not None:
            shown["action"] = repr(shown_move(self.rep.to_student.get(action, action)))
        return Call(binding.name, binding.order).words(**shown) + " on your state replayed to this position"

    def _mover(self, player: int | None) -> Any:
        return self.rep.encode_player(player if player is not None else 1)

    def initial_state(self) -> Reply:
        reply, values = self._ask("initial_state", None, None, [self.rep.moves_ask(self._mover(1))])
        if not reply.ok:
            return reply
        empty = self.game.initial_state()
        try:
            moves = sorted((self.rep.decode_action(m) for m in items(values[-1])), key=repr)
        except (NotThisRepresentation, TypeError) as e:
            return _unreadable(reply, f"its moves {short(values[-1], 120)} could not be read: {e}")
        if moves != sorted(self.game.actions(empty), key=repr):
            return _unreadable(reply, f"your actions() on it lists {short(values[-1], 120)}, not every move of "
                                      f"the empty board")
        reply.value = self.game.to_course(empty)
        return reply

    def _moves_asked(self, player: int | None) -> tuple[int | None, list]:
        return player, [self.rep.moves_ask(self._mover(player))]

    def _result_asks(self, state: State, action: Any, repeated: bool = True) -> tuple[list, State, list]:
        """What to ask of the state ``result`` returns, the reference's successor, and the answers expected
        of each repeated move (whether it is still legal after each repetition; none unless ``repeated``)."""
        game, rep = self.game, self.rep
        after = game.result(state, action)
        asks = [["apply", rep.to_student[action], rep.encode_player(game.to_move(state)), True],
                rep.moves_ask(rep.encode_player(game.to_move(after)))]
        if rep.turn:
            asks.append(["turn"])
        expected = []
        if repeated and not game.terminal(after):
            for move in game.actions(after)[:REPEATED_MOVES]:
                ask, seen = repeat_ask(rep, after, move, limit=max(game.rows, game.cols, 8))
                asks.append(ask)
                expected.append((move, seen))
        return asks, after, expected

    def result(self, board: Any, player: int, action: Any) -> Reply:
        return self._result(board, player, action)[0]

    def _result(self, board: Any, player: int, action: Any) -> tuple[Reply, bool | None]:
        """The reply (the reference's successor as the value when the state returned answers like it) and
        whether the call changed the state it was given."""
        game, rep = self.game, self.rep
        state = game.from_course(board, to_move=player)
        cells = rep.learned()
        asks, after, expected = self._result_asks(state, action, repeated=not cells)
        reply, values = self._ask("result", board, player, asks + ([["leaves"]] if cells else []), action)
        if not reply.ok:
            return reply, None
        mutated, moves = values[0], values[1]
        reply.raw = "a state of yours (it stays inside the worker)"
        problem = ""
        if cells:  # the state it returns is read: what actions() says of it is actions()'s to answer for
            wrong = cells.differences(values[-1], game.to_course(after))
            if wrong:
                problem = f"the state it returned is not the position after this move: {'; '.join(wrong[:3])}"
        try:
            listed = sorted((rep.decode_action(m) for m in items(moves)), key=repr)
        except (NotThisRepresentation, TypeError) as e:
            listed = None
            if not cells:
                problem = f"actions() on the state it returned gives {short(moves, 120)}: {e}"
        if not problem and not cells and not game.terminal(after) and listed != sorted(game.actions(after), key=repr):
            problem = (f"after it, your actions() lists {[shown_move(rep.to_student.get(m, m)) for m in listed]}, where "
                       f"the position after this move has {[shown_move(rep.to_student[m]) for m in game.actions(after)]}")
        repeats = values[3 if rep.turn else 2:][:len(expected)]
        for (move, want), got in zip(expected, repeats):
            if problem:
                break
            got = list(got[:len(want)])
            if got != want:
                count = next(i for i, (g, w) in enumerate(zip(got, want)) if g != w) + 1
                problem = (f"after it, playing {shown_move(rep.to_student[move])!r} {count} more time(s) "
                           f"{'still leaves' if got[count - 1] else 'no longer leaves'} it legal in your actions(), "
                           f"which the position after this move does not")
        if problem:
            return _unreadable(reply, problem), mutated
        reply.value = game.to_course(after)
        if rep.turn:
            return self._turn_said(reply, values[2], player, "the state it returned says who moves next:"), mutated
        return reply, mutated

    def mutation(self, role: str, board: Any, player: int | None = None, action: Any = None) -> Reply:
        """Whether ``result`` changed the state it was given (the worker compares a copy made before the call)."""
        if role != "result":
            raise ValueError(f"only result() is checked for changing the state it is given, not {role}")
        reply, mutated = self._result(board, player if player is not None else 1, action)
        if mutated is None:
            return reply
        reply.ok, reply.mutated = True, bool(mutated)
        return reply

    def _call(self, role: str, board: Any = None, player: int | None = None, action: Any = None) -> tuple[Reply, Any]:
        """``terminal`` and ``utility`` (read as :class:`StudentGame` reads them) asked on the replayed state."""
        binding = self.interface.bindings.get(role)
        asks = [["call", binding.name if binding else "", list(binding.order) if binding else [], None,
                 self._mover(player)]]
        reply, values = self._ask(role, board, None, asks)
        return reply, values[-1] if reply.ok else None

    def agent(self, label: str, aliases: list[str], timeout: float | None = None) -> ReplayedAgent | str:
        if self.suspect_positions:
            self.doubt_built_positions(spoken(self.rep.transition.name), (label,))
        found = agent_candidates(self.rep, self.names, label, aliases, {b.name for b in self.outcome.values()})
        return self.doubted_where_unbuilt(label, find_replayed_agent(self.rep, found, label, aliases, timeout, (
            f"no function that takes your state answers like {label}",
            "asked on your states replayed to each position")))


def agent_candidates(rep: ReplayedStates, names: Mapping[str, Any], label: str, aliases: list[str],
                     playing: set[str] = frozenset()) -> list[ObjectAgent]:
    """Every function that may turn a state into a move: ``agent(state)`` or ``agent(state, player)``; none
    that plays a game function (``playing``: those besides the replay's own)."""
    roles = {rep.start.split("(", 1)[0], rep.transition.name, rep.moves.name, *playing}
    out = []
    for candidate in rank(names, label, aliases, classes=True, unnamed=True):
        name, info = candidate.target, candidate.info
        if "." in name or name in roles or NOT_A_ROLE.search(normalise(name)):
            continue
        if info.kind == "class":
            out += _class_agent(name, info)
            continue
        if info.kind != "function":
            continue
        params = positional_parameters(info.parameters or ())
        required = [p for p in params if not p.has_default]
        game_at = [i for i, p in enumerate(required) if p.name.lower() in GAME_NAMES]
        # agent(state, player=1): a parameter with a default whose name says it is the player is given it
        if len(required) == 1 and len(params) > 1 and role_of(params[1].name) == "player":
            required = params[:2]
        state, player = ("s", "state"), ("p", "player")  # each argument: (its code, its words)
        if rep.owner and len(required) == 2 and len(game_at) == 1:  # the textbook's player(game, state)
            args = [(rep.owner, rep.owner) if i == game_at[0] else state for i in range(2)]
        elif len(required) == 1:
            args = [state]
        elif len(required) == 2 and [role_of(p.name) for p in required] == ["player", "state"]:  # as named
            args = [player, state]
        elif len(required) == 2:
            args = [state, player]
        else:
            continue
        out.append(ObjectAgent(name, f"lambda s, p, **o: {name}({', '.join(code for code, _ in args)}, **o)",
                               f"{name}({', '.join(words for _, words in args)})", tuple(info.parameters)))
    return out


def _class_agent(name: str, info: Any) -> list[ObjectAgent]:
    """An agent class asked of its move method on the state, one object per move: built with the player when
    its constructor requires one (and nothing else), else with nothing; the settings go to the constructor."""
    method = agent_method(info)
    member = info.member(method) if method else None
    if member is None:
        return []
    takes = [p for p in positional_parameters(member.parameters or ()) if not p.has_default]
    needs = [p for p in positional_parameters(info.parameters or ()) if not p.has_default]
    if len(takes) not in (1, 2) or len(needs) > 1 or (needs and role_of(needs[0].name) != "player"):
        return []
    built = f"{name}(p, **o)" if needs else f"{name}(**o)"
    asked = f"{method}(s, p)" if len(takes) == 2 else f"{method}(s)"
    shown = f"{name}({'player' if needs else ''}).{method}(state{', player' if len(takes) == 2 else ''})"
    return [ObjectAgent(name, f"lambda s, p, **o: {built}.{asked}", shown, tuple(info.parameters or ()))]

