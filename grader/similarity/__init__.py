"""Similarity across a class: the students' own code compared pairwise (template code set aside),
and their agents compared by the moves they chose on the same probe positions.

Two signals on purpose: renaming every identifier and rewriting the comments leaves the token
stream (:mod:`grader.similarity.code_overlap`) and the agent's choices
(:mod:`grader.similarity.behaviour`) as they were.
"""
