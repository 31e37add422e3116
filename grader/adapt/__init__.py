"""Adapting to how students really write their code: names, argument orders, representations,
return values and agents, all found by evidence and reported in words.

``adapt(sandbox, game, aliases)`` is the entry point: it returns a :class:`StudentGame` whose calls
speak the course representation, whatever the student wrote.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from grader.adapt import conventions, game_objects, instructor_bindings, replayed_states, routes
from grader.adapt.agents import Move, StudentAgent, find_agent
from grader.adapt.global_arguments import fill_from_globals, size_from_boards
from grader.adapt.infer import Binding, Caller, Interface, infer_interface, misses
from grader.adapt.probe_budget import ProbeBudget
from grader.adapt.readings import infer_reading, listing
from grader.adapt.replayed_game import ReplayedGame
from grader.adapt.student_game import Reply, StudentGame, sized_caller
from grader.bindings_yaml import InstructorBinding
from reference.games.base import Game


def adapt(sandbox, game: Game, aliases: Mapping[str, Sequence[str]], timeout: float = 2.0,
          source: str = "", bindings: Mapping[str, InstructorBinding] | None = None) -> StudentGame:
    """Infer how to call the submission in ``sandbox`` and wrap it as a :class:`StudentGame`. ``source`` (the
    submission's code) breaks ties and says how its searches are called; ``bindings`` are the roles the instructor
    bound by hand, not inferred (``grader.adapt.instructor_bindings``)."""
    student = _inferred(sandbox, game, instructor_bindings.left_to_infer(aliases, bindings), timeout, source)
    student.doubts = student.interface.doubtful()  # roles taken on thin evidence: review, with the evidence
    return instructor_bindings.bind(sandbox, student, bindings, timeout)


def _inferred(sandbox, game: Game, aliases: Mapping[str, Sequence[str]], timeout: float,
              source: str) -> StudentGame:
    """The submission as inference reads it (see :func:`adapt`)."""
    sandbox.load([conventions.SHIM_CELL])  # the grader's helpers in the worker (a session has loaded them already)
    names = sandbox.names()
    filled = fill_from_globals(sandbox, names, source)  # state kept in globals and passed by name (``score``)
    filled += size_from_boards(sandbox, names, (game.rows, game.cols))  # the size in globals (``ROW_COUNT = 6``)
    if filled:
        names = sandbox.names()
    probes = ProbeBudget(sandbox)  # binding stops asking a function that keeps running out of time
    made = game_objects.make_game_objects(sandbox, names, game)
    if routes.install(sandbox, routes.position_routes(names) + routes.state_routes(names)) or made:
        names = sandbox.names()
    interface = _best_object(probes, names, game, aliases, timeout, source)
    if misses(interface) + len(interface.problems):  # the notebook's own game object may be of another size
        resized = game_objects.make_game_objects(sandbox, names, game, of_instantiated=True)
        if resized:
            made += resized
            names = sandbox.names()
            interface = _best_object(probes, names, game, aliases, timeout, source)
    replayed = replayed_game(sandbox, names, game, interface, aliases, timeout, source)
    if replayed is not None:
        return replayed
    result = interface.bindings.get("result")
    if interface.initial_unread and result is not None and result.note:
        # the student's states are objects of their own, and replaying moves through their code did not agree
        # with the course anywhere: the boards the checks hand over are guesses, and what fails may be the grader's
        why = ("your states are objects of your own, which no reading knows, and building positions by replaying "
               "moves through your result() and actions() did not agree with the rules")
        interface.boards_doubt = interface.boards_doubt or why
        for role in ("initial_state", "result"):
            interface.doubts.setdefault(role, why)
    owner = game_objects.game_object([b.name for b in interface.bindings.values()])
    interface.adaptations[:0] = [note for note in made if owner and note.startswith(f"made {owner} ")] + filled
    return StudentGame(sized_caller(sandbox, game), interface, names, timeout=timeout, source=source)


def _best_object(probes: ProbeBudget, names, game: Game, aliases: Mapping[str, Sequence[str]], timeout: float,
                 source: str) -> Interface:
    """The reading of the submission; of several objects of game classes, the one whose methods together
    agree best with the reference plays every role."""
    found = game_objects.objects(names)
    if len(found) <= 1:
        return infer_reading(probes, names, game, aliases, timeout=timeout, source=source)
    trials = [infer_reading(probes, game_objects.alone(names, one, found), game, aliases, timeout=timeout,
                            source=source) for one in found]
    return min(trials, key=lambda t: misses(t) + len(t.problems))


def student_agent(sandbox, student: StudentGame, label: str, aliases: Sequence[str], labels: Sequence[str],
                  timeout: float | None) -> StudentAgent | str:
    """The submission's agent for a rubric label, or why there is none: agents of a game whose positions
    are built by replay take the student's own objects, all others the boards the adapter reads."""
    bound = instructor_bindings.bound_agent(sandbox, student, label, timeout)
    if bound is not None:
        return bound
    if isinstance(student, ReplayedGame):
        return student.agent(label, list(aliases), timeout=timeout)
    # it is handed boards in a form no function of the student's confirmed: in doubt whatever it does when not
    # even the student's empty board reads, else when it fails outright (it may have been handed the wrong form)
    if student.interface.boards_doubt:
        doubts = student.doubts if student.interface.initial_unread else student.doubts_if_failed
        doubts.setdefault(label, student.interface.boards_doubt)
    if student.interface.tied:  # it may be handed its boards under the wrong one of two readings
        student.doubts_if_lost.setdefault(label, student.interface.tied)
    found = find_agent(sized_caller(sandbox, student.game), student.names, student.game, student.representation,
                       label, list(aliases), labels=list(labels), timeout=timeout, source=student.source,
                       game_object=student.game_object)
    if not isinstance(found, str) and student.has("result"):
        found.own_result = (student.game, student.result)
    unfilled = [] if isinstance(found, str) else found.unfilled_parameters()
    if unfilled:  # its failures may be the grader's call, not the code: a person looks, or binds it by hand
        student.doubts_if_failed.setdefault(label, (
            f"the grader knows no value for {', '.join(unfilled)} in its calls of your {found.target}() (it passes "
            f"None), so they may fail whatever the code does; an instructor can bind it in bindings.yaml"))
    return found


def replayed_game(sandbox, names, game: Game, interface: Interface, aliases: Mapping[str, Sequence[str]],
                  timeout: float, source: str) -> StudentGame | None:
    """When no reading of a board fits result() (or none knows the start or the moves), positions are built
    through the student's own code instead, inside the worker (``grader.adapt.replayed_states``)."""
    result = interface.bindings.get("result")
    if result is not None and not result.note:
        return None
    # a reading knows a start, and the student's moves: their boards are read, not replayed (a reading under which
    # no actions() reads the moves it lists is no reading of their boards, whatever it made of the start)
    # an actions() that raised, or answered but never as the reference, under every reading confirms none of them
    actions = interface.bindings.get("actions")
    unconfirmed = actions is not None and bool(actions.note)  # boards it cannot read, or a bug of its own
    moves_read = not interface.moves_unread and actions is not None and not unconfirmed
    start_read = not interface.initial_unread and "initial_state" in interface.bindings
    if start_read and moves_read:
        return None
    found = replayed_states.recipe(sandbox, names, game, aliases, timeout, source)
    if found is None:
        return None
    built = ReplayedGame(*found, names, timeout=timeout, source=source)
    if start_read and unconfirmed and not _replay_explains_more(built, game, interface):
        return None  # replay read no better than the reading: what its actions() gets wrong is a bug of its own
    return built


def _replay_explains_more(student: StudentGame, game: Game, interface: Interface, positions: int = 3) -> bool:
    """Whether positions built the student's way explain what the reading does not: their actions() lists the
    reference's moves there, or their terminal(), which no reading confirmed, answers as the reference does on
    a few positions, finished games among them (an actions() with a bug of its own then costs only itself)."""
    from reference.positions import finished_games, random_positions

    states = [game.initial_state(), *random_positions(game, positions - 1, seed=5)]
    if all((reply := student.actions(game.to_course(s), game.to_move(s))).ok
           and listing(reply.value) == listing(game.actions(s)) for s in states):
        return True
    terminal = interface.bindings.get("terminal")
    if terminal is not None and not terminal.note:
        return False
    ends = finished_games(game, seed=5)
    states += [next(ends) for _ in range(positions)]
    return all((reply := student.terminal(game.to_course(s))).ok and bool(reply.value) == game.terminal(s)
               for s in states)


__all__ = ["adapt", "Binding", "Caller", "Interface", "Move", "ReplayedGame", "Reply", "StudentAgent", "StudentGame",
           "find_agent", "infer_interface", "student_agent"]
