// views/graph/layout-client.js — the page's side of layout-worker.js: asks for dagre layouts by signature
// (the graph's structure as one string) and hands each one back to `onLayout` when it arrives. A layout the
// page no longer waits for is cancelled; without workers (or if the worker fails) dagre runs here, in a
// task of its own, as before.
import { appUrl } from '../../app-url.js';

export function createLayoutClient({ url, type = 'module', dagre, onLayout }) {
  let worker = null;
  let broken = false;
  const inFlight = new Map();   // sig → urgent?

  function fallback(sig, nodes, edges, opts) {
    setTimeout(() => {
      if (!inFlight.has(sig)) return;
      inFlight.delete(sig);
      const g = new dagre.graphlib.Graph();
      g.setGraph({ rankdir: 'TB', nodesep: 12, ranksep: 26, marginx: 10, marginy: 10, ...(opts || {}) });
      g.setDefaultEdgeLabel(() => ({}));
      for (const [k, w, h] of nodes) g.setNode(k, { width: w, height: h });
      for (const [s, t] of edges) g.setEdge(s, t);
      dagre.layout(g);
      const gg = g.graph();
      onLayout(sig, { pos: nodes.map(([k]) => [g.node(k).x, g.node(k).y]), width: gg.width || 100, height: gg.height || 100 });
    }, 0);
  }

  function getWorker() {
    if (worker || broken) return worker;
    try {
      worker = new Worker(url || appUrl('views/graph/layout-worker.js'), { type });
    } catch (err) {
      console.warn('layout worker unavailable, laying out on the page:', err && err.message);
      broken = true;
      return null;
    }
    worker.onmessage = (ev) => {
      const m = ev.data || {};
      if (!inFlight.has(m.sig)) return;             // cancelled meanwhile
      const job = pendingJobs.get(m.sig);
      pendingJobs.delete(m.sig);
      if (m.type === 'layout') {
        inFlight.delete(m.sig);
        onLayout(m.sig, { pos: m.pos, width: m.width, height: m.height });
      } else {
        console.warn('layout worker:', m.message, '- laying out on the page');
        if (job) fallback(m.sig, job.nodes, job.edges, job.opts);
      }
    };
    worker.onerror = (ev) => {
      ev.preventDefault();
      console.warn('layout worker failed, laying out on the page:', ev.message);
      broken = true;
      worker = null;
      const todo = [...pendingJobs.values()];
      pendingJobs.clear();
      for (const j of todo) fallback(j.sig, j.nodes, j.edges, j.opts);
    };
    return worker;
  }

  // the jobs sent, kept until answered so a failed worker's jobs can be redone here
  const pendingJobs = new Map();

  return {
    /** Asks for a layout (nodes [[key, w, h]], edges [[s, t]]); urgent: the page is waiting for it; opts: dagre's graph options. */
    request(sig, nodes, edges, urgent, opts) {
      const was = inFlight.get(sig);
      if (was !== undefined && (was || !urgent)) return;
      inFlight.set(sig, !!urgent || !!was);
      const w = getWorker();
      if (!w) return fallback(sig, nodes, edges, opts);
      pendingJobs.set(sig, { sig, nodes, edges, opts });
      w.postMessage({ type: 'layout', sig, nodes, edges, urgent: !!urgent, opts: opts || null });
    },
    has: (sig) => inFlight.has(sig),
    /** Drops the jobs for which drop(sig, urgent) is true; returns their signatures. */
    cancel(dropIf) {
      const drop = [...inFlight].filter(([s, u]) => dropIf(s, u)).map(([s]) => s);
      if (!drop.length) return drop;
      for (const s of drop) {
        inFlight.delete(s);
        pendingJobs.delete(s);
      }
      if (worker) worker.postMessage({ type: 'cancel', sigs: drop });
      return drop;
    },
  };
}
