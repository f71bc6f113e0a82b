// lessons/player/card.js — what the lesson card (views/lesson.js) is drawn from: the step's title, position,
// narration and question, as plain data. Split out of lessons/player.js: the card's model is decided here, the
// DOM is the view's.
import { choicesOf } from './question.js';

/** The card for the step shown (cur: step-state.js's current()), its question qq (or null until the step's
 *  result is ready), and the nodes the card must not cover. */
export function cardOf(cur, qq, important) {
  const prompt = cur.step.question && (cur.step.question.prompt || cur.step.question.text);
  return {
    title: cur.l.title, k: Math.min(cur.st.step, cur.l.steps.length), n: cur.l.steps.length, text: cur.step.text,
    pending: !cur.ready, important, qkind: cur.step.question ? cur.step.question.kind : null,
    question: qq ? {
      kind: qq.kind, prompt: prompt || '', choices: choicesOf(qq.ans),
      picked: qq.picked ? qq.picked.size : null, chosen: qq.chosen, verdict: qq.verdict,
      number: qq.kind === 'graphs' || qq.kind === 'count' ? 'answer' : qq.kind === 'plan' ? qq.ans.by : null,
      amount: qq.amount, answerValue: qq.kind === 'remove' || qq.kind === 'pass' ? undefined : String(qq.ans.answer),
      canCheck: cur.ready && (qq.kind === 'remove' || qq.kind === 'pass' || (qq.chosen !== null && qq.chosen !== undefined)),
    } : null,
  };
}
