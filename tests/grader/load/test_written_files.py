"""Cells that write a Python file (``%%writefile submission.py``): Kaggle notebooks write their agent
so, and that file is what the student submits; its Python is filtered like any cell's."""

from grader.load.definitions import definitions_only, filter_cell
from grader.load.sources import RawCell

AGENT = "def my_agent(obs, config):\n    import random\n    return random.choice([0, 1])\n"


def test_the_python_of_a_writefile_cell_is_kept_and_its_experiments_skipped():
    cell = filter_cell("%%writefile submission.py\n" + AGENT + "env.run([my_agent, 'random'])\n")
    assert "def my_agent(obs, config):" in cell.kept
    assert cell.kept.splitlines()[1] == "def my_agent(obs, config):"  # the cell's line numbers
    reasons = [s.reason for s in cell.skipped]
    assert reasons[0] == "cell magic %%writefile submission.py: the file you submit, so its Python is filtered like any cell's"
    assert reasons[1] == "experiment call env.run()"


def test_appending_to_a_python_file_is_kept_too_and_other_files_are_not_code():
    assert "def my_agent" in filter_cell("%%writefile -a main.py\n" + AGENT).kept
    assert "def my_agent" in filter_cell("%%file 'agent.py'\n" + AGENT).kept
    text = filter_cell("%%writefile notes.txt\n" + AGENT)
    assert text.kept == "" and text.skipped[0].reason == "cell magic %%writefile"


def test_a_written_file_that_defines_a_name_again_says_it_replaces_the_earlier_definition():
    cells = definitions_only([RawCell(0, "import random\n\ndef drop_piece(grid, col):\n    return grid\n\n" + AGENT),
                              RawCell(1, "%%writefile submission.py\n" + AGENT.replace("[0, 1]", "[2, 3]")
                                      + "\ndef helper():\n    return 1\n")])
    note = cells[1].skipped[0].reason
    assert note.endswith("; its my_agent replaces the earlier definition")
    assert "helper" not in note and "drop_piece" not in note
    namespace: dict = {}
    for cell in cells:
        exec(cell.kept, namespace)
    assert namespace["my_agent"](None, None) in (2, 3)  # the written file's, the later definition
