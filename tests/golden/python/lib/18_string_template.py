# string.Template: substitute / safe_substitute, $$ and ${name}, CPython's KeyError and invalid-placeholder positions
from string import Template
t = Template("$who likes ${what}; costs $$5, $who2x ${who}s")
print(t.substitute(who="tim", what="pie", who2x="Z"), t.substitute({"who": "a", "what": "b"}, who2x=1))
print(t.safe_substitute(who="tim"), Template("$a $b ${c} $$ $").safe_substitute(a=1))
for tpl, kw in [("$who $what", {"who": 1}), ("cost $ 5", {}), ("x\ny ${bad", {}), ("$1", {}), ("ok ${x}y", {"x": 2})]:
    try:
        print(Template(tpl).substitute(**kw))
    except (KeyError, ValueError) as e:
        print(type(e).__name__, e)
print(Template("$x").template, Template.delimiter)
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": (len(Template("$a").substitute(a="xy")),)})
