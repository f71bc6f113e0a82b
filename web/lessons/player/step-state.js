// lessons/player/step-state.js — the state of the step being played, shared by the player's parts (navigation,
// question, marks): which step was applied, its question, its highlighted nodes, the last drawn state and
// result. Split out of lessons/player.js so that each part reads and writes one documented object.
import { lessonEnv } from '../env.js';

/** ctx: the lab's; lesson(name): player/lessons.js's. */
export function createStepState({ ctx, lesson }) {
  let envMemo = null;
  const s = {
    applied: null,        // "name|k" of the step whose state was last applied
    pendingApply: false,  // a step's state is queued (apply): until it lands the shown result is the old step's
    q: null,              // the step's question: {id, kind, ans, picked: Set(keys) | null, chosen, amount, verdict}
    hlKeys: new Set(),    // nodes the step (or a reveal) highlights, by stable key
    hlFor: null,          // the step, result and stage the highlights were resolved for
    pickStage: null,      // the stage a remove question's picks were made on
    revealTimer: null,
    revealPanel: null,    // the overlay the open question keeps closed until Check
    last: { st: null, m: null },

    /** The step shown: {st, m, l, step, ready} (ready: the result is the step's own), or null. */
    current() {
      const { st, m } = s.last;
      if (!st || !st.lesson || !m) return null;
      const l = lesson(st.lesson);
      if (!l) return null;
      const step = l.steps[Math.min(st.step, l.steps.length) - 1];
      const ready = !s.pendingApply && !!(m.result && m.stages && m.stages.length && m.key === ctx.analysisKey(st));
      return { st, m, l, step, ready };
    },
    /** The step's env (env.js) for the shown result and stage: what the questions and highlights read. */
    envOf(cur) {
      const id = `${cur.m.version}|${cur.st.stage}|${cur.st.kset}|${!!ctx.lab()}`;   // (the module: precision()'s runs)
      if (!envMemo || envMemo.id !== id) envMemo = { id, env: lessonEnv(cur.m.result, cur.m.stages, { state: cur.st, lab: ctx.lab() }) };
      return envMemo.env;
    },
    clearReveal() {
      if (s.revealTimer) clearTimeout(s.revealTimer);
      s.revealTimer = null;
    },
  };
  return s;
}
