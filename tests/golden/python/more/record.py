"""Records CPython's behaviour for the cases of tests/py-more.test.js (number methods, subclasses of built-in
containers, what the wider fuzzer found, print() output before an error), which checks GraphLab against it.

Each tests/golden/python/more/<group>.py holds cases separated by lines "# case: <name>". A case becomes a
whole program (the graph_lab import, the case, a trivial trace) run by CPython 3.11 with the reference
module on the path; its stdout, or its error (the exception's type, message and the program line CPython
blames), goes to <group>.json. Every case runs under two PYTHONHASHSEED values: a case whose output depends
on str hashing (random per process in CPython) is refused, since no implementation could match it.

Run: /usr/bin/python3 tests/golden/python/more/record.py   (numpy needed by the reference)
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REF = '/work/shared/reference'
HEAD = 'from graph_lab import trace, F\n'
TAIL = 'trace(lambda x: F.exp(x), {"x": (2,)})\n'


def cases(path):
    name, body, out = None, [], []
    for line in open(path, encoding='utf-8'):
        m = re.match(r'# case: (\S+)', line)
        if m:
            if name:
                out.append((name, ''.join(body)))
            name, body = m.group(1), []
        elif name:
            body.append(line)
    if name:
        out.append((name, ''.join(body)))
    return out


def run(program, seed):
    with tempfile.NamedTemporaryFile('w', suffix='.py', delete=False, encoding='utf-8') as f:
        f.write(program)
        path = f.name
    try:
        env = dict(os.environ, PYTHONPATH=REF, PYTHONHASHSEED=str(seed))
        r = subprocess.run([sys.executable, path], capture_output=True, text=True, env=env, timeout=60)
    finally:
        os.unlink(path)
    res = {'stdout': r.stdout}
    if r.returncode:
        lines = r.stderr.strip().splitlines()
        frames = [int(m.group(1)) for m in re.finditer(r'File "' + re.escape(path) + r'", line (\d+)', r.stderr)]
        last = lines[-1]
        typ, _, msg = last.partition(': ')
        res['error'] = {'type': typ, 'message': msg, 'line': frames[-1] if frames else None}
    return res


def main():
    total = 0
    only = sys.argv[1:]              # group names (dict, set, ...) to record; default all
    for fn in sorted(os.listdir(HERE)):
        if not fn.endswith('.py') or fn == 'record.py' or (only and fn[:-3] not in only):
            continue
        table = []
        for name, body in cases(os.path.join(HERE, fn)):
            program = HEAD + body + ('' if body.endswith('\n') else '\n') + TAIL
            a, b = run(program, 1), run(program, 2)
            if a != b:
                sys.exit(f'{fn}:{name}: the output depends on str hashing (PYTHONHASHSEED); sort or use ints')
            table.append({'name': name, 'program': program, **a})
        with open(os.path.join(HERE, fn[:-3] + '.json'), 'w', encoding='utf-8') as f:
            json.dump(table, f, indent=1, ensure_ascii=False)
            f.write('\n')
        total += len(table)
        print(f'{fn}: {len(table)} cases')
    print(f'{total} cases')


main()
