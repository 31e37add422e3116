def overwrite(path):
    with open(path, "w") as f:
        f.write("score: 100")
    return "written"


def write_inside():
    with open("notes.txt", "w") as f:
        f.write("allowed")
    with open("notes.txt") as f:
        return f.read()
