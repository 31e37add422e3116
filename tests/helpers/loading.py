"""Running what the load step kept, outside any sandbox: only for the tests' own trusted fixtures."""

from __future__ import annotations


def run_kept(cells) -> dict:
    """Exec the kept code of our own fixtures (trusted), statement by statement, as a sandbox would."""
    namespace: dict = {}
    for cell in cells:
        for statement in cell.kept_statements:
            exec(compile("\n" * (statement.line - 1) + statement.source, f"<cell {cell.index}>", "exec"), namespace)
    return namespace
