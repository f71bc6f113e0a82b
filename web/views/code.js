// views/code.js — the Code panel: the shown stage as the core generates it (`graphlab codegen --stage NAME
// --lang python|c`, through the module's "codegen" method), one element per line; a line that computes a
// node carries its data-node-id. The C program embeds the weights, so it is made from the same case with
// random params from the lab's seed (the numerics panel's); a shape-only case cannot be compiled to C.
// Generated text is cached per configuration, stage and language.
import { el, clear } from '../dom.js';
import { caseFromState } from '../state.js';
import { formatCount } from '../format.js';
import { analysisFreshness, createStaleBanner, describeConfig } from './stale.js';
import { IR_MAX_NODES, stageName } from './ir.js';
import { lang as pageLang, t } from '../i18n/i18n.js';
import { createWords, pieces } from '../i18n/words.js';
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
  const W = createWords();
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
    return el('label', { class: 'chip-toggle' }, r, ' ', W.text(l === 'c' ? 'code.lang.c' : 'code.lang.python'));
  });
  const head = el('p', { class: 'code-head', 'data-testid': 'code-head' });
  const msg = el('p', { class: 'ir-msg', 'data-testid': 'code-msg', hidden: '' });
  const dl = el('button', { type: 'button', 'data-testid': 'code-download', hidden: '' }, W.text('code.download'));
  const cmd = el('code', { class: 'code-cmd', 'data-testid': 'code-command' });
  // what the inputs file is: its name and the flag are code
  const inputsNote = el('span', { class: 'muted' });
  const sayInputs = () => inputsNote.replaceChildren(...pieces('code.inputs', {}, { file: el('code', {}, 'inputs.f64'), flag: el('code', {}, '--text') }));
  sayInputs();
  const cmdRow = el('p', { class: 'code-cmd-row', hidden: '' }, W.text('code.compile'), cmd, el('br'), inputsNote);
  const box = W.attr(el('div', { class: 'code-lines code-text', 'data-testid': 'code-text', role: 'list', tabindex: '0', translate: 'no' }), 'aria-label', 'code.aria');
  root.append(banner.node, W.attr(el('div', { class: 'ir-bar', role: 'radiogroup' }, ...radios, dl), 'aria-label', 'code.lang'),
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

  // a message: text, or the pieces of one (i18n/words.js pieces: a command in <code>, the core's words untranslated)
  function showMsg(text) {
    clear(msg);
    if (Array.isArray(text)) msg.append(...text);
    else msg.append(text);
    msg.hidden = !text || (Array.isArray(text) && !text.length);
  }
  const command = (c) => ({ cmd: el('code', { class: 'code-cmd' }, c) });

  function draw(state, model) {
    if (W.sync()) sayInputs();
    const r = model.result;
    const { fresh, why } = analysisFreshness(ctx, state, model);
    if (r && !fresh) banner.show(describeConfig(r.config), why);
    else banner.hide();
    if (!fresh || !model.stages.length) return;
    const cur = Math.min(state.stage, model.stages.length - 1);
    const sig = `${model.key}|${cur}|${lang}|${pageLang()}`;
    if (drawn === sig) return;
    drawn = sig;
    const st = model.stages[cur];
    clear(box);
    box.hidden = true;
    current = null;
    dl.hidden = true;
    cmdRow.hidden = true;
    head.replaceChildren(...pieces(lang === 'c' ? 'code.head.c' : 'code.head.python', { n: cur }, { name: stageName(st.name) }));
    const nodes = st.nodeCount ?? st.counts.nodes ?? st.nodes.length;
    if (nodes > IR_MAX_NODES || st.lite) {
      showMsg(pieces('code.big', { n: formatCount(nodes) }, command(`graphlab codegen FILE.json --stage ${st.key} --lang ${lang}`)));
      return;
    }
    if (lang === 'c') {
      const np = paramCount(st);
      if (!Number.isFinite(np) || np > C_MAX_PARAMS) {
        showMsg(pieces('code.weights.many', { n: Number.isFinite(np) ? formatCount(np) : t('code.symbolic'), max: formatCount(C_MAX_PARAMS) },
          command('graphlab codegen FILE.json --lang c')));
        return;
      }
    }
    const out = generate(state, model, st);
    if (out.error) {
      showMsg(pieces('code.error', { lang: lang === 'c' ? 'C' : 'Python' }, { msg: el('span', { translate: 'no' }, out.error) }));
      return;
    }
    showMsg(lang === 'c' ? t('code.weights', { seed: state.seed }) : '');
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
