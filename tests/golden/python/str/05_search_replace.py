# find / rfind / index / rindex / count / startswith / endswith / replace / removeprefix
from graph_lab import trace, F

s = "hello world, hello 形状"
print(s.find("hello"), s.find("hello", 1), s.find("hello", 1, 10), s.find("zz"), s.find(""), s.find("", 5), s.find("", 100))
print(s.rfind("hello"), s.rfind("hello", 0, 10), s.rfind("o"), s.rfind(""), s.rfind("", 3, 5), s.find("形"), s.rfind("状"))
print(s.find("l", -5), s.find("l", -100, -3), s.rfind("l", None, None), s.find("o", 5, None), s.find("形状", -2))
print(s.index("world"), s.rindex("l"), s.index("形"), s.index("状", 10), s.count("l"), s.count("hello"), s.count(""))
print("aaaa".count("aa"), "aaaa".count("a", 1), "aaaa".count("a", 1, 3), "abc".count("", 1), "abc".count("", 5), "形形形".count("形"))
print(s.startswith("hello"), s.startswith("world"), s.startswith("world", 6), s.startswith(("x", "he")), s.startswith(""))
print(s.endswith("形状"), s.endswith("状"), s.endswith(("a", "b")), s.endswith("hello", 0, 5), s.endswith("", 100), "abc".startswith("", 3), "abc".startswith("", 4))
print("abc".startswith("bc", -2), "abc".endswith("ab", -5, -1), "".startswith(""), "".endswith("a"))
print(s.replace("hello", "bye"), s.replace("hello", "bye", 1), s.replace("l", ""), s.replace("", "-", 3), "abc".replace("", "-"))
print("aaa".replace("a", "aa"), "aaa".replace("aa", "b"), "abc".replace("x", "y"), "形状".replace("形", "形状"), "a.b.c".replace(".", "", -1))
print("abc".replace("b", "B", 0), "ab".replace("", ""), "".replace("", "x"), "x".replace("x", ""), "中文中".replace("中", "zh"))
print("TestCase".removeprefix("Test"), "TestCase".removeprefix("Case"), "a.py".removesuffix(".py"), "a.py".removesuffix(""), "形状".removeprefix("形"))
print("x" in "xyz", "yz" in "xyz", "zx" in "xyz", "" in "", "形状" in "这是形状")
txt = "the quick brown fox jumps over the lazy dog the end"
print(txt.count("the"), txt.find("the", 5), txt.rfind("the"), txt.index("fox"), txt.split("the"))
pos = []
i = txt.find("the")
while i >= 0:
    pos.append(i)
    i = txt.find("the", i + 1)
print(pos)
trace(lambda x: F.exp(x), {"x": (2,)})
