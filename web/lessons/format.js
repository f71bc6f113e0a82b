// lessons/format.js — a lesson file (lessons/NAME.json) checked strictly and normalised for the player and
// the headless suite. Every error names the lesson, the step (1-based) and the field:
//   lesson 03-fusion, step 2, assert[1]: expected ")" at the end
// Unknown keys, wrong types, empty text, a state whose hash the lab would drop a key of, an assertion that
// does not parse, a question of an unknown kind or with a bad field: all errors. The format is described in
// docs/LESSONS.md. Pure module.

import { parseHash, PANELS, LIMITS } from '../state.js';
import { OP_CLASS } from '../ops.js';
import { parse as parseExpr } from './expr.js';
import { parseText } from './text.js';
import { questionProblems } from './questions.js';

export class LessonError extends Error {
  constructor(lesson, step, field, why) {
    super(`lesson ${lesson}${step ? `, step ${step}` : ''}${field ? `, ${field}` : ''}: ${why}`);
    this.lesson = lesson;
    this.step = step;
    this.field = field;
  }
}

export const NAME_RE = /^[a-z0-9-]{1,40}$/;
export const MAX_STEPS = 32;
const MAX_TEXT = 4000;
const MAX_ASSERTS = 32;
// the hash keys of the player itself: a step's state is a lab state, it cannot open another lesson
const PLAYER_KEYS = ['lesson', 'step'];

const LESSON_KEYS = { title: true, summary: true, panel: true, steps: true, zh: false };
const STEP_KEYS = { state: true, title: false, text: true, highlight: false, question: false, assert: false, zh: false };  // zh: checked last (checkZh)
const HIGHLIGHT_KEYS = ['op', 'name', 'line', 'kernel', 'buffer'];

const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The stage keys of a pipeline as the core names its graphs: trace, then each pass ("cse", "cse#2", ...). */
export function stageKeys(pipeline) {
  const seen = {};
  return ['trace', ...pipeline.map((p) => {
    seen[p] = (seen[p] || 0) + 1;
    return seen[p] === 1 ? p : `${p}#${seen[p]}`;
  })];
}

function checkKeys(obj, spec, fail, prefix = '') {
  for (const k of Object.keys(obj)) if (!Object.prototype.hasOwnProperty.call(spec, k)) fail(`${prefix}${k}`, 'unknown key');
  for (const [k, required] of Object.entries(spec)) if (required && !(k in obj)) fail(`${prefix}${k}`, 'missing');
}

function checkString(v, field, fail, max = 200) {
  if (typeof v !== 'string' || !v.trim()) fail(field, 'not a non-empty string');
  if (v.length > max) fail(field, `longer than ${max} characters`);
}

function checkText(v, field, fail) {
  checkString(v, field, fail, MAX_TEXT);
  try { parseText(v); } catch (err) { fail(field, err.message); }
}

/**
 * The Chinese words of a lesson or a step (its `zh` object): the same fields as the English side has, each
 * checked as the English one is; a field the English side has is required, one it has not is refused.
 * words: {field: 'string' | 'text'} of the English side; prompt: whether the step has a question (its prompt).
 */
function checkZh(zh, words, prompt, fail) {
  if (zh === undefined) fail('zh', 'missing (the Chinese words: every lesson and step has both languages)');
  if (!isObj(zh)) fail('zh', 'not an object (the Chinese words: {title, summary} or {title, text, question: {prompt}})');
  for (const k of Object.keys(zh)) {
    if (!(k in words) && !(k === 'question' && prompt)) fail(`zh.${k}`, `unknown key (the English side has no ${k})`);
  }
  const out = {};
  for (const [k, kind] of Object.entries(words)) {
    if (!(k in zh)) fail(`zh.${k}`, 'missing');
    if (kind === 'text') checkText(zh[k], `zh.${k}`, fail);
    else checkString(zh[k], `zh.${k}`, fail, 120);
    out[k] = zh[k];
  }
  if (prompt) {
    if (!('question' in zh)) fail('zh.question', 'missing');
    if (!isObj(zh.question)) fail('zh.question', 'not an object ({prompt})');
    for (const k of Object.keys(zh.question)) if (k !== 'prompt') fail(`zh.question.${k}`, `unknown key (the English side has no question.${k}: only the prompt is words)`);
    if (!('prompt' in zh.question)) fail('zh.question.prompt', 'missing');
    checkString(zh.question.prompt, 'zh.question.prompt', fail, MAX_TEXT);
    try { parseText(zh.question.prompt); } catch (err) { fail('zh.question.prompt', err.message); }
    out.prompt = zh.question.prompt;
  }
  return out;
}

function normaliseHighlight(h, fail) {
  if (!isObj(h)) fail('highlight', 'not an object');
  const keys = Object.keys(h);
  for (const k of keys) if (!HIGHLIGHT_KEYS.includes(k)) fail(`highlight.${k}`, `unknown key (one of ${HIGHLIGHT_KEYS.join(', ')})`);
  if (!keys.length) fail('highlight', 'empty (give op, name, line, kernel or buffer)');
  if ('op' in h && !Object.prototype.hasOwnProperty.call(OP_CLASS, h.op)) fail('highlight.op', `not an op (${JSON.stringify(h.op)})`);
  if ('name' in h) checkString(h.name, 'highlight.name', fail, 80);
  if ('line' in h && !(Number.isInteger(h.line) && h.line >= 1)) fail('highlight.line', 'not a line number (1, 2, …)');
  if ('kernel' in h && !(Number.isInteger(h.kernel) && h.kernel >= 0)) fail('highlight.kernel', 'not a kernel index (0, 1, …)');
  if ('buffer' in h && !(typeof h.buffer === 'string' && /^%[0-9]{1,7}$/.test(h.buffer))) fail('highlight.buffer', 'not a value of the final graph ("%58")');
  return { ...h };
}

/**
 * Validates a parsed lesson file and returns it normalised:
 * {name, title, summary, zh: {title, summary}, panel, steps: [{index (0-based), title, state (the parsed lab
 * state), hash, text, highlight, question, assert, zh: {title (when the step has one), text, prompt (when it
 * has a question)}}]}: the Chinese words beside the English (words.js picks a language's). Throws LessonError.
 * opts.limits: the hash's ranges (LIMITS(meta); without it only the lab's own keys are range-checked).
 */
export function validateLesson(obj, name, { limits = LIMITS(null) } = {}) {
  const lname = typeof name === 'string' ? name : String(name);
  const failAt = (step) => (field, why) => { throw new LessonError(lname, step, field, why); };
  const fail = failAt(null);
  if (!NAME_RE.test(lname)) fail('', 'the name is not [a-z0-9-]{1,40}');
  if (!isObj(obj)) fail('', 'not a JSON object');
  checkKeys(obj, LESSON_KEYS, fail);
  checkString(obj.title, 'title', fail, 120);
  checkText(obj.summary, 'summary', fail);
  if (!PANELS.includes(obj.panel)) fail('panel', `not one of ${PANELS.join(', ')}`);
  if (!Array.isArray(obj.steps) || !obj.steps.length) fail('steps', 'not a non-empty list');
  if (obj.steps.length > MAX_STEPS) fail('steps', `more than ${MAX_STEPS} steps`);
  const zh = checkZh(obj.zh, { title: 'string', summary: 'text' }, false, fail);
  const steps = obj.steps.map((s, index) => {
    const sfail = failAt(index + 1);
    if (!isObj(s)) sfail('', 'not an object');
    checkKeys(s, STEP_KEYS, sfail);
    if (typeof s.state !== 'string') sfail('state', 'not a string (a hash fragment: "mode=decode&L=4")');
    const hash = s.state.startsWith('#') ? s.state.slice(1) : s.state;
    for (const part of hash.split('&')) {
      const key = part.slice(0, part.indexOf('='));
      if (PLAYER_KEYS.includes(key)) sfail('state', `"${key}" is the player's key, not a lab state's`);
    }
    const parsed = parseHash(hash, { limits });
    if (parsed.dropped.length) sfail('state', parsed.dropped.map((d) => d.why).join('; '));
    if (parsed.state.stage > parsed.state.pipeline.length) sfail('state', `stage=${parsed.state.stage} but the pipeline has ${parsed.state.pipeline.length} passes`);
    if ('title' in s) checkString(s.title, 'title', sfail, 120);
    checkText(s.text, 'text', sfail);
    const highlight = 'highlight' in s ? normaliseHighlight(s.highlight, sfail) : null;
    let question = null;
    if ('question' in s) {
      const probs = questionProblems(s.question, { pipelineKeys: stageKeys(parsed.state.pipeline), stage: parsed.state.stage });
      if (probs.length) sfail(probs[0][0] ? `question.${probs[0][0]}` : 'question', probs[0][1]);
      question = { ...s.question };
    }
    let assert = [];
    if ('assert' in s) {
      if (!Array.isArray(s.assert) || !s.assert.length) sfail('assert', 'not a non-empty list of expressions');
      if (s.assert.length > MAX_ASSERTS) sfail('assert', `more than ${MAX_ASSERTS} assertions`);
      s.assert.forEach((src, i) => {
        if (typeof src !== 'string' || !src.trim()) sfail(`assert[${i}]`, 'not a non-empty string');
        try { parseExpr(src); } catch (err) { sfail(`assert[${i}]`, err.message); }
      });
      assert = s.assert.slice();
    }
    // the Chinese words last: an English field's own error names it first
    const szh = checkZh(s.zh, 'title' in s ? { title: 'string', text: 'text' } : { text: 'text' }, 'question' in s, sfail);
    return { index, title: s.title ?? null, state: parsed.state, hash, text: s.text, highlight, question, assert, zh: szh };
  });
  return { name: lname, title: obj.title, summary: obj.summary, zh, panel: obj.panel, steps };
}
