# CPython's repr of str: quote choice, escapes of non-printables, printable non-ASCII kept
from graph_lab import trace, F

print(repr("abc"), repr(""), repr("'"), repr('"'), repr("'\""), repr("it's"), repr('say "x"'))
print(repr("a\\b"), repr("\t\n\r"), repr("\x01\x1b\x7f"), repr(" "), repr("~"))
print(repr("形状"), repr("中文 text"), repr("日本語"), repr("한국어"), repr("Ελληνικά"), repr("Кириллица"))
print(repr("é ü ñ ß"), repr("\x80"), repr("\x9f"), repr("\xa0"), repr("\xa1"), repr("\xad"), repr("\xff"))
print(repr("\u0300"), repr("\u200b"), repr("\u200e"), repr("\u2028"), repr("\u2029"), repr("\u3000"), repr("\ufeff"))
print(repr("\ue000"), repr("\ufffd"), repr("\uffff"), repr("\U0001F600"), repr("\U000E0001"), repr("\U0010FFFF"))
print(repr("😀🎉"), repr("\u0378"), repr("\u1680"), repr("\u2000"), repr("\u00b5"), repr("\u0085"))
print(ascii("形状"), ascii("é"), ascii("😀"), ascii("abc"), ascii("\n"), ascii(["é", 1]))
print(["形", "a'b"], ("x",), {"键": "值"}, ["\n", "\t"])
print(str("形"), str("a'b"), repr(repr("x")), repr(str(1.5)))
print(f"{'形状'!r}", f"{'形'!a}", f"{'é'!s}", "%r" % "形", "%a" % "形", "{!r}".format("形"), "{!a}".format("é"))
print(repr("a" * 3 + "'" + '"'), repr("\\'"), repr("\\\""))
trace(lambda x: F.exp(x), {"x": (2,)})
