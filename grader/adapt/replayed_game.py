"""The game functions of a submission whose state no reading knows, judged on the student's own states built by
replaying moves through their own code inside the worker (``grader.adapt.replayed_states``), behind the same
course face as :class:`StudentGame`.

``result`` is judged by what the state it makes answers, against the reference's successor: its squares where
they are learned, else the moves its ``actions`` lists (each repeated until no longer legal, so a column's height
shows), and whose turn it says. The other functions are asked with the reference's movers forced, so a turn bug
of ``result`` is charged there alone.
"""

from __future__ import annotations

import copy
from typing import Any, Mapping

from grader.adapt.candidates import spoken
from grader.adapt.infer import Binding, Interface
from grader.adapt.replayed_agents import ReplayedAgent, agent_candidates, find_replayed_agent
from grader.adapt.replayed_states import Call, NoReplay, ReplayedStates, items, repeat_ask, shown_move, \
    where_in_state, why_not_built
from grader.adapt.representations.base import NotThisRepresentation
from grader.adapt.student_game import Reply, StudentGame, _unreadable
from grader.text import short
from reference.games.base import Game, State

#: how many of a successor's moves ``result`` is judged on by repeating them
REPEATED_MOVES = 7


def interface_for(rep: ReplayedStates, outcome: Mapping[str, Binding]) -> Interface:
    bindings = {"initial_state": Binding("initial_state", rep.start.split("(", 1)[0], ()),
                "actions": Binding("actions", rep.moves.name, rep.moves.order),
                "result": Binding("result", rep.transition.name, rep.transition.order,
                                  reading="whose turn the state says" if rep.turn else ""), **outcome}
    iface = Interface(rep.game, rep, bindings)
    iface.adaptations.extend(note for b in outcome.values() for note in b.says)
    iface.adaptations.append(f"no reading of a board fits your states, so every position is built through your own "
                             f"code: {rep.describe()}")
    if rep.moves_unconfirmed:  # what result() is judged by (its squares, its moves) may hold its own bug too
        iface.doubts["result"] = (f"your {spoken(rep.moves.name)}() lists the moves wrongly on every position your "
                                  f"{spoken(rep.transition.name)}() builds, so one of the two is wrong, and the grader "
                                  "cannot tell which")
    if rep.turn_by_flag:
        iface.adaptations.append(f"your {spoken(rep.transition.name)}() leaves the turn as it was and your own loop "
                                 f"hands it over: whose turn follows a move is what {spoken(rep.transition.name)}() "
                                 f"answers (True: the same player moves again)")
    if rep.turn:
        iface.adaptations.append(f"before each replayed move, your state{where_in_state(rep.turn)} is set to the player the "
                                 f"rules say moves, so a turn kept wrong by result() is charged to result() alone")
    return iface


class ReplayedGame(StudentGame):
    """A submission whose states no reading knows, seen through the course's functions: each role asked of the
    student's state replayed to the position (one that cannot be built reported, not raised)."""

    #: what building a position may raise that is reported, not raised: a position no line of play reaches
    unbuilt: tuple[type[Exception], ...] = (NoReplay, ValueError)

    def __init__(self, rep: ReplayedStates, outcome: Mapping[str, Binding], names: Mapping[str, Any] | None = None,
                 timeout: float = 2.0, source: str = "") -> None:
        super().__init__(rep.caller, interface_for(rep, outcome), names, timeout=timeout, source=source)
        self.rep = rep
        self.outcome = dict(outcome)
        cells = rep.learned()
        #: the positions hold what the student's transition put there, and it fails on the way to some: every
        #: function and agent asked on them may lose points for its bugs
        self.suspect_positions = (bool(rep.stumbles) and not (cells and cells.whole)) or rep.moves_unconfirmed
        #: why positions built through the student's transition are in doubt, in words
        self.built_doubt = f"your {spoken(rep.moves.name)}() lists the moves wrongly on every one of them" \
            if rep.moves_unconfirmed else None
        if self.suspect_positions or not (cells and cells.whole):
            self.doubt_built_positions(spoken(rep.transition.name), ("actions", "terminal", "utility")
                                       if self.suspect_positions else ("terminal", "utility"), self.built_doubt)

    @property
    def game_object(self) -> str | None:
        return None

    def _ask(self, role: str, board: Any, player: int | None, asks: list, action: Any = None) -> tuple[Reply, Any]:
        """The answers of the student's code brought to ``board``, as a reply (not ok when it could not be built)."""
        call = self.describe_call(role, board, player, action)
        if role not in self.interface.bindings:
            return Reply(False, error=f"no {role} function was found", kind="missing", call=call), None
        try:
            r = self.rep.ask(board, player, asks, timeout=self.timeout)
        except self.unbuilt as e:
            if isinstance(e, NoReplay):  # unreachable: the error is the reason alone, as the checks quote it
                return Reply(False, error=str(e), kind="unreachable", call=call), None
            return Reply(False, error=f"this position could not be built through your code: {e}", kind="error",
                         call=call), None
        why = why_not_built(r)
        if why and role != "result":  # the transition's failure, charged to result() where it shows, not here
            return Reply(False, error=why, kind="unreachable", call=call, seconds=r.duration), None
        if not r.ok:
            return Reply(False, error=r.describe_error(), kind=r.kind or "error", call=call, seconds=r.duration), None
        return Reply(True, raw=r.value[-1], call=call, seconds=r.duration), r.value

    def actions(self, board: Any, player: int | None = None) -> Reply:
        reply, values = self._ask("actions", board, player, [self.rep.moves_ask(self._mover(player))])
        if not reply.ok:
            return reply
        try:
            reply.value = [self.rep.decode_action(m, board) for m in items(values[-1])]
        except (NotThisRepresentation, TypeError) as e:
            return _unreadable(reply, f"could not read the moves {short(values[-1], 120)}: {e}")
        return reply

    def at_size(self, game: Game) -> "ReplayedGame":
        return ReplayedGame(self.rep.at_size(game.rows, game.cols, game), self.outcome, self.names,
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
        """The student's initial state, judged by the moves their ``actions`` lists on it, or where those are
        wrong and the squares of their states are known, by its squares (the bug is then charged to actions())."""
        reply, values = self._ask("initial_state", None, None, [["leaves", "", []], self.rep.moves_ask(self._mover(1))])
        if not reply.ok:
            return reply
        empty = self.game.initial_state()
        try:
            moves = sorted((self.rep.decode_action(m) for m in items(values[-1])), key=repr)
        except (NotThisRepresentation, TypeError) as e:
            return _unreadable(reply, f"its moves {short(values[-1], 120)} could not be read: {e}")
        if moves != sorted(self.game.actions(empty), key=repr) and not self._holds(values[0], empty):
            return _unreadable(reply, f"your actions() on it lists {short(values[-1], 120)}, not every move of "
                                      f"the empty board")
        reply.value = self.game.to_course(empty)
        return reply

    def _holds(self, leaves: Any, state: State) -> bool:
        """Whether a state of the student's (its worker leaves) holds ``state``'s squares, where they are known."""
        cells, board = self.rep.learned(), self.game.to_course(state)
        try:
            return cells is not None and self.game.same_board(cells.board(leaves, copy.deepcopy(board)), board)
        except NotThisRepresentation:
            return False

    def _result_asks(self, state: State, action: Any, repeated: bool = True) -> tuple[list, State, list]:
        """What to ask of the state ``result`` returns, the reference's successor, and the answers expected
        of each repeated move (whether it is still legal after each repetition; none unless ``repeated``)."""
        game, rep = self.game, self.rep
        after = game.result(state, action)
        # whose turn the state says, read before the moves are asked (which tells the state who moves next)
        asks = [["apply", rep.to_student[action], rep.encode_player(game.to_move(state)), True],
                *([["turn"]] if rep.turn else []), rep.moves_ask(rep.encode_player(game.to_move(after)))]
        moves = game.actions(after)[:REPEATED_MOVES] if repeated and not game.terminal(after) else []
        repeats = [(move, *repeat_ask(rep, after, move, limit=max(game.rows, game.cols, 8))) for move in moves]
        return asks + [ask for _, ask, _ in repeats], after, [(move, seen) for move, _, seen in repeats]

    def result(self, board: Any, player: int, action: Any) -> Reply:
        return self._result(board, player, action)[0]

    def _result(self, board: Any, player: int, action: Any) -> tuple[Reply, bool | None]:
        """The reply (the reference's successor as the value when the state returned answers like it) and
        whether the call changed the state it was given."""
        game, rep = self.game, self.rep
        state = game.from_course(board, to_move=player)
        cells = rep.learned()
        try:
            asks, after, expected = self._result_asks(state, action, repeated=not cells)
        except NoReplay as e:  # a move the student's code was never seen to write: reported as its position's is
            return Reply(False, error=str(e), kind="unreachable", call=self.describe_call("result", board, player,
                                                                                            action)), None
        reply, values = self._ask("result", board, player, asks + ([["leaves"]] if cells else []), action)
        if not reply.ok:
            return reply, None
        (mutated, flag), said = values[0], values[1]
        reply.raw = "a state of yours (it stays inside the worker)"
        problem = self._wrong_after(after, values, expected, cells)
        if problem:
            return _unreadable(reply, problem), mutated
        reply.value = game.to_course(after)
        if rep.turn_by_flag:  # the turn is handed over by the student's loop, as the transition answers
            if isinstance(flag, bool):
                reply.moves_again = flag
                reply.turn = f"{spoken(rep.transition.name)}() answered {flag}: " + \
                    ("the same player moves again" if flag else "the turn passes")
            return reply, mutated
        if rep.turn:  # whose turn the state it returned says follows the move
            try:
                reply.moves_again = rep.decode_player(said) == player
            except NotThisRepresentation:
                return _unreadable(reply, f"the state it returned says who moves next: {said!r}, which is no "
                                          "player"), mutated
            reply.turn = f"{said!r} to move ({'the same player' if reply.moves_again else 'the other player'})"
        return reply, mutated

    def _wrong_after(self, after: State, values: list, expected: list, cells: Any) -> str:
        """What the state ``result`` returned gets wrong against the successor ``after`` ('' if nothing): its squares
        where learned (what actions() lists is then actions()'s to answer for), else the moves actions() lists there."""
        game, rep = self.game, self.rep
        if cells:
            wrong = cells.differences(values[-1], game.to_course(after))
            return f"the state it returned is not the position after this move: {'; '.join(wrong[:3])}" if wrong else ""
        moves = values[2 if rep.turn else 1]
        try:
            listed = sorted((rep.decode_action(m) for m in items(moves)), key=repr)
        except (NotThisRepresentation, TypeError) as e:
            return f"actions() on the state it returned gives {short(moves, 120)}: {e}"
        if not game.terminal(after) and listed != sorted(game.actions(after), key=repr):
            return (f"after it, your actions() lists {[shown_move(rep.to_student.get(m, m)) for m in listed]}, where "
                    f"the position after this move has {[shown_move(rep.to_student[m]) for m in game.actions(after)]}")
        for (move, want), got in zip(expected, values[3 if rep.turn else 2:]):
            got = list(got[:len(want)])
            if got != want:
                count = next(i for i, (g, w) in enumerate(zip(got, want)) if g != w) + 1
                return (f"after it, playing {shown_move(rep.to_student[move])!r} {count} more time(s) "
                        f"{'still leaves' if got[count - 1] else 'no longer leaves'} it legal in your actions(), "
                        "which the position after this move does not")
        return ""

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
            self.doubt_built_positions(spoken(self.rep.transition.name), (label,), self.built_doubt)
        found = agent_candidates(self.rep, self.names, label, aliases, {b.name for b in self.outcome.values()},
                                 self.source)
        return find_replayed_agent(self.rep, found, label, aliases, timeout, self.doubts_if_lost)
