class Liar:
    def __eq__(self, other):
        return True

    def __bool__(self):
        return True

    def __hash__(self):
        return 0


class MyInt(int):
    def __eq__(self, other):
        return True

    def __bool__(self):
        return True


class MyList(list):
    def __eq__(self, other):
        return True

    def __iter__(self):
        return iter([1, 2, 3, 4])


def liar():
    return Liar()


def liar_inside():
    return {"move": Liar()}


def my_int():
    return MyInt(2)


def my_list():
    return MyList([0])
