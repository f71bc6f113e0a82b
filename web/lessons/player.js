// lessons/player.js — plays a lesson in the lab (issue 18): #lesson=NAME&step=K (or the header's lesson menu)
// switches to the presentation layout and shows step K: the step's lab state is applied like any link's (the
// lab analyses it), its narration, highlights and question are shown by views/lesson.js. Every answer comes
// from the engine (questions.js over env.js on the lab's own result), never from the lesson file.
//
// Flow: the lesson and step live in the state (st.lesson, st.step) and so in the URL; stepping pushes a
// history entry, so back / forward walk the steps (main.js's hashchange parses the hash, draw() below sees a
// new step and applies it). ← → and Page Up / Page Down step the lesson (presentation clickers send Page
// keys) except in text fields and the program editor; leaving the presentation layout leaves the lesson.
//
// Highlights (resolved by highlight.js, as the headless suite resolves them): nodes by op, name or source line
// are the selection's marks (ctx.setMarks: the graph view draws them as .lesson-hl, the student's picks as
// .lesson-pick); a kernel or a buffer is selected through the lab's one selection (selection.js), which marks
// its bar / block and hull, with that panel opened over the graph.
import { LESSONS } from './catalog.js';
import { validateLesson } from './format.js';
import { lessonEnv } from './env.js';
import { engineAnswer, score } from './questions.js';
import { resolveHighlight } from './highlight.js';
import { serializeHash } from '../state.js';
import { createLessonView } from '../views/lesson.js';

const REVEAL_MS = 900;   // the answer's nodes stay marked this long before the pass plays
// question kinds whose panel shows the answer: it opens after Check
const ANSWER_PANELS = ['bound', 'plan', 'graphs', 'dominant'];

// how the engine's choice values read on a button
const CHOICE_WORDS = {
  bound: { memory: 'memory-bound', compute: 'compute-bound', launch: 'launch-bound' },
  plan: { naive: 'naive (a buffer each)', greedy: 'greedy-by-size', lower_bound: 'the lower bound', same: 'the same' },
};
/** A question's choices from the engine's answer as [{value, label}]; null for the kinds answered by a number. */
export function choicesOf(ans) {
  if (!ans || !Array.isArray(ans.choices)) return null;
  const words = CHOICE_WORDS[ans.kind] || {};
  return ans.choices.map((c) => ({ value: String(c), label: words[c] || String(c) }));
}

function isTyping(ev) {
  const t = (ev.composedPath && ev.composedPath()[0]) || ev.target;
  if (!t || !t.tagName) return false;
  if (t.isContentEditable || t.closest?.('.cm-editor')) return true;
  if (t.tagName === 'TEXTAREA' || t.tagName === 'SELECT') return true;
  return t.tagName === 'INPUT' && !['checkbox', 'button', 'submit', 'reset', 'radio'].includes(t.type);
}

export function createLessonPlayer({ ctx, present, header, notice }) {
  const lessons = new Map();   // name → validated lesson (validated once, on first use)
  const bad = new Map();       // name → the LessonError's message
  function lesson(name) {
    if (lessons.has(name)) return lessons.get(name);
    if (bad.has(name) || !Object.prototype.hasOwnProperty.call(LESSONS, name)) return null;
    try {
      const l = validateLesson(LESSONS[name], name);
      lessons.set(name, l);
      return l;
    } catch (err) {
      bad.set(name, err && err.message ? err.message : String(err));
      console.warn(`lesson ${name}:`, err);
      return null;
    }
  }

  const view = createLessonView({
    header, graphBoxes: () => ctx.graphBoxes(),
    on: {
      prev: () => go(-1), next: () => go(1), exit: () => leave(), open: (name) => open(name, 1),
      choose: (v) => choose(v), number: (v) => number(v), check: () => check(), retry: () => retry(),
    },
  });
  view.menu(Object.keys(LESSONS).map((name) => ({ name, title: LESSONS[name].title || name, summary: LESSONS[name].summary || '' })));

  let applied = null;       // "name|k" of the step whose state was last applied
  let q = null;             // the step's question: {id, kind, ans, picked: Set(keys) | null, chosen, verdict}
  let hlKeys = new Set();   // nodes the step (or a reveal) highlights, by stable key
  let pickStage = null;     // the stage a remove question's picks were made on
  let revealTimer = null;
  let last = { st: null, m: null };
  let revealPanel = null;  // the overlay the open question keeps closed until Check
  let pendingApply = false; // a step's state is queued (apply): until it lands the shown result is the old step's

  function open(name, k) {
    const l = lesson(name);
    if (!l) return say(`There is no lesson "${name}"${bad.has(name) ? ` (${bad.get(name)})` : ''}.`);
    history.replaceState(null, '', '#' + serializeHash(ctx.getState()));
    history.pushState(null, '', location.href);   // the lab before the lesson stays one "back" away
    ctx.setState({ lesson: name, step: Math.max(1, Math.min(k, l.steps.length)) });
  }
  function go(dir) {
    const st = ctx.getState();
    const l = st.lesson && lesson(st.lesson);
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
    clearReveal();
    applied = null;
    present.showOverlay(null, { quiet: true });   // (a redraw now would draw the old step and apply it again)
    ctx.setState({ lesson: null, step: 1, present: false, panels: ['config', 'graph', 'kernels', 'memory'], hideui: [], lock: false });
  }
  function say(text) {
    if (notice) notice(text);
  }
  function clearReveal() {
    if (revealTimer) clearTimeout(revealTimer);
    revealTimer = null;
  }

  /** The step's state, played: its lab state with the presentation layout and the lesson's own keys. */
  function apply(l, k) {
    const step = l.steps[k - 1];
    pendingApply = false;
    clearReveal();
    q = null;
    hlKeys = new Set();
    const s = step.state || {};
    // panels the step names (panels=graph.kernels): the first besides the graph is shown over it; else only the
    // graph is drawn (the others would draw unseen), and the panel a kernel, a buffer or a question is about
    const named = /(^|&)panels=/.test(step.hash || '') ? s.panels.filter((p) => p !== 'graph') : [];
    const shown = named.filter((p) => p !== 'config');
    const h = step.highlight || {};
    const q0 = step.question;
    // (none for a "click the nodes" question: the student needs the whole graph)
    const over = q0 && q0.kind === 'remove' ? null
      : h.kernel !== undefined || (q0 && (q0.kind === 'bound' || q0.kind === 'dominant')) ? 'kernels'
        : h.buffer !== undefined || (q0 && q0.kind === 'plan') ? 'memory'
          : q0 && q0.kind === 'graphs' ? 'dynamic' : shown[0] || named[0] || null;
    const patch = { ...s, panels: ['graph', ...named], present: true, lesson: l.name, step: k, sel: null };
    if (over && !patch.panels.includes(over)) patch.panels = [...patch.panels, over];
    // the viewer's own settings (instructor mode, the pass camera) stay unless the step names them
    for (const key of ['inst', 'cam']) if (!new RegExp(`(^|&)${key}=`).test(step.hash || '')) patch[key] = ctx.getState()[key];
    // a panel that shows a question's answer (the kernels' bounds, the plans' peaks, the graphs traced) opens
    // only with the reveal: predict first
    revealPanel = q0 && ANSWER_PANELS.includes(q0.kind) ? over : null;
    present.showOverlay(revealPanel ? null : over, { quiet: true });
    ctx.setState(patch, { rerun: true });
  }

  // ------------------------------------------------------------------ answers
  function current() {
    const { st, m } = last;
    if (!st || !st.lesson || !m) return null;
    const l = lesson(st.lesson);
    if (!l) return null;
    const step = l.steps[Math.min(st.step, l.steps.length) - 1];
    const ready = !pendingApply && !!(m.result && m.stages && m.stages.length && m.key === ctx.analysisKey(st));
    return { st, m, l, step, ready };
  }
  function ensureQuestion(cur) {
    const id = `${cur.l.name}|${cur.st.step}|${cur.m.version}`;
    if (!cur.step.question) return (q = null);
    if (q && q.id === id) return q;
    let ans;
    try {
      ans = engineAnswer(cur.step.question, envOf(cur));
    } catch (err) {
      console.error(`lesson ${cur.l.name} step ${cur.st.step}: question:`, err);
      return (q = null);
    }
    q = { id, kind: ans.kind, ans, picked: ans.kind === 'remove' ? new Set() : null, chosen: null, amount: '', verdict: null };
    pickStage = cur.st.stage;
    return q;
  }
  /** Try again: the question as it was asked (and the stage it was asked on). */
  function retry() {
    if (!q) return;
    clearReveal();
    q = { ...q, picked: q.picked ? new Set() : null, chosen: null, amount: '', verdict: null };
    hlKeys = new Set();
    hlFor = null;
    if (revealPanel) present.showOverlay(null, { quiet: true });
    if (ctx.getState().stage !== pickStage) ctx.setState({ stage: pickStage });
    else if (revealPanel) ctx.redraw();
    else {
      markGraph();
      redrawCard();
    }
  }
  function choose(v) {
    if (!q || q.verdict || !choicesOf(q.ans)) return;
    q.chosen = v;
    redrawCard();
  }
  /** The number typed (graphs and count: the answer; plan: by how much, optional). */
  function number(v) {
    if (!q || q.verdict) return;
    q.amount = String(v).trim();
    if (q.kind === 'graphs' || q.kind === 'count') q.chosen = q.amount === '' ? null : q.amount;
    redrawCard();
  }
  /** The student's answer as score() takes it: the picked nodes' keys, the choice, the number. */
  function studentAnswer() {
    if (q.kind === 'remove') return [...q.picked];
    if (q.kind === 'plan' && q.amount !== '') return { plan: q.chosen, amount: Number(q.amount) };
    return q.chosen;
  }
  function check() {
    const cur = current();
    if (!cur || !cur.ready || !q || q.verdict) return;
    if (q.kind === 'pass') q.chosen = typeof ctx.getState().pass === 'string' ? ctx.getState().pass : '';
    if (q.kind !== 'remove' && (q.chosen === null || q.chosen === undefined)) return;
    q.verdict = score(cur.step.question, q.ans, studentAnswer());
    redrawCard();
    if (q.kind === 'remove') reveal(cur);
    else if (revealPanel) present.showOverlay(revealPanel);
  }
  /** remove: mark the engine's answer, then play the pass (the graph animates it), then mark what it made. */
  function reveal(cur) {
    const stage = cur.m.stages[pickStage];
    hlKeys = new Set((q.ans.answer || []).filter((key) => stage.byKey.has(key)));
    markGraph();
    clearReveal();
    revealTimer = setTimeout(() => {
      revealTimer = null;
      const after = cur.m.stages[pickStage + 1];
      if (!after) return;
      // the nodes the removed ones were merged / replaced into, at the next stage
      const gone = new Set(stage.nodes.filter((n) => hlKeys.has(n.key)).map((n) => n.id));
      hlKeys = new Set(after.nodes.filter((n) => (n.from || []).some((f) => gone.has(f)) && n.how !== 'kept').map((n) => n.key));
      ctx.setState({ stage: pickStage + 1 });
    }, REVEAL_MS);
  }

  // remove questions: a click on a graph node picks it (the graph view calls marks.pick instead of selecting)
  function pick(key) {
    if (!q || q.kind !== 'remove' || q.verdict) return;
    if (q.picked.has(key)) q.picked.delete(key);
    else q.picked.add(key);
    markGraph();
    redrawCard();
  }

  // ------------------------------------------------------------------ keys
  window.addEventListener('keydown', (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    if (!ctx.getState().lesson || isTyping(ev)) return;
    let dir = 0;
    if (ev.key === 'ArrowRight' || ev.key === 'PageDown') dir = 1;
    else if (ev.key === 'ArrowLeft' || ev.key === 'PageUp') dir = -1;
    else return;
    go(dir);
    ev.preventDefault();   // main.js's stepper and the page scroll leave these keys alone then
  }, true);

  // ------------------------------------------------------------------ highlights
  // the step's highlights and the student's picks, marked through the lab's one selection (every view that
  // shows nodes marks them: the graph's boxes); set only when they change, since it re-marks every view
  let marked = '';
  function markGraph() {
    const picked = q && q.picked ? q.picked : null;
    const marks = { focus: new Set(hlKeys), picked: new Set(picked || []), picking: !!(q && q.kind === 'remove' && !q.verdict), pick };
    const id = JSON.stringify([[...marks.focus], [...marks.picked], marks.picking]);
    if (id === marked) return;
    marked = id;
    ctx.setMarks(marks);
  }
  /** The graph stands still (an animation ended, a layout came): the card moves off what matters. */
  function settled() {
    if (ctx.getState().lesson) view.place(importantKeys());
  }

  /** The step's env (env.js) for the shown result and stage: what the questions and highlights read. */
  let envMemo = null;
  function envOf(cur) {
    const id = `${cur.m.version}|${cur.st.stage}|${cur.st.kset}`;
    if (!envMemo || envMemo.id !== id) envMemo = { id, env: lessonEnv(cur.m.result, cur.m.stages, { state: cur.st, lab: ctx.lab() }) };
    return envMemo.env;
  }
  function stepHighlights(cur) {
    hlKeys = new Set();
    if (!cur.step.highlight) return;
    let r;
    try {
      r = resolveHighlight(cur.step.highlight, envOf(cur));
    } catch {
      return;   // the student stepped to a stage without those nodes (the headless suite checks the step's own)
    }
    hlKeys = new Set(r.keys);
    // a kernel or a buffer: the lab's selection of its node on the last stage (its bar or block, and hull);
    // the kernels panel selects fused kernels only
    const lastStage = cur.m.stages[cur.m.stages.length - 1];
    let id = null;
    if (r.kernel !== null && cur.st.kset !== 'eager') {
      const k = cur.m.result.fused.kernels[r.kernel];
      id = k.nodes[k.nodes.length - 1];
    } else if (r.buffer !== null) id = r.buffer;
    const n = id !== null && !lastStage.lite ? lastStage.nodes[id] : null;
    if (n && ctx.getState().sel !== n.key) ctx.select(n.key);
  }

  /** The nodes the card must not cover: focus (the highlights, the picks) above all, then changed (what the
   *  shown stage's pass made). */
  function importantKeys() {
    const focus = new Set(hlKeys);
    if (q && q.picked) for (const k of q.picked) focus.add(k);
    const changed = new Set();
    const { st, m } = last;
    const stage = m && m.stages && st ? m.stages[Math.min(st.stage, m.stages.length - 1)] : null;
    if (stage && stage.index > 0 && !stage.lite) for (const n of stage.nodes) if (n.how && n.how !== 'kept') changed.add(n.key);
    return { focus, changed };
  }

  // ------------------------------------------------------------------ draw (main.js's render calls it)
  let hlFor = null;
  function redrawCard() {
    const cur = current();
    if (!cur) return view.draw(null);
    const qq = cur.ready ? ensureQuestion(cur) : null;
    const prompt = cur.step.question && (cur.step.question.prompt || cur.step.question.text);
    view.draw({
      title: cur.l.title, k: Math.min(cur.st.step, cur.l.steps.length), n: cur.l.steps.length, text: cur.step.text,
      pending: !cur.ready, important: importantKeys(), qkind: cur.step.question ? cur.step.question.kind : null,
      question: qq ? {
        kind: qq.kind, prompt: prompt || '', choices: choicesOf(qq.ans),
        picked: qq.picked ? qq.picked.size : null, chosen: qq.chosen, verdict: qq.verdict,
        number: qq.kind === 'graphs' || qq.kind === 'count' ? 'answer' : qq.kind === 'plan' ? qq.ans.by : null,
        amount: qq.amount, answerValue: qq.kind === 'remove' || qq.kind === 'pass' ? undefined : String(qq.ans.answer),
        canCheck: cur.ready && (qq.kind === 'remove' || qq.kind === 'pass' || (qq.chosen !== null && qq.chosen !== undefined)),
      } : null,
    });
    markGraph();   // (a question asked just now: its picking starts)
  }

  function draw(st, m) {
    last = { st, m };
    if (!st.lesson) {
      if (applied) {
        applied = null;
        clearReveal();
        q = null;
        hlKeys = new Set();
        markGraph();
      }
      return view.draw(null);
    }
    const l = lesson(st.lesson);
    if (!l) {
      say(`There is no lesson "${st.lesson}"${bad.has(st.lesson) ? ` (${bad.get(st.lesson)})` : ''}, so the lab left it.`);
      queueMicrotask(() => ctx.setState({ lesson: null, step: 1 }));
      return view.draw(null);
    }
    const k = Math.min(st.step, l.steps.length);
    const pair = `${l.name}|${k}`;
    if (pair !== applied) {
      if (st.step > l.steps.length) say(`The lesson "${l.title}" has ${l.steps.length} steps: showing the last.`);
      applied = pair;
      hlFor = null;
      pendingApply = true;
      // after this render: a state change from inside it would be drawn under the old one
      queueMicrotask(() => { if (applied === pair && ctx.getState().lesson === l.name) apply(l, k); });
      return redrawCard();
    }
    if (!st.present) {
      // the presentation layout was left (its ✕ or the p key): so is the lesson
      queueMicrotask(() => leave());
      return view.draw(null);
    }
    const cur = current();
    if (cur && cur.ready) {
      const hk = `${pair}|${m.version}|${st.stage}`;
      if (hlFor !== hk && !(q && q.verdict)) {
        hlFor = hk;
        stepHighlights(cur);
      }
      markGraph();
    }
    redrawCard();
  }
  return { draw, settled };
}
