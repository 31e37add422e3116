"""The work every grading of an assignment repeats (tactic positions found with the exact solvers), done once
when a bundle is made and carried in it: a platform grades each submission in a fresh container, where the
grader's disk cache (:mod:`grader.checks._disk_cache`) would start empty every time. The bundle's scripts
point ``GRADER_CACHE_DIR`` at the folder; an entry is named by a hash of the reference code, so the installed
wheel finds the entries its own sources made."""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from grader.checks.kinds import prepare_shared
from grader.rubric import Assignment

#: the folder in a bundle (beside export.json) that the scripts make the grader's cache
CACHE_FOLDER = "grader-cache"


def fill_cache(assignment: Assignment, folder: str | Path, *, seed: int = 0) -> int:
    """Find what ``assignment``'s checks would find on every grading, into the cache ``folder``; return the
    number of entries there."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    with _cache_in(folder):
        prepare_shared(assignment, seed)
    return sum(1 for p in folder.rglob("*.json"))


@contextmanager
def _cache_in(folder: Path) -> Iterator[None]:
    before = os.environ.get("GRADER_CACHE_DIR")
    os.environ["GRADER_CACHE_DIR"] = str(folder)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("GRADER_CACHE_DIR", None)
        else:
            os.environ["GRADER_CACHE_DIR"] = before
