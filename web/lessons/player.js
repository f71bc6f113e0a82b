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
//
// This file wires the player; its parts are modules of player/: lessons.js (the validated catalog),
// step-state.js (the state of the step played), navigation.js (open, step, leave, apply a step, the keys),
// question.js (ask, answer, check, reveal), marks.js (highlights and picks through ctx.setMarks) and card.js
// (what the card shows).
import { createLessonView } from '../views/lesson.js';
import { createLessons } from './player/lessons.js';
import { createStepState } from './player/step-state.js';
import { createNavigation } from './player/navigation.js';
import { createQuestion } from './player/question.js';
import { createMarks } from './player/marks.js';
import { cardOf } from './player/card.js';
import { lessonWords } from './words.js';
import { lang, t } from '../i18n/i18n.js';

export { choicesOf } from './player/question.js';

export function createLessonPlayer({ ctx, present, header, notice }) {
  const lessons = createLessons();
  const say = (text) => { if (notice) notice(text); };
  const s = createStepState({ ctx, lesson: lessons.lesson });
  const nav = createNavigation({ ctx, present, s, lessons, say });
  const question = createQuestion({ ctx, present, s, markGraph: () => marks.markGraph(), redrawCard: () => redrawCard() });
  const marks = createMarks({ ctx, s, pick: (key) => question.pick(key) });

  const view = createLessonView({
    header, graphBoxes: () => ctx.graphBoxes(),
    on: {
      prev: () => nav.go(-1), next: () => nav.go(1), exit: () => nav.leave(), open: (name) => nav.open(name, 1),
      choose: (v) => question.choose(v), number: (v) => question.number(v), check: () => question.check(), retry: () => question.retry(),
    },
  });
  let shownLang = lang();
  view.menu(lessons.menu(shownLang));

  /** The graph stands still (an animation ended, a layout came): the card moves off what matters. */
  function settled() {
    if (ctx.getState().lesson) view.place(marks.importantKeys());
  }

  // ------------------------------------------------------------------ draw (main.js's render calls it)
  function redrawCard() {
    const cur = s.current();
    if (!cur) return view.draw(null);
    question.relabel(cur);   // (the language changed: the explanation and the verdict in the new one)
    const qq = cur.ready ? question.ensureQuestion(cur) : null;
    view.draw(cardOf(cur, qq, marks.importantKeys()));
    marks.markGraph();   // (a question asked just now: its picking starts)
  }

  function draw(st, m) {
    s.last = { st, m };
    if (shownLang !== lang()) {
      // the header's switch changed the language: the menu and the card (redrawn below, in place) follow
      shownLang = lang();
      view.relabel();
      view.menu(lessons.menu(shownLang));
    }
    if (!st.lesson) {
      if (s.applied) {
        s.applied = null;
        s.clearReveal();
        s.q = null;
        s.hlKeys = new Set();
        marks.markGraph();
      }
      return view.draw(null);
    }
    const l = lessons.lesson(st.lesson);
    if (!l) {
      say(t('lesson.notice.left', { name: st.lesson, why: lessons.problem(st.lesson) }));
      queueMicrotask(() => ctx.setState({ lesson: null, step: 1 }));
      return view.draw(null);
    }
    const k = Math.min(st.step, l.steps.length);
    const pair = `${l.name}|${k}`;
    if (pair !== s.applied) {
      if (st.step > l.steps.length) say(t('lesson.notice.last', { title: lessonWords(l, lang()).title, n: l.steps.length }));
      s.applied = pair;
      s.hlFor = null;
      s.pendingApply = true;
      // after this render: a state change from inside it would be drawn under the old one
      queueMicrotask(() => { if (s.applied === pair && ctx.getState().lesson === l.name) nav.apply(l, k); });
      return redrawCard();
    }
    if (!st.present) {
      // the presentation layout was left (its ✕ or the p key): so is the lesson
      queueMicrotask(() => nav.leave());
      return view.draw(null);
    }
    const cur = s.current();
    if (cur && cur.ready) {
      const hk = `${pair}|${m.version}|${st.stage}`;
      if (s.hlFor !== hk && !(s.q && s.q.verdict)) {
        s.hlFor = hk;
        marks.stepHighlights(cur);
      }
      marks.markGraph();
    }
    redrawCard();
  }
  return { draw, settled };
}
