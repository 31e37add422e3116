"""Work every grading of a class repeats (tactic positions found with the exact solvers: tens of seconds),
kept on disk so that it is done once per class, not once per process or per ``grader check``.

An entry is named by a hash of what it answers (the game, its board and rules, the rubric's request) and of
the code that computes it (the ``reference`` package and the finder's module): a rubric that asks for other
positions, or a change of the solvers, makes new entries, never stale answers. Entries are plain JSON
(never pickles: the folder may be shared), written atomically; an unreadable one is computed again.

The folder is ``$GRADER_CACHE_DIR``, else ``$XDG_CACHE_HOME/adversarial-grader``, else
``~/.cache/adversarial-grader``; ``GRADER_CACHE_DIR=off`` turns the cache off.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Callable, TypeVar

_ROOT = Path(__file__).resolve().parents[2]
T = TypeVar("T")


def cache_dir() -> Path | None:
    """Where entries are kept, or None when the cache is off."""
    chosen = os.environ.get("GRADER_CACHE_DIR")
    if chosen == "off":
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "adversarial-grader"


@functools.cache
def code_version(*modules: str) -> str:
    """A hash of the ``reference`` package's sources and of ``modules`` (paths under the repository)."""
    digest = hashlib.sha256()
    files = sorted((_ROOT / "reference").rglob("*.py")) + [_ROOT / m for m in modules]
    for path in files:
        try:
            digest.update(path.relative_to(_ROOT).as_posix().encode() + b"\0" + path.read_bytes())
        except OSError:
            continue
    return digest.hexdigest()[:16]


def cached(kind: str, key: Any, compute: Callable[[], Any], *, code: str) -> Any:
    """``compute()``'s JSON-able answer for ``key`` (JSON-able too), from the cache when it holds one."""
    folder = cache_dir()
    if folder is None:
        return compute()
    name = hashlib.sha256(json.dumps([kind, code, key], sort_keys=True).encode()).hexdigest()[:32]
    path = folder / kind / f"{name}.json"
    try:
        return json.loads(path.read_text())["value"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    value = compute()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=path.parent, suffix=".tmp", delete=False) as f:
            json.dump({"key": key, "value": value}, f)
        os.replace(f.name, path)
    except OSError:  # a read-only home: the answer is still right, only not kept
        pass
    return value


def remembered(maxsize: int) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """``functools.lru_cache`` for a function whose answers go to the disk cache, remembered per cache folder:
    a process that points ``GRADER_CACHE_DIR`` at a new folder (a bundle being filled) still writes its
    entries there instead of answering from memory. The wrapper keeps ``cache_clear``."""

    def decorate(function: Callable[..., T]) -> Callable[..., T]:
        by_folder = functools.lru_cache(maxsize=maxsize)(lambda folder, *args, **kwargs: function(*args, **kwargs))

        @functools.wraps(function)
        def call(*args: Any, **kwargs: Any) -> T:
            return by_folder(cache_dir(), *args, **kwargs)

        call.cache_clear = by_folder.cache_clear  # type: ignore[attr-defined]
        return call

    return decorate


def hashable(value: Any) -> Any:
    """A value read back from JSON with its lists as tuples again (a Dots and Boxes line ``('h', 0, 1)``)."""
    return tuple(hashable(v) for v in value) if isinstance(value, list) else value
