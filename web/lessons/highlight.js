// lessons/highlight.js — what a step's highlight points at, resolved against the step's env (lessonEnv):
// the nodes of the shown stage (by op, by name, by source line of a program), a fused kernel, a buffer of
// the memory plan. The headless suite requires every part to resolve to something that exists; the player
// uses the same answer to light things up. Pure module.

/**
 * {nodes: [ids in the shown stage], keys: [their stable keys], kernel: index | null, buffer: node id | null}
 * for a highlight ({op?, name?, line?, kernel?, buffer?}: all given parts must match, nodes are the ones
 * matching every node part). Throws Error saying which part resolves to nothing.
 */
export function resolveHighlight(h, env) {
  const out = { nodes: [], keys: [], kernel: null, buffer: null };
  if (!h) return out;
  const st = env.stage;
  const nodeParts = ['op', 'name', 'line'].filter((k) => k in h);
  if (nodeParts.length) {
    if (!st) throw new Error('no stage is shown');
    if (st.lite) throw new Error(`stage ${st.key} is summarised (a big stack): highlight a kernel or a buffer, not ${nodeParts.join('/')}`);
    let nodes = st.nodes;
    if ('op' in h) {
      nodes = nodes.filter((n) => n.op === h.op);
      if (!nodes.length) throw new Error(`highlight.op: no ${h.op} node in stage ${st.key}`);
    }
    if ('name' in h) {
      nodes = nodes.filter((n) => n.name === h.name);
      if (!nodes.length) throw new Error(`highlight.name: no node named ${JSON.stringify(h.name)}${'op' in h ? ` among the ${h.op} nodes` : ''} in stage ${st.key}`);
    }
    if ('line' in h) {
      const spans = env.spans && env.spans[st.key];
      if (!spans) throw new Error('highlight.line: the step is not a program (no source spans)');
      nodes = nodes.filter((n) => (spans[n.id] || []).some(([l0, , l1]) => l0 <= h.line && h.line <= l1));
      if (!nodes.length) throw new Error(`highlight.line: no node of stage ${st.key} comes from line ${h.line}`);
    }
    out.nodes = nodes.map((n) => n.id);
    out.keys = nodes.map((n) => n.key);
  }
  if ('kernel' in h) {
    // the kernel set the step shows (kset=eager: one kernel per op)
    const set = env.kset === 'eager' ? env.eager : env.fused;
    const ks = set ? set.kernels : [];
    if (!ks[h.kernel]) throw new Error(`highlight.kernel: no kernel ${h.kernel} (${ks.length} kernels)`);
    out.kernel = h.kernel;
  }
  if ('buffer' in h) {
    const id = Number(h.buffer.slice(1));
    if (!env.memory || !env.memory.buffers.some((b) => b.node === id)) throw new Error(`highlight.buffer: ${h.buffer} is not a buffer of the memory plan`);
    out.buffer = id;
  }
  return out;
}
