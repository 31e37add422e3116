"""Definitions mode: keep what a code cell defines, skip what it runs.

A notebook's experiment cells can run for hours and its ``input()`` loops wait for a human, but
the grader only needs the functions, classes and constants. Each top-level statement is kept or
skipped by one rule, and every skipped statement is recorded with its line and the reason:

- kept: imports, ``def``/``class``, assignments whose value is *cheap*, a few setup calls
  (``random.seed``, ``sys.setrecursionlimit``, ...), and ``try``/``if`` blocks that contain kept
  statements (their skipped inner statements become ``pass``);
- an expression is cheap when every call it makes (outside lambda bodies) is to a known-cheap
  constructor: numpy array constructors, builtins such as ``dict``/``list``/``range``, ``re.compile``,
  ``namedtuple``, ``random.Random``, ``math`` functions, ``.copy()``, or a class defined earlier in
  the notebook. So ``board = np.zeros((6, 7))`` is kept and ``result = play_game(a, b)`` is not;
  memoisation set-up (``functools.lru_cache(maxsize=None)(minimax)``, ``memo = {}``) is cheap too;
- skipped: top-level calls (``play(...)``, ``print(...)``), bare expressions, ``for``/``while`` loops,
  ``with`` blocks, ``if __name__ == "__main__":`` blocks, asserts, IPython magics and shell lines.

A global that kept functions read but only skipped code assigns (``DEBUG = 0`` in a main block,
``global COUNT; COUNT = 0`` in a function only experiments call) gets its last cheap assignment kept
on its own, with the reason (see :mod:`grader.load.needed_globals`).

One rule decides what a statement Python refuses costs: each top-level statement of a cell is
compiled on its own, as IPython runs a cell, so it loses only itself. ``x = 1`` then ``global x``
(refused by ``compile()`` of the whole cell, run by Jupyter) keeps both, and a ``def`` the compiler
refuses leaves the cell's imports and other definitions in place (see
:func:`statements_that_do_not_compile`; the worker runs the kept code the same way).

IPython syntax (``%time``, ``!pip``, ``?obj``, ``%%time``) is turned into Python by IPython's own
``TransformerManager`` and the resulting ``get_ipython()`` statements are skipped. The kept code
keeps the cell's line numbers (skipped lines are blanked), so a traceback from it points at the
line the student sees.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Iterable

from grader.load.needed_globals import NeededAssignment, ParsedCell, find_needed_assignments, start_line
from grader.load.sources import RawCell


@dataclass(frozen=True)
class SkippedStatement:
    """A statement left out of the kept code: where it is (cell lines, 1-based) and why."""

    line: int
    end_line: int
    source: str
    reason: str


@dataclass(frozen=True)
class KeptStatement:
    """One kept top-level statement (or several sharing a line), for exec one at a time.

    Compile ``"\\n" * (line - 1) + source`` to keep the cell's line numbers in tracebacks; running
    statements one by one lets the rest of a cell load when one kept statement fails. ``reason``
    is set only for an assignment kept out of a skipped statement, and says why.
    """

    line: int
    end_line: int
    source: str
    reason: str = ""


@dataclass(frozen=True)
class SyntaxProblem:
    """A cell that is not valid Python even after IPython syntax is converted."""

    line: int | None
    message: str


@dataclass(frozen=True)
class CodeCell:
    """One code cell: its number in the notebook, the student's source and what definitions mode keeps.

    ``kept`` has the same line numbering as ``source``. A statement Python refuses (``syntax_error``
    names the first) is blanked in it and loses only itself, as in IPython; when the cell cannot be
    parsed at all, the top-level statement around the error goes (IPython would lose the whole cell).
    """

    index: int
    source: str
    kept: str
    kept_statements: tuple[KeptStatement, ...] = ()
    skipped: tuple[SkippedStatement, ...] = ()
    syntax_error: SyntaxProblem | None = None
    first_line: int = 1


# --- what counts as cheap --------------------------------------------------------------------

_NUMPY_CONSTRUCTORS = (
    "array asarray zeros ones full empty zeros_like ones_like full_like empty_like arange linspace eye "
    "identity copy int8 int16 int32 int64 uint8 float32 float64 bool_ dtype inf"
).split()
_BUILTIN_CONSTRUCTORS = (
    "dict list set tuple frozenset int float str bool bytes complex range object len min max abs round "
    "sorted reversed enumerate zip ord chr type isinstance hash any all iter map filter"
).split()
#: canonical dotted names (after resolving the notebook's import aliases) that are cheap to call
CHEAP_CALLS = frozenset(
    [f"numpy.{name}" for name in _NUMPY_CONSTRUCTORS]
    + _BUILTIN_CONSTRUCTORS
    + [
        "re.compile",
        "collections.namedtuple",
        "collections.defaultdict",
        "collections.deque",
        "collections.Counter",
        "collections.OrderedDict",
        "typing.NamedTuple",
        "typing.TypeVar",
        "enum.Enum",
        "enum.IntEnum",
        "dataclasses.field",
        "functools.partial",
        "functools.lru_cache",
        "functools.cache",
        "random.Random",
        "random.seed",
        "numpy.random.seed",
        "numpy.random.default_rng",
        "numpy.random.RandomState",
        "fractions.Fraction",
        "string.Template",
    ]
)
_CHEAP_MODULES = ("math.",)  # every math function is cheap
#: method names that are cheap on whatever object: ``board.copy()``, ``a.reshape(6, 7)``
CHEAP_METHODS = frozenset("copy reshape astype tolist format join split strip upper lower".split())
#: calls worth running as statements because later code depends on them
SETUP_CALLS = frozenset(
    [
        "random.seed",
        "numpy.random.seed",
        "sys.setrecursionlimit",
        "warnings.filterwarnings",
        "warnings.simplefilter",
        "numpy.set_printoptions",
        "numpy.seterr",
        "pandas.set_option",
        "sys.path.append",
        "sys.path.insert",
    ]
)
#: calls that return a decorator: applying it (``lru_cache(maxsize=None)(minimax)``) only wraps
_CHEAP_DECORATOR_FACTORIES = frozenset(["functools.lru_cache"])
#: calls that create a class: their target names become constructors too
_CLASS_FACTORIES = frozenset(["collections.namedtuple", "typing.NamedTuple", "enum.Enum", "enum.IntEnum"])
#: cell magics whose body is ordinary Python run in the user's namespace
_PYTHON_BODY_CELL_MAGICS = frozenset(["time", "capture"])
#: cell magics that write their body to a file: a ``.py`` file's body is the Python the student means
#: (Kaggle notebooks write their agent with ``%%writefile submission.py``; Kaggle runs that file)
_FILE_WRITING_CELL_MAGICS = frozenset(["writefile", "file"])


#: names students use without showing the import (it sits in a cell we could not parse, ...)
_DEFAULT_ALIASES = {"np": "numpy", "pd": "pandas"} | {
    name: f"collections.{name}" for name in ("namedtuple", "defaultdict", "deque", "Counter", "OrderedDict")
}


@dataclass
class DefinitionContext:
    """What earlier cells taught us: import aliases (``np`` -> ``numpy``) and classes defined."""

    aliases: dict[str, str] = field(default_factory=lambda: dict(_DEFAULT_ALIASES))
    classes: set[str] = field(default_factory=set)
    #: names whose latest binding was skipped (``board = empty_board()``): code using them would fail
    only_skipped: set[str] = field(default_factory=set)
    #: functions and classes kept so far, so a later definition of the same name can be named
    defined: set[str] = field(default_factory=set)

    def bind(self, node: ast.stmt, kept: bool) -> None:
        """Record the names a top-level statement binds, so later statements can tell what exists."""
        names = _bound_names(node)
        if kept:
            self.only_skipped -= names
        else:
            self.only_skipped |= names

    def missing_name(self, node: ast.stmt) -> str | None:
        """A name the statement reads now whose only binding was skipped, if any."""
        for current in _evaluated_now(node):
            if isinstance(current, ast.Name) and isinstance(current.ctx, ast.Load) and current.id in self.only_skipped:
                return current.id
        return None

    def learn(self, node: ast.stmt) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    self.aliases[alias.asname] = alias.name
                else:
                    top = alias.name.split(".")[0]
                    self.aliases[top] = top
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                if alias.name != "*":
                    self.aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.ClassDef):
            self.classes.add(node.name)
            self.defined.add(node.name)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self.defined.add(node.name)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            if self.canonical(node.value.func) in _CLASS_FACTORIES:
                self.classes.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, (ast.Try, ast.If)):
            for child in _child_blocks(node):
                for stmt in child:
                    self.learn(stmt)

    def canonical(self, func: ast.expr) -> str | None:
        """``np.random.seed`` -> ``numpy.random.seed``; None for calls on computed objects."""
        dotted = _dotted_name(func)
        if dotted is None:
            return None
        head, _, rest = dotted.partition(".")
        head = self.aliases.get(head, head)
        return f"{head}.{rest}" if rest else head

    def is_cheap_call(self, call: ast.Call) -> bool:
        if isinstance(call.func, ast.Call) and self.canonical(call.func.func) in _CHEAP_DECORATOR_FACTORIES:
            return True
        name = self.canonical(call.func)
        if name is not None:
            if name in CHEAP_CALLS or name in self.classes or name.startswith(_CHEAP_MODULES):
                return True
        return isinstance(call.func, ast.Attribute) and call.func.attr in CHEAP_METHODS

    def first_expensive_call(self, node: ast.AST) -> ast.Call | None:
        """The first call (in source order) that is not known to be cheap; lambda bodies do not run."""
        stack = [node]
        while stack:
            current = stack.pop()
            if isinstance(current, ast.Lambda):
                children: list[ast.AST] = [*current.args.defaults, *(d for d in current.args.kw_defaults if d)]
            else:
                if isinstance(current, ast.Call) and not self.is_cheap_call(current):
                    return current
                children = list(ast.iter_child_nodes(current))
            stack.extend(reversed(children))
        return None


def _evaluated_now(node: ast.AST) -> Iterable[ast.AST]:
    """The nodes of a statement that run when it runs: not function, class or lambda bodies."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        stack.extend(ast.iter_child_nodes(current))


def _bound_names(node: ast.stmt) -> set[str]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return {(a.asname or a.name).split(".")[0] for a in node.names if a.name != "*"}
    return {
        n.id for n in _evaluated_now(node) if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del))
    }


def _dotted_name(node: ast.expr) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def _call_label(call: ast.Call) -> str:
    name = _dotted_name(call.func)
    if name is None and isinstance(call.func, ast.Attribute):
        name = f"….{call.func.attr}"
    return f"{name or 'a computed function'}()"


def _child_blocks(node: ast.stmt) -> list[list[ast.stmt]]:
    if isinstance(node, ast.If):
        return [node.body, node.orelse]
    if isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
        return [node.body, *(h.body for h in node.handlers), node.orelse, node.finalbody]  # type: ignore[attr-defined]
    return []


# --- the rule ---------------------------------------------------------------------------------


def _is_main_guard(node: ast.If) -> bool:
    test = node.test
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    sides = [test.left, test.comparators[0]]
    return any(isinstance(s, ast.Name) and s.id == "__name__" for s in sides) and any(
        isinstance(s, ast.Constant) and s.value == "__main__" for s in sides
    )


def _ipython_reason(call: ast.Call) -> str | None:
    """The reason for a ``get_ipython().method(...)`` call made by IPython's transformer, else None."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Call)):
        return None
    if _dotted_name(func.value.func) != "get_ipython":
        return None
    args = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    method = func.attr
    if method == "run_line_magic" and args:
        if args[0] in ("pinfo", "pinfo2"):
            return f"help request ?{args[1] if len(args) > 1 else ''}".rstrip()
        return f"IPython magic %{args[0]}"
    if method == "run_cell_magic" and args:
        return f"cell magic %%{args[0]}"
    if method in ("system", "getoutput"):
        return f"shell command !{args[0] if args else ''}".rstrip()
    return f"get_ipython().{method}() call"


def _uses_input(node: ast.AST) -> bool:
    return any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "input" for n in ast.walk(node)
    )


def _decide(node: ast.stmt, ctx: DefinitionContext) -> str | None:
    """None to keep a top-level statement, else the reason to skip it (compound blocks: see _filter_block)."""
    if isinstance(node, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return None
    if isinstance(node, (ast.Pass, ast.Global, ast.Nonlocal)):
        return None
    for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
        reason = _ipython_reason(call)
        if reason:
            return reason
    if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        if node.value is None:
            return None
        call = ctx.first_expensive_call(node)
        return None if call is None else f"assignment calls {_call_label(call)}: may be an experiment"
    if isinstance(node, ast.Expr):
        value = node.value
        if isinstance(value, ast.Constant):
            return None  # a string used as a comment
        if isinstance(value, ast.Call):
            arguments = [*value.args, *(k.value for k in value.keywords)]
            if ctx.canonical(value.func) in SETUP_CALLS and not any(map(ctx.first_expensive_call, arguments)):
                return None
            return f"experiment call {_call_label(value)}"
        return "bare expression: only displays a value"
    if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
        loop = "for" if isinstance(node, (ast.For, ast.AsyncFor)) else "while"
        return f"{loop} loop" + (" reading input()" if _uses_input(node) else "")
    if isinstance(node, ast.If) and _is_main_guard(node):
        return "if __name__ == '__main__' block"
    if isinstance(node, (ast.With, ast.AsyncWith)):
        return "with block"
    if isinstance(node, ast.Assert):
        return "assert statement (a test)"
    if isinstance(node, ast.Delete):
        return "del statement"
    if isinstance(node, ast.Raise):
        return "raise statement"
    if isinstance(node, ast.Return):
        return "return outside a function"
    return f"{type(node).__name__.lower()} statement"


@dataclass
class _Filtered:
    """Result of filtering one block: kept top-level nodes and skipped statements (with their nesting)."""

    kept: list[ast.stmt] = field(default_factory=list)
    skipped: list[tuple[ast.stmt, str, bool]] = field(default_factory=list)  # node, reason, nested


def _filter_block(body: list[ast.stmt], ctx: DefinitionContext, nested: bool, out: _Filtered) -> bool:
    """Sort ``body`` into kept and skipped statements; return whether anything was kept."""
    any_kept = False
    for node in body:
        if isinstance(node, ast.If) and not _is_main_guard(node) or isinstance(node, ast.Try) or (
            type(node).__name__ == "TryStar"
        ):
            test_call = ctx.first_expensive_call(node.test) if isinstance(node, ast.If) else None
            if test_call is not None:
                out.skipped.append((node, f"if condition calls {_call_label(test_call)}", nested))
                ctx.bind(node, kept=False)
                continue
            inner = _Filtered()
            blocks = _child_blocks(node)
            kept_inside = [_filter_block(block, ctx, True, inner) for block in blocks]
            # a try is worth keeping for its body; an if for either branch
            if kept_inside[0] or (isinstance(node, ast.If) and any(kept_inside)):
                out.skipped.extend(inner.skipped)
                if not nested:
                    out.kept.append(node)
                ctx.learn(node)
                any_kept = True
            else:
                kind = "if" if isinstance(node, ast.If) else "try"
                out.skipped.append((node, f"{kind} block that defines nothing", nested))
                ctx.bind(node, kept=False)
            continue
        reason = _decide(node, ctx)
        if reason is None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            missing = ctx.missing_name(node)
            if missing:
                reason = f"uses {missing}, which only a skipped statement defines"
        if reason is None:
            if not nested:
                out.kept.append(node)
            ctx.learn(node)
            any_kept = True
        else:
            out.skipped.append((node, reason, nested))
        ctx.bind(node, kept=reason is None)
    return any_kept


# --- building the kept text ------------------------------------------------------------------


def _replace_span(lines: list[bytes], node: ast.stmt, nested: bool) -> None:
    """Blank a skipped statement in place, keeping the line count (offsets are UTF-8 bytes, as ast's).

    A statement alone on its lines becomes blank lines (``pass`` inside a block, which must not end
    up empty); one that shares a line with kept code (``import x; print(x)``) becomes ``pass``.
    """
    first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
    before = lines[first][: node.col_offset]
    after = lines[last][node.end_col_offset :]
    newline = b"\n" if after.endswith(b"\n") else b""
    after = after.rstrip(b"\r\n")
    alone = not before.strip() and (not after.strip() or after.strip().startswith(b"#"))
    if alone and not nested:
        head = b""
    elif alone:
        head = before + b"pass"
    else:  # code after the statement on its last line moves up to the first line
        head = before + b"pass" + after
    replacement = [head] + [b""] * (last - first)
    lines[first : last + 1] = [line + b"\n" for line in replacement[:-1]] + [replacement[-1] + newline]


def _statement_text(python: str, node: ast.stmt, original_lines: str) -> str:
    """The statement as the student wrote it: its exact span, or its original lines for IPython syntax."""
    segment = ast.get_source_segment(python, node)
    return original_lines if segment is None or "get_ipython()" in segment else segment


@dataclass(frozen=True)
class CellDefinitions:
    """Definitions mode applied to one cell's source; ``parsed`` is kept for the notebook-wide pass."""

    kept: str
    kept_statements: tuple[KeptStatement, ...]
    skipped: tuple[SkippedStatement, ...]
    syntax_error: SyntaxProblem | None
    parsed: ParsedCell | None = None


_transformer = None


def _ipython_to_python(text: str) -> str:
    """IPython syntax -> Python calls to get_ipython(); imported lazily (IPython costs ~0.4 s)."""
    global _transformer
    if _transformer is None:
        from IPython.core.inputtransformer2 import TransformerManager

        _transformer = TransformerManager()
    return _transformer.transform_cell(text)


def filter_cell(source: str, ctx: DefinitionContext | None = None) -> CellDefinitions:
    """Keep the definitions of one cell's source; ``ctx`` carries aliases and classes across cells."""
    ctx = ctx if ctx is not None else DefinitionContext()
    original_lines = source.splitlines()
    offset = 0
    while offset < len(original_lines) and not original_lines[offset].strip():
        offset += 1
    body = "\n".join(original_lines[offset:])

    def text_of(line: int, end_line: int) -> str:
        return "\n".join(original_lines[line - 1 : end_line])

    magic = re.match(r"%%(\w+)", body)
    if magic:
        name = magic.group(1)
        python_file = _python_file_written(name, body.partition("\n")[0])
        if name in _PYTHON_BODY_CELL_MAGICS or python_file:
            defined_before = set(ctx.defined)
            inner = filter_cell("\n" * (offset + 1) + body.partition("\n")[2], ctx)
            reason = f"cell magic %%{name} (its body is filtered like any cell)"
            if python_file:
                reason = _written_file_reason(python_file, inner, defined_before)
            note = SkippedStatement(offset + 1, offset + 1, original_lines[offset], reason)
            return CellDefinitions(inner.kept, inner.kept_statements, (note, *inner.skipped), inner.syntax_error,
                                   inner.parsed)
        last = len(original_lines)
        skipped = SkippedStatement(offset + 1, last, text_of(offset + 1, last), f"cell magic %%{name}")
        return CellDefinitions("", (), (skipped,), None)

    python = body
    try:
        tree = ast.parse(python)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as first_error:
        if not isinstance(first_error, SyntaxError):  # null bytes, absurd nesting
            return CellDefinitions("", (), (), SyntaxProblem(None, f"{type(first_error).__name__}: {first_error}"))
        try:
            python = _ipython_to_python(body)
            tree = ast.parse(python)
        except SyntaxError as err:
            line = err.lineno + offset if err.lineno else None
            return _salvaged(body, offset, err, ctx) or CellDefinitions("", (), (), SyntaxProblem(line, err.msg))
        except Exception:  # IPython's transformer can fail on odd text; report the plain error
            line = first_error.lineno + offset if first_error.lineno else None
            return CellDefinitions("", (), (), SyntaxProblem(line, first_error.msg))

    filtered = _Filtered()
    _filter_block(tree.body, ctx, False, filtered)
    kept_python = _kept_text(python, filtered.skipped)
    problem, lost = None, []
    for line, end_line, message in statements_that_do_not_compile(kept_python):
        # the statement loses itself, as in IPython; the first such error is the cell's syntax problem
        broken = [node for node in filtered.kept if line <= node.lineno <= end_line]
        filtered.kept = [node for node in filtered.kept if node not in broken]
        if problem is None:
            problem = SyntaxProblem(line + offset, message)
            lost += [(node, "", False) for node in broken]
        else:
            filtered.skipped += [(node, f"not valid Python: {message}", False) for node in broken]
    if problem is not None:
        kept_python = _kept_text(python, filtered.skipped + lost)
    kept_lines = kept_python.splitlines()

    statements: list[KeptStatement] = []
    for node in filtered.kept:
        start, end = start_line(node), node.end_lineno or node.lineno
        if statements and start <= statements[-1].end_line - offset:  # shares a line with the previous one
            start = statements.pop().line - offset
        chunk = "\n".join(kept_lines[start - 1 : end])
        statements.append(KeptStatement(start + offset, end + offset, chunk))

    skipped = tuple(
        SkippedStatement(
            node.lineno + offset,
            (node.end_lineno or node.lineno) + offset,
            _statement_text(python, node, text_of(node.lineno + offset, (node.end_lineno or node.lineno) + offset)),
            reason,
        )
        for node, reason, _ in sorted(filtered.skipped, key=lambda s: (s[0].lineno, s[0].col_offset))
    )
    kept = "\n" * offset + kept_python if kept_python.strip() else ""
    return CellDefinitions(kept, tuple(statements), skipped, problem, ParsedCell(tree, python, offset, kept))


def _kept_text(python: str, blanked: list[tuple[ast.stmt, str, bool]]) -> str:
    """``python`` with the ``blanked`` statements (node, reason, nested) blanked, line numbers unchanged."""
    lines = [line.encode("utf-8") for line in python.splitlines(keepends=True)]
    for node, _, nested in sorted(blanked, key=lambda s: (s[0].lineno, s[0].col_offset), reverse=True):
        _replace_span(lines, node, nested)
    return b"".join(lines).decode("utf-8")


def statements_that_do_not_compile(code: str) -> list[tuple[int, int, str]]:
    """The top-level statements of ``code`` that Python refuses when each is compiled on its own,
    as IPython compiles a cell: (first line, last line, message).

    The parser accepts what the compiler refuses (``x = 1`` then ``global x``; ``nonlocal`` at the
    top level; ``await`` outside ``async def``), and whole-cell compilation would lose every statement
    for one of them; alone, a ``global`` after use is harmless and a broken ``def`` loses only itself."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return [(1, max(1, len(code.splitlines())), "not valid Python")]
    broken = []
    for node in tree.body:
        try:
            compile(ast.Module([node], type_ignores=[]), "<cell>", "exec")
        except SyntaxError as err:
            broken.append((start_line(node), node.end_lineno or node.lineno, err.msg))
        except (ValueError, RecursionError, MemoryError) as err:
            broken.append((start_line(node), node.end_lineno or node.lineno, f"{type(err).__name__}: {err}"))
    return broken


def _python_file_written(magic: str, header: str) -> str | None:
    """The ``.py`` file a ``%%writefile [-a] name.py`` cell writes, else None (other files are not code)."""
    if magic not in _FILE_WRITING_CELL_MAGICS:
        return None
    target = header.split()[-1] if len(header.split()) > 1 else ""
    return target.strip("\"'") if target.strip("\"'").endswith(".py") else None


def _written_file_reason(file: str, inner: CellDefinitions, defined_before: set[str]) -> str:
    """Why a ``%%writefile x.py`` cell's Python is kept, and which earlier definitions it replaces.

    The file is the code the student submits (Kaggle runs ``submission.py`` as the agent), so it is
    read as if it ran where it stands: where it defines a name an earlier cell defines too, its
    definition is the later one, and the later one is what the notebook means."""
    kept = {name for statement in inner.kept_statements for name in _DEFINED.findall(statement.source)}
    again = sorted(kept & defined_before)
    reason = f"cell magic %%writefile {file}: the file you submit, so its Python is filtered like any cell's"
    if again:
        reason += f"; its {', '.join(again)} replace{'s' if len(again) == 1 else ''} the earlier definition"
    return reason


def _salvaged(body: str, offset: int, err: SyntaxError, ctx: DefinitionContext,
              rounds: int = 20) -> CellDefinitions | None:
    """The cell's other statements when one of them is not valid Python, or None if nothing is left.

    A cell with one broken function must not lose every other definition in it: the top-level
    statement around the error (from the line that starts it at column 0 to the next such line)
    is blanked, keeping line numbers, and the rest is filtered as usual; the error is still reported.
    """
    lines = body.splitlines()
    problem = SyntaxProblem(err.lineno + offset if err.lineno else None, err.msg)
    for _ in range(rounds):
        if not err.lineno:
            return None
        starts = [i for i, text in enumerate(lines) if text.strip() and not text[0].isspace()
                  and not text.startswith(("#", ")", "]", "}"))]
        at = min(err.lineno, len(lines)) - 1
        begin = max((i for i in starts if i <= at), default=0)
        end = min((i for i in starts if i > at), default=len(lines))
        lines = lines[:begin] + [""] * (end - begin) + lines[end:]
        if not any(text.strip() for text in lines):
            return None
        try:
            ast.parse("\n".join(lines))
        except SyntaxError as again:
            err = again
            continue
        rest = filter_cell("\n" * offset + "\n".join(lines), ctx)
        skipped = rest.skipped
        if rest.syntax_error is not None:  # a second broken statement, one the compiler refuses: listed
            line = rest.syntax_error.line or 1
            text = body.splitlines()[line - offset - 1] if 0 < line - offset <= len(body.splitlines()) else ""
            skipped = tuple(sorted((*skipped, SkippedStatement(line, line, text, f"not valid Python: "
                                                               f"{rest.syntax_error.message}")), key=lambda s: s.line))
        return CellDefinitions(rest.kept, rest.kept_statements, skipped, problem, rest.parsed)
    return None


def definitions_only(cells: Iterable[RawCell]) -> list[CodeCell]:
    """Definitions mode for a notebook's code cells, in order (the last definition of a name wins)."""
    ctx = DefinitionContext()
    cells = list(cells)
    results = [filter_cell(cell.source, ctx) for cell in cells]
    parsed = [r.parsed or ParsedCell(None, "", 0, r.kept) for r in results]
    for needed in find_needed_assignments(parsed, lambda value: ctx.first_expensive_call(value) is None):
        results[needed.cell] = _with_needed(results[needed.cell], needed, cells[needed.cell].source)
    out = []
    for cell, result in zip(cells, results):
        out.append(
            CodeCell(
                index=cell.index,
                source=cell.source,
                kept=result.kept,
                kept_statements=result.kept_statements,
                skipped=result.skipped,
                syntax_error=result.syntax_error,
                first_line=cell.first_line,
            )
        )
    return out


def _with_needed(result: CellDefinitions, needed: NeededAssignment, source: str) -> CellDefinitions:
    """``result`` with one skipped assignment kept alone: on its own lines when the statement around
    it was skipped whole (they are blank in the kept code), else after the cell's last line."""
    lines = result.kept.splitlines()
    before = result.parsed.kept.splitlines() if result.parsed else lines  # what definitions mode kept
    first, last = needed.block
    text = needed.source.splitlines()
    taken = {line for s in result.kept_statements for line in range(s.line, s.end_line + 1)}
    free = range(needed.line, needed.line + len(text))
    if all(not line.strip() for line in before[first - 1 : last]) and not taken.intersection(free):
        start = needed.line
    else:  # inside a kept function or block, or sharing a line with another kept assignment
        start = max(len(lines), len(source.splitlines())) + 1
    lines += [""] * (start + len(text) - 1 - len(lines))
    lines[start - 1 : start - 1 + len(text)] = text
    kept = "\n".join(lines) + "\n"
    if statements_that_do_not_compile(kept):
        return result
    reason = (f"your functions read {', '.join(needed.names)}, which only line {needed.line} sets, in code that "
              "loading does not run")
    statement = KeptStatement(start, start + len(text) - 1, needed.source, reason)
    statements = tuple(sorted((*result.kept_statements, statement), key=lambda s: s.line))
    return CellDefinitions(kept, statements, result.skipped, result.syntax_error, result.parsed)


_DEFINED = re.compile(r"^(?:async\s+def|def|class)\s+([A-Za-z_]\w*)", re.MULTILINE)


def defined_names(code: str) -> list[str]:
    """The functions and classes ``code`` defines at the top level, in order."""
    return _DEFINED.findall(code)


def lost_definitions(cells: Iterable[CodeCell]) -> dict[str, str]:
    """Functions and classes the student wrote in code that is not valid Python, and so never defined,
    with where and why (``{"terminal": "cell 7 is not valid Python at line 12: '(' was never closed"}``).

    A role the grader cannot find may be right there, broken: the feedback should say so rather than
    "not found". A name defined again by code that runs is not lost."""
    cells = list(cells)
    kept = {name for cell in cells for name in _DEFINED.findall(cell.kept)}
    lost: dict[str, str] = {}
    for cell in cells:
        if cell.syntax_error is None:
            continue
        where = f" at line {cell.syntax_error.line}" if cell.syntax_error.line else ""
        for name in _DEFINED.findall(cell.source):
            if name not in kept:
                lost[name] = f"cell {cell.index} is not valid Python{where}: {cell.syntax_error.message}"
    return lost
