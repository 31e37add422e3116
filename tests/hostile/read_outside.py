def steal(path):
    with open(path) as f:
        return f.read()[:200]
