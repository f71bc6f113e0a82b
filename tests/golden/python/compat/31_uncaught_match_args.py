class Circle:
    __match_args__ = ("r",)

    def __init__(self, r):
        self.r = r


def area(shape):
    match shape:
        case Circle(r, extra):
            return 3.14 * r * r * extra
    return 0


print(area(5))
print(area(Circle(2)))
