# split / rsplit / splitlines / strip / partition / join
from graph_lab import trace, F

print("a b  c".split(), "  lead trail  ".split(), "".split(), "   ".split(), "one".split())
print("a\tb\nc\r\nd\x0be\x0cf\x1cg\x85h\xa0i\u3000j\u2028k".split())
print("a b c d".split(None, 2), "  a b c  ".split(None, 1), "  a b c  ".split(maxsplit=1), "a b".split(None, 0), "  a  ".split(None, 0))
print("a b c d".rsplit(None, 2), "  a b c  ".rsplit(None, 1), "  a b c  ".rsplit(maxsplit=0), "a b c".rsplit())
print("a,b,,c,".split(","), ",".split(","), "".split(","), "abc".split(","), "a::b::c".split("::"), "aaa".split("a"))
print("a,b,c,d".split(",", 2), "a,b,c,d".rsplit(",", 2), "a,b,c".split(",", 0), "a,b,c".split(",", -1), "a,b".split(sep=",", maxsplit=5))
print("形,状,是".split(","), "形状形状".split("状"), "中 文 字".rsplit(" ", 1), "x形y形z".rsplit("形"))
print("l1\nl2\r\nl3\rl4".splitlines(), "l1\nl2\n".splitlines(True), "".splitlines(), "\n".splitlines(), "a\n\nb".splitlines())
print("x\x0by\x0cz\x1cw\x1dv\x1eu\x85t\u2028s\u2029r".splitlines(), "a\r\n".splitlines(keepends=True), "no newline".splitlines())
print(repr("  x  ".strip()), repr("  x  ".lstrip()), repr("  x  ".rstrip()), repr("\t\n x \r\x0b".strip()), repr("".strip()))
print("xxhixx".strip("x"), "abcba".strip("ab"), "abcba".lstrip("ab"), "abcba".rstrip("ab"), "形形a形".strip("形"), "a".strip(None))
print(repr("\u3000全角\u3000".strip()), repr("\xa0nbsp\xa0".strip()), "www.example.com".strip("cmowz."), "mississippi".rstrip("ips"))
print("a=b=c".partition("="), "abc".partition("="), "a=b=c".rpartition("="), "abc".rpartition("="), "形：状".partition("："))
print(" ".join(["a", "b", "c"]), "".join([]), ", ".join(("x",)), "-".join("abc"), "形".join(["a", "b"]), "|".join({"k": 1, "j": 2}))
print("".join(["形", "状"]), "\n".join(["l1", "l2"]).splitlines(), "+".join([str(i) for i in [1, 2, 3]]))
print("a1b2c3".split("1"), "key=value".split("=", 1), "path/to/file.py".rsplit("/", 1), "file.tar.gz".rpartition("."))
line = "  name:  Ada Lovelace ; age: 36  "
parts = [p.strip() for p in line.split(";")]
print(parts, [p.split(":", 1)[1].strip() for p in parts])
trace(lambda x: F.exp(x), {"x": (2,)})
