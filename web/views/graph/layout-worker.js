// views/graph/layout-worker.js — dagre layouts off the main thread (one graph of up to 1500 nodes can take
// seconds). Messages in:  {type: 'layout', sig, nodes: [[key, w, h]], edges: [[s, t]], urgent, opts}
//                         {type: 'cancel', sigs}   drop queued jobs (a superseded layout, an old result's)
// Messages out: {type: 'layout', sig, pos: [[x, y]] in node order, width, height} | {type: 'error', sig, message}
// Urgent jobs (the graph the page is waiting for) run before warm-ups (other stages of the result), the
// latest first; a job cannot be stopped once dagre runs, but a queued one that was cancelled never starts.
import dagre from '../../vendor/dagre.mjs';

const jobs = new Map();   // sig → job, in arrival order
let scheduled = false;

function schedule() {
  if (scheduled || !jobs.size) return;
  scheduled = true;
  setTimeout(pump, 0);    // lets the messages already queued (cancels, newer jobs) arrive first
}

function next() {
  let pick = null;
  for (const j of jobs.values()) {
    if (j.urgent) pick = j;            // the latest urgent one
    else if (!pick) pick = j;          // else the oldest warm-up
  }
  return pick;
}

function layout(nodes, edges, opts) {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'TB', nodesep: 12, ranksep: 26, marginx: 10, marginy: 10, ...(opts || {}) });   // opts: dagre graph options
  g.setDefaultEdgeLabel(() => ({}));
  for (const [k, w, h] of nodes) g.setNode(k, { width: w, height: h });
  for (const [s, t] of edges) g.setEdge(s, t);
  dagre.layout(g);
  const pos = nodes.map(([k]) => {
    const p = g.node(k);
    return [p.x, p.y];
  });
  const gg = g.graph();
  return { pos, width: gg.width || 100, height: gg.height || 100 };
}

function pump() {
  scheduled = false;
  const j = next();
  if (!j) return;
  jobs.delete(j.sig);
  try {
    const r = layout(j.nodes, j.edges, j.opts);
    self.postMessage({ type: 'layout', sig: j.sig, ...r });
  } catch (err) {
    self.postMessage({ type: 'error', sig: j.sig, message: String(err && err.message ? err.message : err) });
  }
  schedule();
}

self.onmessage = (ev) => {
  const msg = ev.data || {};
  if (msg.type === 'layout') {
    const old = jobs.get(msg.sig);
    jobs.delete(msg.sig);
    jobs.set(msg.sig, { ...msg, urgent: !!msg.urgent || !!(old && old.urgent) });
    schedule();
  } else if (msg.type === 'cancel') {
    for (const s of msg.sigs || []) jobs.delete(s);
  }
};
