// lessons/exercises.js — "write a pass" exercises (question kind "pass", lessons/questions.js): each a graph (a
// program), a task, a reference solution and wrong solutions that must fail with the message a student should see
// (tests/web/exercises.test.js runs them all through the module). Graded by the core: the student's pass and the
// reference run on the program's trace (lab.pypass, judge on): the judge must accept the pass (same numbers, or
// the same up to the last bits), and its graph must be the reference's, node for node. Pure module (no DOM).
// The grader's words are the catalogue's (lesson.grade.*), in the page's language; the judge's line is the core's.
import { t } from '../i18n/i18n.js';

/** The function a pass's source runs: `want` when the source defines it, else its first top-level def, or null. */
export function passFunction(source, want) {
  const defs = [...String(source).matchAll(/^def ([A-Za-z_][A-Za-z0-9_]*)\s*\(/gm)].map((m) => m[1]);
  if (want && defs.includes(want)) return want;
  return defs[0] || null;
}

export const EXERCISES = [
  {
    "id": "cancel-transposes",
    "title": "Cancel transpose pairs",
    "fn": "cancel_transposes",
    "prompt": "Write `cancel_transposes(g)`: a `transpose` of a `transpose` whose two permutations compose to the identity is its input. Remove such pairs (and only those: `b` transposes twice but not back) and return (graph, count).",
    "program": "from graph_lab import F, trace\n\ndef f(x):\n    a = x.transpose(1, 0, 2).transpose(1, 0, 2)\n    b = F.exp(x.transpose(1, 0, 2)).transpose(0, 2, 1)\n    return a * 2.0 + x, b\n\ng = trace(f, {\"x\": (2, 3, 4)})\n",
    "starter": "def cancel_transposes(g):\n    # your pass: return (new graph, how many rewrites)\n    return g, 0\n",
    "solution": "def cancel_transposes(g):\n    remap, count = {}, 0\n    for n in g.nodes:\n        if n.op == \"transpose\" and g.nodes[n.inputs[0]].op == \"transpose\":\n            inner = g.nodes[n.inputs[0]]\n            if inner.id in remap:\n                continue\n            if tuple(inner.attrs[\"perm\"][p] for p in n.attrs[\"perm\"]) == tuple(range(len(n.shape))):\n                remap[n.id] = inner.inputs[0]\n                count += 1\n    keep = [n.id for n in g.nodes if n.id not in remap]\n    return dce(rebuild(g, keep, remap)), count\n",
    "wrong": [
      {
        "source": "def cancel_transposes(g):\n    remap, count = {}, 0\n    for n in g.nodes:\n        if n.op == \"transpose\" and g.nodes[n.inputs[0]].op == \"transpose\":\n            remap[n.id] = n.inputs[0]\n            count += 1\n    keep = [n.id for n in g.nodes if n.id not in remap]\n    return dce(rebuild(g, keep, remap)), count\n",
        "says": "broke the graph: shape"
      },
      {
        "source": "def cancel_transposes(g):\n    remap, count = {}, 0\n    for n in g.nodes:\n        if n.op == \"transpose\" and g.nodes[n.inputs[0]].op == \"transpose\":\n            inner = g.nodes[n.inputs[0]]\n            if inner.id in remap:\n                continue\n            if tuple(inner.attrs[\"perm\"][p] for p in n.attrs[\"perm\"]) == tuple(range(len(n.shape))):\n                remap[n.id] = inner.inputs[0]\n                count += 1\n    keep = [n.id for n in g.nodes if n.id not in remap]\n    return rebuild(g, keep, remap), count\n",
        "says": "the reference pass leaves 7"
      }
    ]
  },
  {
    "id": "div-to-mul",
    "title": "Strength reduction: x / c → x · (1/c)",
    "fn": "div_to_mul",
    "prompt": "Write `div_to_mul(g)`: every division by a scalar constant `c` becomes a multiplication by a new constant `1/c` (a division by a tensor stays). The lecture says `simplify` must not do this: watch what the judge says about the numbers.",
    "program": "from graph_lab import F, trace\n\ndef f(x, p):\n    h = x @ p[\"w\"]\n    return F.exp(h / 3.0) + h / 7.0 + h / (x @ p[\"v\"])\n\ng = trace(f, {\"x\": (4, 6)}, {\"w\": (6, 8), \"v\": (6, 8)})\n",
    "starter": "def div_to_mul(g):\n    # your pass: return (new graph, how many rewrites)\n    return g, 0\n",
    "solution": "def div_to_mul(g):\n    nodes, vals = list(g.nodes), dict(g.values)\n    count = 0\n    for n in g.nodes:\n        if n.op == \"div\" and nodes[n.inputs[1]].op == \"const\" and nodes[n.inputs[1]].shape == ():\n            c = float(vals[n.inputs[1]])\n            nid = len(nodes)\n            nodes.append(Node(nid, \"const\", (), {\"value\": 1.0 / c}, (), \"\"))\n            vals[nid] = np.asarray(1.0 / c)\n            nodes[n.id] = Node(n.id, \"mul\", (n.inputs[0], nid), {}, n.shape, n.name)\n            count += 1\n    order = [n.id for n in nodes if n.op in LEAF] + [n.id for n in nodes if n.op not in LEAF]\n    g2 = Graph(nodes=nodes, values=vals, outputs=list(g.outputs), input_names=dict(g.input_names), guards=list(g.guards))\n    return dce(rebuild(g2, order)), count\n",
    "wrong": [
      {
        "source": "def div_to_mul(g):\n    nodes, vals = list(g.nodes), dict(g.values)\n    count = 0\n    for n in g.nodes:\n        if n.op == \"div\" and nodes[n.inputs[1]].op == \"const\" and nodes[n.inputs[1]].shape == ():\n            c = float(vals[n.inputs[1]])\n            nid = len(nodes)\n            nodes.append(Node(nid, \"const\", (), {\"value\": c}, (), \"\"))\n            vals[nid] = np.asarray(c)\n            nodes[n.id] = Node(n.id, \"mul\", (n.inputs[0], nid), {}, n.shape, n.name)\n            count += 1\n    order = [n.id for n in nodes if n.op in LEAF] + [n.id for n in nodes if n.op not in LEAF]\n    g2 = Graph(nodes=nodes, values=vals, outputs=list(g.outputs), input_names=dict(g.input_names), guards=list(g.guards))\n    return dce(rebuild(g2, order)), count\n",
        "says": "your pass changed the result"
      },
      {
        "source": "def div_to_mul(g):\n    nodes, vals = list(g.nodes), dict(g.values)\n    count = 0\n    for n in g.nodes:\n        if n.op == \"div\":\n            c = float(vals[n.inputs[1]])\n            nid = len(nodes)\n            nodes.append(Node(nid, \"const\", (), {\"value\": 1.0 / c}, (), \"\"))\n            vals[nid] = np.asarray(1.0 / c)\n            nodes[n.id] = Node(n.id, \"mul\", (n.inputs[0], nid), {}, n.shape, n.name)\n            count += 1\n    order = [n.id for n in nodes if n.op in LEAF] + [n.id for n in nodes if n.op not in LEAF]\n    g2 = Graph(nodes=nodes, values=vals, outputs=list(g.outputs), input_names=dict(g.input_names), guards=list(g.guards))\n    return dce(rebuild(g2, order)), count\n",
        "says": "KeyError"
      }
    ]
  },
  {
    "id": "cse-params",
    "title": "A CSE that merges parameters",
    "fn": "cse_params",
    "prompt": "This `cse_params(g)` merges nodes with the same op, inputs and attributes — and also two parameters of the same shape, because it keys them on (op, shape). Fix it: parameters and inputs are never merged (their values differ), constants only when their values are equal.",
    "program": "from graph_lab import F, trace\n\ndef f(x, p):\n    a = x @ p[\"w1\"]\n    b = x @ p[\"w2\"]\n    return F.exp(x @ p[\"w1\"]) + a * b\n\ng = trace(f, {\"x\": (4, 6)}, {\"w1\": (6, 6), \"w2\": (6, 6)})\n",
    "starter": "def cse_params(g):\n    seen, remap, keep = {}, {}, []\n\n    def res(i):\n        while i in remap:\n            i = remap[i]\n        return i\n    for n in g.nodes:\n        if n.op == \"input\":\n            keep.append(n.id)\n            continue\n        if n.op in (\"const\", \"param\"):\n            key = (n.op, n.shape)\n        else:\n            key = (n.op, tuple(res(i) for i in n.inputs), tuple(sorted((k, str(v)) for k, v in n.attrs.items())))\n        if key in seen:\n            remap[n.id] = seen[key]\n        else:\n            seen[key] = n.id\n            keep.append(n.id)\n    return rebuild(g, keep, remap), len(remap)\n",
    "solution": "def cse_params(g):\n    seen, remap, keep = {}, {}, []\n\n    def res(i):\n        while i in remap:\n            i = remap[i]\n        return i\n    for n in g.nodes:\n        if n.op in (\"input\", \"param\"):\n            keep.append(n.id)\n            continue\n        if n.op == \"const\":\n            key = (\"const\", n.attrs.get(\"value\", None) if n.shape == () else id(g.values[n.id]))\n        else:\n            key = (n.op, tuple(res(i) for i in n.inputs), tuple(sorted((k, str(v)) for k, v in n.attrs.items())))\n        if key in seen:\n            remap[n.id] = seen[key]\n        else:\n            seen[key] = n.id\n            keep.append(n.id)\n    return rebuild(g, keep, remap), len(remap)\n",
    "wrong": [
      {
        "source": "def cse_params(g):\n    seen, remap, keep = {}, {}, []\n\n    def res(i):\n        while i in remap:\n            i = remap[i]\n        return i\n    for n in g.nodes:\n        if n.op == \"input\":\n            keep.append(n.id)\n            continue\n        if n.op in (\"const\", \"param\"):\n            key = (n.op, n.shape)\n        else:\n            key = (n.op, tuple(res(i) for i in n.inputs), tuple(sorted((k, str(v)) for k, v in n.attrs.items())))\n        if key in seen:\n            remap[n.id] = seen[key]\n        else:\n            seen[key] = n.id\n            keep.append(n.id)\n    return rebuild(g, keep, remap), len(remap)\n",
        "says": "your pass changed the result"
      },
      {
        "source": "def cse_params(g):\n    return g, 0\n",
        "says": "the reference pass leaves 8"
      }
    ]
  },
  {
    "id": "fuse-silu",
    "title": "Recognise x · sigmoid(x) as silu(x)",
    "fn": "fuse_silu",
    "prompt": "`h * F.sigmoid(h)` traces to `mul(h, div(1, add(1, exp(neg(h)))))`. Write `fuse_silu(g)`: replace each such `mul` with one `silu(h)` node — only when the sigmoid is of the same `h` (the program also has `h * sigmoid(u)`).",
    "program": "from graph_lab import F, trace\n\ndef f(x, p):\n    h = x @ p[\"w1\"]\n    u = x @ p[\"w3\"]\n    return (h * F.sigmoid(h) + h * F.sigmoid(u)) @ p[\"w2\"]\n\ng = trace(f, {\"x\": (4, 8)}, {\"w1\": (8, 16), \"w3\": (8, 16), \"w2\": (16, 8)})\n",
    "starter": "def fuse_silu(g):\n    # your pass: return (new graph, how many rewrites)\n    return g, 0\n",
    "solution": "def fuse_silu(g):\n    nodes = list(g.nodes)\n    count = 0\n\n    def is_one(i):\n        return nodes[i].op == \"const\" and nodes[i].shape == () and float(g.values[i]) == 1.0\n\n    def sigmoid_of(i):\n        # 1 / (1 + exp(-y)) -> y, else None\n        d = nodes[i]\n        if d.op != \"div\" or not is_one(d.inputs[0]):\n            return None\n        a = nodes[d.inputs[1]]\n        if a.op != \"add\" or not is_one(a.inputs[0]):\n            return None\n        e = nodes[a.inputs[1]]\n        if e.op != \"exp\" or nodes[e.inputs[0]].op != \"neg\":\n            return None\n        return nodes[e.inputs[0]].inputs[0]\n    for n in g.nodes:\n        if n.op == \"mul\" and sigmoid_of(n.inputs[1]) == n.inputs[0]:\n            nodes[n.id] = Node(n.id, \"silu\", (n.inputs[0],), {}, n.shape, n.name)\n            count += 1\n    g2 = Graph(nodes=nodes, values=dict(g.values), outputs=list(g.outputs), input_names=dict(g.input_names),\n               guards=list(g.guards))\n    return dce(g2), count\n",
    "wrong": [
      {
        "source": "def fuse_silu(g):\n    nodes = list(g.nodes)\n    count = 0\n\n    def is_one(i):\n        return nodes[i].op == \"const\" and nodes[i].shape == () and float(g.values[i]) == 1.0\n\n    def sigmoid_of(i):\n        # 1 / (1 + exp(-y)) -> y, else None\n        d = nodes[i]\n        if d.op != \"div\" or not is_one(d.inputs[0]):\n            return None\n        a = nodes[d.inputs[1]]\n        if a.op != \"add\" or not is_one(a.inputs[0]):\n            return None\n        e = nodes[a.inputs[1]]\n        if e.op != \"exp\" or nodes[e.inputs[0]].op != \"neg\":\n            return None\n        return nodes[e.inputs[0]].inputs[0]\n    for n in g.nodes:\n        if n.op == \"mul\" and sigmoid_of(n.inputs[1]) is not None:\n            nodes[n.id] = Node(n.id, \"silu\", (n.inputs[0],), {}, n.shape, n.name)\n            count += 1\n    g2 = Graph(nodes=nodes, values=dict(g.values), outputs=list(g.outputs), input_names=dict(g.input_names),\n               guards=list(g.guards))\n    return dce(g2), count\n",
        "says": "your pass changed the result"
      },
      {
        "source": "def fuse_silu(g):\n    nodes = list(g.nodes)\n    count = 0\n\n    def is_one(i):\n        return nodes[i].op == \"const\" and nodes[i].shape == () and float(g.values[i]) == 1.0\n\n    def sigmoid_of(i):\n        # 1 / (1 + exp(-y)) -> y, else None\n        d = nodes[i]\n        if d.op != \"div\" or not is_one(d.inputs[0]):\n            return None\n        a = nodes[d.inputs[1]]\n        if a.op != \"add\" or not is_one(a.inputs[0]):\n            return None\n        e = nodes[a.inputs[1]]\n        if e.op != \"exp\" or nodes[e.inputs[0]].op != \"neg\":\n            return None\n        return nodes[e.inputs[0]].inputs[0]\n    for n in g.nodes:\n        if n.op == \"mul\" and sigmoid_of(n.inputs[1]) == n.inputs[0]:\n            nodes[n.id] = Node(n.id, \"silu\", (n.inputs[1],), {}, n.shape, n.name)\n            count += 1\n    g2 = Graph(nodes=nodes, values=dict(g.values), outputs=list(g.outputs), input_names=dict(g.input_names),\n               guards=list(g.guards))\n    return dce(g2), count\n",
        "says": "your pass changed the result"
      }
    ]
  },
  {
    "id": "double-to-add",
    "title": "x · 2 → x + x, keeping SSA order",
    "fn": "double_to_add",
    "prompt": "Write `double_to_add(g)`: `mul(x, 2.0)` becomes `add(x, x)`. Appending the new node at the end of the node list and pointing the users at it breaks SSA order (a user would come before its input): put the new node where the old one was.",
    "program": "from graph_lab import F, trace\n\ndef f(x, p):\n    h = x @ p[\"w\"]\n    return F.exp(h * 2.0) + h\n\ng = trace(f, {\"x\": (4, 6)}, {\"w\": (6, 8)})\n",
    "starter": "def double_to_add(g):\n    # your pass: return (new graph, how many rewrites)\n    return g, 0\n",
    "solution": "def double_to_add(g):\n    nodes = list(g.nodes)\n    count = 0\n    for n in g.nodes:\n        c = nodes[n.inputs[1]] if n.op == \"mul\" else None\n        if c is not None and c.op == \"const\" and c.shape == () and float(g.values[c.id]) == 2.0:\n            x = n.inputs[0]\n            nodes[n.id] = Node(n.id, \"add\", (x, x), {}, n.shape, n.name)\n            count += 1\n    g2 = Graph(nodes=nodes, values=dict(g.values), outputs=list(g.outputs), input_names=dict(g.input_names),\n               guards=list(g.guards))\n    return dce(g2), count\n",
    "wrong": [
      {
        "source": "def double_to_add(g):\n    nodes = list(g.nodes)\n    remap, count = {}, 0\n    for n in g.nodes:\n        c = nodes[n.inputs[1]] if n.op == \"mul\" else None\n        if c is not None and c.op == \"const\" and c.shape == () and float(g.values[c.id]) == 2.0:\n            x = n.inputs[0]\n            nodes.append(Node(len(nodes), \"add\", (x, x), {}, n.shape, n.name))\n            remap[n.id] = len(nodes) - 1\n            count += 1\n    new = [Node(m.id, m.op, tuple(remap.get(i, i) for i in m.inputs), m.attrs, m.shape, m.name) for m in nodes]\n    g2 = Graph(nodes=new, values=dict(g.values), outputs=[remap.get(o, o) for o in g.outputs],\n               input_names=dict(g.input_names), guards=list(g.guards))\n    return g2, count\n",
        "says": "SSA order"
      },
      {
        "source": "def double_to_add(g):\n    nodes = list(g.nodes)\n    count = 0\n    for n in g.nodes:\n        c = nodes[n.inputs[1]] if n.op == \"mul\" else None\n        if c is not None and c.op == \"const\" and c.shape == () and float(g.values[c.id]) == 2.0:\n            x = n.inputs[0]\n            nodes[n.id] = Node(n.id, \"add\", (x, c.id), {}, n.shape, n.name)\n            count += 1\n    g2 = Graph(nodes=nodes, values=dict(g.values), outputs=list(g.outputs), input_names=dict(g.input_names),\n               guards=list(g.guards))\n    return dce(g2), count\n",
        "says": "your pass changed the result"
      }
    ]
  },
];

export const EXERCISE_IDS = EXERCISES.map((e) => e.id);
export const exerciseById = (id) => EXERCISES.find((e) => e.id === id) || null;

/** The case an exercise's pass runs on: its program, seeded params and inputs (the judge runs both graphs). */
export function exerciseCase(ex, seed = 0) {
  return { case: `exercise-${ex.id}`, program: ex.program, params: { random: seed }, inputs: { random: seed }, pipeline: [] };
}

const lines = (text) => (text.match(/^%/gm) || []).length;

/**
 * Grades a student's pass for exercise ex with the page's (or Node's) module lab: {correct, message, verdict}.
 * The message is what the student reads: the judge's line, an error at the pass's line, or how the graph
 * differs from the one the reference pass makes.
 */
export function gradePass(ex, source, lab) {
  const c = exerciseCase(ex);
  const ref = lab.pypass(c, ex.solution, ex.fn, { at: 'trace', judge: true, file: 'solution.py' });
  const fn = passFunction(source, ex.fn);
  if (!fn) return { correct: false, verdict: 'error', message: t('lesson.grade.nofn', { fn: ex.fn }) };
  let r;
  try {
    r = lab.pypass(c, source, fn, { at: 'trace', judge: true, file: 'pass.py' });
  } catch (err) {
    const msg = err && err.message ? err.message : String(err);
    return { correct: false, verdict: 'error', message: t('lesson.grade.failed', { error: msg }) };
  }
  const j = r.judge;
  if (!j.ok) return { correct: false, verdict: j.verdict, message: t('lesson.grade.notYet', { line: j.line }) };
  if (r.text !== ref.text) {
    const a = r.text.split('\n');
    const b = ref.text.split('\n');
    const k = a.findIndex((l, i) => l !== b[i]);
    return {
      correct: false, verdict: j.verdict,
      message: k >= 0
        ? t('lesson.grade.graph.at', { yours: lines(r.text), ref: lines(ref.text), a: a[k] ?? '', b: b[k] ?? '' })
        : t('lesson.grade.graph', { yours: lines(r.text), ref: lines(ref.text) }),
    };
  }
  if (r.hits !== ref.hits) return { correct: false, verdict: j.verdict, message: t('lesson.grade.hits', { hits: r.hits, ref: ref.hits }) };
  return { correct: true, verdict: j.verdict, message: t('lesson.grade.right', { line: j.line }) };
}
