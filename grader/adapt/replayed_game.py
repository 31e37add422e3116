"""The game functions of a submission whose positions are built by replaying moves through its own
code, judged on what that code makes: the same course face as :class:`StudentGame`. Two ways of writing
a game share it (:class:`BuiltGame`): a class whose object changes in place (:class:`ReplayedGame`,
``grader.adapt.replayed_objects``), and states a function returns
(``grader.adapt.replayed_state_game``).

For an in-place class, ``result`` is judged by what the object answers after the student's transition: the
board in its board attribute where a known reading decodes one, else the moves it still offers (for Dots and
Boxes the lines drawn; elsewhere they must be the reference successor's), and whose turn its turn attribute
then says. Who won is judged through the winner method, on positions built with the reference's turns.
"""

from __future__ import annotations

from typing import Any, Mapping

from grader.adapt import returns
from grader.adapt.infer import WINNER_READING, Binding, Interface
from grader.adapt.replayed_objects import NoReplay, ReplayedAgent, ReplayedObjects, agent_candidates, \
    find_replayed_agent, interface_for, items
from grader.adapt.replayed_states import BuiltByReplay, why_not_built
from grader.adapt.representations.base import NotThisRepresentation, plain
from grader.adapt.signatures import positional_parameters, role_of
from grader.adapt.student_game import Reply, StudentGame, _unreadable, read_terminal, read_utility
from grader.text import short
from reference.games.base import Game, State


class BuiltGame(StudentGame):
    """What the ways of building positions through the student's own code share: each role asked of the
    student's code brought to the position, a position that cannot be built reported (not raised), the moves
    read back through the learned encoding, and the turn a move leaves read from the student's own answer."""

    #: what plays a role, in words (a method of the student's object, a function of their states)
    written_as = "function"
    #: what building a position may raise that is reported, not raised: a position no line of play reaches
    unbuilt: tuple[type[Exception], ...] = (NoReplay, ValueError)

    def __init__(self, rep: BuiltByReplay, interface: Interface, names: Mapping[str, Any] | None = None,
                 timeout: float = 2.0, source: str = "") -> None:
        super().__init__(rep.caller, interface, names, timeout=timeout, source=source)
        self.rep: Any = rep

    @property
    def game_object(self) -> str | None:
        return None

    def doubted_where_unbuilt(self, label: str, agent: ReplayedAgent | str) -> ReplayedAgent | str:
        """The agent graded for ``label``, whose checks go to a person once a position it is asked on could not
        be built through the student's code (see :meth:`ReplayedAgent._not_built`)."""
        if isinstance(agent, ReplayedAgent):
            agent.doubts, agent.label = self.doubts_if_lost, label
        return agent

    def _ask(self, role: str, board: Any, player: int | None, asks: list, action: Any = None) -> tuple[Reply, Any]:
        """The answers of the student's code brought to ``board``, as a reply (not ok when it could not be built)."""
        call = self.describe_call(role, board, player, action)
        if role not in self.interface.bindings:
            return Reply(False, error=f"no {role} {self.written_as} was found", kind="missing", call=call), None
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

    def _moves_asked(self, player: int | None) -> tuple[int | None, list]:
        """(the player a position is built for, the ask of the moves the student's code lists there)."""
        raise NotImplementedError

    def actions(self, board: Any, player: int | None = None) -> Reply:
        reply, values = self._ask("actions", board, *self._moves_asked(player))
        if not reply.ok:
            return reply
        try:
            reply.value = [self.rep.decode_action(m, board) for m in items(values[-1])]
        except (NotThisRepresentation, TypeError) as e:
            return _unreadable(reply, f"could not read the moves {short(values[-1], 120)}: {e}")
        return reply

    def _turn_said(self, reply: Reply, value: Any, player: int, where: str) -> Reply:
        """``reply`` with whose turn the student's ``value`` says follows ``player``'s move (``where``: what
        said it, in words); unreadable when it names no player."""
        try:
            after = self.rep.decode_player(value)
        except NotThisRepresentation:
            return _unreadable(reply, f"{where} {value!r}, which is no player")
        reply.moves_again = after == player
        reply.turn = f"{value!r} to move ({'the same player' if reply.moves_again else 'the other player'})"
        return reply


class ReplayedGame(BuiltGame):
    """A submission whose game is an object that changes in place, seen through the course's functions."""

    written_as = "method"
    unbuilt = (NoReplay,)

    def __init__(self, rep: ReplayedObjects, names: Mapping[str, Any] | None = None, timeout: float = 2.0,
                 source: str = "") -> None:
        super().__init__(rep, interface_for(rep), names, timeout=timeout, source=source)
        self._not_over: tuple | None = None  # terminal's answer while the game goes on, once asked
        cells = rep.learned() if rep.learns else None
        if not rep.board and not (cells and cells.whole):
            self.doubt_built_positions(rep.methods.transition)
        if not rep.board and cells and cells.unreached:  # a disc there would be read as no disc
            self.doubts_if_lost["result"] = (
                f"where your {rep.methods.cls} keeps each square was learned from replayed games, and "
                f"{len(cells.unreached)} square(s) were never filled in them: a board read wrong there may be the "
                f"grader's reading, not your {rep.methods.transition}()")

    def at_size(self, game: Game) -> "ReplayedGame":
        return ReplayedGame(self.rep.at_size(game.rows, game.cols, game), self.names, timeout=self.timeout,
                            source=self.source)

    def call_words(self, binding: Binding, role: str, board: Any, player: int | None, action: Any) -> str:
        if role == "result" and action is not None:
            return f"{binding.name}({self.rep.to_student.get(tuple(action) if isinstance(action, list) else action, action)!r}) on the replayed object"
        if role == "initial_state":
            return self.rep.make
        return f"{binding.name}() on the replayed object"

    def _ask(self, role: str, board: Any, player: int | None, asks: list, action: Any = None) -> tuple[Reply, Any]:
        """As :meth:`BuiltGame._ask`; a move is shown as the transition is given it."""
        move = (tuple(asks[0][2]) if self.rep.methods.parts > 1 else asks[0][2][0]) if role == "result" else None
        return super()._ask(role, board, player, asks, move)

    def initial_state(self) -> Reply:
        reply, values = self._ask("initial_state", None, None, self._board_asks())
        if reply.ok:
            reply.value = self._board_after(reply, values, self.game.initial_state())
        return reply

    def _board_asks(self) -> list:
        """What to ask of an object for its board: its board attribute or the attribute that says who
        closed each box (if any), then its moves."""
        shown = [("read", self.rep.board, [])] if self.rep.board else \
            [("leaves", "", [])] if self.rep.learns and self.rep.learned() else []
        return shown + [("call", self.rep.methods.moves, [])]

    def _moves_asked(self, player: int | None) -> tuple[int | None, list]:
        return player if player is not None else 1, [("call", self.rep.methods.moves, [])]

    def result(self, board: Any, player: int, action: Any) -> Reply:
        move = self.rep.encode_action(action, board)
        asks = [("call", self.rep.methods.transition, self.rep.methods.transition_arguments(move))]
        if self.rep.turn:
            asks.append(("read", self.rep.turn, []))
        asks += self._board_asks()
        reply, values = self._ask("result", board, player, asks)
        if not reply.ok:
            return reply
        after = None if self.rep.lines else self.game.result(self.game.from_course(board, to_move=player), action)
        reply.value = self._board_after(reply, values, after)
        if reply.value is not None and self.rep.caller_switches:
            again = plain(values[0])
            if isinstance(again, bool):  # the turn is handed over by the caller, as the transition answers
                reply.moves_again = again
                reply.turn = f"{self.rep.methods.transition}() answered {again}: " + \
                    ("the same player moves again" if again else "the turn passes")
        elif reply.value is not None and self.rep.turn:
            return self._turn_said(reply, values[1], player, f"its {self.rep.turn} became")
        return reply if reply.value is not None else _unreadable(reply, reply.error)

    def mutation(self, role: str, board: Any, player: int | None = None, action: Any = None) -> Reply:
        """The object itself is the board and its transition changes it: so it is, by design."""
        reply = self.result(board, player if player is not None else 1, action)
        if reply.ok:
            reply.mutated = True
        return reply

    def terminal(self, board: Any) -> Reply:
        """Whether the game is over: a bool as it is, any other answer by whether it differs from what the
        object says while the game goes on (learned on the empty board, once)."""
        reply, values = self._ask("terminal", board, None, [("call", self.rep.methods.over or "", [])])
        if not reply.ok:
            return reply
        if self._not_over is None:
            first, start = self._ask("terminal", None, None, [("call", self.rep.methods.over or "", [])])
            self._not_over = (plain(start[-1]),) if first.ok else (False,)
        not_over = self._not_over[0]
        reading = "a bool" if isinstance(not_over, bool) else \
            next(words for words in returns.terminal_readings(not_over) if words.startswith("a status"))
        return read_terminal(reply, plain(values[-1]), Binding("terminal", "", (), reading, empty_value=not_over))

    def _takes_player(self, method: str | None) -> bool:
        info = self.names.get(self.rep.methods.cls)
        member = info.member(method) if info is not None and method else None
        return member is not None and any(role_of(p.name) == "player"
                                          for p in positional_parameters(member.parameters or ()))

    def utility(self, board: Any, player: int) -> Reply:
        """The object's utility or winner method from ``player``'s side: a number is a value from the view of
        the player it was given (the first player's when it takes none); a player's mark names the winner."""
        winner_method = self.rep.methods.winner or ""
        given = self._takes_player(winner_method)
        arguments = [self.rep.encode_player(player)] if given else []
        reply, values = self._ask("utility", board, None, [("call", winner_method, arguments)])
        if not reply.ok:
            return reply
        raw = plain(values[-1])
        paired = returns.per_player(raw) is not raw  # one number per player names no winner, even when it is 0
        number = isinstance(raw, (int, float)) and not isinstance(raw, bool)
        # its sign, from the first player's view when it takes no player (the object's utility names no margin)
        reading = "" if paired or number and (given or returns.winner_of(raw, self.rep) is None) else WINNER_READING
        return read_utility(reply, raw, Binding("utility", "", ("player",) if given else (), reading), player,
                            self.game, self.rep)

    def agent(self, label: str, aliases: list[str], timeout: float | None = None) -> ReplayedAgent | str:
        """The agent for a rubric label, played on replayed objects."""
        rep, cls = self.rep, self.rep.methods.cls
        found = agent_candidates(self.names, rep, self.source, rep.game.counted_depth)
        return self.doubted_where_unbuilt(label, find_replayed_agent(rep, found, label, aliases, timeout, (
            f"no function or class that plays your {cls} objects answers like {label}",
            f"asked on objects of your {cls} brought to each position by replaying its moves")))

    def _board_after(self, reply: Reply, values: list, expected: State | None) -> Any:
        """The course board an object shows (the answers to :meth:`_board_asks`, last in ``values``): read
        from its board attribute, else from where it keeps each square, else from the lines it still offers,
        else, when its moves are those of ``expected``, that position (its moves are all it shows). None, with
        the reason, when unreadable."""
        moves = values[-1]
        try:
            if self.rep.board:
                return self.rep.read_board(values[-2])
            if self.rep.learns and self.rep.learned():
                return self.rep.learned().board(values[-2], self.game.to_course(self.game.initial_state()))
            if self.rep.lines:
                return self.rep.lines_left(moves)
            listed = sorted((self.rep.decode_action(m) for m in items(moves)), key=repr)
        except (NotThisRepresentation, TypeError) as e:
            reply.error = f"could not read {short(values[-2] if self.rep.board else moves, 120)}: {e}"
            return None
        game = self.game
        if not game.terminal(expected) and listed != sorted(game.actions(expected), key=repr):
            reply.error = (f"afterwards your {self.rep.methods.moves}() offers {short(items(moves), 120)}, where "
                           f"the position has {[self.rep.to_student[m] for m in game.actions(expected)]}")
            return None
        return game.to_course(expected)
