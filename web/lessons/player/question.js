// lessons/player/question.js — a step's question: asked from the engine's answer (questions.js over env.js,
// never the lesson file), answered by choosing, typing a number or picking graph nodes, checked (score), and,
// for a remove question, revealed by playing the pass. Split out of lessons/player.js: everything a question
// keeps between the student's clicks is here.
import { engineAnswer, score, wordOf } from '../questions.js';
import { CATALOGS, lang, t } from '../../i18n/i18n.js';

export const REVEAL_MS = 900;   // the answer's nodes stay marked this long before the pass plays
// question kinds whose panel shows the answer: it opens after Check
export const ANSWER_PANELS = ['bound', 'plan', 'graphs', 'dominant', 'worst', 'helps'];

/** How an engine's choice value reads on a button, in the page's language: the catalogue's
 *  lesson.choice.KIND.VALUE (bound, plan, helps), a kernel group's name (dominant), else the value. */
function choiceWord(ans, c) {
  const key = `lesson.choice.${ans.kind}.${c}`;
  if (Object.prototype.hasOwnProperty.call(CATALOGS[lang()], key)) return t(key);
  if (ans.kind === 'dominant' && ans.by === 'group') return wordOf('lesson.group', c);
  return String(c);
}
/** A question's choices from the engine's answer as [{value, label}]; null for the kinds answered by a number. */
export function choicesOf(ans) {
  if (!ans || !Array.isArray(ans.choices)) return null;
  // (a worst question's choices are nodes: the engine names them, "%12 matmul wq")
  return ans.choices.map((c) => ({ value: String(c), label: ans.labels && ans.labels[c] ? ans.labels[c] : choiceWord(ans, c) }));
}

/** The student's answer as score() takes it: the picked nodes' keys, the choice, the number. */
function studentAnswer(q) {
  if (q.kind === 'remove') return [...q.picked];
  if (q.kind === 'plan' && q.amount !== '') return { plan: q.chosen, amount: Number(q.amount) };
  return q.chosen;
}

/** ctx, present: the lab's; s: player/step-state.js's; markGraph(), redrawCard(): the player's. */
export function createQuestion({ ctx, present, s, markGraph, redrawCard }) {
  function ensureQuestion(cur) {
    const id = `${cur.l.name}|${cur.st.step}|${cur.m.version}`;
    if (!cur.step.question) return (s.q = null);
    if (s.q && s.q.id === id) return s.q;
    let ans;
    try {
      ans = engineAnswer(cur.step.question, s.envOf(cur));
    } catch (err) {
      console.error(`lesson ${cur.l.name} step ${cur.st.step}: question:`, err);
      return (s.q = null);
    }
    s.q = { id, kind: ans.kind, ans, lang: lang(), picked: ans.kind === 'remove' ? new Set() : null, chosen: null, amount: '', verdict: null };
    s.pickStage = cur.st.stage;
    return s.q;
  }
  /** The language changed: the engine's explanation and the verdict in the new one, the student's answer kept
   *  (a written pass's verdict is the grader's: it stays as it was given). */
  function relabel(cur) {
    const q = s.q;
    if (!q || q.lang === lang() || !cur || !cur.ready || !cur.step.question) return;
    q.lang = lang();
    let ans;
    try {
      ans = engineAnswer(cur.step.question, s.envOf(cur));
    } catch {
      return;
    }
    q.ans = ans;
    if (q.verdict && q.kind !== 'pass') q.verdict = score(cur.step.question, ans, studentAnswer(q));
  }
  /** Try again: the question as it was asked (and the stage it was asked on). */
  function retry() {
    const q = s.q;
    if (!q) return;
    s.clearReveal();
    s.q = { ...q, picked: q.picked ? new Set() : null, chosen: null, amount: '', verdict: null };
    s.hlKeys = new Set();
    s.hlFor = null;
    if (s.revealPanel) present.showOverlay(null, { quiet: true });
    if (ctx.getState().stage !== s.pickStage) ctx.setState({ stage: s.pickStage });
    else if (s.revealPanel) ctx.redraw();
    else {
      markGraph();
      redrawCard();
    }
  }
  function choose(v) {
    const q = s.q;
    if (!q || q.verdict || !choicesOf(q.ans)) return;
    q.chosen = v;
    redrawCard();
  }
  /** The number typed (graphs and count: the answer; plan: by how much, optional). */
  function number(v) {
    const q = s.q;
    if (!q || q.verdict) return;
    q.amount = String(v).trim();
    if (q.kind === 'graphs' || q.kind === 'count') q.chosen = q.amount === '' ? null : q.amount;
    redrawCard();
  }
  function check() {
    const cur = s.current();
    const q = s.q;
    if (!cur || !cur.ready || !q || q.verdict) return;
    if (q.kind === 'pass') q.chosen = typeof ctx.getState().pass === 'string' ? ctx.getState().pass : '';
    if (q.kind !== 'remove' && (q.chosen === null || q.chosen === undefined)) return;
    q.verdict = score(cur.step.question, q.ans, studentAnswer(q));
    redrawCard();
    if (q.kind === 'remove') reveal(cur);
    else if (s.revealPanel) present.showOverlay(s.revealPanel);
  }
  /** remove: mark the engine's answer, then play the pass (the graph animates it), then mark what it made. */
  function reveal(cur) {
    const stage = cur.m.stages[s.pickStage];
    s.hlKeys = new Set((s.q.ans.answer || []).filter((key) => stage.byKey.has(key)));
    markGraph();
    s.clearReveal();
    s.revealTimer = setTimeout(() => {
      s.revealTimer = null;
      const after = cur.m.stages[s.pickStage + 1];
      if (!after) return;
      // the nodes the removed ones were merged / replaced into, at the next stage
      const gone = new Set(stage.nodes.filter((n) => s.hlKeys.has(n.key)).map((n) => n.id));
      s.hlKeys = new Set(after.nodes.filter((n) => (n.from || []).some((f) => gone.has(f)) && n.how !== 'kept').map((n) => n.key));
      ctx.setState({ stage: s.pickStage + 1 });
    }, REVEAL_MS);
  }
  // remove questions: a click on a graph node picks it (the graph view calls marks.pick instead of selecting)
  function pick(key) {
    const q = s.q;
    if (!q || q.kind !== 'remove' || q.verdict) return;
    if (q.picked.has(key)) q.picked.delete(key);
    else q.picked.add(key);
    markGraph();
    redrawCard();
  }
  return { ensureQuestion, relabel, retry, choose, number, check, pick };
}
