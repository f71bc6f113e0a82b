// views/present.js — the presentation layout and the lesson-link chrome.
//
// Presentation (present=1, the header's "Present" button or the key p): the graph panel fills the screen and
// the pass strip and the caption are its only chrome (style.css, body.present); the other panels open on
// demand, one at a time, as an overlay from the strip's menu (Escape closes it). Lesson links (TensorFlow Playground style):
// hideui=a.b hides those controls (every hideable control carries data-ui=<name>; style.css hides them from
// body[data-hideui]), lock=1 makes the config panel read-only, stage=N starts at a pass.
import { el, setAttr, setFlag } from '../dom.js';
import { PANELS } from '../state.js';
import { lang, t } from '../i18n/i18n.js';

export function createPresentView({ ctx, header, panelEls, titles }) {
  const body = document.body;
  // the page's own controls a lesson can hide (the graph view marks its own)
  if (panelEls.config) panelEls.config.setAttribute('data-ui', 'config');
  const chips = document.getElementById('panel-chips');
  if (chips) chips.setAttribute('data-ui', 'panels');
  const inst = document.getElementById('inst-toggle');
  if (inst) inst.setAttribute('data-ui', 'inst');
  const copy = header.querySelector('.copy-link');
  if (copy) copy.setAttribute('data-ui', 'share');

  const btn = el('button', { type: 'button', 'data-testid': 'present-toggle' });
  header.querySelector('.top-ctl').append(btn);
  let before = null;   // the panels open before presenting, restored after
  const toggle = () => {
    const st = ctx.getState();
    if (!st.present) {
      before = st.panels.slice();
      ctx.setState({ present: true, panels: ['graph'] });
    } else ctx.setState({ present: false, panels: before && before.length ? before : ['config', 'graph', 'kernels', 'memory'] });
  };
  btn.addEventListener('click', toggle);

  // in the strip while presenting: the other panels as overlays, and the way out
  const menu = el('span', { class: 'present-menu', 'data-ui': 'panels', hidden: '' });
  const flags = [];
  let overlay = null;  // the panel shown over the graph while presenting (one at a time, not in the link)
  const pickNone = el('option', { value: '' });
  const pickRows = PANELS.filter((p) => p !== 'graph').map((p) => el('option', { value: p }, p));
  const pick = el('select', { 'data-testid': 'present-panel' }, pickNone, ...pickRows);
  pick.addEventListener('change', () => {
    const p = pick.value || null;
    overlay = p;
    const open = ctx.getState().panels;
    if (p && !open.includes(p)) ctx.setState({ panels: PANELS.filter((x) => x === p || open.includes(x)) });
    else ctx.redraw();
  });
  // the drawing's toggles while presenting (the lab's options row is hidden then)
  for (const key of ['leaves', 'shapes']) {
    const b = el('button', { type: 'button', 'data-toggle': key, 'aria-pressed': 'false' });
    b.addEventListener('click', () => ctx.setState({ [key]: !ctx.getState()[key] }));
    menu.append(b);
    flags.push([key, b]);
  }
  menu.append(pick);
  const exit = el('button', { type: 'button', 'data-testid': 'present-exit' }, '✕');
  exit.addEventListener('click', toggle);
  menu.append(exit);
  const strip = panelEls.graph.querySelector('.pass-strip');
  if (strip) strip.append(menu);

  const lockNote = el('p', { class: 'locked-note', hidden: '' });
  const cfgBody = panelEls.config && panelEls.config.querySelector('.panel-body');
  if (cfgBody) cfgBody.before(lockNote);

  document.addEventListener('keydown', (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const t = ev.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
    const st = ctx.getState();
    if (ev.key === 'p' || ev.key === 'P') toggle();
    else if (ev.key === 'Escape' && st.present && overlay) {
      overlay = null;
      ctx.redraw();
    }
    else return;
    ev.preventDefault();
  });

  // the words, in the language shown (written again when it changes)
  let labelled = null;
  function relabel() {
    if (labelled === lang()) return;
    labelled = lang();
    btn.textContent = t('present.label');
    setAttr(btn, 'title', t('present.title'));
    setAttr(pick, 'aria-label', t('present.pick'));
    pickNone.textContent = t('present.pick.none');
    // (a panel's title: the catalogue's, whose English is the panel table's: tests/web/i18n.test.js)
    pickRows.forEach((o) => setAttr(o, 'title', t(`panel.${o.value}.title`) || titles[o.value]));
    for (const [key, b] of flags) {
      b.textContent = t(`present.${key}`);
      setAttr(b, 'title', t(`present.${key}.title`));
    }
    setAttr(exit, 'title', t('present.exit'));
    lockNote.textContent = t('present.locked');
  }
  relabel();

  // (every render calls this: only what changed is written; body's data-hideui is read by style.css selectors)
  function draw(st) {
    relabel();
    if (body.classList.contains('present') !== !!st.present) body.classList.toggle('present', !!st.present);
    setAttr(body, 'data-hideui', st.hideui.length ? st.hideui.join(' ') : null);
    setAttr(btn, 'aria-pressed', st.present ? 'true' : 'false');
    setFlag(menu, 'hidden', !st.present);
    if (!st.present) overlay = null;
    if (pick.value !== (overlay || '')) pick.value = overlay || '';
    for (const [key, b] of flags) setAttr(b, 'aria-pressed', st[key] ? 'true' : 'false');
    for (const p of PANELS) {
      if (p !== 'graph' && panelEls[p] && panelEls[p].classList.contains('overlay') !== (overlay === p)) panelEls[p].classList.toggle('overlay', overlay === p);
    }
    if (cfgBody) setFlag(cfgBody, 'inert', !!st.lock);
    setFlag(lockNote, 'hidden', !st.lock);
  }
  /** The panel shown over the graph (a lesson step's kernels or memory), or null; quiet: the caller redraws. */
  function showOverlay(p, { quiet = false } = {}) {
    overlay = p && p !== 'graph' && PANELS.includes(p) ? p : null;
    if (!quiet) ctx.redraw();
  }
  return { draw, showOverlay };
}
