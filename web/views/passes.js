// views/passes.js — the Passes panel: a compiler pass written in Python, edited in the page and run in the
// pipeline, the compiler judging what it returned.
//
// Pick one of the lecture's passes (section 9 of graph_lab.py, web/pass-sources.js) or start from the template,
// edit it, and Run: the state's pass / passfn / passat (state.js) put it into the case (key "pypass"), so the
// analysis runs it in the pipeline — in place of the built-in pass of its name, or at the chosen place — and
// every panel (graph animation, caption, IR diff, kernels, memory, numerics) shows its result. Then the page's
// module judges it (lab.pypass(…, {judge: true}): the verifier, then both graphs run in float64 on seeded
// inputs): the verdict line under the editor. An error in the pass names its line, underlined in place.
// CodeMirror is imported when the panel first draws, as in the Program panel.
import { el } from '../dom.js';
import { caseFromState, passPlan } from '../state.js';
import { LECTURE_PASSES } from '../pass-sources.js';
import { diagnosticsAt, editorLabel, errorPlace } from './program.js';
import { passFunction } from '../lessons/exercises.js';
import { lang, t } from '../i18n/i18n.js';
import { createWords, pieces } from '../i18n/words.js';

/** The passes a student can open: the lecture's (rebuild is a helper, not a pass). */
export const PASS_CHOICES = Object.keys(LECTURE_PASSES).filter((n) => n !== 'rebuild');

export const TEMPLATE = `# A pass of your own: take the Graph g, return (new graph, how many rewrites).
# g.nodes: Node(id, op, inputs, attrs, shape, name) in topological order; g.values: id -> array (params, consts);
# g.outputs: ids. rebuild(g, keep, remap) renumbers the nodes in keep, each id in remap replaced by its target.
def my_pass(g):
    remap, count = {}, 0
    for n in g.nodes:
        # e.g. transpose(transpose(x)) with perms that cancel -> x
        if n.op == "transpose" and g.nodes[n.inputs[0]].op == "transpose":
            inner = g.nodes[n.inputs[0]]
            if tuple(inner.attrs["perm"][p] for p in n.attrs["perm"]) == tuple(range(len(n.shape))):
                remap[n.id] = inner.inputs[0]
                count += 1
    keep = [n.id for n in g.nodes if n.id not in remap]
    return dce(rebuild(g, keep, remap)), count
`;

// the verdicts' words: passes.verdict.<verdict> (same, last_bits, not_run, broken, differs)
const VERDICTS = new Set(['same', 'last_bits', 'not_run', 'broken', 'differs']);

export function createPassesView(root, ctx) {
  const W = createWords();
  const pick = W.attr(el('select', { 'data-testid': 'pass-pick' },
    ...PASS_CHOICES.map((n) => el('option', { value: n }, W.text('passes.lecture', { name: n }))),
    el('option', { value: '' }, W.text('passes.new'))), 'aria-label', 'passes.pick');
  const place = W.attr(el('select', { 'data-testid': 'pass-place' }), 'aria-label', 'passes.place');
  const run = el('button', { type: 'button', class: 'primary', 'data-testid': 'pass-run' }, W.text('passes.run'));
  const off = el('button', { type: 'button', 'data-testid': 'pass-off' }, W.text('passes.off'));
  const reset = el('button', { type: 'button', 'data-testid': 'pass-reset' }, W.text('passes.reset'));
  const host = el('div', { class: 'prog-editor pass-editor', 'data-testid': 'pass-editor' });
  const verdictLine = el('span', { class: 'pass-verdict-line' });
  const details = el('pre', { class: 'pass-details', 'data-testid': 'pass-details' });
  const verdict = el('div', { class: 'pass-verdict', 'data-testid': 'pass-verdict', role: 'status', 'aria-live': 'polite' },
    verdictLine, el('details', {}, el('summary', {}, W.text('passes.details')), details));
  root.append(el('div', { class: 'prog-bar' }, pick, W.text('passes.runs'), place, ' ', run, ' ', reset, ' ', off), host, verdict);

  const shadow = host.attachShadow({ mode: 'open' });
  host.addEventListener('keydown', (ev) => ev.stopPropagation());
  let cm = null;
  let view = null;
  let loading = null;
  let lastDraw = null;
  let judgedFor = null;       // the (state) key the verdict was computed for

  function loadEditor() {
    loading = loading || import('../vendor/codemirror.mjs').then((mod) => {
      cm = { ...mod, label: editorLabel(mod, t('passes.editor.aria')) };
      const { EditorView, EditorState, basicSetup, python, lintGutter } = cm;
      const theme = EditorView.theme({
        '&': { fontSize: '14px', maxHeight: 'min(420px, 50vh)', backgroundColor: '#fff' },
        // the lecture's comments are Chinese: a CJK face after the Latin ones
        '.cm-scroller': { fontFamily: 'ui-monospace, Menlo, Consolas, "Noto Sans Mono CJK SC", "Noto Sans CJK SC", monospace' },
      });
      view = new EditorView({
        root: shadow,
        parent: shadow,
        state: EditorState.create({ doc: '', extensions: [basicSetup, python(), lintGutter(), cm.label.field, theme] }),
      });
      view.scrollDOM.setAttribute('tabindex', '0');   // a scrolled region a keyboard can reach (axe: scrollable-region-focusable)
      if (lastDraw) api.draw(...lastDraw);
    }, (err) => {
      verdictLine.textContent = t('program.editor.failed', { msg: err && err.message ? err.message : err });
    });
  }
  const text = () => (view ? view.state.doc.toString() : '');
  function setText(t) {
    if (!view || t === text()) return;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t } });
  }
  const sourceOf = (name) => (name && LECTURE_PASSES[name]) || TEMPLATE;

  function fillPlaces(state) {
    const fn = typeof state.passfn === 'string' ? state.passfn : pick.value;
    const opts = [];
    if (fn && state.pipeline.includes(fn)) opts.push(['', t('passes.inplace', { fn })]);
    opts.push(['0', t('passes.after', { p: 'trace' })]);
    state.pipeline.forEach((p, i) => opts.push([String(i + 1), t('passes.after', { p: `${p}${state.pipeline.indexOf(p) < i ? ` #${i + 1}` : ''}` })]));
    const sig = JSON.stringify(opts);
    if (place.dataset.sig !== sig) {
      place.dataset.sig = sig;
      place.replaceChildren(...opts.map(([v, t]) => el('option', { value: v }, t)));
    }
    const cur = Number.isInteger(state.passat) ? String(state.passat) : (opts[0][0] === '' ? '' : String(state.pipeline.length));
    place.value = cur;
  }

  // line: a text or the pieces of one (the core's words untranslated)
  function show(kind, line, more = '') {
    verdict.dataset.verdict = kind;
    verdict.classList.toggle('ok', kind === 'same' || kind === 'last_bits' || kind === 'not_run');
    verdict.classList.toggle('bad', kind === 'broken' || kind === 'differs' || kind === 'error');
    verdictLine.replaceChildren(...(Array.isArray(line) ? line : [line]));
    details.textContent = more;
  }
  const said = (msg) => ({ msg: el('span', { translate: 'no' }, msg) });

  function diagnose(message) {
    if (!view || !cm) return;
    view.dispatch(cm.setDiagnostics(view.state, diagnosticsAt(view.state.doc, message ? errorPlace(message) : null)));
  }

  // The judge: the pass run by the page's module on the stage it runs on, then verified and compared.
  function judge(state) {
    const key = `${ctx.analysisKey(state)}|${lang()}`;   // (a new language: the verdict said again in it)
    if (judgedFor === key) return;
    judgedFor = key;
    const plan = passPlan(state);
    if (!plan) {
      show('', t('passes.builtin'));
      diagnose(null);
      return;
    }
    const lab = ctx.lab && ctx.lab();
    if (!lab || typeof lab.pypass !== 'function') {
      show('', t('passes.judging'));
      judgedFor = null;
      return;
    }
    const base = { ...state, pass: null, passfn: null, passat: null };
    const devices = ctx.presets && ctx.presets()?.devices;
    const at = plan.at;
    // the judge runs both graphs on the numeric case's seeded params and inputs; a layer too large for the
    // page's run budget is judged on its shapes alone (the verifier), and says so
    const call = (numeric) => lab.pypass(caseFromState(base, { numeric, presetDevices: devices }), state.pass, state.passfn,
      { at, judge: true, file: 'pass.py', seed: state.seed });
    try {
      let r;
      try {
        r = call(true);
      } catch (err) {
        if (!err || err.code !== 'limit') throw err;
        r = call(false);
      }
      const j = r.judge || { verdict: 'not_run', line: '' };
      const nodesIn = (r.text.match(/^%/gm) || []).length;
      // the verdict in the page's words; the judge's line (the core's) as it said it
      show(j.verdict, pieces('passes.verdict', { verdict: VERDICTS.has(j.verdict) ? t(`passes.verdict.${j.verdict}`) : j.verdict }, said(j.line)),
        t('passes.summary', { fn: state.passfn, at: r.at, hits: r.hits === null ? t('passes.nocount') : t('passes.rewrites', { n: r.hits }),
          nodes: nodesIn, steps: r.steps.toLocaleString('en-US'), ms: r.ms.toFixed(1) })
        + (r.console ? `\n${t('passes.print')}\n${r.console}` : ''));
      diagnose(null);
    } catch (err) {
      const msg = err && err.message ? err.message : String(err);
      const p = errorPlace(msg);
      show('error', p ? pieces('passes.failed.at', { line: p.line, col: p.col }, said(p.text)) : pieces('passes.failed', {}, said(msg)), msg);
      diagnose(msg);
    }
  }

  function runPass() {
    const state = ctx.getState();
    const src = text();
    const fn = passFunction(src, pick.value);
    if (!fn) {
      show('error', t('passes.nofn'));
      return;
    }
    const at = place.value === '' && state.pipeline.includes(fn) ? null : Number(place.value || state.pipeline.length);
    judgedFor = null;
    ctx.setState({ pass: src, passfn: fn, passat: at, sel: null });
  }
  run.addEventListener('click', runPass);
  off.addEventListener('click', () => {
    judgedFor = null;
    ctx.setState({ pass: null, passfn: null, passat: null, sel: null });
  });
  reset.addEventListener('click', () => setText(sourceOf(pick.value)));
  pick.addEventListener('change', () => {
    setText(sourceOf(pick.value));
    fillPlaces({ ...ctx.getState(), passfn: pick.value || passFunction(TEMPLATE), passat: null });
  });

  let shownPass;              // the state.pass the editor last showed (the student's edits stay until it changes)
  const api = {
    draw(state, model) {
      lastDraw = [state, model];
      W.sync();
      if (!view) return loadEditor();
      cm.label.set(view, t('passes.editor.aria'));
      if (state.pass !== shownPass) {
        shownPass = state.pass;
        if (typeof state.pass === 'string') {
          pick.value = PASS_CHOICES.includes(state.passfn) ? state.passfn : '';
          setText(state.pass);
        } else if (!text()) {
          setText(sourceOf(pick.value));
        }
      }
      fillPlaces(state);
      judge(state);
    },
  };
  return api;
}
