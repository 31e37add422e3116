"""Mean Connect 4 submissions are read the way their own code says: the encoding of their moves and
their reading of the rule's open points (issue 10)."""

from test_adapt import adapted, agrees_with_reference


def test_a_reading_the_text_allows_is_graded_as_the_students_own_and_said():
    box, student = adapted("mc4_disc_changes_hands.py", "mean_connect4")
    with box:
        assert (student.game.keeps_colour, student.game.same_column) == (False, False)
        assert not any(b.note for b in student.interface.bindings.values())
        agrees_with_reference(student, student.game)
        said = [a for a in student.interface.adaptations if a.startswith("graded by your reading")]
        assert said and "becomes the mover's disc and must go to another column" in said[0]
        assert "('drop', column)" in student.representation.describe()
        assert "('steal', from, to)" in student.representation.describe()


def test_the_reference_reading_on_lists_with_tagged_moves_needs_no_other_reading():
    box, student = adapted("mc4_reference_reading_as_lists.py", "mean_connect4")
    with box:
        assert student.game == student.game.readings()[0]
        assert not any(b.note for b in student.interface.bindings.values())
        agrees_with_reference(student, student.game)
        assert any(a.startswith("graded by the reference's reading") for a in student.interface.adaptations)
        assert student.representation.encode_action((1, 4), None) == ("mean", 1, 4)
        assert student.representation.decode_action(["play", 2], None) == 2


def test_the_mean_move_win_positions_need_a_mean_move_under_every_reading():
    from grader.checks.mean_move_win import positions
    from reference.games import load_game

    for reading in load_game("mean_connect4").readings():
        cases = positions(reading)
        assert len(cases) == 4 and {reading.to_move(s) for s, _ in cases} == {1, -1}
        for state, wins in cases:
            drops = [a for a in reading.actions(state) if not isinstance(a, tuple)]
            assert wins and not any(reading.winner(reading.result(state, a)) for a in drops)
    assert positions(load_game("mean_connect4", rows=3, cols=3, k=3)) == []
