// views/program.js — the Program panel: the Python source being compiled, in a CodeMirror 6 editor.
//
// state.prog null: the editor shows the lecture's layer for the current config (the sliders write it); the
// first edit makes it the program the lab analyses (state.prog, runCase({program})). Edits re-trace after
// EDIT_MS; an error ("program.py:LINE:COL: message") is underlined in place and written below, while the
// other panels keep the last good result under their stale banners. Selection both ways: the selected
// node lights its source lines; the cursor's line selects the first node it emitted.
// CodeMirror (a third of the page's script) is imported when the panel first draws, not with the page: a link
// without the Program panel never loads it, and one with it shows the rest of the lab first.
import { el } from '../dom.js';
import { EXAMPLES, lectureProgram } from '../program-examples.js';
import { t } from '../i18n/i18n.js';
import { createWords, pieces } from '../i18n/words.js';

const EDIT_MS = 300;
const ERR_RE = /^[^\s:]+\.py:(\d+):(\d+): (.*)$/s;

/** {line, col, text} of a front-end error message, or null when it names no place in the source. */
export function errorPlace(message) {
  const m = ERR_RE.exec(String(message || '').replace(/^[a-z_]+: /, ''));
  return m ? { line: Number(m[1]), col: Number(m[2]), text: m[3] } : null;
}

/** CodeMirror's diagnostics for an error place ({line, col, text} or null) in doc: the rest of its line from the
 *  column underlined (the Program and Passes panels' editors). */
export function diagnosticsAt(doc, place) {
  if (!place || place.line > doc.lines) return [];
  const ln = doc.line(place.line);
  const from = Math.min(ln.to, ln.from + Math.max(0, place.col - 1));
  return [{ from, to: Math.min(ln.to, Math.max(from + 1, ln.to)), severity: 'error', message: place.text }];
}

/** An editor's aria-label held in its state, so the page's language can change it: {field, set(view, text)} of a
 *  loaded CodeMirror (the Program and Passes panels' editors). */
export function editorLabel({ EditorView, StateField, StateEffect }, text) {
  const setLabel = StateEffect.define();
  const field = StateField.define({
    create: () => text,
    update(v, tr) {
      for (const e of tr.effects) if (e.is(setLabel)) return e.value;
      return v;
    },
    provide: (f) => EditorView.contentAttributes.from(f, (v) => ({ 'aria-label': v })),
  });
  return { field, set: (view, v) => { if (view.state.field(field) !== v) view.dispatch({ effects: setLabel.of(v) }); } };
}

// the lines the selected node came from, lit: {setLit, litLine, litField} of a loaded CodeMirror
function litLines({ EditorView, StateField, StateEffect, Decoration }) {
  const setLit = StateEffect.define();
  const litLine = Decoration.line({ class: 'prog-lit' });
  const litField = StateField.define({
    create: () => Decoration.none,
    update(deco, tr) {
      for (const e of tr.effects) if (e.is(setLit)) return e.value;
      return deco.map(tr.changes);
    },
    provide: (f) => EditorView.decorations.from(f),
  });
  return { setLit, litLine, litField };
}

export function createProgramView(root, ctx) {
  const W = createWords();
  // an example's title: program.ex.<id> (the examples' own titles are the English ones)
  const menu = W.attr(el('select', { 'data-testid': 'program-examples' },
    el('option', { value: '' }, W.text('program.examples')), ...EXAMPLES.map((e) => el('option', { value: e.id }, W.text(`program.ex.${e.id}`)))), 'aria-label', 'program.examples.aria');
  const fromCfg = el('button', { type: 'button', 'data-testid': 'program-from-config' }, W.text('program.fromcfg'));
  const status = el('span', { class: 'prog-status', 'data-testid': 'program-status' });
  const host = el('div', { class: 'prog-editor', 'data-testid': 'program-editor' });
  const error = el('div', { class: 'prog-error', 'data-testid': 'program-error', role: 'alert', hidden: '' });
  // what the program print()ed (result.console), under the editor; marked stale while it is the previous run's
  const consoleLabel = el('div', { class: 'prog-console-label' }, t('program.console'));
  const consoleOut = W.attr(el('pre', { class: 'prog-console', 'data-testid': 'program-console', role: 'log', tabindex: '0' }), 'aria-label', 'program.console.aria');
  const consoleBox = el('div', { class: 'prog-console-box', hidden: '' }, consoleLabel, consoleOut);
  root.append(el('div', { class: 'prog-bar' }, menu, ' ', fromCfg, ' ', status), host, error, consoleBox);

  let timer = null;
  let setting = false;        // the view is replacing the text (not the student typing)
  let litFor = null;

  // The editor lives in a shadow root: there CodeMirror's style-mod adopts constructable stylesheets, where on
  // the document it would add <style> elements the page's CSP (style-src 'self') refuses. Its look is a theme.
  const shadow = host.attachShadow({ mode: 'open' });
  // keys typed in the editor are the editor's, not the stepper's (main.js listens on the document)
  host.addEventListener('keydown', (ev) => ev.stopPropagation());
  let cm = null;              // the CodeMirror module and this panel's lit-lines field, once loaded
  let view = null;
  let loading = null;
  let lastDraw = null;        // what draw / highlight were last asked, replayed when the editor arrives
  let lastHighlight = null;
  function loadEditor() {
    loading = loading || import('../vendor/codemirror.mjs').then((mod) => {
      cm = { ...mod, ...litLines(mod), label: editorLabel(mod, t('program.editor.aria')) };
      const { EditorView, EditorState, basicSetup, python, lintGutter } = cm;
      const theme = EditorView.theme({
        '&': { fontSize: '14px', maxHeight: 'min(420px, 55vh)', backgroundColor: '#fff' },
        '.cm-scroller': { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' },
        '.prog-lit': { backgroundColor: '#fff3b0' },
      });
      view = new EditorView({
        root: shadow,
        parent: shadow,
        state: EditorState.create({
          doc: '',
          extensions: [basicSetup, python(), lintGutter(), cm.label.field, cm.litField, theme, EditorView.updateListener.of(onUpdate)],
        }),
      });
      view.scrollDOM.setAttribute('tabindex', '0');   // a scrolled region a keyboard can reach (axe: scrollable-region-focusable)
      if (lastDraw) api.draw(...lastDraw);
      if (lastHighlight) api.highlight(...lastHighlight);
    }, (err) => {
      status.textContent = t('program.editor.failed', { msg: err && err.message ? err.message : err });
    });
  }

  function text() { return view ? view.state.doc.toString() : ''; }
  function setText(t) {
    if (!view || t === text()) return;   // before the editor loads, its first draw sets the text
    setting = true;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t } });
    setting = false;
  }
  function commit() {
    if (timer) clearTimeout(timer);
    timer = null;
    ctx.setState({ prog: text(), sel: null });
  }
  function onUpdate(u) {
    if (u.docChanged && !setting) {
      if (timer) clearTimeout(timer);
      timer = setTimeout(commit, EDIT_MS);
      status.textContent = t('program.tracing');
    } else if (u.selectionSet && !u.docChanged && view.hasFocus) {
      selectAtCursor();
    }
  }
  function load(t) {
    if (timer) clearTimeout(timer);
    timer = null;
    setText(t);
    ctx.setState({ prog: t, sel: null });
  }
  menu.addEventListener('change', () => {
    const ex = EXAMPLES.find((e) => e.id === menu.value);
    menu.value = '';
    if (ex) load(ex.text);
  });
  fromCfg.addEventListener('click', () => load(lectureProgram(ctx.getState().cfg)));

  // the current stage's spans: result.spans[stage key][node id] = [[line, col, end_line, end_col], …]
  function stageSpans(model) {
    const st = ctx.getState();
    const stages = model.stages || [];
    const stage = stages[Math.max(0, Math.min(st.stage, stages.length - 1))];
    const spans = model.result && model.result.spans;
    return stage && spans ? { stage, spans: spans[stage.key] || [] } : null;
  }
  let lastModel = null;
  function selectAtCursor() {
    const ss = lastModel && stageSpans(lastModel);
    if (!ss) return;
    const line = view.state.doc.lineAt(view.state.selection.main.head).number;
    const id = ss.spans.findIndex((list) => Array.isArray(list) && list.some((s) => s[0] <= line && line <= s[2]));
    const node = id >= 0 ? ss.stage.nodes.find((n) => n.id === id) : null;
    if (node) ctx.select(node.key);
  }

  function showError(model, fresh) {
    const place = model.error && !fresh ? errorPlace(model.error.message) : null;
    if (model.error && !fresh) {
      // a translated lead (where, or that it failed), the core's message as it said it
      const msg = { msg: el('span', { translate: 'no' }, place ? place.text : model.error.message) };
      error.replaceChildren(...(place ? pieces('program.error.at', { line: place.line, col: place.col }, msg) : pieces('program.error', {}, msg)));
      error.hidden = false;
    } else {
      error.hidden = true;
      error.textContent = '';
    }
    view.dispatch(cm.setDiagnostics(view.state, diagnosticsAt(view.state.doc, place)));
  }

  function drawConsole(own, model, fresh) {
    consoleBox.hidden = !own;
    if (!own) return;
    const r = model.result;
    const text = r && typeof r.console === 'string' ? r.console : '';
    consoleOut.textContent = text || (fresh ? t('program.console.none') : '');
    // an error or an analysis on its way: what is there is the previous run's output, said so
    consoleOut.classList.toggle('is-stale', !fresh);
    consoleOut.setAttribute('data-stale', fresh ? 'false' : 'true');
    consoleLabel.textContent = t(fresh ? 'program.console' : 'program.console.stale');
  }

  const api = {
    draw(state, model) {
      lastModel = model;
      lastDraw = [state, model];
      W.sync();
      if (!view) return loadEditor();
      cm.label.set(view, t('program.editor.aria'));
      // an edit still waiting for its trace keeps the student's text
      if (!timer && !view.hasFocus) setText(typeof state.prog === 'string' ? state.prog : lectureProgram(state.cfg));
      const fresh = model.key === ctx.analysisKey(state) && !model.error;
      const own = typeof state.prog === 'string';
      if (!timer) status.textContent = own
        ? (fresh ? t('program.traced', { n: model.stages.length ? model.stages[0].counts.nodes : 0 })
          : t(model.error ? 'program.stale' : 'program.analysing'))
        : t('program.config');
      showError(model, fresh);
      drawConsole(own, model, fresh);
    },
    highlight(sel, model) {
      lastModel = model;
      lastHighlight = [sel, model];
      if (!view) return;
      const ss = stageSpans(model);
      const node = ss && sel && sel.key ? ss.stage.nodes.find((n) => n.key === sel.key) : null;
      const list = node && Array.isArray(ss.spans[node.id]) ? ss.spans[node.id] : [];
      const sig = JSON.stringify(list);
      if (sig === litFor) return;
      litFor = sig;
      const lines = new Set();
      for (const s of list) for (let l = s[0]; l <= s[2] && l <= view.state.doc.lines; l++) lines.add(l);
      const ranges = [...lines].sort((a, b) => a - b).map((l) => cm.litLine.range(view.state.doc.line(l).from));
      view.dispatch({ effects: cm.setLit.of(cm.Decoration.set(ranges)) });
    },
  };
  return api;
}
