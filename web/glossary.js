// glossary.js — one-line descriptions of the lab's words (passes, kernel kinds, the columns' jargon), shown on
// hover (title) and to screen readers (aria-describedby → one hidden element per term). Every view takes its
// explanations from here, so a word reads the same in every panel. Texts follow graph_lab.py and c/src/backend/fuse.c.

export const GLOSSARY = {
  // passes (graph_lab.py §8–9)
  trace: 'the graph as traced from the layer’s code, before any pass',
  match_attention: 'finds matmul(Q, Kᵀ) → scale → [mask] → softmax → matmul(·, V) and replaces it by one flash_attn node',
  decompose: 'expands composite ops into primitives: softmax into max/exp/sum/div, rms_norm into mul/sum/rsqrt, silu into neg/exp/add/div',
  cse: 'common-subexpression elimination: two nodes with the same op, inputs and attributes become one',
  constant_fold: 'computes at compile time every node whose inputs are all constants or parameters',
  simplify: 'algebraic identities that keep results bit-exact: x·1 → x, x + 0 → x, −(−x) → x, transposes that cancel',
  fold_norm_weight: 'folds RMSNorm’s weight into the next matmuls’ weights: (x̂·w) @ W = x̂ @ (diag(w)·W)',
  dce: 'dead-code elimination: drops nodes no output (or guard) depends on',
  quantize: 'inserts quantize → dequantize pairs where the precision plan lowers a tensor (weights, KV cache, matmul inputs)',
  // kernel kinds (c/src/backend/fuse.c)
  matmul: 'kernel kind: a matrix product, with the pointwise ops that follow it fused in as an epilogue',
  attention: 'kernel kind: one fused attention (flash_attn) — the scores never leave the chip',
  pointwise: 'kernel kind: element-by-element ops over one iteration space, fused into one pass over memory',
  rowwise: 'kernel kind: a reduction along the last axis (a row at a time) with the pointwise ops around it',
  write: 'kernel kind: kv_write — writes one new row into the KV cache',
  // the columns' jargon
  hits: 'how many times the pass’s rewrite fired on this graph (0: it changed nothing)',
  'roofline time': 'max(FLOPs / peak FLOP/s, bytes / bandwidth) per kernel, plus a launch overhead: the fastest the kernel could run',
  'arithmetic intensity': 'FLOPs per byte moved: above the ridge point a kernel is compute-bound, below it memory-bound',
  'compute-bound': 'the kernel’s time is set by the arithmetic units (FLOPs / peak)',
  'memory-bound': 'the kernel’s time is set by memory traffic (bytes / bandwidth)',
  'peak memory': 'the most bytes of intermediates alive at once under a plan',
  'lower bound': 'the peak of live bytes at any moment: no placement of the buffers can use less',
  'naive plan': 'every intermediate gets its own block of memory: no reuse',
  'greedy plan': 'greedy-by-size: buffers placed largest first at the lowest offset free during their lifetime',
  peak: 'the highest byte offset a plan uses: the memory it needs',
  'max |Δ|': 'the largest difference from the trace’s output, element by element, in float64: 0 is bit-identical',
  // the config panel's knobs and modes (docs/panels/config.md)
  d: 'model width: the numbers per token',
  H: 'query heads: each attends with its own query; H/G of them share one K/V head',
  G: 'key/value heads (GQA groups): H/G query heads share one K/V head; must divide H',
  dh: 'numbers per head; even, because RoPE rotates pairs',
  f: 'width of the MLP’s hidden layer',
  T: 'prompt tokens processed at once (prefill)',
  S: 'length of the KV cache (decode): a symbol in the graph',
  pos0: 'position of the first token: RoPE angles start there',
  layers: 'how many layers are stacked',
  prefill: 'the whole prompt at once: big matmuls, compute-bound',
  decode: 'one new token against the KV cache: every weight read once, memory-bound',
  'masked decode': 'decode with a mask over a padded cache (bucketed lengths)',
  'element size': 'bytes per number in memory: 2 (bf16) or 4 (fp32); it scales every byte count',
  // dynamic shapes (graph_lab.py §11–12)
  error: 'front end like jax.jit: refuses to trace a branch that depends on data',
  specialize: 'like torch.jit.trace: records the path taken and bakes it in (no guard) — or one graph per length',
  guard: 'like torch.compile: records the condition as a guard and re-traces when it fails',
  lazy: 'like a graph break: runs graph, then Python for the branch, then another graph',
  bucket: 'pads the length up to a bucket (powers of two) and masks the padding: one graph per bucket',
  symbolic: 'keeps the length as a symbol S: one graph serves every length',
  'guard failure': 'a cached graph’s assumptions did not hold for this call, so it could not be reused',
  'cache hit': 'a cached graph’s guards all held: it ran without compiling',
  compile: 'a new graph traced and compiled for this call',
  'graph break': 'the point where tracing stops and plain Python runs (here: bool() of a tensor)',
  'padded slots': 'cache rows that exist only because the length was rounded up to its bucket',
};

/** The one-liner for a term, or '' when there is none. */
export function describe(term) {
  return Object.prototype.hasOwnProperty.call(GLOSSARY, term) ? GLOSSARY[term] : '';
}

const idOf = (term) => `gloss-${term.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;

/**
 * Gives node the term's description on hover (title) and to assistive technology (aria-describedby, pointing at
 * one visually hidden element per term, made once per document). Returns node; a term without a description
 * leaves it as it was.
 */
export function explain(node, term) {
  const text = describe(term);
  if (!text || !node) return node;
  node.setAttribute('title', `${term}: ${text}`);
  const doc = node.ownerDocument;
  const id = idOf(term);
  if (doc && !doc.getElementById(id)) {
    const d = doc.createElement('span');
    d.id = id;
    d.className = 'sr-only';
    d.textContent = text;
    // inside one landmark (a page's content all in landmarks: axe's region rule)
    let box = doc.getElementById('glossary-terms');
    if (!box) {
      box = doc.createElement('aside');
      box.id = 'glossary-terms';
      box.className = 'sr-only';
      box.setAttribute('aria-label', 'glossary');
      doc.body.append(box);
    }
    box.append(d);
  }
  node.setAttribute('aria-describedby', id);
  return node;
}
