"""What a bundle carries besides the grader itself, as ``export.json``: the assignment, section and seed
to grade with, the rubric file beside it, how hidden checks show, and the leaderboard's round robin.

Written by ``grader export`` and read by the entry script on the platform, so that a bundle grades
exactly as ``grader grade --assignment A --section S --seed N --rubric R`` grades on the instructor's
machine.
"""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from grader.report.gradescope import GradescopeVisibility
from grader.report.files import write_text
from grader.rubric import Assignment, load_rubric
from grader.tournament.options import DEFAULT_BASELINES

SETTINGS_FILE = "export.json"
RUBRIC_FILE = "rubric.yaml"


class LeaderboardSettings(BaseModel):
    """The round robin that rates a submission's agent: against ``baselines``, ``games_per_pair`` games
    each (colour-swapped, from balanced openings), ``move_seconds`` a move (default: the rubric's). The
    baselines' games among themselves travel in ``games_file``, played once at export."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    baselines: tuple[str, ...] = DEFAULT_BASELINES  # as `grader tournament` plays by default
    games_per_pair: int = Field(default=2, ge=2)
    move_seconds: float | None = Field(default=None, gt=0)
    games_file: str = "baseline_games.jsonl"


class BundleSettings(BaseModel):
    """Everything a platform's entry script needs to grade as the instructor's ``grader grade`` does."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    platform: Literal["gradescope", "prairielearn"]
    assignment: str
    section: str | None = None
    seed: int = 0
    rubric: str = RUBRIC_FILE
    hidden_visibility: GradescopeVisibility = "after_published"
    leaderboard: LeaderboardSettings | None = None
    grader_version: str = ""

    def load_assignment(self, folder: str | Path) -> Assignment:
        """The assignment to grade, as the section sees it, from the rubric in ``folder``."""
        return load_rubric(Path(folder) / self.rubric).assignment(self.assignment).for_section(self.section)

    def write(self, folder: str | Path) -> Path:
        return write_text(Path(folder) / SETTINGS_FILE, self.model_dump_json(indent=2) + "\n")


class BundleError(ValueError):
    """A bundle that cannot be used as it is (its settings missing or made by an incompatible grader)."""


def read_settings(folder: str | Path) -> BundleSettings:
    """The settings of the bundle unpacked in ``folder``; :class:`BundleError` says what is wrong."""
    path = Path(folder) / SETTINGS_FILE
    try:
        return BundleSettings.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError:
        raise BundleError(f"{path} is missing: is {folder} the unpacked bundle of `grader export`?") from None
    except (ValueError, ValidationError) as e:
        raise BundleError(f"{path} cannot be read ({e}); export the bundle again with this grader") from None


def grader_version() -> str:
    """The installed version of this package (what a bundle's wheel is)."""
    try:
        return metadata.version("adversarial-grader")
    except metadata.PackageNotFoundError:
        return "0+unknown"
