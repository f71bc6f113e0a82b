def ret():
    try:
        return "try"
    finally:
        print("finally after return")
def ret_override():
    try:
        return "try"
    finally:
        return "finally"
def swallow():
    try:
        raise ValueError("lost")
    finally:
        return "swallowed"
print(ret(), ret_override(), swallow())
for i in range(4):
    try:
        if i == 1:
            continue
        if i == 3:
            break
        print("body", i)
    finally:
        print("finally", i)
out = []
i = 0
while True:
    i += 1
    try:
        if i > 2:
            break
        out.append(i)
    finally:
        out.append(-i)
print(out)
def nested():
    try:
        try:
            raise KeyError("inner")
        finally:
            print("inner finally")
    except KeyError as e:
        print("outer caught", e)
    finally:
        print("outer finally")
nested()
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
