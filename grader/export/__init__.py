"""Grading where the class already is: bundles that run this grader on Gradescope and PrairieLearn.

Made on the instructor's machine (``grader export gradescope|prairielearn``), each bundle carries this
package as a wheel, the rubric and the settings of the export (:mod:`~grader.export.settings`); on the
platform, its entry script grades the folder the platform hands over exactly as ``grader grade`` grades
a student's folder (:mod:`~grader.export.submission_folder`) and writes the platform's ``results.json``
(:mod:`grader.report.gradescope`, :mod:`grader.report.prairielearn`).

- :mod:`~grader.export.wheel`: this package as a wheel, built from the source checkout
- :mod:`~grader.export.leaderboard`: a short seeded round robin against the reference baselines
- :mod:`~grader.export.gradescope`: ``autograder.zip`` (setup.sh, run_autograder) and its entry
- :mod:`~grader.export.prairielearn`: an external-grader directory (entrypoint, image) and its entry
- :mod:`~grader.export.cli`: the ``grader export`` command
"""
