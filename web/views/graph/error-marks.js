// views/graph/error-marks.js — the graph coloured by a numeric run's error under a precision plan (issue 35):
// on the final stage (the graph the core ran under the plan) each node gets data-error (its max relative
// error against float64, "overflow" for a planned inf / NaN) and, unless the colour mode (hash key ecol) is
// off, a fill on the log scale of web/precision.js with a legend beside the drawing. The error is the core's
// (ctx.errorRun(): the numerics panel's run of the current configuration); nothing is computed here.
import { el, clear, setAttr } from '../../dom.js';
import { ERROR_COLOURS } from '../../state.js';
import { errorColour, textOn, legendOf } from '../../precision.js';
import { lang, t } from '../../i18n/i18n.js';


/** ctx: the lab's (errorRun, setState); gNodes: the nodes' d3 selection; getState(), getModel(), drawnStage(). */
export function createErrorMarks(ctx, { gNodes, getState, getModel, drawnStage }) {
  const legend = el('div', { class: 'error-legend', 'data-testid': 'error-legend', hidden: '', role: 'group' });
  const select = el('select', { id: 'opt-ecol', 'data-testid': 'error-colour' });
  const options = ERROR_COLOURS.map((k) => el('option', { value: k }));
  select.append(...options);
  select.addEventListener('change', () => ctx.setState({ ecol: select.value }));
  const word = document.createTextNode('');
  const control = el('label', {}, word, select);
  let labelled = null;   // the language of the words above
  function relabel() {
    if (labelled === lang()) return;
    labelled = lang();
    setAttr(legend, 'aria-label', t('graph.ecol.legend'));
    setAttr(select, 'aria-label', t('graph.ecol.select'));
    ERROR_COLOURS.forEach((k, i) => { options[i].textContent = t(`graph.ecol.${k}`); });
    setAttr(control, 'title', t('graph.ecol.title'));
    word.textContent = t('graph.ecol.label');
    legendKind = null;   // the legend's words too
  }
  let legendKind = null;
  let marked = false;      // some node carries the marks (to clear them once the error is gone)

  function drawLegend(kind) {
    if (legendKind === kind) return;
    legendKind = kind;
    clear(legend);
    const lg = legendOf(kind);
    const bar = el('div', { class: 'el-bar', 'aria-hidden': 'true' });
    bar.style.background = `linear-gradient(to right, ${lg.gradient.join(', ')})`;
    const ticks = el('div', { class: 'el-ticks' });
    lg.ticks.forEach((t, i) => {
      const s = el('span', { class: 'el-tick', 'data-t': t.t }, t.label);
      s.style.left = `${100 * t.t}%`;
      if (i === 0) s.classList.add('first');
      if (i === lg.ticks.length - 1) s.classList.add('last');
      ticks.append(s);
    });
    const sw = (x) => {
      const b = el('span', { class: 'el-swatch', 'aria-hidden': 'true' });
      b.style.background = x.colour;
      return el('span', { class: 'el-key' }, b, x.label);
    };
    legend.append(el('div', { class: 'el-title' }, lg.title), bar, ticks, el('div', { class: 'el-keys' }, sw(lg.exact), sw(lg.overflow)));
    setAttr(legend, 'data-kind', kind);
  }

  /** The marks for the drawn nodes now (after every draw, and when a run's error comes or goes). */
  function mark() {
    const st = getState();
    const m = getModel();
    relabel();
    if (!st || !m) return;
    if (select.value !== st.ecol) select.value = st.ecol;
    const err = ctx.errorRun ? ctx.errorRun() : null;
    const stages = m.stages || [];
    const idx = drawnStage();
    const final = stages[stages.length - 1];
    // the error is the final graph's: only its stage, drawn node by node, with the same nodes the run had
    const on = !!(err && Array.isArray(err.nodes) && final && idx === stages.length - 1 && !final.lite &&
      final.counts && final.counts.nodes === err.nodes.length);
    const kind = st.ecol;
    if (on && kind !== 'off') {
      drawLegend(kind);
      legend.hidden = false;
    } else legend.hidden = true;
    if (!on && !marked) return;
    const byId = on ? new Map(err.nodes.map((e) => [e.node, e])) : null;
    marked = on;
    gNodes.selectAll('g.node').each(function (d) {
      const e = byId && !d.v.group && !d.ghost ? byId.get(d.v.node.id) : undefined;
      setAttr(this, 'data-error', e ? (e.max_rel === null ? 'overflow' : e.max_rel) : null);
      const fill = e && kind !== 'off' ? errorColour(kind, e) : '';
      const r = this.firstChild, t = r && r.nextSibling;
      if (!r || r.__errFill === fill) return;
      r.__errFill = fill;
      if (fill) {
        r.style.fill = fill;
        if (t) t.style.fill = textOn(fill);
      } else {
        r.style.removeProperty('fill');
        if (t) t.style.removeProperty('fill');
      }
    });
  }

  relabel();
  return { legend, control, mark };
}
