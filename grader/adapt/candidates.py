"""Which of a submission's callables might play a role, ranked by the evidence of their names.

Names are evidence, not the gate: behaviour on probe positions decides among the candidates (``grader.adapt.infer`` and
``grader.adapt.agents``). Ranking only says in which order to try them and how much a name alone is worth:

- tier 0: the rubric's first name for the role, the course template's (``empty_board``, ``actions``), a
  module-level function: the student's answer, whatever it does;
- tier 1: one of the rubric's names for the role (up to case and underscores);
- tier 2: a name that says the role in other words (``get_valid_moves``, ``ab_minmax_player``,
  ``findBestMove``), or one close to a rubric name;
- tier 3: any other callable whose arguments could fit; only behaviour can vouch for it.

Methods of module-level objects are candidates too (``game.actions``), named by their dotted path.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from grader.sandbox.calls import NameInfo

#: the worker names of routes (``grader.adapt.routes``): private, yet candidates like any function
ROUTE_PREFIX = "_route_"


def is_route(name: str) -> bool:
    return name.startswith(ROUTE_PREFIX)


def route_parts(target: str) -> tuple[str, str, str]:
    """(class, method, role) of a route's name in the worker: ``_route_Position__actions__actions``."""
    cls, method, role = target[len(ROUTE_PREFIX):].rsplit("__", 2)
    return cls, method, role


def spoken(target: str) -> str:
    """A callable as the student would name it: a route by its method (``state.result``,
    ``Position(...).actions``), anything else as it is."""
    if not is_route(target):
        return target
    cls, method, _ = route_parts(target)
    return f"state.{method}" if cls.endswith("_self") else f"{cls.removesuffix('_default')}(...).{method}"


def normalise(name: str) -> str:
    """Case and underscores do not matter: ``isTerminal``, ``is_terminal`` and ``IsTerminal`` are one name."""
    return re.sub(r"[_\W]", "", name).lower()


#: words that say a role in other words; matched against the name's normalised parts
ROLE_WORDS: dict[str, tuple[str, ...]] = {
    "initial_state": ("initial", "init", "empty", "newboard", "createboard", "makeboard", "start", "reset",
                      "blank", "fresh", "setup"),
    "actions": ("action", "validmove", "legalmove", "possiblemove", "availablemove", "moves", "validcol",
                "validlocation", "legal", "available", "openc", "freec", "possible", "successors", "options"),
    "result": ("result", "nextstate", "successor", "apply", "drop", "place", "makemove", "playmove", "domove",
               "transition", "insert", "addline", "drawline", "takeaction", "performmove", "play", "move", "step"),
    "terminal": ("terminal", "gameover", "isover", "isend", "finished", "isdone", "gameend", "ended", "over",
                 "done", "end"),
    "utility": ("utility", "util", "payoff", "outcome", "reward", "returns", "finalscore", "score"),
    "random": ("random", "rand"),
    "alphabeta": ("alphabeta", "alpha", "abplayer", "abagent", "absearch", "abminmax", "abminimax", "minimax",
                  "minmax", "negamax", "bestmove", "findbest", "pickbest", "search"),
    # not "eval": an evaluation function answers a number that reads as a column
    "heuristic": ("heuristic", "cutoff", "depthlimited", "limited", "habsearch", "halpha", "hminimax", "iterative"),
    "mcts": ("mcts", "montecarlo", "monte", "carlo", "uct", "pmc", "pmcs", "simulation", "playout", "rollout"),
}

#: words of a search label that any searching agent's name may hold (``monte_carlo_tree_search``)
ANY_SEARCH_WORDS = frozenset({"search", "bestmove", "findbest", "pickbest"})

#: which words speak for which agent label (a label not listed is matched by its own words)
AGENT_WORDS: dict[str, tuple[str, ...]] = {
    "random_player": ROLE_WORDS["random"],
    "alpha_beta_player": ROLE_WORDS["alphabeta"],
    "minimax_player": ROLE_WORDS["alphabeta"],
    "heuristic_player": ROLE_WORDS["heuristic"],
    "mcts_player": ROLE_WORDS["mcts"],
}

#: words of a method that says who won: the utility of the state object it belongs to
WINNER_WORDS = ("winner", "won")

#: names (normalised: lower case, no underscores) that never play a game role: display, input and
#: experiment helpers, and the statistics of experiments (``get_win_percentages``, ``mean_reward``)
NOT_A_ROLE = re.compile(r"print|show|display|draw(?!line)|plot|render|input|human|^ask|test|benchmark|timeit|"
                        r"experiment|tournament|compare|visual|animate|interactive|main$|^run|playgame|"
                        r"simulategame|gameloop|percent|winrate|average|^mean(reward|score)")


#: CPU seconds a probe may take of a candidate no name vouches for: the course's game functions answer in
#: milliseconds, while a search or a game loop tried for a role spent the whole call limit on every probe (4 such
#: probes were a third of a real notebook's ``grader check``)
UNNAMED_PROBE_SECONDS = 0.5


@dataclass(frozen=True)
class Candidate:
    """One callable that may play a role: its target (a name or ``obj.method``), what the sandbox
    says of it, and how much its name speaks for the role (0 strongest)."""

    target: str
    info: NameInfo
    tier: int

    def probe_seconds(self, limit: float) -> float:
        """How long a probe of it may run: ``limit`` under a name that says a role, less when only behaviour
        can vouch for it."""
        return min(limit, UNNAMED_PROBE_SECONDS) if self.tier == 3 else limit


def callables(names: Mapping[str, NameInfo]) -> dict[str, NameInfo]:
    """Every function, callable object and method of a module-level instance of the submission's
    own classes (``game.actions``), by target; methods of arrays, dicts and the like are not roles."""
    out: dict[str, NameInfo] = {}
    own_classes = {name for name, info in names.items() if info.kind == "class"}
    for name, info in names.items():
        if info.kind == "module" or (name.startswith("_") and not is_route(name)):
            continue
        if info.callable:
            out[name] = info
        if info.kind in ("value", "callable") and info.type_name.rsplit(".", 1)[-1] in own_classes:
            out.update({f"{name}.{m.name}": m for m in info.members if m.callable and not m.name.startswith("_")})
    return out


#: the roles of the game itself, which a name about agents or playouts never evidences
GAME_FUNCTIONS = ("initial_state", "actions", "result", "terminal", "utility")
#: words that name agents or their search, not a game function
AGENT_NAMES = ("agent", "player", "strategy", "policy", "playout", "rollout", "simulat")


def _tier(target: str, aliases: Sequence[str], words: Iterable[str], role: str = "") -> int:
    """0, 1, 2 or 3 for the evidence in a (possibly dotted) target's name."""
    if target == (aliases[0] if aliases else role):
        return 0
    if target in aliases:
        return 1
    last = target.rsplit(".", 1)[-1]
    norm = normalise(last)
    alias_norms = [normalise(a) for a in aliases]
    if last in aliases or norm in alias_norms or (role and normalise(role) in norm):
        return 1  # a rubric name, or one that contains the role's own name (terminal_check, my_random_player)
    if role in GAME_FUNCTIONS and any(w in norm for w in AGENT_NAMES):
        return 3  # random_player says "play", play_vs_random and playouts too: no evidence of a transition
    if any(w in norm for w in words) or difflib.get_close_matches(norm, alias_norms, n=1, cutoff=0.8):
        return 2
    return 3


def rank(names: Mapping[str, NameInfo], role: str, aliases: Sequence[str], *, classes: bool = False,
         unnamed: bool = True) -> list[Candidate]:
    """The candidates for ``role``, best evidence first (rubric names in the rubric's order first). ``classes``
    keeps classes (agents built per seat); ``unnamed`` keeps tier 3."""
    words = role_words(role)
    pool = dict(callables(names))
    if classes:  # agents: objects with an agent method count as a whole too
        pool.update({n: i for n, i in names.items() if i.kind == "value" and i.members and not n.startswith("_")})
    else:
        pool = {t: i for t, i in pool.items() if i.kind != "class"}
    order = {normalise(a): k for k, a in enumerate(aliases)}
    out = []
    for target, info in pool.items():
        if is_route(target):  # a route is made for one role, and goes by its method's name
            cls, method, made_for = route_parts(target)
            if made_for != role:
                continue
            # a method is named for the role by the role's own name or in its words, not by the rubric's names for
            # the template's functions (a state's ``score(player)`` counts boxes); one that says who won
            # (``game.winner()``) is named for the utility
            said = words + WINNER_WORDS if role == "utility" else words
            tier, last = _tier(f"{cls}.{method}", (), said, role), normalise(method)
            tier = max(tier, 1)  # never the template's own function
        else:
            tier, last = _tier(target, aliases, words, role), normalise(target.rsplit(".", 1)[-1])
        if (tier == 3 and not unnamed) or (tier > 1 and NOT_A_ROLE.search(last)):
            continue
        within = (order.get(last, len(order)), 0) if tier == 1 else \
            _strength(normalise(target), words, agentish=role not in GAME_FUNCTIONS)
        if role in GAME_FUNCTIONS and tier == 3 and any(w in last for w in AGENT_NAMES):
            continue  # named as an agent, and not for the role: never a game function (random_player says "play")
        out.append((tier, within, "." in target, Candidate(target, info, tier)))
    return [c for *_, c in sorted(out, key=lambda t: t[:3])]


#: words that make an unnamed callable more likely to be an agent than a helper
AGENTISH = ("agent", "player", "strategy", "bot", "ai", "policy", "computer", "cpu")

#: words in a method's name that say it answers a move (``get_move``, ``minimaxDecision``), most telling first
MOVE_WORDS = ("getmove", "bestmove", "choosemove", "move", "action", "decision", "decide", "search", "best",
              "play", "choose", "select", "act")


def public_methods(info: NameInfo) -> list[NameInfo]:
    """The public methods of a class or object whose names may say a role (none for display or experiments)."""
    return [m for m in info.members
            if m.callable and not m.name.startswith("_") and not NOT_A_ROLE.search(normalise(m.name))]


def move_methods(info: NameInfo) -> list[NameInfo]:
    """:func:`public_methods`, those whose names say they answer a move first (by the rank of the word)."""
    return sorted(public_methods(info), key=lambda m: next(
        (i for i, w in enumerate(MOVE_WORDS) if w in normalise(m.name)), len(MOVE_WORDS)))


def _strength(norm: str, words: Sequence[str], agentish: bool = True) -> tuple[int, int]:
    """How strongly a name says the role: the rank of the first role word it contains (strongest first), then
    agent-like names, then the rest; among names with the same word, the one that puts it first
    (``HeuristicMinimaxAgent`` says the role, ``MinimaxAgentHeuristicOrdering`` only qualifies its ordering)."""
    hit = next((k for k, w in enumerate(words) if w in norm), None)
    if hit is not None:
        return hit, norm.index(words[hit])
    says_agent = any(w in norm for w in AGENTISH)
    # an agent-like name comes first among the unnamed for an agent label, last for a game function
    return len(words) + (1 - says_agent if agentish else 1 + says_agent), 0


def says_another_label(target: str, label: str, others: Sequence[str]) -> bool:
    """Whether a name speaks for another of the rubric's labels and for ``label`` only in words any
    searching agent may use: ``pure_monte_carlo_search`` is a Monte Carlo player, not an alpha-beta one."""
    norm = normalise(target)
    return not any(w in norm for w in role_words(label) if w not in ANY_SEARCH_WORDS) and \
        any(w in norm for other in others if other != label for w in role_words(other))


def role_words(role: str) -> tuple[str, ...]:
    """The words that say ``role`` (a function role or an agent label) in other words."""
    if role in ROLE_WORDS:
        return ROLE_WORDS[role]
    return AGENT_WORDS.get(role, tuple(w for w in re.split(r"[_\W]+", role.lower()) if w not in ("player", "agent")))


def lost_to_syntax(role: str, aliases: Sequence[str], lost: Mapping[str, str]) -> str | None:
    """Why a role has no function although the student wrote one under its name: the code that defines it is not valid
    Python (``lost``: name -> where and why, from the loader). None when nothing lost names the role."""
    name = next((name for name in lost if _tier(name, aliases, (), role) <= 1), None)
    return None if name is None else (f"{name}() is written but never defined, because {lost[name]}: fix the "
                                      "syntax error and run the cell again")
