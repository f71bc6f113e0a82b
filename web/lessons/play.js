// lessons/play.js — one step of a lesson played without the page: its state → the case → the result and the
// stages as the page's analysis hands them over (analysis-core.js: graphs and provenance turned into stages,
// kernels named by the core, stages summarised per layer past LITE_NODES) → the env → every assertion, the question's
// engine answer and the highlight. tests/lessons.test.js plays every lesson with it, against the WASM module
// and against the native CLI. Pure module: runCase is passed in.

import { buildStages } from '../model.js';
import { caseFromState } from '../state.js';
import { liteStage, LITE_NODES } from '../views/graph/collapse.js';
import { lessonEnv } from './env.js';
import { checkAssertions } from './expr.js';
import { engineAnswer } from './questions.js';
import { resolveHighlight } from './highlight.js';

/** {result, stages} as the page has them for a case result (the result is changed in place). */
export function pageView(result) {
  const full = buildStages(result);
  const stages = full.some((s) => s.nodes.length > LITE_NODES) ? full.map(liteStage) : full;
  delete result.graphs;
  delete result.provenance;
  return { result, stages };
}

/**
 * Plays step stepIndex (0-based) of a validated lesson. runCase(caseObj) → result (the module's runCase, or
 * the CLI's); lab: the module for dynamic() / branch() (optional); presetDevices: gl.presets().devices.
 * Returns {env, failures: [messages], answer (the engine's, or null), highlight (resolved, or null)}: every
 * problem is a message naming the lesson, the step and what failed.
 */
export function playStep(lesson, stepIndex, { runCase, lab = null, presetDevices = null }) {
  const step = lesson.steps[stepIndex];
  const where = `lesson ${lesson.name}, step ${stepIndex + 1}`;
  const failures = [];
  let env;
  try {
    const { result, stages } = pageView(runCase(caseFromState(step.state, { presetDevices })));
    env = lessonEnv(result, stages, { state: step.state, lab });
  } catch (err) {
    return { env: null, failures: [`${where}, state: the core refused the case: ${err && err.message ? err.message : err}`], answer: null, highlight: null };
  }
  for (const f of checkAssertions(lesson, stepIndex, env)) failures.push(f.message);
  let answer = null;
  if (step.question) {
    try {
      answer = engineAnswer(step.question, env);
      const why = answerProblem(answer);
      if (why) failures.push(`${where}, question: the engine's answer ${why}`);
    } catch (err) {
      failures.push(`${where}, question: no engine answer: ${err.message}`);
    }
  }
  let highlight = null;
  if (step.highlight) {
    try {
      highlight = resolveHighlight(step.highlight, env);
    } catch (err) {
      failures.push(`${where}, ${err.message.startsWith('highlight') ? '' : 'highlight: '}${err.message}`);
    }
  }
  return { env, failures, answer, highlight };
}

/** null when an engine answer is well-formed, else what is wrong with it. */
export function answerProblem(a) {
  if (!a || typeof a !== 'object') return 'is not an object';
  if (typeof a.explain !== 'string' || !a.explain.trim()) return 'has no explanation';
  if (a.answer === undefined || a.answer === null) return 'is empty';
  if (a.kind === 'remove' && !(Array.isArray(a.answer) && a.answer.length && a.answer.every((k) => typeof k === 'string'))) return 'names no node to remove (the pass changes nothing here)';
  if ((a.kind === 'graphs' || a.kind === 'count') && !Number.isInteger(a.answer)) return `is not a whole number (${a.answer})`;
  if (Array.isArray(a.choices) && !a.choices.includes(a.answer)) return `is not among its choices (${a.answer})`;
  if (Array.isArray(a.choices) && a.choices.length < 2) return 'offers fewer than two choices';
  return null;
}
