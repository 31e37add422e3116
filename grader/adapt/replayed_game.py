"""The game functions of an in-place game class, judged on objects brought to each position by replay
(see ``grader.adapt.replayed_objects``): the same course face as :class:`StudentGame`.

``result`` is judged by what the object answers after the student's transition: the board in its
board attribute where a known reading decodes one, else the moves it still offers (for Dots and Boxes
the lines drawn; elsewhere they must be the reference successor's), and whose turn its turn attribute
then says. Who won is judged through the winner method, on positions built with the reference's turns.
"""

from __future__ import annotations

from typing import Any, Mapping

from grader.adapt import returns
from grader.adapt.infer import Binding
from grader.adapt.replayed_objects import NoReplay, ReplayedAgent, ReplayedObjects, find_replayed_agent, \
    interface_for, items, recipe
from grader.adapt.representations.base import NotThisRepresentation, plain
from grader.adapt.signatures import positional_parameters, role_of
from grader.adapt.student_game import Reply, StudentGame, _unreadable
from grader.text import short
from reference.games.base import Game, State


class ReplayedGame(StudentGame):
    """A submission whose game is an object that changes in place, seen through the course's functions."""

    def __init__(self, rep: ReplayedObjects, names: Mapping[str, Any] | None = None, timeout: float = 2.0,
                 source: str = "") -> None:
        super().__init__(rep.caller, interface_for(rep), names, timeout=timeout, source=source)
        self.rep = rep
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
        found = recipe(self.caller, self.rep.methods, game, self.timeout)
        if found is None:
            raise TypeError(f"no {self.rep.methods.cls} object of {game.rows}x{game.cols} dots could be made")
        return ReplayedGame(found, self.names, timeout=self.timeout, source=self.source)

    @property
    def game_object(self) -> str | None:
        return None

    def call_words(self, binding: Binding, role: str, board: Any, player: int | None, action: Any) -> str:
        if role == "result" and action is not None:
            return f"{binding.name}({self.rep.to_student.get(tuple(action) if isinstance(action, list) else action, action)!r}) on the replayed object"
        if role == "initial_state":
            return self.rep.make
        return f"{binding.name}() on the replayed object"

    def _ask(self, role: str, board: Any, player: int | None, asks: list) -> tuple[Reply, Any]:
        """The answers of the object brought to ``board``, as a reply (not ok when it could not be built)."""
        move = (tuple(asks[0][2]) if self.rep.methods.parts > 1 else asks[0][2][0]) if role == "result" else None
        call = self.describe_call(role, board, player, move)
        if role not in self.interface.bindings:
            return Reply(False, error=f"no {role} method was found", kind="missing", call=call), None
        try:
            r = self.rep.ask(board, player, asks, timeout=self.timeout)
        except NoReplay as e:
            return Reply(False, error=f"this position could not be built through your code: {e}", kind="unreachable",
                         call=call), None
        if not r.ok:
            return Reply(False, error=r.describe_error(), kind=r.kind or "error", call=call, seconds=r.duration), None
        return Reply(True, raw=r.value[-1], call=call, seconds=r.duration), r.value

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

    def actions(self, board: Any, player: int | None = None) -> Reply:
        reply, values = self._ask("actions", board, player if player is not None else 1,
                                  [("call", self.rep.methods.moves, [])])
        if not reply.ok:
            return reply
        try:
            reply.value = [self.rep.decode_action(m, board) for m in items(values[-1])]
        except (NotThisRepresentation, TypeError) as e:
            return _unreadable(reply, f"could not read the moves {values[-1]!r}: {e}")
        return reply

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
            try:
                after = self.rep.decode_player(values[1])
            except NotThisRepresentation:
                return _unreadable(reply, f"its {self.rep.turn} became {values[1]!r}, which is no player")
            reply.moves_again = after == player
            reply.turn = f"{values[1]!r} to move ({'the same player' if reply.moves_again else 'the other player'})"
        return reply if reply.value is not None else _unreadable(reply, reply.error)

    def mutation(self, role: str, board: Any, player: int | None = None, action: Any = None) -> Reply:
        """The object itself is the board and its transition changes it: so it is, by design."""
        reply = self.result(board, player if player is not None else 1, action)
        if reply.ok:
            reply.mutated = True
        return reply

    def terminal(self, board: Any) -> Reply:
        reply, values = self._ask("terminal", board, None, [("call", self.rep.methods.over or "", [])])
        if not reply.ok:
            return reply
        if self._not_over is None:  # what it answers while the game goes on, learned on the empty board
            first, start = self._ask("terminal", None, None, [("call", self.rep.methods.over or "", [])])
            self._not_over = (plain(start[-1]),) if first.ok else (False,)
        return read_over(reply, values, self._not_over[0])

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
        winner = returns.winner_of(raw, self.rep)
        number = isinstance(raw, (int, float)) and not isinstance(raw, bool)
        if number and (given or winner is None):
            view = 1 if given else player  # a value from the first player's view is turned to ``player``'s
            margin = self.game.margin_utility and "margin" in self.interface.bindings["utility"].reading
            value = raw * view if margin else returns.sign(raw) * view
            reply.value = int(value) if float(value).is_integer() else value
            return reply
        if winner is None:
            return _unreadable(reply, f"returned {values[-1]!r}, which is neither player nor a draw")
        reply.value = winner * player
        return reply

    def agent(self, label: str, aliases: list[str], timeout: float | None = None) -> ReplayedAgent | str:
        """The agent for a rubric label, played on replayed objects."""
        return find_replayed_agent(self.rep, self.names, label, aliases, timeout, self.source)

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


def read_over(reply: Reply, values: Any, not_over: Any) -> Reply:
    """A ``terminal`` reply whose answer (the last of ``values``) says the game is over: a bool as it is, any
    other answer by whether it differs from what the student's code says while the game goes on."""
    if not reply.ok:
        return reply
    value = plain(values[-1])
    reading = returns.terminal_readings(not_over)
    read = reading["a bool"] if isinstance(not_over, bool) else next(
        r for words, r in reading.items() if words.startswith("a status"))
    over = read(value)
    if over is None:
        return _unreadable(reply, f"returned {value!r}, which is not a bool")
    reply.value = over
    return reply
