def loops(g):
    n = 0
    while True:
        n += 1
    return g
