// lessons/player/card.js — what the lesson card (views/lesson.js) is drawn from: the step's title, position,
// narration and question, as plain data. Split out of lessons/player.js: the card's model is decided here, the
// DOM is the view's.
import { choicesOf } from './question.js';
import { lessonWords, stepWords } from '../words.js';
import { lang as pageLang } from '../../i18n/i18n.js';

/** The card for the step shown (cur: step-state.js's current()), its question qq (or null until the step's
 *  result is ready), and the nodes the card must not cover; its words in lang (the page's by default). */
export function cardOf(cur, qq, important, lang = pageLang()) {
  const words = stepWords(cur.step, lang);
  const prompt = words.prompt;
  return {
    id: cur.l.name, lang, title: lessonWords(cur.l, lang).title, k: Math.min(cur.st.step, cur.l.steps.length), n: cur.l.steps.length, text: words.text,
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
