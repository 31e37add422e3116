"""Dots and Boxes for the grader: the template's board dicts (current and old), whose size a template
of another size can be resized to, and edge boards with extra turns."""

from grader.games.dots_and_boxes import edge_boards, moves, representation
from grader.plugs import GamePlug

PLUG = GamePlug(candidates=representation.candidates, at_size=representation.at_size,
                edge_cases=edge_boards.cases, move_encodings=moves.ENCODINGS)
