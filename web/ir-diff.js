// ir-diff.js — the IR panel's line diff (views/ir.js), pure: the previous stage's printed lines rewritten
// into the shown stage's numbering through provenance, then diffed with jsdiff's diffArrays (passed in, so
// this module runs under Node and in the page alike). Renumbering and lines a pass only moved are no change.

const DEF_RE = /^%(\d+)\s+=/;
/** The node a printed line defines, or null (the return line). */
export function lineNode(line) {
  const m = DEF_RE.exec(line);
  return m ? Number(m[1]) : null;
}

/** The op and name of a printed line ("%13  = mul(%0, %0)  : [12×64]  # x" → {op: 'mul', name: 'x'}). */
export function lineOpName(line) {
  const m = /^%\d+\s+=\s+([a-z_0-9]+)\(/.exec(line);
  const h = line.lastIndexOf('  # ');
  return { op: m ? m[1] : '', name: h >= 0 ? line.slice(h + 4) : '' };
}

/**
 * Id maps from stage a's numbering into stage b's (a < b), composed step by step from each stage's nodes
 * (model.js: how, from, inputs). def: the node an old node became (kept / merged survivor); ref: what a
 * reference to an old node reads now (def, plus merged-away nodes and values a pass substituted).
 */
export function idMaps(stages, a, b) {
  let def = null;
  let ref = null;
  for (let j = a + 1; j <= b; j++) {
    const prev = stages[j - 1];
    const cur = stages[j];
    const d = new Map();
    const r = new Map();
    for (const n of cur.nodes) {
      if (!n.from || !n.from.length || (n.how !== 'kept' && n.how !== 'merged')) continue;
      d.set(n.from[0], n.id);
      for (const o of n.from) r.set(o, n.id);
    }
    for (const n of cur.nodes) {
      if (n.how !== 'kept' || !n.from || !n.from.length) continue;
      const o = prev.nodes[n.from[0]];
      if (!o || o.inputs.length !== n.inputs.length) continue;
      o.inputs.forEach((oi, k) => { if (!r.has(oi)) r.set(oi, n.inputs[k]); });
    }
    const compose = (m, step) => {
      if (!m) return step;
      const out = new Map();
      for (const [k, v] of m) if (step.has(v)) out.set(k, step.get(v));
      return out;
    };
    def = compose(def, d);
    ref = compose(ref, r);
  }
  return { def: def || new Map(), ref: ref || new Map() };
}

/** A line of the old stage in the new numbering, padding normalised: "%3 = mul(%1, %~2) : [4]". */
function rewriteOld(line, maps) {
  let first = true;
  const out = line.replace(/%(\d+)/g, (_, s) => {
    const id = Number(s);
    const m = first && DEF_RE.test(line) ? maps.def : maps.ref;
    first = false;
    return m.has(id) ? `%${m.get(id)}` : `%~${id}`;
  });
  return norm(out);
}
const norm = (line) => line.replace(/^(%~?\d+)\s+=/, '$1 =');

/**
 * The diff rows of oldLines → newLines: [{kind: 'same'|'added'|'removed'|'changed', side: 'old'|'new',
 * text, id}] in display order. A removed and an added line that define the same node (after the id
 * rewrite) are that node changed.
 */
export function diffRows(oldLines, newLines, maps, diffArrays) {
  const a = oldLines.map((l) => rewriteOld(l, maps));
  const b = newLines.map(norm);
  const parts = diffArrays(a, b);
  const rows = [];
  let i = 0;
  let j = 0;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p];
    if (!part.added && !part.removed) {
      for (let k = 0; k < part.count; k++, i++, j++) rows.push({ kind: 'same', side: 'new', text: newLines[j], id: lineNode(newLines[j]) });
      continue;
    }
    // a run of removed and added parts: pair lines that define the same (rewritten) node
    const rem = [];
    const add = [];
    while (p < parts.length && (parts[p].added || parts[p].removed)) {
      const q = parts[p];
      for (let k = 0; k < q.count; k++) {
        if (q.removed) rem.push(i++);
        else add.push(j++);
      }
      p++;
    }
    p--;
    const defOf = (s) => { const m = /^%(~?\d+)/.exec(s); return m ? m[1] : null; };
    const addByDef = new Map(add.map((jj) => [defOf(b[jj]), jj]));
    const paired = new Set();
    for (const ii of rem) {
      const jj = addByDef.get(defOf(a[ii]));
      const changed = jj !== undefined && defOf(a[ii]) !== null;
      if (changed) paired.add(jj);
      rows.push({ kind: changed ? 'changed' : 'removed', side: 'old', text: oldLines[ii], id: lineNode(oldLines[ii]), key: a[ii] });
      if (changed) rows.push({ kind: 'changed', side: 'new', text: newLines[jj], id: lineNode(newLines[jj]), key: b[jj] });
    }
    for (const jj of add) if (!paired.has(jj)) rows.push({ kind: 'added', side: 'new', text: newLines[jj], id: lineNode(newLines[jj]), key: b[jj] });
  }
  return movedLines(rows);
}

/** A pass that reorders nodes moves their lines: a removed line equal (after the id rewrite) to an added
 *  one elsewhere is the same node in a new place — renumbering, not a change. It stays where the new stage
 *  has it, unmarked; one that defines the same node with other text is that node changed. */
function movedLines(rows) {
  const defOf = (s) => { const m = /^%(\d+) =/.exec(s); return m ? m[1] : null; };
  const added = new Map();
  for (const x of rows) if (x.kind === 'added' && defOf(x.key) !== null) added.set(defOf(x.key), x);
  const drop = new Set();
  for (const x of rows) {
    if (x.kind !== 'removed') continue;
    const y = added.get(defOf(x.key));
    if (!y || defOf(x.key) === null) continue;
    if (y.key === x.key) {
      drop.add(x);
      y.kind = 'same';
      y.moved = true;
    } else {
      x.kind = 'changed';
      y.kind = 'changed';
    }
    added.delete(defOf(x.key));
  }
  return rows.filter((x) => !drop.has(x));
}
