# str.translate / str.maketrans as a course uses them: ciphers, stripping punctuation, CPython's errors
import string

rot13 = str.maketrans(string.ascii_lowercase + string.ascii_uppercase,
                      string.ascii_lowercase[13:] + string.ascii_lowercase[:13]
                      + string.ascii_uppercase[13:] + string.ascii_uppercase[:13])
msg = "Hello, World!"
enc = msg.translate(rot13)
print(enc, enc.translate(rot13))
no_punct = str.maketrans("", "", string.punctuation)
print("it's a test, isn't it?".translate(no_punct))
print(str.maketrans("ab", "xy", "c"), "x".maketrans({"a": None, 98: "xy", "c": 100}))
print("abcabc".translate(str.maketrans({"a": "AA", "b": None})), "héllo wörld".translate({ord("é"): "e", ord("ö"): 0x6F}))
print("abc".translate({}), "abc".translate(["x", None, 100]), "abc".translate("XYZ" * 40), repr("a".translate({97: ""})))


class Upper:
    def __getitem__(self, c):
        if c == ord(" "):
            raise LookupError(c)
        return chr(c).upper() + "."


print("ab cd".translate(Upper()))
bad = [lambda: str.maketrans(), lambda: str.maketrans(1, 2, 3, 4), lambda: str.maketrans(1),
       lambda: str.maketrans(1, "a"), lambda: str.maketrans("a", 1), lambda: str.maketrans("a", "bc"),
       lambda: str.maketrans("a", "b", 3), lambda: str.maketrans({"ab": 1}), lambda: str.maketrans({1.5: 1}),
       lambda: "a".translate(), lambda: "a".translate(1), lambda: "a".translate({97: 1.5}),
       lambda: "a".translate({97: -1}), lambda: "a".translate({97: 0x110000}), lambda: "a".translate(1, 2)]
for f in bad:
    try:
        print(f())
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": (len("abc".translate({98: None})),)})
