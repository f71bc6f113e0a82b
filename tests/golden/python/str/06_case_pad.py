# upper / lower / title / capitalize / swapcase / casefold (Latin, Greek, Cyrillic, CJK unchanged), padding
from graph_lab import trace, F

print("Hello World".upper(), "Hello World".lower(), "hello world".title(), "hELLO wORLD".capitalize(), "Hello".swapcase())
print("straße".upper(), "ŉ".upper(), "ﬁ".upper(), "İstanbul".lower(), len("İ".lower()), "ǆemal".title(), "ǅ".lower(), "ǆ".upper())
print("ΣΊΣΥΦΟΣ".lower(), "ΟΔΥΣΣΕΥΣ".lower(), "Σ".lower(), "ΑΣ ΣΑ".lower(), "Σ.".lower(), "aΣ".lower(), "ΑΣ'Σ".lower())
print("привет мир".upper(), "ПРИВЕТ".lower(), "привет мир".title(), "αβγ δεζ".title(), "ΑΒΓ".swapcase(), "Ⅻ".lower())
print("中文 Text".upper(), "中文 Text".lower(), "形状".title(), "形状".capitalize(), "한국어".upper(), "日本語".swapcase())
print("Straße".casefold(), "ΣΑΣ".casefold(), "ﬃ".casefold(), "HeLLo".casefold() == "hello", "µ".casefold(), "ſ".casefold())
print("they're bill's friends".title(), "hello_world-foo bar2baz".title(), "3rd time".title(), "o'neil".capitalize(), "".title())
print("ß".title(), "ßa".capitalize(), "ǳ".capitalize(), "ﬂour".title(), "ŉa".title())
print(repr("abc".center(9)), repr("abc".center(8)), repr("abcd".center(9)), repr("ab".center(7, "*")), repr("x".center(0)), repr("形状".center(6, "中")))
print(repr("ab".ljust(5)), repr("ab".rjust(5, "-")), repr("形".ljust(3, ".")), repr("abc".ljust(2)), repr("a".rjust(-1)))
print("42".zfill(5), "-42".zfill(5), "+42".zfill(5), "abc".zfill(5), "".zfill(3), "-".zfill(3), "12345".zfill(3), "形".zfill(3))
print(repr("a\tb".expandtabs()), repr("a\tb".expandtabs(4)), repr("ab\tc\nd\te".expandtabs(3)), repr("\t".expandtabs(0)), repr("形\t|".expandtabs(4)), repr("a\r\tb".expandtabs(tabsize=2)))
print("%-6s|%6s|" % ("形状", "形状"), "{:<6}|{:>6}|{:^6}|".format("形状", "形状", "形状"), f"{'中文':_^8}")
for name, n in [("形状", 3), ("attention", 12), ("ffn", 7)]:
    print(f"{name:<10}|{n:>4}|")
trace(lambda x: F.exp(x), {"x": (2,)})
