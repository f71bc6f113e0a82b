// lessons/questions.js — the questions a lesson asks, whose answers come from the engine, never from the
// lesson: the lesson names what to ask about (a pass, a kernel, a demo's settings) and engineAnswer reads the
// answer off the case result, the stages' provenance, the roofline, the memory plans or the dynamic demo.
//
//   remove    click the nodes this pass will remove or merge       (provenance of the pass)
//   bound     is kernel K memory- or compute-bound? / is the layer launch-bound? (roofline)
//   plan      which memory plan uses less memory, and by how much?  (memory plans)
//   graphs    how many graphs will a strategy compile over N decode steps, or a front end trace? (demos)
//   count     how many nodes (ops) will the graph have after pass P? (pass counts)
//   dominant  which kernel takes the most time in the whole stack?  (roofline time by kernel role)
//   worst     which node loses the most under the step's precision plan? (the core's error.worst, or the
//             node table's largest max relative error)
//   helps     does folding the norm weight / SmoothQuant's smoothing lower the error under the plan? (two runs)
//   pass      write a pass (exercises.js): the Passes panel's source, graded by the core (judge + the reference
//             solution's graph)
//
// Each kind: FIELDS (validated by format.js), engineAnswer(question, env) → {kind, answer, choices?,
// explain, ...}, score(question, engineAnswer, studentAnswer) → {correct, message}. Pure module.

import { formatBytes, formatCount, formatIntensity, formatNumber, formatTime } from '../format.js';
import { EXERCISE_IDS, exerciseById, gradePass } from './exercises.js';
import { fmtErr, fmtSnr, fmtAdded, nodeLabel, sortedRows } from '../precision.js';
import { PASS_CODE } from '../core-tables.js';
import { CATALOGS, lang, t } from '../i18n/i18n.js';

const STRATEGIES = ['specialize', 'bucket', 'symbolic'];
const FRONTENDS = ['error', 'specialize', 'guard', 'lazy'];
const DYN_CONFIGS = ['small', 'llama8b'];
const PLANS = ['naive', 'greedy', 'lower_bound'];
// the words a student reads are the catalogue's (i18n/en/lessons.js, zh-CN/lessons.js), in the page's language
// at the time of asking (the player asks again when the language changes)
const planWord = (p) => t(`lesson.plan.${p}`);
/** The catalogue's word for a value (a kernel group, a bound), or the value itself when it has none. */
export function wordOf(prefix, v) {
  return Object.prototype.hasOwnProperty.call(CATALOGS[lang()], `${prefix}.${v}`) ? t(`${prefix}.${v}`) : String(v);
}
const LIST_SEP = { en: ', ', zh: '，' };

// field checkers: return null when fine, else what is wrong
const str = (v) => (typeof v === 'string' && v.trim() ? null : 'not a non-empty string');
const oneOf = (list) => (v) => (list.includes(v) ? null : `not one of ${list.join(', ')}`);
const intIn = (lo, hi) => (v) => (Number.isInteger(v) && v >= lo && v <= hi ? null : `not a whole number in ${lo}…${hi}`);
const stageKey = (v) => (typeof v === 'string' && /^[a-z_]+(#[0-9]+)?$/.test(v) && v !== 'trace' ? null : 'not a pass of the pipeline (its stage key, e.g. "cse")');
const planPair = (v) => (Array.isArray(v) && v.length === 2 && v.every((p) => PLANS.includes(p)) && v[0] !== v[1] ? null : `not two different plans of ${PLANS.join(', ')}`);
const fraction = (v) => (typeof v === 'number' && v > 0 && v <= 1 ? null : 'not a number in (0, 1]');

/** Per kind: {required: {field: check}, optional: {field: check}}; kind and prompt are common to all. */
export const FIELDS = {
  remove: { required: { pass: stageKey }, optional: {} },
  bound: { required: {}, optional: { kernel: intIn(0, 1e6), set: oneOf(['fused', 'eager']) } },
  plan: { required: {}, optional: { plans: planPair, by: oneOf(['ratio', 'bytes']), tolerance: fraction } },
  graphs: {
    required: {},
    optional: { strategy: oneOf(STRATEGIES), from: intIn(1, 1000000), steps: intIn(1, 1024), config: oneOf(DYN_CONFIGS), frontend: oneOf(FRONTENDS) },
  },
  count: { required: { pass: stageKey }, optional: { what: oneOf(['nodes', 'ops']) } },
  dominant: { required: {}, optional: { set: oneOf(['fused', 'eager']), by: oneOf(['group', 'role']) } },
  pass: { required: { exercise: oneOf(EXERCISE_IDS) }, optional: {} },
  worst: { required: {}, optional: { by: oneOf(['added', 'max_rel']) } },
  helps: { required: { change: oneOf(['fold_norm_weight', 'smooth']) }, optional: {} },
};
export const KINDS = Object.keys(FIELDS);

/**
 * Checks a question's fields. Returns [[field, why], ...] ([] when valid); pipelineKeys (the step's stage
 * keys, trace first) and stage (the step's shown stage) check the fields that name a pass.
 */
export function questionProblems(q, { pipelineKeys = null, stage = null } = {}) {
  if (q === null || typeof q !== 'object' || Array.isArray(q)) return [['', 'not an object']];
  if (!KINDS.includes(q.kind)) return [['kind', `not one of ${KINDS.join(', ')}`]];
  const spec = FIELDS[q.kind];
  const out = [];
  const w = str(q.prompt);
  if (w) out.push(['prompt', w]);
  for (const k of Object.keys(q)) {
    if (k === 'kind' || k === 'prompt') continue;
    const check = spec.required[k] || spec.optional[k];
    if (!check) { out.push([k, `unknown field for a "${q.kind}" question`]); continue; }
    const why = check(q[k]);
    if (why) out.push([k, why]);
  }
  for (const k of Object.keys(spec.required)) if (!(k in q)) out.push([k, 'missing']);
  if (q.kind === 'graphs') {
    const dyn = ['strategy', 'from', 'steps'].filter((k) => k in q);
    if ('frontend' in q && (dyn.length || 'config' in q)) out.push(['frontend', 'either a front end or strategy/from/steps, not both']);
    else if (!('frontend' in q) && dyn.length !== 3) out.push([dyn.length ? ['strategy', 'from', 'steps'].find((k) => !(k in q)) : 'strategy', 'missing (strategy, from and steps, or frontend)']);
  }
  if ((q.kind === 'remove' || q.kind === 'count') && typeof q.pass === 'string' && pipelineKeys && !stageKey(q.pass)) {
    const at = pipelineKeys.indexOf(q.pass);
    if (at < 0) out.push(['pass', `"${q.pass}" is not in the step's pipeline (${pipelineKeys.slice(1).join(', ') || 'empty'})`]);
    // the student predicts from the graph before the pass: the step must show that stage
    else if (stage !== null && stage !== at - 1) out.push(['pass', `the step shows stage ${stage}; a question about ${q.pass} (stage ${at}) needs stage=${at - 1}, the graph before it`]);
  }
  return out;
}

// ------------------------------------------------------------------------------------------ answers
function need(cond, msg) {
  if (!cond) throw new Error(msg);
}

function kernelSetOf(env, q) {
  const set = q.set === 'eager' ? env.eager : env.fused;
  need(set, `the result has no ${q.set || 'fused'} kernels`);
  return set;
}

function answerRemove(q, env) {
  const st = env.stages[q.pass];
  need(st, `no stage "${q.pass}"`);
  need(!st.lite && Array.isArray(st.removed), `"${q.pass}" is a summarised stage (a big stack) or has no provenance: a remove question needs a small graph`);
  const prev = env.stage_list[st.index - 1];
  const ops = {};
  for (const id of st.removed) { const op = prev.nodes[id].op; ops[op] = (ops[op] || 0) + 1; }
  const what = Object.entries(ops).map(([op, n]) => `${n} ${op}`).join(LIST_SEP[lang()]);
  return {
    kind: 'remove',
    answer: st.removed_keys.slice(),
    ids: st.removed.slice(),
    explain: st.removed.length
      ? t('lesson.ans.remove', { pass: q.pass, n: st.removed.length, what, ids: st.removed.map((i) => `%${i}`).join(', ') })
      : t('lesson.ans.remove.none', { pass: q.pass }),
  };
}

function answerBound(q, env) {
  const set = kernelSetOf(env, q);
  if (Number.isInteger(q.kernel)) {
    const k = set.kernels[q.kernel];
    need(k, `there is no kernel ${q.kernel} (${set.kernels.length} ${q.set || 'fused'} kernels)`);
    return {
      kind: 'bound', answer: k.bound, choices: ['memory', 'compute'], kernel: k.index,
      explain: t('lesson.ans.bound.kernel', {
        index: k.index, name: k.name, intensity: formatIntensity(k.intensity), ridge: formatIntensity(k.ridge), bound: t(`lesson.choice.bound.${k.bound}`),
        time: formatTime(k.time_s), launch: k.launch_bound ? t('lesson.ans.bound.under', { launch: formatTime(env.device.launch) }) : '',
      }),
    };
  }
  // the whole set: launch overhead against roofline time, else which kind of kernel holds the time
  let answer = 'launch';
  let mem = 0, comp = 0;
  for (const k of set.kernels) { if (k.bound === 'memory') mem += k.time_s; else comp += k.time_s; }
  if (!set.launch_bound) answer = mem >= comp ? 'memory' : 'compute';
  return {
    kind: 'bound', answer, choices: ['launch', 'memory', 'compute'],
    explain: t('lesson.ans.bound.set', {
      count: formatCount(set.count), launch: formatTime(env.device.launch), launchTime: formatTime(set.launch_s), time: formatTime(set.time_s),
      mem: formatTime(mem), comp: formatTime(comp), bound: t(`lesson.choice.bound.${answer}`),
    }),
  };
}

function answerPlan(q, env) {
  const m = env.memory;
  need(m, 'the result has no memory plan');
  const [a, b] = q.plans || ['naive', 'greedy'];
  const by = q.by || 'ratio';
  const va = m[a], vb = m[b];
  const answer = va === vb ? 'same' : va < vb ? a : b;
  const lo = Math.min(va, vb), hi = Math.max(va, vb);
  const amount = by === 'bytes' ? hi - lo : lo ? hi / lo : null;
  const how = by === 'bytes' ? formatBytes(hi - lo) : `${formatNumber(amount)}×`;
  return {
    kind: 'plan', answer, choices: [a, b, 'same'], by, amount, tolerance: q.tolerance ?? 0.1,
    explain: answer === 'same'
      ? t('lesson.ans.plan.same', { a: planWord(a), b: planWord(b), bytes: formatBytes(va) })
      : t('lesson.ans.plan', { a: planWord(a), va: formatBytes(va), b: planWord(b), vb: formatBytes(vb), less: planWord(answer), how }),
  };
}

function answerGraphs(q, env) {
  if (q.frontend) {
    const r = env.branch(q.frontend);
    return {
      kind: 'graphs', answer: r.graphs,
      explain: r.error ? t('lesson.ans.frontend.error', { frontend: q.frontend, error: r.error, graphs: r.graphs })
        : t('lesson.ans.frontend', { frontend: q.frontend, n: r.graphs, wrong: r.correct_on_second_input === false ? t('lesson.ans.frontend.wrong') : '' }),
    };
  }
  const r = env.dynamic(q.strategy, q.from, q.steps, q.config || 'small');
  return {
    kind: 'graphs', answer: r.compiles,
    explain: t('lesson.ans.dynamic', {
      strategy: q.strategy, steps: formatCount(q.steps), from: formatCount(q.from), c: r.compiles, h: r.cache_hits,
      padded: r.padded_slots ? t('lesson.ans.dynamic.padded', { padded: formatCount(r.padded_slots) }) : '',
    }),
  };
}

function answerCount(q, env) {
  const st = env.stages[q.pass];
  need(st, `no stage "${q.pass}"`);
  const what = q.what || 'nodes';
  const answer = what === 'ops' ? st.ops_count : st.count;
  const prev = env.stage_list[st.index - 1];
  const before = what === 'ops' ? prev.ops_count : prev.count;
  return {
    kind: 'count', answer,
    explain: t(what === 'ops' ? 'lesson.ans.count.ops' : 'lesson.ans.count.nodes', {
      pass: q.pass, answer: formatCount(answer), before: formatCount(before), diff: `${answer >= before ? '+' : '−'}${formatCount(Math.abs(answer - before))}`,
    }),
  };
}

const MAX_CHOICES = 5;
function answerDominant(q, env) {
  const set = kernelSetOf(env, q);
  const by = q.by || 'group';
  const times = by === 'role' ? set.time_by_role : set.time_by_group;
  const ranked = Object.entries(times).sort((x, y) => y[1] - x[1]);
  need(ranked.length, 'no kernels');
  const total = ranked.reduce((s, [, t]) => s + t, 0);
  const [name, secs] = ranked[0];
  const word = (v) => (by === 'group' ? wordOf('lesson.group', v) : v);
  const parts = { name: word(name), time: formatTime(secs), total: formatTime(total), share: formatNumber((100 * secs) / total) };
  // the top ones, in the order the kernels run (so the answer is not always first)
  const top = new Set(ranked.slice(0, MAX_CHOICES).map(([r]) => r));
  const order = [];
  for (const k of set.kernels) if (top.has(k[by]) && !order.includes(k[by])) order.push(k[by]);
  return {
    kind: 'dominant', answer: name, choices: order, by, share: secs / total,
    explain: ranked[1]
      ? t('lesson.ans.dominant', { ...parts, next: word(ranked[1][0]), nextTime: formatTime(ranked[1][1]) })
      : t('lesson.ans.dominant.alone', parts),
  };
}

// pass: the exercise, and its grader over the env's module (the page's: env.lab)
function answerPass(q, env) {
  const ex = exerciseById(q.exercise);
  const ans = {
    kind: 'pass', answer: ex.id, exercise: ex,
    explain: t('lesson.ans.pass', { fn: ex.fn }),
  };
  // the grader is the module's, not part of the answer (not enumerable: answers compare as data)
  Object.defineProperty(ans, 'grade', {
    value: env && typeof env.pypass === 'function' ? (source) => gradePass(ex, source, { pypass: env.pypass }) : null,
  });
  return ans;
}

// worst / helps: the step's layer run under its plan (env.precision(): the core's error; nothing computed here)
function planError(env, keys = '') {
  need(typeof env.precision === 'function', 'the env has no precision runs');
  const err = env.precision(keys);
  need(err && Array.isArray(err.nodes), 'the step\'s state has no precision plan (hash keys qw, qa, qkv, qacc)');
  return err;
}
const finalNode = (env, id) => (env.final && Array.isArray(env.final.nodes) ? env.final.nodes[id] || null : null);

function answerWorst(q, env) {
  const err = planError(env);
  const by = q.by || 'added';
  const ranked = sortedRows(err.nodes).filter((e) => e.max_rel !== null && e.max_rel > 0);
  let id;
  if (by === 'added') {
    need('worst' in err, 'the core\'s result has no error.worst (a core without the worst node: ask by "max_rel")');
    need(err.worst && Number.isInteger(err.worst.node), 'no node adds error under this plan');
    id = err.worst.node;
  } else {
    need(ranked.length, 'no node has an error under this plan');
    id = ranked[0].node;
  }
  // the choices: the nodes with the largest errors (and the answer), in the graph's order
  const ids = ranked.slice(0, MAX_CHOICES).map((e) => e.node);
  if (!ids.includes(id)) ids[Math.min(ids.length, MAX_CHOICES - 1)] = id;
  ids.sort((a, b) => a - b);
  const label = (i) => nodeLabel(i, finalNode(env, i), env.final && env.final.nodes);
  const entry = err.nodes.find((e) => e.node === id);
  const next = ranked.find((e) => e.node !== id);
  return {
    kind: 'worst', by, answer: `%${id}`, node: id, choices: ids.map((i) => `%${i}`),
    labels: Object.fromEntries(ids.map((i) => [`%${i}`, label(i)])),
    explain: by === 'added'
      ? t('lesson.ans.worst.added', { node: label(id), added: fmtAdded(err.worst.added_db), err: fmtErr(entry.max_rel), snr: fmtSnr(entry) })
      : next ? t('lesson.ans.worst.rel', { node: label(id), err: fmtErr(entry.max_rel), snr: fmtSnr(entry), next: label(next.node), nextErr: fmtErr(next.max_rel) })
        : t('lesson.ans.worst.rel.alone', { node: label(id), err: fmtErr(entry.max_rel), snr: fmtSnr(entry) }),
  };
}

function answerHelps(q, env) {
  planError(env);
  let without, withIt;
  if (q.change === 'smooth') {
    without = 'smooth=0';
    withIt = 'smooth=1';
  } else {
    need(Array.isArray(env.pipeline), 'the env has no pipeline');
    const off = env.pipeline.filter((p) => p !== q.change);
    const on = env.pipeline.includes(q.change) ? env.pipeline : [...env.pipeline, q.change];
    without = `p=${off.map((p) => PASS_CODE[p]).join('.')}`;
    withIt = `p=${on.map((p) => PASS_CODE[p]).join('.')}`;
  }
  const a = planError(env, without).outputs[0];
  const b = planError(env, withIt).outputs[0];
  need(a && b, 'the runs have no outputs');
  // an overflowed output (null) is worse than any number
  const v = (o) => (o.max_rel === null ? Infinity : o.max_rel);
  const answer = v(b) < v(a) ? 'yes' : 'no';
  return {
    kind: 'helps', answer, choices: ['yes', 'no'], change: q.change, without: a.max_rel, with: b.max_rel,
    explain: t('lesson.ans.helps', {
      without: fmtErr(a.max_rel), change: t(`lesson.change.${q.change}`), with: fmtErr(b.max_rel),
      verdict: t(answer === 'yes' ? 'lesson.ans.helps.yes' : v(b) === v(a) ? 'lesson.ans.helps.same' : 'lesson.ans.helps.no'),
    }),
  };
}

const ANSWER = { worst: answerWorst, helps: answerHelps, pass: answerPass, remove: answerRemove, bound: answerBound, plan: answerPlan, graphs: answerGraphs, count: answerCount, dominant: answerDominant };

/** The engine's answer to a (validated) question over env (lessonEnv): {kind, answer, choices?, explain, ...}. */
export function engineAnswer(question, env) {
  const fn = ANSWER[question && question.kind];
  if (!fn) throw new Error(`unknown question kind ${JSON.stringify(question && question.kind)}`);
  return fn(question, env);
}

// ------------------------------------------------------------------------------------------ scoring
/** The engine's answer as a verdict names it: a node's label, the catalogue's word ("memory", "访存受限"), the
 *  value itself. */
function answerWord(ans) {
  if (ans.labels && ans.labels[ans.answer]) return ans.labels[ans.answer];
  if (ans.kind === 'dominant' && ans.by === 'group') return wordOf('lesson.group', ans.answer);
  return wordOf(`lesson.answer.${ans.kind}`, ans.answer);
}

/**
 * Scores a student's answer against the engine's: {correct, message}.
 * remove: a list of node keys ("n12", as the graph view names nodes) or of node ids of the graph before the
 * pass; bound / dominant / worst ("%12") / helps ("yes" | "no"): one of the choices; plan: a plan name, or {plan, amount}; graphs / count: a number.
 */
export function score(question, ans, student) {
  const kind = question.kind;
  if (kind === 'remove') {
    if (!Array.isArray(student)) return { correct: false, message: t('lesson.score.pickNodes') };
    const byId = student.every((x) => typeof x === 'number');
    const truth = new Set(byId ? ans.ids : ans.answer);
    const picked = new Set(student);
    const right = [...picked].filter((x) => truth.has(x)).length;
    const extra = picked.size - right;
    const missed = truth.size - right;
    if (!extra && !missed) return { correct: true, message: t('lesson.score.all', { n: truth.size, explain: ans.explain }) };
    const parts = [];
    if (right) parts.push(t('lesson.score.hits', { count: formatCount(right) }));
    if (missed) parts.push(t('lesson.score.missed', { count: formatCount(missed) }));
    if (extra) parts.push(t('lesson.score.extra', { n: extra }));
    return { correct: false, message: t('lesson.score.partly', { parts: parts.join(LIST_SEP[lang()]), explain: ans.explain }) };
  }
  if (kind === 'bound' || kind === 'dominant' || kind === 'worst' || kind === 'helps') {
    if (typeof student !== 'string') return { correct: false, message: t('lesson.score.pickAnswer') };
    const ok = student === ans.answer;
    // (a worst question's answer is a node: named as its choice reads)
    return { correct: ok, message: ok ? t('lesson.score.right', { explain: ans.explain }) : t('lesson.score.no', { answer: answerWord(ans), explain: ans.explain }) };
  }
  if (kind === 'plan') {
    const s = typeof student === 'string' ? { plan: student } : student;
    if (!s || typeof s.plan !== 'string') return { correct: false, message: t('lesson.score.pickPlan') };
    if (s.plan !== ans.answer) return { correct: false, message: t('lesson.score.no', { answer: ans.answer === 'same' ? t('lesson.score.same') : planWord(ans.answer), explain: ans.explain }) };
    if (s.amount !== undefined && s.amount !== null && ans.answer !== 'same') {
      const a = Number(s.amount);
      const close = Number.isFinite(a) && Math.abs(a - ans.amount) <= ans.tolerance * Math.abs(ans.amount);
      if (!close) return { correct: false, message: t('lesson.score.notBy', { amount: `${formatNumber(a)}${ans.by === 'ratio' ? '×' : ' B'}`, explain: ans.explain }) };
    }
    return { correct: true, message: t('lesson.score.right', { explain: ans.explain }) };
  }
  if (kind === 'graphs' || kind === 'count') {
    const n = typeof student === 'string' && /^\s*\d+\s*$/.test(student) ? Number(student) : student;
    if (typeof n !== 'number' || !Number.isFinite(n)) return { correct: false, message: t('lesson.score.typeNumber') };
    const ok = n === ans.answer;
    return { correct: ok, message: ok ? t('lesson.score.right', { explain: ans.explain }) : t('lesson.score.numberNo', { answer: formatCount(ans.answer), given: formatCount(n), explain: ans.explain }) };
  }
  if (kind === 'pass') {
    if (typeof student !== 'string' || !student.trim()) return { correct: false, message: t('lesson.score.writePass') };
    if (!ans.grade) return { correct: false, message: t('lesson.score.loading') };
    return ans.grade(student);
  }
  throw new Error(`unknown question kind ${JSON.stringify(kind)}`);
}
