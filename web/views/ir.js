// views/ir.js — the IR panel: the shown stage's graph as the core prints it (`graphlab print --stage NAME`,
// through the module's "print" method, never re-printed here), one element per line, and a line diff
// against the previous stage (the previous one shown when "hide passes that changed nothing" is on).
//
// Renumbering is not a change: before diffing, the previous stage's ids are rewritten into the shown stage's
// numbering through the provenance (a kept or merged node's `from[0]` is the node it became; an input a
// kept node now reads in place of the old one is what that old id became). A line whose node the
// provenance does not carry over gets an id no line of the new stage has, so it can only be removed.
// The diff itself is the `diff` package's diffArrays, in ir-diff.js. Every line carries data-node-id (the node it
// defines), so a later selection can find its lines.
import { irDisplay, lang, t } from '../i18n/i18n.js';
import { el, clear } from '../dom.js';
import Diff from '../vendor/diff.mjs';
import { diffRows, idMaps, lineNode, lineOpName } from '../ir-diff.js';
import { caseFromState } from '../state.js';
import { analysisFreshness, createStaleBanner, describeConfig } from './stale.js';
import { keyOf, stepKey } from '../selection.js';
import { createWords, pieces } from '../i18n/words.js';

/** Stages with more nodes than this are not printed on the page (the print runs on the main thread). */
export const IR_MAX_NODES = 1500;
const CONTEXT = 3;            // unchanged lines shown around a change; longer runs fold

const MARK = { same: ' ', added: '+', removed: '−', changed: '~' };

export function createIrView(root, ctx) {
  const W = createWords();
  const banner = createStaleBanner();
  const head = el('p', { class: 'ir-head', 'data-testid': 'ir-head' });
  const search = el('input', { type: 'search', class: 'ir-search', 'data-testid': 'ir-search', spellcheck: 'false' });
  W.attr(search, 'placeholder', 'ir.search');
  W.attr(search, 'aria-label', 'ir.search.aria');
  const found = el('span', { class: 'ir-found', 'aria-live': 'polite' });
  // the core's text: its lines are code (translate="no"), their words shown in the page's language (irDisplay)
  const textBox = W.attr(el('div', { class: 'code-lines ir-text', 'data-testid': 'ir-text', role: 'list', tabindex: 0, translate: 'no' }), 'aria-label', 'ir.text.aria');
  const diffHead = el('p', { class: 'ir-diff-head', 'data-testid': 'ir-diff-head' });
  const diffBox = W.attr(el('div', { class: 'code-lines ir-diff', 'data-testid': 'ir-diff', role: 'list', translate: 'no' }), 'aria-label', 'ir.diff.aria');
  const msg = el('p', { class: 'ir-msg', 'data-testid': 'ir-msg', hidden: '' });
  const cols = el('div', { class: 'ir-cols' },
    el('section', { class: 'ir-col' }, el('h3', {}, W.text('ir.h.text')), textBox),
    el('section', { class: 'ir-col' }, el('h3', {}, W.text('ir.h.diff')), diffHead, diffBox));
  root.append(banner.node, el('div', { class: 'ir-bar' }, search, found), head, msg, cols);

  const cache = { key: null, texts: null, error: null };
  let drawn = null;

  search.addEventListener('input', () => applySearch());
  // the one selection: a click on a line selects its node (in the stage the line belongs to); ↑/↓ move it by line
  let lastModel = null;
  for (const box of [textBox, diffBox]) {
    box.addEventListener('click', (ev) => {
      const ln = ev.target.closest && ev.target.closest('.ln[data-node-id]');
      if (!ln || !lastModel) return;
      const key = keyOf(lastModel.stages, Number(ln.dataset.stage), Number(ln.dataset.nodeId));
      if (key) ctx.select(key === ctx.selection().key ? null : key);
    });
  }
  textBox.addEventListener('keydown', (ev) => {
    if ((ev.key !== 'ArrowDown' && ev.key !== 'ArrowUp') || ev.altKey || ev.ctrlKey || ev.metaKey || !lastModel) return;
    const sel = ctx.selection();
    const key = stepKey(lastModel.stages, sel.stage, sel.at.status === 'here' ? sel.key : null, ev.key === 'ArrowDown' ? 1 : -1);
    if (key) ctx.select(key);
    ev.preventDefault();
  });

  /** Marks the selection's lines (aria-selected) in the text and both sides of the diff, without redrawing. */
  function highlight(sel, model) {
    lastModel = model;
    for (const ln of root.querySelectorAll('.ln[aria-selected="true"]')) ln.removeAttribute('aria-selected');
    if (!sel || !sel.key) return;
    const idIn = new Map();
    const idOf = (s) => {
      if (!idIn.has(s)) {
        const n = model.stages[s] && model.stages[s].byKey.get(sel.key);
        idIn.set(s, n ? String(n.id) : null);
      }
      return idIn.get(s);
    };
    let first = null;
    for (const ln of root.querySelectorAll('.ln[data-node-id]')) {
      if (ln.dataset.nodeId !== idOf(Number(ln.dataset.stage))) continue;
      ln.setAttribute('aria-selected', 'true');
      if (!first && textBox.contains(ln)) first = ln;
    }
    if (first) {
      // into view inside the list only (scrollIntoView would scroll the page too)
      const b = textBox.getBoundingClientRect();
      const l = first.getBoundingClientRect();
      if (l.top < b.top || l.bottom > b.bottom) textBox.scrollTop += l.top - b.top - b.height / 2;
    }
  }
  search.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter') {
      const hits = textBox.querySelectorAll('.ln.match');
      if (hits.length) {
        const cur = textBox.querySelector('.ln.match.current');
        const list = [...hits];
        const next = list[(list.indexOf(cur) + 1) % list.length];
        if (cur) cur.classList.remove('current');
        next.classList.add('current');
        next.scrollIntoView({ block: 'nearest' });
      }
      ev.preventDefault();
    } else if (ev.key === 'Escape') {
      search.value = '';
      applySearch();
    }
  });
  // "/" focuses the search while the panel is open (outside text fields)
  document.addEventListener('keydown', (ev) => {
    if (ev.key !== '/' || ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const t = ev.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)) return;
    if (root.closest('[hidden]') || !root.isConnected) return;
    ev.preventDefault();
    search.focus();
    search.select();
  });

  function applySearch() {
    const q = search.value.trim().toLowerCase();
    let n = 0;
    for (const box of [textBox, diffBox]) {
      for (const ln of box.querySelectorAll('.ln')) {
        const { op, name } = lineOpName(ln.dataset.text || '');
        const hit = !!q && (op.toLowerCase().includes(q) || name.toLowerCase().includes(q));
        ln.classList.toggle('match', hit);
        ln.classList.remove('current');
        if (hit && box === textBox) n++;
      }
    }
    textBox.classList.toggle('searching', !!q);
    diffBox.classList.toggle('searching', !!q);
    found.textContent = q ? t('ir.lines', { n }) : '';
  }

  function texts(state, model) {
    if (cache.key === model.key) return cache;
    cache.key = model.key;
    cache.texts = null;
    cache.error = null;
    try {
      const c = caseFromState(state, { presetDevices: ctx.presets()?.devices });
      const lab = ctx.lab();
      if (!lab || typeof lab.print !== 'function') throw new Error('this build of the module has no "print" method');   // (as the core would say it)
      cache.texts = lab.print(c).stages.map((s) => s.text);
    } catch (err) {
      cache.error = err && err.message ? err.message : String(err);
    }
    return cache;
  }

  function prevShown(state, model, cur) {
    for (let i = cur - 1; i >= 0; i--) if (!state.hide || i === 0 || model.stages[i].changed) return i;
    return -1;
  }

  // a message: text, or the pieces of one (i18n/words.js pieces: a command in <code>, the core's words untranslated)
  function showMsg(text) {
    clear(msg);
    if (Array.isArray(text)) msg.append(...text);
    else msg.append(text);
    msg.hidden = !text || (Array.isArray(text) && !text.length);
  }

  function draw(state, model) {
    W.sync();
    const r = model.result;
    const { fresh, why } = analysisFreshness(ctx, state, model);
    if (r && !fresh) banner.show(describeConfig(r.config), why);
    else banner.hide();
    if (!fresh || !model.stages.length) return;     // keep the last drawing under the banner
    const cur = Math.min(state.stage, model.stages.length - 1);
    const sig = `${model.key}|${cur}|${state.hide}|${lang()}`;
    if (drawn === sig) return;
    drawn = sig;
    const st = model.stages[cur];
    const big = model.stages.find((s) => (s.nodeCount ?? s.counts.nodes ?? s.nodes.length) > IR_MAX_NODES);
    clear(textBox);
    clear(diffBox);
    diffHead.textContent = '';
    head.replaceChildren(...pieces('ir.head', { n: cur }, { name: stageName(st.name) }));
    if (big) {
      showMsg(pieces('ir.big', { name: big.name, n: big.nodeCount ?? big.counts.nodes, max: IR_MAX_NODES },
        { cmd: el('code', { class: 'code-cmd' }, 'graphlab print FILE.json --stage NAME') }));
      return;
    }
    const tx = texts(state, model);
    if (tx.error || !tx.texts) {
      showMsg(pieces('ir.error', {}, { msg: el('span', { translate: 'no' }, String(tx.error)) }));
      return;
    }
    showMsg('');
    const lines = tx.texts[cur].replace(/\n$/, '').split('\n');
    const frag = document.createDocumentFragment();
    for (const line of lines) {
      const id = lineNode(line);
      frag.append(lineEl(line, id === null ? { 'data-role': 'return' } : { 'data-node-id': id, 'data-stage': cur }));
    }
    textBox.append(frag);
    const p = prevShown(state, model, cur);
    if (p < 0) {
      diffHead.replaceChildren(t('ir.diff.first'));
    } else {
      const oldLines = tx.texts[p].replace(/\n$/, '').split('\n');
      const rows = diffRows(oldLines, lines, idMaps(model.stages, p, cur), Diff.diffArrays);
      const count = (k) => rows.filter((x) => x.kind === k && (k !== 'changed' || x.side === 'new')).length;
      const nAdd = count('added');
      const nRem = count('removed');
      const nChg = count('changed');
      const name = { name: stageName(model.stages[p].name) };
      diffHead.replaceChildren(...(nAdd + nRem + nChg
        ? pieces('ir.diff.counts', { p, add: nAdd, rem: nRem, chg: nChg }, name)
        : pieces('ir.diff.none', { p }, name)));
      diffBox.append(diffLines(rows, p, cur));
    }
    applySearch();
  }

  // old-side lines carry the previous stage's ids (data-stage says which stage an id belongs to)
  return { draw, highlight, focusSearch: () => search.focus() };
}

/** A stage's name (a pass's: code) among the page's words. */
export const stageName = (name) => el('span', { class: 'stage-name', translate: 'no' }, name);

// one line of IR text (a node's, or the return line), with its change mark
function lineEl(text, attrs, mark) {
  const ln = el('div', { class: 'ln', role: 'listitem', ...attrs });
  ln.dataset.text = text;
  if (mark !== undefined) ln.append(el('span', { class: 'mk', 'aria-hidden': 'true' }, mark));
  ln.append(el('span', { class: 'tx' }, irDisplay(text)));   // the core's words, in the page's language
  return ln;
}

// the diff's rows as lines, long unchanged runs folded but for CONTEXT lines next to a change
function diffLines(rows, p, cur) {
  const frag = document.createDocumentFragment();
  let k = 0;
  const rowEl = (x) => {
    const attrs = { class: `ln ${x.kind}`, 'data-change': x.kind, 'data-side': x.side, title: x.moved ? t('ir.moved') : null };
    if (x.id !== null) {
      attrs['data-node-id'] = x.id;
      attrs['data-stage'] = x.side === 'old' ? p : cur;
    } else attrs['data-role'] = 'return';
    return lineEl(x.text, attrs, MARK[x.kind]);
  };
  while (k < rows.length) {
    if (rows[k].kind !== 'same') {
      frag.append(rowEl(rows[k++]));
      continue;
    }
    let e = k;
    while (e < rows.length && rows[e].kind === 'same') e++;
    // keep CONTEXT lines next to changes; fold the rest of a long unchanged run
    const lead = k === 0 ? 0 : CONTEXT;
    const tail = e === rows.length ? 0 : CONTEXT;
    if (e - k > lead + tail + 1) {
      for (let q = k; q < k + lead; q++) frag.append(rowEl(rows[q]));
      // (a summary in the page's words, in the untranslated list; an item of the diff's list holding a list of its
      // own: a list owns list items only, axe-core's aria-required-children)
      const inner = el('div', { role: 'list' });
      for (let q = k + lead; q < e - tail; q++) inner.append(rowEl(rows[q]));
      frag.append(el('details', { class: 'fold', role: 'listitem' }, el('summary', { translate: 'yes' }, t('ir.fold', { n: e - k - lead - tail })), inner));
      for (let q = e - tail; q < e; q++) frag.append(rowEl(rows[q]));
    } else {
      for (let q = k; q < e; q++) frag.append(rowEl(rows[q]));
    }
    k = e;
  }
  return frag;
}

