// views/graph/controls.js — the graph panel's controls around the drawing: the pass strip (◀ name ▶, one chip per
// pass with its counts and hits, export) and the caption of the shown pass (narrate.js: what the pass changed,
// each change a button that marks its nodes), the stepper bar, the drawing's options, and beside the drawing
// the stage list, the pipeline editor and the legend. They read the state and the result's stages only; the
// drawing is views/graph.js's (onFit, onExport, onChanges: what the controls ask of it).
import { d3 } from '../../lib.js';
import { CLASSES, classCss } from '../../ops.js';
import { el, clear, setAttr, setText } from '../../dom.js';
import { explain } from '../../glossary.js';
import { narrateStage, narrateLayers, narrateRule } from '../../narrate.js';
import { createPipelineEditor } from './pipeline-editor.js';
import { lang, t } from '../../i18n/i18n.js';

/**
 * Returns {strip, caption, bar, opts, side} (elements the view places), draw(st, m) → {stages, idx, stage} of
 * the shown stage or null when the result has no stages, and captionText() (the export's title lines).
 * onChanges(ids): the node ids of the change selected in the caption (an empty set: none).
 */
export function createGraphControls(ctx, { onFit, onExport, onChanges }) {
  let model = null;
  // the words made here, [node, 'text' | an attribute, key]: written again when the language changes (relabel)
  const words = [];
  const say = (node, ...pairs) => {
    for (let i = 0; i < pairs.length; i += 2) words.push([node, pairs[i], pairs[i + 1]]);
    return node;
  };
  const word = (key) => say(el('span', {}), 'text', key);
  let labelled = null;
  function relabel() {
    if (labelled === lang()) return;
    labelled = lang();
    for (const [node, what, key] of words) {
      if (what === 'text') setText(node, t(key));
      else setAttr(node, what, t(key));
    }
  }
  // the pass strip: ◀ name ▶, one chip per pass (counts, hits), export; then the caption of the shown pass
  const strip = say(el('div', { class: 'pass-strip', role: 'toolbar' }), 'aria-label', 'graph.strip');
  const sPrev = say(el('button', { type: 'button', class: 'ps-step', 'data-testid': 'pass-prev' }, '◀'), 'title', 'graph.prev.title', 'aria-label', 'graph.prev');
  const sName = el('span', { class: 'ps-name', 'data-testid': 'pass-name', 'aria-live': 'polite' });
  const sNext = say(el('button', { type: 'button', class: 'ps-step', 'data-testid': 'pass-next' }, '▶'), 'title', 'graph.next.title', 'aria-label', 'graph.next');
  const sChips = el('span', { class: 'ps-chips', 'data-ui': 'passes' });
  const btnSvg = say(el('button', { type: 'button', 'data-testid': 'export-svg' }, 'SVG'), 'title', 'graph.export.svg');
  const btnPng = say(el('button', { type: 'button', 'data-testid': 'export-png' }, 'PNG'), 'title', 'graph.export.png');
  const exportBox = el('span', { class: 'ps-export', 'data-ui': 'export' }, btnSvg, btnPng);
  strip.append(sPrev, sName, sNext, sChips, el('span', { class: 'spacer' }), exportBox);
  const capHead = el('span', { class: 'cap-head' });
  const capRule = el('span', { class: 'cap-rule' });
  const capList = say(el('ul', { class: 'cap-changes', 'data-ui': 'changes' }), 'aria-label', 'graph.changes');
  const caption = el('div', { class: 'pass-caption', 'data-testid': 'pass-caption', 'data-ui': 'caption' }, el('div', { class: 'cap-line' }, capHead, ' ', capRule), capList);

  const bar = say(el('div', { class: 'stepper', role: 'toolbar', 'data-ui': 'stepper' }), 'aria-label', 'graph.stepper');
  const btnFirst = say(el('button', { type: 'button' }, '⇤'), 'title', 'graph.first.title', 'aria-label', 'graph.first');
  const btnPrev = say(el('button', { type: 'button', 'data-testid': 'prev' }, '◀'), 'title', 'graph.prev.title', 'aria-label', 'graph.prev');
  const btnPlay = say(el('button', { type: 'button', 'data-testid': 'play' }), 'title', 'graph.play.title');
  const btnNext = say(el('button', { type: 'button', 'data-testid': 'next' }, '▶'), 'title', 'graph.next.title', 'aria-label', 'graph.next');
  const btnLast = say(el('button', { type: 'button' }, '⇥'), 'title', 'graph.last.title', 'aria-label', 'graph.last');
  const stageLabel = el('span', { class: 'stage-label', 'aria-live': 'polite', 'data-testid': 'stage-label' });
  const btnFit = say(el('button', { type: 'button' }), 'title', 'graph.fit.title', 'text', 'graph.fit');
  bar.append(btnFirst, btnPrev, btnPlay, btnNext, btnLast, stageLabel, el('span', { class: 'spacer' }), btnFit);

  const opts = el('div', { class: 'graph-opts', 'data-ui': 'options' });
  const cbHide = el('input', { type: 'checkbox', id: 'opt-hide' });
  const cbKern = el('input', { type: 'checkbox', id: 'opt-kern' });
  const selCollapse = say(el('select', { id: 'opt-collapse' },
    say(el('option', { value: 'auto' }), 'text', 'graph.collapse.auto'), say(el('option', { value: 'on' }), 'text', 'graph.collapse.on'),
    say(el('option', { value: 'off' }), 'text', 'graph.collapse.off')), 'aria-label', 'graph.collapse');
  const cbLeaves = el('input', { type: 'checkbox', id: 'opt-leaves' });
  const cbFold = el('input', { type: 'checkbox', id: 'opt-fold', 'data-testid': 'opt-fold' });
  const cbShapes = el('input', { type: 'checkbox', id: 'opt-shapes' });
  const cbCam = el('input', { type: 'checkbox', id: 'opt-cam' });
  opts.append(
    el('label', {}, cbHide, ' ', word('graph.opt.hide')),
    say(el('label', {}, cbLeaves, ' ', word('graph.opt.leaves')), 'title', 'graph.opt.leaves.title'),
    el('label', {}, cbShapes, ' ', word('graph.opt.shapes')),
    say(el('label', {}, cbCam, ' ', word('graph.opt.cam')), 'title', 'graph.opt.cam.title'),
    el('label', {}, cbKern, ' ', word('graph.opt.kern')),
    el('label', {}, word('graph.opt.layers'), ' ', selCollapse),
    say(el('label', {}, cbFold, ' ', word('graph.opt.fold')), 'title', 'graph.opt.fold.title'),
  );

  const side = el('div', { class: 'pass-side' });
  const passList = say(el('ol', { class: 'pass-list' }), 'aria-label', 'graph.stages');
  const pipeline = createPipelineEditor(ctx);
  const legend = say(el('div', { class: 'legend' }), 'aria-label', 'graph.classes');
  for (const c of CLASSES) legend.append(el('span', { class: `chip ${classCss(c)}` }, c));
  side.append(passList, pipeline.node, legend);

  sPrev.addEventListener('click', () => ctx.step(-1));
  sNext.addEventListener('click', () => ctx.step(1));
  cbLeaves.addEventListener('change', () => ctx.setState({ leaves: cbLeaves.checked }));
  cbFold.addEventListener('change', () => ctx.setState({ fold: cbFold.checked ? 'auto' : 'off' }));
  cbShapes.addEventListener('change', () => ctx.setState({ shapes: cbShapes.checked }));
  cbCam.addEventListener('change', () => ctx.setState({ cam: cbCam.checked }));
  btnSvg.addEventListener('click', () => onExport('svg'));
  btnPng.addEventListener('click', () => onExport('png'));
  btnFirst.addEventListener('click', () => ctx.gotoStage('first'));
  btnPrev.addEventListener('click', () => ctx.step(-1));
  btnNext.addEventListener('click', () => ctx.step(1));
  btnLast.addEventListener('click', () => ctx.gotoStage('last'));
  btnPlay.addEventListener('click', () => ctx.togglePlay());
  btnFit.addEventListener('click', onFit);
  cbHide.addEventListener('change', () => ctx.setState({ hide: cbHide.checked }));
  cbKern.addEventListener('change', () => ctx.setState({ kern: cbKern.checked }));
  selCollapse.addEventListener('change', () => ctx.setState({ collapse: selCollapse.value }));

  // ------------------------------------------------------------------ side panel
  function drawPassList(stages, visible, idx) {
    const rows = d3.select(passList).selectAll('li').data(stages, (s) => `${s.index}:${s.key}`);
    rows.exit().remove();
    const enter = rows.enter().append('li');
    const btn = enter.append('button').attr('type', 'button').attr('class', 'stage-btn');
    btn.append('span').attr('class', 'st-name');
    btn.append('span').attr('class', 'st-counts');
    btn.on('click', (ev, s) => ctx.setState({ stage: s.index }));
    const all = enter.merge(rows);
    // (every result rejoins the rows: only what changed is written, a text written again is relaid out)
    all.each(function (s) {
      setAttr(this, 'class', [s.index === idx ? 'current' : '', s.changed ? '' : 'unchanged'].join(' ').trim() || null);
      setAttr(this, 'hidden', visible.includes(s.index) ? null : '');
      setAttr(this, 'aria-current', s.index === idx ? 'step' : null);
      const name = this.querySelector('.st-name'), counts = this.querySelector('.st-counts');
      setText(name, `${s.index}. ${s.name}`);
      // hover: what the pass does, and what its "hits" count (web/glossary.js)
      if (name.__explained !== s.name) {
        name.__explained = s.name;
        explain(name, s.name);
      }
      if (s.counts.hits !== null && s.counts.hits !== undefined && !counts.__explained) {
        counts.__explained = true;
        explain(counts, 'hits');
      }
      setText(counts, t('graph.list.counts', { nodes: s.counts.nodes, ops: s.counts.ops }) + hitsText(s.counts) + (s.changed ? '' : t('graph.list.nochange')));
    });
  }

  // ------------------------------------------------------------------ pass strip and caption
  function drawStrip(stages, visible, idx) {
    const st = stages[idx];
    setText(sName, `${idx}. ${st.name}`);
    setAttr(sName, 'data-stage', idx);
    const chips = d3.select(sChips).selectAll('button.ps-chip').data(stages, (s) => `${s.index}:${s.key}`)
      .join((e) => e.append('button').attr('type', 'button').attr('class', 'ps-chip').on('click', (ev, s) => ctx.setState({ stage: s.index })));
    chips.each(function (s) {
      if (this.classList.contains('current') !== (s.index === idx)) this.classList.toggle('current', s.index === idx);
      if (this.classList.contains('unchanged') !== !s.changed) this.classList.toggle('unchanged', !s.changed);
      setAttr(this, 'hidden', visible.includes(s.index) ? null : '');
      setAttr(this, 'aria-current', s.index === idx ? 'step' : null);
      setAttr(this, 'title', t('graph.chip.title', { name: s.name, nodes: s.counts.nodes, ops: s.counts.ops }) + hitsText(s.counts));
      setText(this, `${s.name} ${s.counts.nodes}${s.counts.hits === null || s.counts.hits === undefined ? '' : ' ×' + s.counts.hits}`);
    });
  }

  let cap = null;          // the shown stage's caption (narrate.js), for the export and the change list
  let changeSel = null;    // index of the selected change, or null
  function drawCaption(stages, idx) {
    const c = stageCaption(stages, idx);
    const same = cap && cap.key === `${model.version}|${idx}|${lang()}`;
    // a new result telling the same changes (a slider moved: sizes only) keeps the list, unless one is selected
    const said = JSON.stringify(c.changes.map((ch) => [ch.how, ch.ids, ch.text]));
    const sameList = cap && cap.said === said && changeSel === null;
    cap = { ...c, key: `${model.version}|${idx}|${lang()}`, said };
    setText(capHead, c.headline);
    setText(capRule, c.rule || '');
    setAttr(caption, 'data-stage', idx);
    if (same || sameList) return;
    changeSel = null;
    clear(capList);
    c.changes.forEach((ch, i) => {
      const b = el('button', { type: 'button', class: `cap-change how-${ch.how}`, 'data-how': ch.how, 'data-ids': ch.ids.join(' ') }, ch.text);
      if (!ch.ids.length) {
        b.setAttribute('aria-disabled', 'true');
        b.title = t('graph.change.gone');
      }
      b.addEventListener('click', () => selectChange(changeSel === i || !ch.ids.length ? null : i));
      capList.append(el('li', {}, b));
    });
  }
  function selectChange(i) {
    changeSel = i;
    const ids = new Set(i === null || !cap ? [] : cap.changes[i].ids);
    capList.querySelectorAll('button.cap-change').forEach((b, j) => b.setAttribute('aria-pressed', j === i ? 'true' : 'false'));
    onChanges(ids);
  }
  /** The caption as lines of text (the export's title). */
  function captionText() {
    if (!cap) return [];
    return [cap.headline, cap.rule].filter(Boolean);
  }

  function draw(st, m) {
    relabel();
    model = m;
    cbHide.checked = st.hide;
    cbKern.checked = st.kern;
    cbLeaves.checked = !!st.leaves;
    cbFold.checked = st.fold !== 'off';
    cbShapes.checked = !!st.shapes;
    cbCam.checked = !!st.cam;
    selCollapse.value = st.collapse;
    setText(btnPlay, ctx.playing() ? `❚❚ ${t('graph.pause')}` : `▶ ${t('graph.play')}`);
    setAttr(btnPlay, 'aria-label', t(ctx.playing() ? 'graph.pause' : 'graph.play'));
    if (!m || !m.stages || !m.stages.length) {
      stageLabel.textContent = t(m && m.error ? 'graph.nograph' : 'graph.loading');
      return null;
    }
    pipeline.draw(st.pipeline);
    const stages = m.stages;
    const idx = Math.min(st.stage, stages.length - 1);
    const stage = stages[idx];
    const visible = ctx.visibleStages();
    drawPassList(stages, visible, idx);
    const pos = visible.indexOf(idx);
    // aria-disabled, not disabled: a disabled button drops keyboard focus to <body> (pressing Enter on
    // "next" until the last stage would lose your place); the handlers do nothing at the ends anyway
    const atEnd = pos === -1 || pos >= visible.length - 1;
    for (const [b, off] of [[btnPrev, pos <= 0], [btnFirst, pos <= 0], [btnNext, atEnd], [btnLast, atEnd], [sPrev, pos <= 0], [sNext, atEnd]]) {
      setAttr(b, 'aria-disabled', off ? 'true' : 'false');
    }
    drawStrip(stages, visible, idx);
    drawCaption(stages, idx);
    setText(stageLabel, t('graph.stage.label', { idx, last: stages.length - 1, name: stage.name, nodes: stage.counts.nodes, ops: stage.counts.ops }) +
      (stage.counts.hits !== null && stage.counts.hits !== undefined ? t('graph.stage.hits', { n: stage.counts.hits }) : ''));
    return { stages, idx, stage };
  }

  relabel();
  return { strip, caption, bar, opts, side, draw, captionText };
}

const hitsText = (c) => (c.hits === null || c.hits === undefined ? '' : t('graph.hits', { n: c.hits }));

// the caption of stage idx: what its pass changed (narrate.js), or the counts when the stages are summaries
function stageCaption(stages, idx) {
  const st = stages[idx];
  if (idx === 0) return { headline: t('graph.cap.trace', { name: st.name, nodes: st.counts.nodes, ops: st.counts.ops }), rule: '', changes: [] };
  if (st.lite || stages[idx - 1].lite) {
    // a big result's stages carry summaries only: the counts say what changed, overall and layer by layer
    const a = stages[idx - 1].counts, b = st.counts;
    const d = b.nodes - a.nodes;
    const layers = st.lite && stages[idx - 1].lite ? narrateLayers(stages[idx - 1], st) : '';
    return { headline: t('graph.cap.lite', { name: st.name, a: a.nodes, b: b.nodes, d: `${d > 0 ? '+' : ''}${d}` }) + hitsText(b) + (layers ? ` — ${layers}` : ''),
      rule: narrateRule(st.name), changes: [] };
  }
  return narrateStage(stages, idx);
}
