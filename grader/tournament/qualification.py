"""Which submissions take part, remembered between runs in ``OUT_DIR/qualified.json``.

Qualifying a submission opens a sandbox, adapts to its code and plays an untimed warm-up move:
seconds per submission, and up to the warm-up limit for an agent that hangs. Running a finished
tournament again should take seconds, so each verdict (the participant, or why the submission cannot
play) is saved with the fingerprint of what it depends on (the file's bytes, the assignment, the agent
asked for) and reused while that fingerprint holds. Delete the file to qualify everyone again.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from grader.batch import BatchOptions, fingerprint
from grader.load import submission_name
from grader.report.files import write_text
from grader.rubric import Assignment
from grader.tournament.participants import Exclusion, Participant, student_participant

QUALIFIED_FILE = "qualified.json"


@dataclass
class Qualification:
    """Who plays, who does not and why, and which verdicts came from an earlier run."""

    players: list[Participant] = field(default_factory=list)
    excluded: list[Exclusion] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)  # submission names


def qualify(paths: Sequence[Path], assignment: Assignment, out_dir: str | Path, agent_label: str | None = None, *,
            isolation: str | None = None,
            on_verdict: Callable[[Participant | Exclusion, bool], None] | None = None) -> Qualification:
    """Each submission in ``paths`` as a participant or an exclusion, reusing verdicts saved in ``out_dir``.

    ``on_verdict(verdict, reused)`` is told of each one as it is known.
    """
    saved_path = Path(out_dir) / QUALIFIED_FILE
    saved = _read(saved_path)
    verdicts: dict[str, dict] = {}
    outcome = Qualification()
    for path in paths:
        name = submission_name(path)
        key = f"{fingerprint(Path(path), assignment, BatchOptions())}:{agent_label or ''}"
        entry = saved.get(name)
        cached = _verdict(entry) if entry is not None and entry.get("fingerprint") == key else None
        reused = cached is not None
        verdict = cached or student_participant(path, assignment, agent_label, isolation=isolation)
        if reused:
            outcome.reused.append(name)
        if isinstance(verdict, Participant):
            outcome.players.append(verdict)
        else:
            outcome.excluded.append(verdict)
        verdicts[name] = {"fingerprint": key, "kind": type(verdict).__name__, "verdict": dataclasses.asdict(verdict)}
        if on_verdict:
            on_verdict(verdict, reused)
    write_text(saved_path, json.dumps(verdicts, ensure_ascii=False, indent=1) + "\n")
    return outcome


def _verdict(entry: dict) -> Participant | Exclusion | None:
    """A saved verdict as it was; None when it cannot be read back (the submission is qualified again)."""
    try:
        fields = dict(entry["verdict"])
        if entry["kind"] == "Participant":
            return Participant(**{**fields, "cells": tuple(fields["cells"]), "aliases": tuple(fields["aliases"])})
        return Exclusion(**fields)
    except (KeyError, TypeError, ValueError):
        return None


def _read(path: Path) -> dict[str, dict]:
    """The saved verdicts; none when the file is missing or damaged (everyone is qualified again)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {name: entry for name, entry in data.items()
                if isinstance(entry, dict) and entry.get("kind") in ("Participant", "Exclusion")}
    except (OSError, ValueError, AttributeError):
        return {}
