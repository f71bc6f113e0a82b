// views/present.js — presentation, the one mode for projecting, and the exercise-link chrome.
//
// Presentation (present=1; a link's inst=1, the old Instructor mode's key, reads as it): the header's one button
// (data-testid present-toggle, id inst-toggle) or the keys p and i. The graph panel fills the screen and the pass
// strip and the caption are its only chrome (style.css, body.present); the other panels open on demand, one at
// a time, as an overlay from the strip's menu (Escape closes it); every text is projector-sized (≥ 16 px at
// 1280×720). Exercise links (views/share-exercise.js writes them): hideui=a.b hides those controls (every
// hideable control carries data-ui=<name>; style.css hides them from body[data-hideui]; hideui=inst hides the
// presentation button and its keys do nothing), lock=1 locks the config panel (it looks and acts locked, and
// says why), stage=N starts at a pass.
import { el, setAttr, setFlag, setText } from '../dom.js';
import { PANELS } from '../state.js';
import { STEPPER_KEY_INPUTS } from '../shell/stepper.js';
import { lang, t } from '../i18n/i18n.js';

export function createPresentView({ ctx, header, panelEls, titles }) {
  const body = document.body;
  // the page's own controls a lesson can hide (the graph view marks its own)
  if (panelEls.config) panelEls.config.setAttribute('data-ui', 'config');
  const chips = document.getElementById('panel-chips');
  if (chips) chips.setAttribute('data-ui', 'panels');
  const copy = header.querySelector('.copy-link');
  if (copy) copy.setAttribute('data-ui', 'share');

  // the one button (public/index.html's #inst-toggle, the old Instructor button's place and id)
  let btn = document.getElementById('inst-toggle');
  if (!btn) {
    btn = el('button', { type: 'button', id: 'inst-toggle' });
    header.querySelector('.top-ctl').append(btn);
  }
  btn.setAttribute('data-testid', 'present-toggle');
  btn.setAttribute('data-ui', 'inst');
  const label = () => {
    setText(btn, t('pres.button'));
    setAttr(btn, 'title', t('pres.title'));
  };
  label();
  let before = null;   // the panels open before presenting, restored after
  // an exercise link that hides the button (hideui=inst) keeps its keys and its ✕ from toggling it too
  const hidden = () => (ctx.getState().hideui || []).includes('inst');
  const toggle = () => {
    const st = ctx.getState();
    if (hidden()) return;
    if (!st.present) {
      before = st.panels.slice();
      ctx.setState({ present: true, panels: ['graph'] });
    } else {
      // presenting since the page opened (a link's present=1 or inst=1): its own panels, else the lab's four
      const back = before && before.length ? before : st.panels.length > 1 ? st.panels : ['config', 'graph', 'kernels', 'memory'];
      ctx.setState({ present: false, panels: back });
    }
  };
  btn.addEventListener('click', toggle);

  // in the strip while presenting: the other panels as overlays, and the way out
  const menu = el('span', { class: 'present-menu', 'data-ui': 'panels', hidden: '' });
  const flags = [];
  let overlay = null;  // the panel shown over the graph while presenting (one at a time, not in the link)
  let topFor = null;   // the overlay its top was measured for
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
  // the language, while the header (and its switch) is not drawn: one button to the other language
  const langBtn = el('button', { type: 'button', class: 'present-lang', 'data-testid': 'present-lang', translate: 'no' });
  langBtn.addEventListener('click', () => ctx.setState({ lang: lang() === 'zh' ? 'en' : 'zh' }));
  menu.append(langBtn);
  const exit = el('button', { type: 'button', 'data-testid': 'present-exit', 'data-ui': 'inst', title: t('pres.exit'), 'aria-label': t('pres.exit') }, '✕');
  exit.addEventListener('click', toggle);
  menu.append(exit);
  const strip = panelEls.graph.querySelector('.pass-strip');
  if (strip) strip.append(menu);

  const lock = createConfigLock(panelEls.config);

  document.addEventListener('keydown', (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const t = ev.target;
    // (on a checkbox or a button too, as the stepper's keys: text fields, sliders and menus keep their keys)
    if (t && ((t.tagName === 'INPUT' && !STEPPER_KEY_INPUTS.has(t.type)) || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
    const st = ctx.getState();
    if (ev.key === 'p' || ev.key === 'P' || ev.key === 'i' || ev.key === 'I') {
      if (hidden()) return;
      toggle();
    }
    else if (ev.key === 'Escape' && st.present && overlay) {
      overlay = null;
      ctx.redraw();
    }
    else return;
    ev.preventDefault();
  });

  // the words, in the language shown (written again when it changes; every render asks, only a change writes)
  let labelled = null;
  function relabel() {
    if (labelled === lang()) return;
    labelled = lang();
    label();
    setAttr(pick, 'aria-label', t('present.pick'));
    pickNone.textContent = t('present.pick.none');
    // (a panel's title: the catalogue's, whose English is the panel table's: tests/web/i18n.test.js)
    pickRows.forEach((o) => setAttr(o, 'title', t(`panel.${o.value}.title`) || titles[o.value]));
    for (const [key, b] of flags) {
      b.textContent = t(`present.${key}`);
      setAttr(b, 'title', t(`present.${key}.title`));
    }
    setAttr(exit, 'title', t('pres.exit'));
    setAttr(exit, 'aria-label', t('pres.exit'));
    // (named in the language it switches to, as language menus are)
    langBtn.textContent = lang() === 'zh' ? 'English' : '中文';
    setAttr(langBtn, 'lang', lang() === 'zh' ? 'en' : 'zh-CN');
    setAttr(langBtn, 'title', t('pres.lang'));
    lock.relabel();
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
    // the overlay starts under the pass strip and the caption (their height depends on the width and the
    // language): read once per overlay shown, not every frame
    if (overlay && overlay !== topFor) {
      const canvas = panelEls.graph.querySelector('.graph-canvas');
      if (canvas) body.style.setProperty('--overlay-top', `${Math.round(canvas.getBoundingClientRect().top)}px`);
    }
    topFor = overlay;
    lock.draw(!!st.lock);
  }
  /** The panel shown over the graph (a lesson step's kernels or memory), or null; quiet: the caller redraws. */
  function showOverlay(p, { quiet = false } = {}) {
    overlay = p && p !== 'graph' && PANELS.includes(p) ? p : null;
    if (!quiet) ctx.redraw();
  }
  return { draw, showOverlay, relabel };
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** A padlock drawn in SVG (an emoji shows as an empty box where no emoji font is installed). */
function lockMark() {
  const svg = document.createElementNS(SVG_NS, 'svg');
  for (const [k, v] of Object.entries({ class: 'lock-mark', viewBox: '0 0 16 16', width: '16', height: '16', 'aria-hidden': 'true', focusable: 'false' })) svg.setAttribute(k, v);
  const shackle = document.createElementNS(SVG_NS, 'path');
  shackle.setAttribute('d', 'M4.5 7V5a3.5 3.5 0 0 1 7 0v2');
  shackle.setAttribute('fill', 'none');
  shackle.setAttribute('stroke', 'currentColor');
  shackle.setAttribute('stroke-width', '1.8');
  const body = document.createElementNS(SVG_NS, 'rect');
  for (const [k, v] of Object.entries({ x: '2.5', y: '7', width: '11', height: '8', rx: '1.5', fill: 'currentColor' })) body.setAttribute(k, v);
  svg.append(shackle, body);
  return svg;
}

/**
 * A locked config panel (lock=1): every control in it disabled (no pointer or keyboard change; a disabled
 * control is also out of the Tab order), aria-disabled, a lock mark and a note saying why, a tooltip on each.
 * The panel's controls are remade by its view: each draw re-applies the lock to what is there now.
 */
function createConfigLock(panel) {
  const body = panel && panel.querySelector('.panel-body');
  const note = el('p', { class: 'locked-note', 'data-testid': 'config-locked', role: 'note', hidden: '' }, lockMark(), el('span', { class: 'locked-why' }));
  if (body) body.before(note);
  let on = false;
  const apply = () => {
    if (!body) return;
    for (const c of body.querySelectorAll('input, select, textarea, button')) {
      if (on && !c.disabled) {
        c.disabled = true;
        if (!c.hasAttribute('data-locked')) c.setAttribute('data-title-unlocked', c.getAttribute('title') || '');
        c.setAttribute('data-locked', '');
        c.setAttribute('aria-disabled', 'true');
        c.setAttribute('title', t('pres.locked'));
      } else if (!on && c.hasAttribute('data-locked')) {
        c.disabled = false;
        c.removeAttribute('data-locked');
        c.removeAttribute('aria-disabled');
        const was = c.getAttribute('data-title-unlocked');
        if (was) c.setAttribute('title', was);
        else c.removeAttribute('title');
        c.removeAttribute('data-title-unlocked');
      }
    }
  };
  // the view remakes its fields (a preset, a language): lock the new ones as they come
  // (and one it enables again, a field the mode had disabled)
  if (body && typeof MutationObserver === 'function') {
    new MutationObserver(() => { if (on) apply(); }).observe(body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  }
  return {
    draw(locked) {
      if (panel && panel.classList.contains('locked') !== locked) panel.classList.toggle('locked', locked);
      setFlag(note, 'hidden', !locked);
      if (on === locked && !locked) return;
      on = locked;
      setText(note.querySelector('.locked-why'), t('pres.locked'));
      apply();
    },
    relabel() {
      setText(note.querySelector('.locked-why'), t('pres.locked'));
      if (on) for (const c of body.querySelectorAll('[data-locked]')) c.setAttribute('title', t('pres.locked'));
    },
  };
}
