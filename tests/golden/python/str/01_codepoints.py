# str is a sequence of code points: len, indexing, slicing, iteration, in, comparison
from graph_lab import trace, F

s = "形状是(2, 3)"
print(len(s), len("形状"), len(""), len("é"), len("😀"), len("a😀b"))
print(s[0], s[1], s[-1], s[-2], s[2])
print(s[1:3], s[:2], s[2:], s[-3:], s[:-3], s[::2], s[1::2], s[::-1], s[::-2], s[5:1:-1], s[-1:-4:-1])
print(s[100:], s[-100:2], s[3:3], s[4:2], s[::3], s[::-3], s[1:100:4])
t = "aé形😀"
for c in t:
    print(c, ord(c), len(c))
print(list(t), [c for c in "中文字"], tuple("ab"))
print("形" in s, "形状" in s, "状是(" in s, "" in s, "x" in s, "是(2" in s, "😀" in t)
print("a" < "b", "形" > "a", "é" < "形", "😀" > "形", "abc" < "abd", "ab" < "abc", "形状" == "形状", "形" != "状")
print(max(["形", "a", "é", "😀", "Z", "状"]), min(["形", "a", "é", "😀", "Z", "状"]), max("形状ab"), min("形状ab"))
print("形" * 3, "ab" * 0, "ab" * -1, 2 * "中", "形" + "状" + "!", "x" * 1)
print(ord("a"), ord("é"), ord("形"), ord("😀"), ord("\n"), ord("\x00"))
print(chr(97), chr(233), chr(24418), chr(128512), chr(0), repr(chr(0x10FFFF)), chr(0x4E2D))
u = ""
for i in range(5):
    u = u + chr(0x4E00 + i)
print(u, len(u), u[2], u[-1:], u[1:4][::-1])
words = "一 二 三".split()
print(words, len(words[0]), "".join(words[::-1]), "-".join(words))
print(str(len("形状")), s.find("状"), s.index("("), s.count("形"), "中文中文".rfind("中"))
k = "形状"
print(k[0] == "形", k[1:] == "状", k[:5], k[-5:], k[0:0] == "")
trace(lambda x: F.exp(x), {"x": (2,)})
