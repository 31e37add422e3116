"""No generic module of the grader names a game: everything about one game lives in its plug
(``grader/games/<game>/``) or its reference class, so a fifth game touches neither.

"Names" means in code: an import of one game's module, or a string constant (not a docstring, not help
text shown to a person) that is a registered game's name or alias. Examples in docstrings and ``--help``
texts are words for people and are left alone.
"""

from __future__ import annotations

import ast
from pathlib import Path

from reference.games import game_classes
from tests.paths import ROOT

#: the folder where each game's grader side lives: the only place in grader/ that may name a game
PLUGS = ROOT / "grader" / "games"


def _game_words() -> set[str]:
    return {w.lower() for cls in game_classes() for w in (cls.name, *cls.aliases)}


def _game_modules() -> set[str]:
    return {cls.__module__ for cls in game_classes()} | {f"grader.games.{cls.name}" for cls in game_classes()}


def _docstrings(tree: ast.Module) -> set[int]:
    """ids of the string constants that are docstrings."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _help_texts(tree: ast.Module) -> set[int]:
    """ids of the string constants passed as ``help=`` or ``description=`` (words for a person)."""
    return {id(n) for call in ast.walk(tree) if isinstance(call, ast.Call)
            for kw in call.keywords if kw.arg in ("help", "description", "epilog")
            for n in ast.walk(kw.value) if isinstance(n, ast.Constant)}


def namings(path: Path) -> list[str]:
    """Where ``path`` names a game in its code, as 'line: what'."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    words, modules = _game_words(), _game_modules()
    left_alone = _docstrings(tree) | _help_texts(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in left_alone \
                and node.value.strip().lower() in words:
            found.append(f"{node.lineno}: the string {node.value!r}")
        elif isinstance(node, ast.ImportFrom) and node.module:
            named = {node.module} | {f"{node.module}.{a.name}" for a in node.names}
            found += [f"{node.lineno}: imports {m}" for m in named & modules]
        elif isinstance(node, ast.Import):
            found += [f"{node.lineno}: imports {a.name}" for a in node.names if a.name in modules]
    return found


def test_no_generic_module_names_a_game():
    generic = [p for p in (ROOT / "grader").rglob("*.py") if PLUGS not in p.parents]
    named = {str(p.relative_to(ROOT)): namings(p) for p in generic}
    assert {p: n for p, n in named.items() if n} == {}


def test_the_check_finds_a_game_named_in_code(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""Connect 4 in a docstring is fine."""\nimport reference.games.connect4\n'
                      'KIND = "connect4"\nparser.add_argument("-a", help="connect4")\n', encoding="utf-8")
    assert namings(sample) == ["2: imports reference.games.connect4", "3: the string 'connect4'"]
