# str with the iterator protocol: join over generators, sorted / reversed / map over str, str.method unbound
from graph_lab import trace, F

print(" ".join(str(x) for x in range(5)), "".join(reversed("形状ab")), sorted("形a状é"), "".join(sorted("dcba")))
print(list(map(str.upper, ["a", "形", "ß"])), list(map(str.strip, [" a ", "\tb\n"])), str.join("-", ["x", "y"]), str.lower("ABC"))
print("".join(map(chr, [0x5f62, 0x72b6])), [ord(c) for c in "形状"], list(enumerate("形状")), list(zip("ab", "形状")))
print(", ".join(k + "=" + str(v) for k, v in {"a": 1, "形": 2}.items()), "|".join(sorted({"b": 1, "a": 2})))
print(any(c.isdigit() for c in "ab3"), all(c.isalpha() for c in "形状ab"), sum(len(w) for w in ["形状", "abc"]), max("形状ab", key=ord))
print(str.split("a b c"), str.replace("aaa", "a", "b", 2), str.format("{}-{}", 1, 2), str.center("x", 5, "*"), str.isdigit("12"))
words = ["delta", "Alpha", "charlie", "Bravo"]
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=len), min(words, key=str.casefold))
trace(lambda x: F.exp(x), {"x": (2,)})
