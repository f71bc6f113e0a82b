// lessons/player/navigation.js — moving through a lesson: opening one, stepping (← → and Page Up / Page Down,
// but ← → on a graph node walk its edges; a history entry per step), leaving, and applying a step's lab state
// with the presentation layout. Split out of lessons/player.js: it changes the lab's state, the drawing of what
// follows is the player's draw.
import { serializeHash } from '../../state.js';
import { ANSWER_PANELS } from './question.js';
import { t } from '../../i18n/i18n.js';

function isTyping(ev) {
  const t = (ev.composedPath && ev.composedPath()[0]) || ev.target;
  if (!t || !t.tagName) return false;
  if (t.isContentEditable || t.closest?.('.cm-editor')) return true;
  if (t.tagName === 'TEXTAREA' || t.tagName === 'SELECT') return true;
  return t.tagName === 'INPUT' && !['checkbox', 'button', 'submit', 'reset', 'radio'].includes(t.type);
}

/** Whether the key goes to a graph node, whose arrows walk the edges (views/graph/keyboard.js). */
function onNode(ev) {
  const t = (ev.composedPath && ev.composedPath()[0]) || ev.target;
  return !!(t && t.closest && t.closest('.graph-svg g.node'));
}

/** ctx, present: the lab's; s: player/step-state.js's; lessons: player/lessons.js's; say(text): a notice. */
export function createNavigation({ ctx, present, s, lessons, say }) {
  function open(name, k) {
    const l = lessons.lesson(name);
    if (!l) return say(t('lesson.notice.none', { name, why: lessons.problem(name) }));
    history.replaceState(null, '', '#' + serializeHash(ctx.getState()));
    history.pushState(null, '', location.href);   // the lab before the lesson stays one "back" away
    ctx.setState({ lesson: name, step: Math.max(1, Math.min(k, l.steps.length)) });
  }
  function go(dir) {
    const st = ctx.getState();
    const l = st.lesson && lessons.lesson(st.lesson);
    if (!l) return false;
    const k = st.step + dir;
    if (k < 1 || k > l.steps.length) return false;
    // a history entry per step: back / forward walk the lesson (main.js writes the new state over the copy)
    history.replaceState(null, '', '#' + serializeHash(st));
    history.pushState(null, '', location.href);
    ctx.setState({ step: k });
    return true;
  }
  function leave() {
    s.clearReveal();
    s.applied = null;
    present.showOverlay(null, { quiet: true });   // (a redraw now would draw the old step and apply it again)
    ctx.setState({ lesson: null, step: 1, present: false, panels: ['config', 'graph', 'kernels', 'memory'], hideui: [], lock: false });
  }

  /** The step's state, played: its lab state with the presentation layout and the lesson's own keys. */
  function apply(l, k) {
    const step = l.steps[k - 1];
    s.pendingApply = false;
    s.clearReveal();
    s.q = null;
    s.hlKeys = new Set();
    const st = step.state || {};
    // panels the step names (panels=graph.kernels): the first besides the graph is shown over it; else only the
    // graph is drawn (the others would draw unseen), and the panel a kernel, a buffer or a question is about
    const named = /(^|&)panels=/.test(step.hash || '') ? st.panels.filter((p) => p !== 'graph') : [];
    const shown = named.filter((p) => p !== 'config');
    const h = step.highlight || {};
    const q0 = step.question;
    // (none for a "click the nodes" question: the student needs the whole graph)
    const over = q0 && q0.kind === 'remove' ? null
      : h.kernel !== undefined || (q0 && (q0.kind === 'bound' || q0.kind === 'dominant')) ? 'kernels'
        : h.buffer !== undefined || (q0 && q0.kind === 'plan') ? 'memory'
          : q0 && q0.kind === 'graphs' ? 'dynamic'
            : q0 && (q0.kind === 'worst' || q0.kind === 'helps') ? 'numerics' : shown[0] || named[0] || null;
    const patch = { ...st, panels: ['graph', ...named], present: true, lesson: l.name, step: k, sel: null };
    if (over && !patch.panels.includes(over)) patch.panels = [...patch.panels, over];
    // the viewer's own setting (the pass camera) stays unless the step names them
    for (const key of ['cam']) if (!new RegExp(`(^|&)${key}=`).test(step.hash || '')) patch[key] = ctx.getState()[key];
    // a panel that shows a question's answer (the kernels' bounds, the plans' peaks, the graphs traced) opens
    // only with the reveal: predict first
    s.revealPanel = q0 && ANSWER_PANELS.includes(q0.kind) ? over : null;
    present.showOverlay(s.revealPanel ? null : over, { quiet: true });
    ctx.setState(patch, { rerun: true });
  }

  window.addEventListener('keydown', (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    if (!ctx.getState().lesson || isTyping(ev)) return;
    let dir = 0;
    if (ev.key === 'PageDown' || (ev.key === 'ArrowRight' && !onNode(ev))) dir = 1;
    else if (ev.key === 'PageUp' || (ev.key === 'ArrowLeft' && !onNode(ev))) dir = -1;
    else return;
    go(dir);
    ev.preventDefault();   // main.js's stepper and the page scroll leave these keys alone then
  }, true);

  return { open, go, leave, apply };
}
