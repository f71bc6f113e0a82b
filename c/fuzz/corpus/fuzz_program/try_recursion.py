def f(n):
    try:
        return 0 if n == 0 else 1 + f(n - 1)
    finally:
        pass
print(f(990))
def g(n):
    try:
        if n == 0:
            raise ValueError("bottom", n)
        return g(n - 1) + 1
    except KeyError:
        return -1
print("x")
try:
    g(500)
except ValueError as e:
    print("caught", e.args)
def h(n, log):
    try:
        if n == 0:
            raise KeyError(n)
        r = h(n - 1, log)
    except KeyError as e:
        log.append(("k", n))
        r = 100
    except (TypeError, ValueError):
        r = -5
    else:
        log.append(("else", n))
        r += 1
    finally:
        log.append(("fin", n))
    return r
log = []
print(h(5, log), log)
def k(n):
    for i in range(3):
        try:
            if i == 1:
                continue
            if i == 2:
                break
        finally:
            print("fin", n, i)
    try:
        return n
    finally:
        if n == 7:
            return -7
print(k(7), k(3))
def m(n):
    try:
        try:
            raise TypeError("inner")
        except TypeError as e:
            raise ValueError("outer") from e
    except ValueError as e:
        return (str(e), str(e.__cause__), type(e.__context__).__name__)
print(m(1))
def q(n):
    try:
        1 / n
    except ZeroDivisionError:
        try:
            return q(n + 1)
        finally:
            print("q fin", n)
    return n
print(q(0))
def r(n):
    try:
        raise IndexError("a")
    except IndexError:
        try:
            raise
        except IndexError as e2:
            return repr(e2)
print(r(0))
def s(n):
    try:
        return s(n - 1) if n else undefined_name
    except NameError as e:
        return str(e) + str(n)
print(s(300))
