# isdigit / isdecimal / isnumeric / isalpha / isalnum / isspace / isupper / islower / istitle / isidentifier
from graph_lab import trace, F

for s in ["123", "١٢٣", "²", "½", "Ⅻ", "一二三", "abc", "形状", "a1", "", " ", "\t\n", "\xa0", "\u3000", "ABC", "Abc", "aBC", "Hello World", "Hello world", "HELLO", "ǅ", "ǅa", "A1B", "a_b", "_x", "1x", "形状2", "é", "x-y", "😀", "ß", "ﬁ"]:
    print(repr(s), s.isdigit(), s.isdecimal(), s.isnumeric(), s.isalpha(), s.isalnum(), s.isspace(), s.isupper(), s.islower(), s.istitle(), s.isidentifier(), s.isprintable(), s.isascii())
print("\n".isprintable(), "a\x00".isprintable(), "".isprintable(), "é".isascii(), "".isascii(), "class".isidentifier(), "变量".isidentifier(), "a b".isidentifier())
print("ÀÉÎ".isupper(), "àéî".islower(), "Σσ".istitle(), "ΑΒΓ".isupper(), "абв".islower(), "Ab Cd".istitle(), "AB Cd".istitle(), "a1".islower(), "A1".isupper(), "1".isupper())
trace(lambda x: F.exp(x), {"x": (2,)})
