"""Which assignment a notebook is, from the words in it (the rubric's ``detect`` list for each)."""

from __future__ import annotations

from pathlib import Path

from grader.rubric import Rubric


def detect_assignment(path: str | Path, rubric: Rubric) -> str | None:
    """The assignment whose detection words appear most often in the file; None if none appears."""
    path = Path(path)
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    text = " ".join(p.read_bytes().decode("utf-8", "replace") for p in files[:20]).lower()
    counts = {name: sum(text.count(word.lower()) for word in a.detect) for name, a in rubric.assignments.items()}
    best = max(counts, key=counts.get, default=None)
    return best if best is not None and counts[best] > 0 else None
