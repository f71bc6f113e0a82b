// shell/panel-manager.js — the page's panels, made from the table (panels.js), and how a result reaches them.
//
// mountPanels makes each row's <section> (heading, help button, body), its chip in the header and its view.
// render() draws the open panels for one frame: those that need the stages (program, graph) and those on
// screen in the task that shows the change, those scrolled out of view just after that frame (an
// IntersectionObserver says which: they are not part of the frame, and a slider move's frame would wait for
// charts no one sees). A panel whose last draw was cheap draws in the same task as the one before it while the
// task stays within TASK_BUDGET_MS (one slider move on one layer: one task and one frame), else in a task of
// its own (a 256-layer stack's charts cost 50-150 ms each: no one long task). Marks: gl-view-end (the panels
// in view drawn), gl-render-end (all of them).
import { PANEL_TABLE, PANELS, PANEL_TITLES, panelsNeeding } from '../panels.js';
import { VIEWS } from './views.js';
import { el, setAttr, setFlag, setText } from '../dom.js';
import { t } from '../i18n/i18n.js';
import { mark } from '../perf.js';
import { addHelpButtons, relabelHelp } from '../help.js';

// under a long task's 50 ms: the prediction is the panel's last draw, which a busy machine can double
const TASK_BUDGET_MS = 32;
// kernels and memory mark their result stale only when the new one is slow: a slider move's comes sooner, and
// a banner shown and hidden again is a relayout of both panels in the frame after the key
const PENDING_MS = 100;

const DRAW_NOW = new Set(panelsNeeding('stages'));
const FACT_PANELS = panelsNeeding('facts');
const HIGHLIGHTED = panelsNeeding('selection');
// every panel but those drawn on every render whatever is open (config), in the table's order
const DRAWN = PANEL_TABLE.filter((p) => !p.always).map((p) => p.id);
const ALWAYS = PANEL_TABLE.filter((p) => p.always).map((p) => p.id);

/** The sections, chips and (?) buttons of every panel; returns {id: section}. */
export function mountPanels({ main, chips, onToggle }) {
  const els = {};
  // the side column first: the grid places items in document order
  for (const row of [...PANEL_TABLE].sort((a, b) => a.column - b.column)) {
    const h = el('h2', { id: `h-${row.id}` }, el('span', { class: 'h-text' }), row.keys ? ' ' : '');
    if (row.keys) h.append(el('span', { class: 'keys' }));
    const section = el('section', { id: `panel-${row.id}`, class: `panel panel-${row.id} col-${row.column}`, 'aria-labelledby': `h-${row.id}` },
      h, el('div', { class: 'panel-body' }));
    main.append(section);
    els[row.id] = section;
  }
  // the chips in the table's order
  for (const row of PANEL_TABLE) {
    const cb = el('input', { type: 'checkbox', id: `show-${row.id}` });
    cb.addEventListener('change', () => onToggle(row.id, cb.checked));
    chips.append(el('label', { class: 'chip-toggle', 'data-panel': row.id }, cb, ' ', el('span', { class: 'chip-text' })));
  }
  labelPanels(els, chips);
  addHelpButtons(els, PANEL_TITLES);
  return els;
}

/** The panels' headings, key hints and chips in the page's language (i18n.js); again when it changes. */
export function labelPanels(els, chips) {
  for (const row of PANEL_TABLE) {
    const h = els[row.id].querySelector('h2');
    setText(h.querySelector('.h-text'), t(row.heading ? `panel.${row.id}.heading` : `panel.${row.id}.title`));
    if (row.keys) setText(h.querySelector('.keys'), t(`panel.${row.id}.keys`));
    const chip = chips.querySelector(`[data-panel="${row.id}"] .chip-text`);
    if (chip) setText(chip, t(`panel.${row.id}.title`));
  }
  relabelHelp();
}

/** Every panel's view, made now, its panel open or not (a closed panel's elements and test ids are there). */
export function makeViews(els, ctx) {
  return Object.fromEntries(PANELS.map((p) => [p, VIEWS[p](els[p].querySelector('.panel-body'), ctx)]));
}

// after the next frame is drawn: a task posted from a rAF callback runs after the frame's paint (and a timer,
// for a hidden page, whose frames do not come)
function afterFrame(fn) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    fn();
  };
  const timer = setTimeout(once, 100);
  requestAnimationFrame(() => setTimeout(once, 0));
}

const resultSize = (m) => {
  const last = m.stages && m.stages[m.stages.length - 1];
  return (last && last.counts && last.counts.nodes) || 0;
};

/**
 * els, views: mountPanels' and makeViews'; getState(); model: the scheduler's; selection(): the one selection;
 * details: the details card; drawFrame(m): what every render draws first (chrome, presentation, lesson player);
 * isCurrent(): the model is the state's configuration's result.
 */
export function createPanelManager({ els, views, getState, model, selection, details, drawFrame, isCurrent }) {
  // panel → [ms, nodes]: its last real draw's duration and the size of the result it drew
  const panelMs = new Map();
  const inView = new Map();   // unknown (not yet observed, or just opened): in view
  if (typeof IntersectionObserver === 'function') {
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) inView.set(e.target.id.replace(/^panel-/, ''), e.isIntersecting);
    });
    for (const p of PANELS) if (!DRAW_NOW.has(p)) io.observe(els[p]);
  }
  const onScreen = (p) => inView.get(p) !== false;
  let renderGen = 0;
  let pendingTimer = null;

  // the open panels and the chips that say so
  function drawOpen(st) {
    for (const p of PANELS) {
      const open = st.panels.includes(p);
      if (open && els[p].hidden) inView.delete(p);   // where a panel opened now lands is not known yet
      setFlag(els[p], 'hidden', !open);
      const cb = document.getElementById(`show-${p}`);
      if (cb.checked !== open) cb.checked = open;
    }
  }

  function drawPanel(p, m, animate) {
    const t = performance.now();
    try {
      views[p].draw(getState(), m, { animate });
    } catch (err) {
      console.error(`view ${p}:`, err);
    }
    const ms = performance.now() - t;
    if (ms > 0.5) panelMs.set(p, [ms, resultSize(m)]);
  }

  // the selection's marks on panels ps (cheap: no redraw)
  function highlight(ps) {
    const sel = selection();
    const st = getState();
    for (const p of ps) {
      if (!HIGHLIGHTED.includes(p) || !st.panels.includes(p) || typeof views[p].highlight !== 'function') continue;
      try {
        views[p].highlight(sel, model);
      } catch (err) {
        console.error(`highlight ${p}:`, err);
      }
    }
  }

  // draws list in tasks within the budget, then done(); a newer render drops what an older one had left
  function runList(live, list, m, animate, fresh, done) {
    const size = resultSize(m);
    const fits = (p, t0) => {
      const c = panelMs.get(p);
      return !!c && c[1] <= 2 * size && size <= 2 * c[1] && performance.now() - t0 + c[0] <= TASK_BUDGET_MS;
    };
    let j = 0;
    const step = (t0, first) => {
      if (!live()) return;
      while (j < list.length) {
        const p = list[j];
        if (!first && !DRAW_NOW.has(p) && !fits(p, t0)) {
          setTimeout(() => step(performance.now(), true), 0);
          return;
        }
        drawPanel(p, m, animate);
        j++;
        first = false;
      }
      done();
    };
    step(performance.now(), fresh);
  }

  function render({ animate = true } = {}) {
    const st = getState();
    const m = { ...model };
    drawOpen(st);
    drawFrame(m);
    for (const p of ALWAYS) views[p].draw(st, m);
    // the panels that read the lab's facts wait for them
    const open = DRAWN.filter((p) => st.panels.includes(p) && !(model.factsPending && FACT_PANELS.includes(p)));
    for (const p of FACT_PANELS) setAttr(els[p], 'aria-busy', model.factsPending ? 'true' : 'false');
    const now = open.filter((p) => DRAW_NOW.has(p) || onScreen(p));
    const later = open.filter((p) => !now.includes(p));
    const gen = ++renderGen;
    const live = () => gen === renderGen;
    runList(live, now, m, animate, false, () => {
      highlight(now);
      details.draw(selection(), model);
      mark('gl-view-end');
      if (!later.length) return mark('gl-render-end');
      afterFrame(() => runList(live, later, m, animate, true, () => {
        highlight(later);
        mark('gl-render-end');
      }));
    });
  }

  // The lab's facts of the result came after its stages: the panels that waited for them draw now, each in a
  // task of its own when together they would pass the budget (the graph and the rest stand as drawn). Newer
  // facts drop what older ones had left to draw.
  let factsGen = 0;
  function drawFacts() {
    const m = { ...model };
    for (const p of FACT_PANELS) setAttr(els[p], 'aria-busy', 'false');
    const list = DRAWN.filter((p) => FACT_PANELS.includes(p) && getState().panels.includes(p));
    const gen = ++factsGen;
    runList(() => gen === factsGen, list, m, false, true, () => {
      highlight(list);
      details.draw(selection(), model);
      mark('gl-render-end');
    });
  }

  // Until the new configuration's analysis is drawn, the panels that show results for a configuration mark
  // theirs as the previous one's: at once for those that do not wait (the numerics panel cancels a run for
  // it), after PENDING_MS for the 'stale' ones.
  function showPending() {
    const st = getState();
    for (const p of FACT_PANELS) {
      if (!panelNeeds(p, 'stale') && st.panels.includes(p)) views[p].draw(st, { ...model }, { animate: false });
    }
    if (pendingTimer !== null) clearTimeout(pendingTimer);
    pendingTimer = setTimeout(() => {
      pendingTimer = null;
      if (isCurrent()) return;
      const m = { ...model };
      for (const p of panelsNeeding('stale')) if (getState().panels.includes(p)) views[p].draw(getState(), m, { animate: false });
    }, PENDING_MS);
  }
  function pendingDone() {
    if (pendingTimer !== null) clearTimeout(pendingTimer);
    pendingTimer = null;
  }

  /** Marks the selection on every open panel and the details card, without a redraw. */
  function highlightAll() {
    highlight(HIGHLIGHTED);
    details.draw(selection(), model);
  }

  return { render, drawFacts, showPending, pendingDone, highlightAll, drawOpen };
}

const panelNeeds = (id, what) => PANEL_TABLE.find((p) => p.id === id).needs.includes(what);
