# f-string corners: conversions with specs, =, nesting, quotes, multi-line, != and comparisons inside
from graph_lab import trace, F

x, s, n = 2.5, "形状", 42
print(f"{x=!s}", f"{x=:>8}", f"{x = !r:^12}|", f"{s=!a}", f"{n=:#x}", f"{n = :_b}", f"{ n = }", f"{x*2=}")
print(f"{'a' 'b'}", f"{'{'}{'}'}", f'{"quoted"}', f"""{'''triple'''}""", f"{s[0]}{s[-1]}", f"{s!r:*<10}", f"{n:{'>'}{10}}")
print(f"{n!r}", f"{n!s:>5}", f"{n:>5}", f"{x!r:>6}", f"{[1, 'a']!r}", f"{(1, 2)}", f"{ {'k': 'v'} }", f"{None}", f"{True:>6}", f"{False!r}")
print(f"{n:05}", f"{-n:05}", f"{n:+05}", f"{n: }", f"{n:=^9}", f"{n:x<5}", f"{n:o}", f"{n:#o}", f"{n:c}", f"{n:n}")
print(f"{1 if n > 3 else 0}", f"{n != 3}", f"{n <= 3}", f"{n >= 3}", f"{n == 42}", f"{(n > 3) + 1}", f"{'!=' if n else ''}")
w = 8
print(f"{s:^{w}}|", f"{s:{w}}|", f"{x:{w}.{2}}|", f"{x:{'+'}{w}.2f}|", f"{n:{w},}|", f"{x:.{n // 10}f}")
print(f"""multi
line {n}
{s}""")
print(f"{n}" f"{x}" "plain" f'{s}', f"a" "b", f"{n}{n}{n}", f"{{{n}}}", f"{{{{}}}}")
print(f"tab\t{n}\tend", f"nl\\n{n}", f"\N{BULLET} {n}", rf"\N{{x}} {n}", f"{n}\x41\u0042\103")
lst = [3, 1, 2]
d = {"a": 1, "形": 2}
print(f"{lst[0]}{lst[-1]}", f"{d['a']}", f"{d['形']}", f"{len(lst)}", f"{max(lst)}", f"{lst[1:]}", f"{lst * 2}")
print(f"{x:.0f} {x:.0%} {x:.3g} {x:e} {x:E} {x:G} {0.000001:g} {1e-7:.2g} {123456789:.3e}")
print(f"{1e16:.0f}", f"{2**53:,}", f"{-1234.5678:,.2f}", f"{1234.5678:_.3f}", f"{0.5:.0f}", f"{1.5:.0f}", f"{-0.0}", f"{-0.0:+}")
print(f"{float('inf')}", f"{float('-inf'):>8}", f"{float('nan'):+}", f"{1e300 * 1e10}", f"{-1e-320:.3e}")
trace(lambda x: F.exp(x), {"x": (2,)})
