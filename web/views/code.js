// views/code.js — the Code panel: the shown stage as the core generates it (`graphlab codegen --stage NAME
// --lang python|c`, through the module's "codegen" method), one element per line; a line that computes a
// node carries its data-node-id. The C program embeds the weights, so it is made from the same case with
// random params from the lab's seed (the numerics panel's); a shape-only case cannot be compiled to C.
// Generated text is cached per configuration, stage and language.
import { el, clear } from '../dom.js';
import { caseFromState } from '../state.js';
import { formatCount } from '../format.js';
import { analysisFreshness, createStaleBanner, describeConfig } from './stale.js';
import { IR_MAX_NODES } from './ir.js';
import { keyOf } from '../selection.js';

/** More float64 weights than this are not embedded in a C program on the page: the codegen runs on the
 *  main thread (~40 ms for the default layer's 34k weights, so ~120 ms here; the lab's long-task budget is 200 ms). */
export const C_MAX_PARAMS = 100_000;

const PY_RE = /^ {4}v(\d+) = /;
const C_RE = /^ {4}T v(\d+) = /;
/** The node a generated line computes, or null. */
export function codeLineNode(line, lang) {
  const m = (lang === 'c' ? C_RE : PY_RE).exec(line);
  return m ? Number(m[1]) : null;
}

/** The case a language's code is made from: the analysis' case; for C with random params (the seed). */
export function codeCase(state, presetDevices, lang) {
  const c = caseFromState(state, { presetDevices });
  if (lang === 'c') c.params = { random: state.seed };
  return c;
}

function paramCount(stage) {
  let n = 0;
  for (const v of stage.nodes) {
    if (v.op !== 'param') continue;
    n += v.shape.reduce((a, d) => a * (typeof d === 'number' ? d : NaN), 1);
  }
  return n;
}

/** The shell command that compiles and runs the program (binds: the case's symbol values). */
export function compileCommand(bind) {
  const bs = Object.entries(bind || {}).map(([k, v]) => ` ${k}=${v}`).join('');
  return `cc -std=c11 -O2 compiled.c -lm -o compiled && ./compiled${bs} --text < inputs.f64`;
}

export function createCodeView(root, ctx) {
  const banner = createStaleBanner();
  let lang = 'python';
  const radios = ['python', 'c'].map((l) => {
    const r = el('input', { type: 'radio', name: 'code-lang', value: l, 'data-testid': `code-lang-${l}` });
    r.checked = l === lang;
    r.addEventListener('change', () => {
      if (!r.checked) return;
      lang = l;
      drawn = null;
      ctx.redraw();
    });
    return el('label', { class: 'chip-toggle' }, r, ' ', l === 'c' ? 'C program' : 'Python (numpy)');
  });
  const head = el('p', { class: 'code-head', 'data-testid': 'code-head' });
  const msg = el('p', { class: 'ir-msg', 'data-testid': 'code-msg', hidden: '' });
  const dl = el('button', { type: 'button', 'data-testid': 'code-download', hidden: '' }, 'Download compiled.c');
  const cmd = el('code', { class: 'code-cmd', 'data-testid': 'code-command' });
  const cmdRow = el('p', { class: 'code-cmd-row', hidden: '' }, 'Compile and run: ', cmd,
    el('br'), el('span', { class: 'muted' }, 'inputs.f64: the inputs listed at the top of the file, little-endian float64 in C order, one after another; --text prints one value per line.'));
  const box = el('div', { class: 'code-lines code-text', 'data-testid': 'code-text', role: 'list', 'aria-label': 'generated code', tabindex: '0' });
  root.append(banner.node, el('div', { class: 'ir-bar', role: 'radiogroup', 'aria-label': 'language' }, ...radios, dl),
    head, msg, cmdRow, box);

  const cache = new Map();   // `${analysis key}|${stage}|${lang}` → {text} | {error}
  let drawn = null;
  let current = null;        // the C text on screen, for the download

  dl.addEventListener('click', () => {
    if (!current) return;
    const url = URL.createObjectURL(new Blob([current], { type: 'text/x-c' }));
    const a = el('a', { href: url, download: 'compiled.c' });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });

  // the one selection: a click on a line selects the node it computes (lines are the shown stage's)
  let lastModel = null;
  box.addEventListener('click', (ev) => {
    const ln = ev.target.closest && ev.target.closest('.ln[data-node-id]');
    if (!ln || !lastModel) return;
    const sel = ctx.selection();
    const key = keyOf(lastModel.stages, sel.stage, Number(ln.dataset.nodeId));
    if (key) ctx.select(key === sel.key ? null : key);
  });
  /** Marks the selected node's lines (aria-selected) without redrawing. */
  function highlight(sel, model) {
    lastModel = model;
    for (const ln of box.querySelectorAll('.ln[aria-selected="true"]')) ln.removeAttribute('aria-selected');
    if (!sel || sel.at.status !== 'here') return;
    for (const ln of box.querySelectorAll(`.ln[data-node-id="${sel.at.node.id}"]`)) ln.setAttribute('aria-selected', 'true');
  }

  function generate(state, model, st) {
    const key = `${model.key}|${st.key}|${lang}`;
    if (cache.has(key)) return cache.get(key);
    let out;
    try {
      const lab = ctx.lab();
      if (!lab || typeof lab.codegen !== 'function') throw new Error('this build of the module has no "codegen" method');
      const c = codeCase(state, ctx.presets()?.devices, lang);
      out = { text: lab.codegen(c, { stage: st.key, lang }).text };
    } catch (err) {
      out = { error: err && err.message ? err.message : String(err) };
    }
    if (cache.size > 32) cache.clear();
    cache.set(key, out);
    return out;
  }

  function showMsg(text, cmd = null, after = '') {
    clear(msg);
    msg.append(text);
    if (cmd) msg.append(el('code', { class: 'code-cmd' }, cmd), after);
    msg.hidden = !text;
  }

  function draw(state, model) {
    const r = model.result;
    const { fresh, why } = analysisFreshness(ctx, state, model);
    if (r && !fresh) banner.show(describeConfig(r.config), why);
    else banner.hide();
    if (!fresh || !model.stages.length) return;
    const cur = Math.min(state.stage, model.stages.length - 1);
    const sig = `${model.key}|${cur}|${lang}`;
    if (drawn === sig) return;
    drawn = sig;
    const st = model.stages[cur];
    clear(box);
    box.hidden = true;
    current = null;
    dl.hidden = true;
    cmdRow.hidden = true;
    head.textContent = `Stage ${cur}: ${st.name} as ${lang === 'c' ? 'a standalone C program' : 'the reference\'s numpy text'}`;
    const nodes = st.nodeCount ?? st.counts.nodes ?? st.nodes.length;
    if (nodes > IR_MAX_NODES || st.lite) {
      showMsg(`This stage has ${formatCount(nodes)} nodes, too many to generate here; `, `graphlab codegen FILE.json --stage ${st.key} --lang ${lang}`, ' does.');
      return;
    }
    if (lang === 'c') {
      const np = paramCount(st);
      if (!Number.isFinite(np) || np > C_MAX_PARAMS) {
        showMsg(`The C program embeds every weight: ${Number.isFinite(np) ? formatCount(np) : 'symbolic'} of them are too many for the page ` +
          `(over ${formatCount(C_MAX_PARAMS)}); give `, 'graphlab codegen FILE.json --lang c', ' a case file with params.');
        return;
      }
    }
    const out = generate(state, model, st);
    if (out.error) {
      showMsg(`The core could not generate ${lang === 'c' ? 'C' : 'Python'}: ${out.error}`);
      return;
    }
    showMsg(lang === 'c' ? `Weights: random from seed ${state.seed} (the numerics panel's), embedded in the file.` : '');
    const frag = document.createDocumentFragment();
    const lines = out.text.replace(/\n$/, '').split('\n');
    for (const line of lines) {
      const id = codeLineNode(line, lang);
      const ln = el('div', { class: 'ln', role: 'listitem', 'data-node-id': id === null ? null : id });
      ln.append(el('span', { class: 'tx' }, line));
      frag.append(ln);
    }
    box.append(frag);
    box.hidden = false;
    if (lang === 'c') {
      current = out.text;
      dl.hidden = false;
      cmd.textContent = compileCommand(r.bind);
      cmdRow.hidden = false;
    }
  }

  return { draw, highlight };
}
