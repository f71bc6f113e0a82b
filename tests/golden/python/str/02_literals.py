# every literal form: quotes, triple quotes, raw strings, concatenation, escapes
from graph_lab import trace, F

print('single', "double", '''triple single''', """triple double""")
print('it\'s', "say \"hi\"", 'mix "q"', "mix 'q'")
print("tab\there", "nl\\n", "back\\slash", "bell\a|", "bs\b|", "ff\f|", "vt\v|", "cr\r|", "nul\0|")
print(repr("\a\b\f\v\r\0\t\n\\"))
print("\101\102\103", "\7", repr("\0"), repr("\00"), repr("\000"), repr("\0000"), "\1010", repr("\777"), repr("\18"))
print("\x41\x42", "\x7e", repr("\x00\x1f\x7f\x80\xff"), "\u0041\u00e9\u5f62", "\U0001F600\U00000041")
print("\N{LATIN SMALL LETTER E WITH ACUTE}", "\N{GREEK SMALL LETTER ALPHA}\N{GREEK CAPITAL LETTER OMEGA}")
print("\N{CJK UNIFIED IDEOGRAPH-5F62}\N{CJK UNIFIED IDEOGRAPH-72B6}", "\N{HANGUL SYLLABLE HAN}\N{HANGUL SYLLABLE GEUL}")
print(repr("\N{NO-BREAK SPACE}"), repr("\N{LINE FEED}"), repr("\N{BYTE ORDER MARK}"), "\N{bullet}", "\N{Black Star}")
print("\N{SNOWMAN}", "\N{GRINNING FACE}", "\N{EM DASH}", "\N{DEGREE SIGN}", "\N{MICRO SIGN}", "\N{EURO SIGN}")
print("\N{CJK COMPATIBILITY IDEOGRAPH-F900}", repr("\N{ZERO WIDTH SPACE}"), "\N{DIGIT ZERO}\N{FULLWIDTH DIGIT ONE}")
print("invalid \d \q \z keeps", "\%", len("\d"), repr("\w\s"), "\ ")
print(r"raw \n \t \x41 \N{x}", R"RAW \\", r'\'', r"C:\path\to", len(r"\n"))
print("adj" "acent", 'mixed' "quotes" '''and''' """triples""", "a" r"\n" "b")
x = 5
print("lit" f"{x}" "eral", f"{x}" "tail", "head" f"{x:>3}", rf"\n{x}", fr"{x}\t", f"\x41{x}\N{BULLET}")
print("""line one
line two\
 continued
	tabbed""")
print('''a 'quoted' "both"''', """ends with quote\"""")
print("line\
joined", 'a\
b')
print(u"unicode prefix", U"upper")
print("\u5f62\u72b6" == "形状", "\U0001f600" == "😀", "\x41" == "A", "\101" == "A")
trace(lambda x: F.exp(x), {"x": (2,)})
