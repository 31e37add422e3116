"""Precision and recall of the similarity report's code flag on a labelled set (prints; asserts nothing).

    python benchmarks/similarity.py                 # tests/similarity: disguised copies vs honest solutions
    python benchmarks/similarity.py DIR TEMPLATE    # any folder whose copies are named copy_of_<original>.*

A pair is a true copy when one file is named ``copy_of_<the other's name>``; every other pair is an
independent pair. The figures are printed for several thresholds, with the template's code set aside.
"""

from __future__ import annotations

import sys
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from grader.similarity.code_overlap import CodeText, compare_class, submission_code  # noqa: E402

THRESHOLDS = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)


def main(argv: list[str]) -> None:
    folder = Path(argv[0]) if argv else Path(__file__).resolve().parents[1] / "tests" / "similarity"
    template = Path(argv[1]) if len(argv) > 1 else folder / "template.py"
    files = sorted(p for p in folder.iterdir() if p.suffix in (".py", ".ipynb") and p != template)
    texts = [CodeText(p.stem, submission_code(p)) for p in files]
    copies = {frozenset((a, b)) for a, b in combinations([t.submission for t in texts], 2)
              if a == f"copy_of_{b}" or b == f"copy_of_{a}"}
    pairs = compare_class(texts, submission_code(template) if template.exists() else "")
    print(f"{len(texts)} files, {len(pairs)} pairs, {len(copies)} true copies; template {template.name}")
    for p in pairs:
        label = "copy" if frozenset((p.first, p.second)) in copies else "independent"
        print(f"  {p.similarity:6.3f}  {label:<11}  {p.first} / {p.second}")
    print(f"{'threshold':>9}  {'flagged':>7}  {'precision':>9}  {'recall':>6}")
    for threshold in THRESHOLDS:
        flagged = {frozenset((p.first, p.second)) for p in pairs if p.similarity >= threshold}
        right = len(flagged & copies)
        precision = f"{right / len(flagged):.2f}" if flagged else "-"
        recall = f"{right / len(copies):.2f}" if copies else "-"
        print(f"{threshold:>9.2f}  {len(flagged):>7}  {precision:>9}  {recall:>6}")


if __name__ == "__main__":
    main(sys.argv[1:])
