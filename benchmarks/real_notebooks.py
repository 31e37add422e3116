"""How often the grader's verdict on each function agrees with a careful manual reading of real notebooks.

    python benchmarks/real_notebooks.py DIR VERDICTS [--assignment connect4] [--out DIR] [--jobs 2]

``DIR`` holds student notebooks; ``VERDICTS`` is a folder of YAML files, one per notebook (named by
its stem), written by a person who read the code (see ``benchmarks/real_notebooks/README.md``):
each role (``result``, ``alpha_beta_player``, ...) is ``correct``, ``wrong`` or ``absent``. The notebooks
themselves are not in this repository; the README says where the development set comes from.

The grader's verdict on a role is read from the checks that target it:
- a function is *correct* when it earns at least 90% of the points of its ``initial_state``,
  ``canned_boards``, ``random_positions`` and ``no_mutation`` checks (the course counts a ``result``
  that changes the board it was given as a bug);
- an agent is *correct* when it earns every ``agent_legal`` point and, for a search agent, at least
  60% of its ``agent_tactics`` points, or where it has no tactics check (Monte Carlo), at least half
  the points of its first ``agent_strength`` check (against random);
- either is *absent* when the grader found nothing to call ("no function named ...", "no agent ...").
Prints the agreement per notebook and overall, then every disagreement with the grader's message, and
last the agreement when a function counts as correct only with every point (any point taken off says
the grader found a bug).
Asserts nothing.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader.batch import BatchOptions, grade_batch  # noqa: E402
from grader.results import CheckResult, SubmissionResult  # noqa: E402
from grader.rubric import Assignment, load_rubric  # noqa: E402

FUNCTION_KINDS = {"initial_state", "canned_boards", "random_positions", "no_mutation"}
AGENT_KINDS = {"agent_legal", "agent_tactics", "agent_strength"}
FUNCTION_SHARE, TACTICS_SHARE, STRENGTH_SHARE = 0.9, 0.6, 0.5
ABSENT = re.compile(r"\bno (function|agent)\b|has none of the methods|\bnot found\b|no usable agent")


@dataclass
class Judged:
    """One role of one notebook: the manual verdict, the grader's, and the grader's evidence."""

    notebook: str
    role: str
    manual: str
    grader: str
    evidence: str
    why: str = ""
    review: bool = False  # the grader sent the role to a person (its verdict is provisional)

    @property
    def agrees(self) -> bool:
        return self.manual == self.grader


def grader_verdict(role: str, checks: list[tuple[str, CheckResult]], is_agent: bool,
                   function_share: float = FUNCTION_SHARE) -> tuple[str, str]:
    """(verdict, evidence) from the checks that target ``role``: (kind, result) pairs; a function is
    correct from ``function_share`` of its points."""
    if not checks:
        return "unjudged", "no check targets this role"
    if all(ABSENT.search(c.message) and c.points == 0 for _, c in checks):
        return "absent", checks[0][1].message
    checks = [(k, c) for k, c in checks if c.status != "manual"]  # left to a person: no verdict of the grader's
    if not checks:
        return "unjudged", "every check of this role is left to a person"
    evidence = "; ".join(f"{c.check} {c.points:g}/{c.max_points:g}" for _, c in checks)
    first_problem = next((c.message for _, c in checks if c.points < c.max_points), "")
    if first_problem:
        evidence += " | " + first_problem
    if not is_agent:
        got, total = sum(c.points for _, c in checks), sum(c.max_points for _, c in checks)
        return ("correct" if total and got >= function_share * total - 1e-9 else "wrong"), evidence
    legal = [c for k, c in checks if k == "agent_legal"]
    tactics = [c for k, c in checks if k == "agent_tactics"]
    strength = [c for k, c in checks if k == "agent_strength"][:1]
    ok = all(c.points >= c.max_points - 1e-9 for c in legal)
    if tactics:
        got, total = sum(c.points for c in tactics), sum(c.max_points for c in tactics)
        ok = ok and got >= TACTICS_SHARE * total - 1e-9
    elif strength:
        ok = ok and strength[0].points >= STRENGTH_SHARE * strength[0].max_points - 1e-9
    return ("correct" if ok else "wrong"), evidence


def judge(result: SubmissionResult, assignment: Assignment, verdict: dict,
          function_share: float = FUNCTION_SHARE) -> list[Judged]:
    """Every role of ``verdict`` judged against ``result``."""
    kind_of = {spec.title: spec.kind for task in assignment.tasks for spec in task.checks}
    out = []
    for role, manual in (verdict.get("roles") or {}).items():
        is_agent = role in assignment.agents
        kinds = AGENT_KINDS if is_agent else FUNCTION_KINDS
        checks = [(kind_of.get(c.check), c) for c in result.checks
                  if c.check.startswith(f"{role}:") and kind_of.get(c.check) in kinds]
        if result.status != "graded":
            grader, evidence = "absent", f"submission {result.status}: {result.message}"
        else:
            grader, evidence = grader_verdict(role, checks, is_agent, function_share)
        # a check the grader leaves to a person (status review, or manual where it cannot judge the role at all)
        # is no confident verdict
        review = any(c.status in ("review", "manual") for _, c in checks)
        out.append(Judged(result.submission, role, manual["verdict"], grader, evidence, manual.get("why", ""),
                          review))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", type=Path)
    parser.add_argument("verdicts", type=Path)
    parser.add_argument("--assignment", help="grade every notebook as this (default: each verdict's own)")
    parser.add_argument("--out", type=Path, help="where the grader writes its sheets (default: a temporary folder)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)

    verdicts = {p.stem: yaml.safe_load(p.read_text()) for p in sorted(args.verdicts.glob("*.yaml"))}
    rubric = load_rubric(None)
    by_assignment: dict[str, list[Path]] = {}
    for stem, verdict in verdicts.items():
        found = sorted(args.notebooks.glob(f"{stem}.*"))
        if not found:
            print(f"  {stem}: no notebook in {args.notebooks}")
            continue
        name = args.assignment or verdict.get("assignment", "connect4")
        if name not in rubric.assignments:
            print(f"  {stem}: assignment {name!r} is not in the rubric; skipped")
            continue
        by_assignment.setdefault(name, []).append(found[0])

    judged: list[Judged] = []
    strict: list[Judged] = []  # the same, with a function correct only at full points
    out = args.out or Path(tempfile.mkdtemp(prefix="real-notebooks-"))
    for name, paths in by_assignment.items():
        assignment = rubric.assignment(name)
        batch = grade_batch(paths, name, assignment, out / name, BatchOptions(jobs=args.jobs, progress=False))
        for result in sorted(batch.results, key=lambda r: r.submission):
            judged += judge(result, assignment, verdicts[result.submission])
            strict += judge(result, assignment, verdicts[result.submission], function_share=1.0)
    report(judged)
    agree = sum(j.agrees for j in strict)
    print(f"\nwith a function correct only at full points: {agree}/{len(strict)} "
          f"({100 * agree / max(len(strict), 1):.0f}%) agree; the disagreements that differ:")
    for loose, full in zip(judged, strict):
        if loose.agrees != full.agrees:
            print(f"  {full.notebook}.{full.role}: manual {full.manual}, grader {full.grader} at full points "
                  f"({loose.grader} from {FUNCTION_SHARE:.0%})")


def report(judged: list[Judged]) -> None:
    """Agreement per notebook, overall and by manual verdict, then the disagreements."""
    print(f"\n{'notebook':28s} agree")
    for notebook in sorted({j.notebook for j in judged}):
        mine = [j for j in judged if j.notebook == notebook]
        print(f"  {notebook:26s} {sum(j.agrees for j in mine):2d}/{len(mine)}")
    agree = sum(j.agrees for j in judged)
    print(f"\nfunction verdicts that agree with the manual reading: {agree}/{len(judged)} "
          f"({100 * agree / max(len(judged), 1):.0f}%)")
    sure = [j for j in judged if not j.review]
    wrong = sum(not j.agrees for j in sure)
    print(f"roles sent to review (a person decides): {len(judged) - len(sure)}/{len(judged)} "
          f"({100 * (len(judged) - len(sure)) / max(len(judged), 1):.0f}%); confident verdicts that contradict "
          f"the reading: {wrong}/{len(sure)} ({100 * wrong / max(len(sure), 1):.0f}%)")
    for j in judged:
        if j.review:
            print(f"  in review: {j.notebook}.{j.role} (manual {j.manual}, provisionally {j.grader})")
    present = [j for j in judged if j.manual != "absent"]
    judged_at_all = sum(j.grader not in ("absent", "unjudged") for j in present)
    print(f"roles the student wrote that the grader judged at all: {judged_at_all}/{len(present)}")
    pairs = Counter((j.manual, j.grader) for j in judged if not j.agrees)
    print("disagreements (manual -> grader): " + ", ".join(f"{m} -> {g}: {n}" for (m, g), n in pairs.most_common()))
    print("\ndisagreements:")
    for j in judged:
        if not j.agrees:
            print(f"  {j.notebook}.{j.role}: manual {j.manual}, grader {j.grader}{' (in review)' if j.review else ''}\n"
                  f"      manual: {j.why[:160]}\n      grader: {j.evidence[:240]}")


if __name__ == "__main__":
    main()
