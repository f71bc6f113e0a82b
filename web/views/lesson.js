// views/lesson.js — the lesson player's DOM (the flow is lessons/player.js): a card over the presentation
// layout's graph with the lesson's title, a progress bar, "step k of n", the narration, the step's question and
// the way out; prev / next under it. The graph keeps its full size (its labels stay projector-sized), so the
// card covers a corner of it: place() picks the corner that covers the fewest nodes, and none of those the step
// is about (its highlights, the student's picks, what the shown pass made) nor an open overlay panel; "–" folds
// the narration away (the question and the buttons stay); a step whose question is "click the nodes" opens
// folded, and Check folds it for the answer's explanation. And the lab's small lesson menu in the header.
//
// Test hooks (docs/LESSONS.md, "Player"): lesson-text, lesson-step, lesson-prev, lesson-next, lesson-exit,
// lesson-progress, lesson-question (data-kind, data-state = open | checked), lesson-choice (data-value,
// aria-pressed), lesson-number (graphs / count: the answer; plan: by how much), lesson-picked (data-count),
// lesson-check, lesson-verdict (data-correct), lesson-retry, lesson-menu. Text goes in through textContent only (dom.js).
// The card's own words are the catalogue's (i18n/en/lessons.js, zh-CN/lessons.js) in the page's language;
// relabel() says them again after the header's switch changed it (the lesson's words come in the view).
import { el, clear, setAttr, setText } from '../dom.js';
import { parseText } from '../lessons/text.js';
import { t } from '../i18n/i18n.js';

const run = (r) => (r.t === 'code' ? el('code', {}, r.v) : r.t === 'strong' ? el('strong', {}, r.v) : r.v);
/** Narration (text.js's Markdown subset: paragraphs, "- " lists, **strong**, `code`) as elements. */
function richText(text) {
  let blocks;
  try {
    blocks = parseText(String(text || ''));
  } catch {
    return [el('p', {}, String(text || ''))];   // validated lessons never get here
  }
  return blocks.map((b) => (b.type === 'ul' ? el('ul', {}, ...b.items.map((runs) => el('li', {}, ...runs.map(run)))) : el('p', {}, ...b.runs.map(run))));
}

/**
 * on: {prev(), next(), exit(), open(name), choose(value), number(text), check(), retry()}. Returns
 * {menu(lessons), draw(view), place(keys), relabel()} where view is null (no lesson) or {id (the lesson), lang, title, k, n, text, pending, qkind (the
 * step's question kind, or null), important ({focus, changed}: keys of the nodes not to cover), question} and
 * question is null or {kind, prompt, choices: [{value, label}] | null, number: null | 'answer' | 'ratio' |
 * 'bytes', amount, picked: count | null, chosen, answerValue, verdict: {correct, message} | null, canCheck}.
 */
export function createLessonView({ header, on, graphBoxes }) {
  const card = el('aside', { class: 'lesson-card', 'data-testid': 'lesson', hidden: '' });
  const title = el('h2', { class: 'lesson-title' });
  const exit = el('button', { type: 'button', class: 'lesson-exit', 'data-testid': 'lesson-exit' }, '✕');
  const fold = el('button', { type: 'button', class: 'lesson-min', 'data-testid': 'lesson-fold', 'aria-expanded': 'true' }, '–');
  function setFold(small) {
    card.classList.toggle('small', small);
    fold.setAttribute('aria-expanded', small ? 'false' : 'true');
    fold.textContent = small ? '+' : '–';
  }
  fold.addEventListener('click', () => {
    setFold(!card.classList.contains('small'));
    place();
  });
  const bar = el('div', { class: 'lesson-bar' });
  const progress = el('div', { class: 'lesson-progress', 'data-testid': 'lesson-progress', role: 'progressbar', 'aria-valuemin': 1 }, bar);
  const stepText = el('p', { class: 'lesson-step', 'data-testid': 'lesson-step', 'aria-live': 'polite' });
  const text = el('div', { class: 'lesson-text', 'data-testid': 'lesson-text' });
  const question = el('div', { class: 'lesson-question', 'data-testid': 'lesson-question', hidden: '' });
  const prev = el('button', { type: 'button', class: 'lesson-nav-btn', 'data-testid': 'lesson-prev' });
  const next = el('button', { type: 'button', class: 'lesson-nav-btn', 'data-testid': 'lesson-next' });
  card.append(
    el('div', { class: 'lesson-head' }, title, fold, exit),
    el('div', { class: 'lesson-scroll', tabindex: '0' }, text),   // a scrolled region a keyboard can reach
    question,
    el('div', { class: 'lesson-nav' }, prev, el('div', { class: 'lesson-where' }, stepText, progress), next),
  );
  document.body.append(card);
  prev.addEventListener('click', () => on.prev());
  next.addEventListener('click', () => on.next());
  exit.addEventListener('click', () => on.exit());

  // the header's lesson menu (the normal layout; in a lesson the card is the way around)
  const menuSel = el('select', { class: 'lesson-menu', 'data-testid': 'lesson-menu' });
  menuSel.addEventListener('change', () => {
    const name = menuSel.value;
    menuSel.value = '';
    if (name) on.open(name);
  });
  const ctl = header && header.querySelector('.top-ctl');
  if (ctl) ctl.append(menuSel);
  function menu(list) {
    clear(menuSel);
    menuSel.append(el('option', { value: '' }, t('lesson.menu')));
    for (const l of list) menuSel.append(el('option', { value: l.name, title: l.summary || '' }, l.title));
  }

  /** The card's own words (and the menu's label) in the page's language. */
  function relabel() {
    setAttr(card, 'aria-label', t('lesson.card'));
    setAttr(exit, 'title', t('lesson.exit'));
    setAttr(exit, 'aria-label', t('lesson.exit'));
    setAttr(fold, 'title', t('lesson.fold.title'));
    setAttr(fold, 'aria-label', t('lesson.fold.label'));
    setAttr(progress, 'aria-label', t('lesson.progress'));
    setAttr(prev, 'title', t('lesson.prev.title'));
    setText(prev, t('lesson.prev'));
    setAttr(next, 'title', t('lesson.next.title'));
    setText(next, t('lesson.next'));
    setAttr(menuSel, 'aria-label', t('lesson.menu.label'));
    shownQ = null;   // the question's parts are rebuilt in the new words at the next draw
  }

  let shownText = null;
  let shownQ = null;   // the question's identity (step and kind): rebuilt only when it changes
  let shownVerdict = false;
  const qParts = {};
  function buildQuestion(q) {
    clear(question);
    qParts.prompt = el('p', { class: 'lq-prompt' });
    qParts.choices = el('div', { class: 'lq-choices', role: 'group', 'aria-label': t('lesson.q.answers') });
    qParts.picked = el('p', { class: 'lq-picked', 'data-testid': 'lesson-picked', 'aria-live': 'polite' });
    qParts.check = el('button', { type: 'button', class: 'lq-check', 'data-testid': 'lesson-check' }, t('lesson.q.check'));
    qParts.row = el('div', { class: 'lq-row' });
    // (focusable from script: Check hides itself, and the keyboard's focus goes to the verdict)
    qParts.verdict = el('p', { class: 'lq-verdict', 'data-testid': 'lesson-verdict', 'aria-live': 'polite', tabindex: '-1', hidden: '' });
    qParts.numLabel = el('span', { class: 'lq-num-label' });
    qParts.num = el('input', { type: 'text', inputmode: 'decimal', class: 'lq-number', 'data-testid': 'lesson-number', autocomplete: 'off', size: 8 });
    qParts.numRow = el('label', { class: 'lq-num' }, qParts.numLabel, ' ', qParts.num);
    qParts.num.addEventListener('input', () => on.number(qParts.num.value));
    qParts.num.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); on.check(); } });
    qParts.retry = el('button', { type: 'button', class: 'lq-retry', 'data-testid': 'lesson-retry', hidden: '' }, t('lesson.q.retry'));
    qParts.check.addEventListener('click', () => on.check());
    qParts.retry.addEventListener('click', () => on.retry());
    qParts.row.append(qParts.choices, qParts.numRow, qParts.picked, qParts.check);
    question.append(el('div', { class: 'lq-prompt-row' }, el('span', { class: 'lq-label' }, t('lesson.q.predict')), qParts.prompt), qParts.row, qParts.verdict, qParts.retry);
    qParts.numLabel.textContent = t(q.number === 'answer' ? 'lesson.q.number.answer' : q.number === 'bytes' ? 'lesson.q.number.bytes' : 'lesson.q.number.ratio');
    qParts.prompt.append(...richText(q.prompt));
    for (const c of q.choices || []) {
      const b = el('button', { type: 'button', class: 'lq-choice', 'data-testid': 'lesson-choice', 'data-value': c.value, 'aria-pressed': 'false' }, c.label);
      b.addEventListener('click', () => on.choose(c.value));
      qParts.choices.append(b);
    }
  }
  function drawQuestion(q, id) {
    const had = document.activeElement;
    const inside = question.contains(had);
    if (!q) {
      question.hidden = true;
      shownQ = null;
      keepFocus(inside);
      return;
    }
    if (shownQ !== id) {
      buildQuestion(q);
      shownQ = id;
      keepFocus(inside);
    }
    question.hidden = false;
    question.setAttribute('data-kind', q.kind);
    question.setAttribute('data-state', q.verdict ? 'checked' : 'open');
    qParts.choices.hidden = !(q.choices && q.choices.length);
    for (const b of qParts.choices.querySelectorAll('button')) {
      const on = q.chosen !== null && q.chosen !== undefined && b.getAttribute('data-value') === String(q.chosen);
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
      b.setAttribute('aria-disabled', q.verdict ? 'true' : 'false');
      b.classList.toggle('answer', !!(q.verdict && q.answerValue !== undefined && b.getAttribute('data-value') === String(q.answerValue)));
    }
    qParts.numRow.hidden = !q.number;
    if (qParts.num.value !== (q.amount || '')) qParts.num.value = q.amount || '';
    qParts.num.readOnly = !!q.verdict;
    qParts.picked.hidden = q.picked === null || q.picked === undefined;
    if (!qParts.picked.hidden) {
      qParts.picked.setAttribute('data-count', q.picked);
      qParts.picked.textContent = t(q.verdict ? 'lesson.q.picked' : 'lesson.q.picking', { n: q.picked });
    }
    qParts.check.setAttribute('aria-disabled', q.canCheck && !q.verdict ? 'false' : 'true');
    qParts.check.hidden = !!q.verdict;
    qParts.verdict.hidden = !q.verdict;
    qParts.retry.hidden = !q.verdict;
    if (q.verdict && !shownVerdict) setFold(true);   // the answer's explanation takes the narration's place
    // the focus never falls to the page: from Check (now hidden) to the verdict, from Try again (hidden) back to
    // the answer's field or Check
    if (q.verdict && had === qParts.check) qParts.verdict.focus();
    if (!q.verdict && had === qParts.retry) (qParts.numRow.hidden ? qParts.check : qParts.num).focus();
    shownVerdict = !!q.verdict;
    if (q.verdict) {
      // the message says right or wrong and why (the engine's explanation)
      qParts.verdict.setAttribute('data-correct', q.verdict.correct ? 'true' : 'false');
      qParts.verdict.textContent = `${q.verdict.correct ? '✓' : '✗'} ${q.verdict.message || ''}`;
    } else qParts.verdict.removeAttribute('data-correct');
  }

  /** The question the focus was in (inside) was rebuilt or hidden: the focus goes to the card's next step. */
  function keepFocus(inside) {
    if (!inside || (question.contains(document.activeElement) && !question.hidden)) return;
    (next.getAttribute('aria-disabled') === 'true' ? prev : next).focus();
  }

  function draw(view) {
    document.body.classList.toggle('lesson', !!view);
    card.hidden = !view;
    if (!view) {
      document.body.classList.remove('lesson-asking');
      shownText = null;
      shownQ = null;
      return;
    }
    title.textContent = view.title;
    stepText.textContent = t('lesson.step', { k: view.k, n: view.n });
    progress.setAttribute('aria-valuemax', view.n);
    progress.setAttribute('aria-valuenow', view.k);
    bar.style.width = `${(100 * view.k) / view.n}%`;
    const stepKey = `${view.id}|${view.k}`;
    const key = `${stepKey}|${view.lang}`;
    if (shownText !== key) {
      clear(text);
      text.append(...richText(view.text));
      // a new step opens unfolded: the rail beside the graph covers none of it (style.css, the lesson rail);
      // the same step in another language stays as it was
      if (!shownText || !shownText.startsWith(`${stepKey}|`)) {
        text.scrollTop = 0;
        setFold(false);
      }
      shownText = key;
    }
    card.classList.toggle('pending', !!view.pending);
    prev.setAttribute('aria-disabled', view.k <= 1 ? 'true' : 'false');
    next.setAttribute('aria-disabled', view.k >= view.n ? 'true' : 'false');
    drawQuestion(view.question, view.question ? `${key}|${view.question.kind}` : null);
    // the pass strip's node counts answer "how many nodes after P" (and how many a pass removes): hidden
    // while such a question is open
    document.body.classList.toggle('lesson-asking', !!(view.question && !view.question.verdict && (view.question.kind === 'count' || view.question.kind === 'remove')));
    placeSoon(view.important);
  }
  // ------------------------------------------------------------------ where the card goes
  // Cost of a place: per node the card touches, the share of its box it covers, and for a node the step is
  // about a weight on top (FOCUS: its highlights, the student's picks, the selection; CHANGED: what the shown
  // pass made, or every node while the student picks); an overlay panel or the details card must never be
  // covered. Ties go to the bottom right. The card moves only for a clear gain, so it does not hop between
  // near-equal places.
  let important = { focus: new Set(), changed: new Set() };
  let spot = null;
  function place() {
    if (!card.hidden) spot = placeCard(card, graphBoxes(), important, spot);
  }
  let placeFrame = null;
  let placeTimer = null;
  /** Places the card in the next frame (after the browser's layout), and again once the graph's zoom to fit
   *  (up to 1.4 s after a draw) has settled; keys: the nodes it must not cover. */
  function placeSoon(keys) {
    if (keys) important = keys;
    if (placeTimer !== null) clearTimeout(placeTimer);
    placeTimer = setTimeout(() => {
      placeTimer = null;
      place();
    }, 1500);
    if (placeFrame !== null) return;
    placeFrame = requestAnimationFrame(() => {
      placeFrame = null;
      place();
    });
  }
  window.addEventListener('resize', () => placeSoon());

  relabel();
  return { menu, draw, place: placeSoon, relabel, card };
}

// corners first, then the middles of the bottom and top edges, then of the sides
const SPOTS = ['br', 'bl', 'tr', 'tl', 'bc', 'tc', 'mr', 'ml'];
const FOCUS = 1000, CHANGED = 60;
/** Puts the card at the best spot over the drawing (drawn: the graph view's boxes()) and returns it. */
function placeCard(card, drawn, important, spot) {
  const a = drawn.area || { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  const w = card.offsetWidth, h = card.offsetHeight, m = 10;
  const boxes = [];
  // while the student picks nodes (a remove question) every node is one they may want to click
  for (const n of drawn.nodes) {
    const wt = important.focus.has(n.key) || n.marked ? FOCUS : drawn.picking || important.changed.has(n.key) ? CHANGED : 1;
    boxes.push([n.rect, wt]);
  }
  for (const o of document.querySelectorAll('.panel.overlay, #details:not([hidden])')) if (o.getClientRects().length) boxes.push([o.getBoundingClientRect(), 1e6]);
  const costs = {};
  for (const s of SPOTS) {
    const left = s[1] === 'r' ? Math.max(m, a.right - w - m) : s[1] === 'l' ? a.left + m : Math.max(m, (a.left + a.right - w) / 2);
    const top = s[0] === 'b' ? Math.max(a.top + m, a.bottom - h - m) : s[0] === 't' ? a.top + m : Math.max(a.top + m, (a.top + a.bottom - h) / 2);
    let cost = SPOTS.indexOf(s) * 1e-3;
    for (const [r, wt] of boxes) {
      const ix = Math.min(r.right, left + w) - Math.max(r.left, left);
      const iy = Math.min(r.bottom, top + h) - Math.max(r.top, top);
      // (a node the step is about costs its weight as soon as the card touches it)
      if (ix > 0 && iy > 0) cost += wt > 1 ? wt * (1 + (ix * iy) / Math.max(1, r.width * r.height)) : (ix * iy) / Math.max(1, r.width * r.height);
    }
    costs[s] = { cost, left, top };
  }
  let best = SPOTS.reduce((b, s) => (costs[s].cost < costs[b].cost ? s : b), SPOTS[0]);
  if (spot && costs[spot] && costs[spot].cost <= costs[best].cost + 0.5) best = spot;
  card.style.left = `${costs[best].left}px`;
  card.style.top = `${costs[best].top}px`;
  card.setAttribute('data-spot', best);
  return best;
}
