// lesson-format.test.js — the lesson format (web/lessons/format.js), its narration subset (text.js), the
// expression language (expr.js) and question scoring (questions.js), without the WASM module: the module
// is played in tests/lessons.test.js.
import { describe, expect, it } from 'vitest';

import { LessonError, stageKeys, validateLesson } from '../../web/lessons/format.js';
import { lessonWords, stepWords } from '../../web/lessons/words.js';
import { cardOf } from '../../web/lessons/player/card.js';
import { checkAssertions, evaluate, ExprError, parse } from '../../web/lessons/expr.js';
import { parseText, plainText } from '../../web/lessons/text.js';
import { questionProblems, score } from '../../web/lessons/questions.js';

const good = () => ({
  title: 'T', summary: 'S', zh: { title: '题', summary: '概要' }, panel: 'graph',
  steps: [
    { state: 'stage=2', text: 'one **two** `cse`', highlight: { op: 'matmul' }, assert: ['1 + 1 == 2'], zh: { text: '一 **二** `cse`' } },
    { state: 'mode=decode&S=32', text: 'two', question: { kind: 'remove', prompt: 'which?', pass: 'cse' }, assert: ['true'], zh: { text: '二', question: { prompt: '哪些？' } } },
  ],
});
// step 2 shows stage 0 but asks about cse (stage 3): fixed per test below
function lesson(patch = (l) => l) {
  const l = good();
  l.steps[1].state = 'mode=decode&S=32&stage=2';
  return patch(l) || l;
}
const err = (fn) => {
  try { fn(); } catch (e) { return e; }
  throw new Error('did not throw');
};

describe('validateLesson', () => {
  it('normalises a good lesson', () => {
    const l = validateLesson(lesson(), '02-passes');
    expect(l).toMatchObject({ name: '02-passes', title: 'T', panel: 'graph' });
    expect(l.steps).toHaveLength(2);
    expect(l.steps[0]).toMatchObject({ index: 0, hash: 'stage=2', text: 'one **two** `cse`', highlight: { op: 'matmul' }, question: null, assert: ['1 + 1 == 2'] });
    expect(l.steps[1].state.cfg).toMatchObject({ mode: 'decode', S: 32 });
    expect(l.steps[1].state.stage).toBe(2);
    expect(l.steps[1].question).toEqual({ kind: 'remove', prompt: 'which?', pass: 'cse' });
  });

  const cases = [
    ['an unknown top key', (l) => { l.extra = 1; }, 'lesson x, extra: unknown key'],
    ['a missing title', (l) => { delete l.title; }, 'lesson x, title: missing'],
    ['a bad panel', (l) => { l.panel = 'nope'; }, 'lesson x, panel: not one of'],
    ['no steps', (l) => { l.steps = []; }, 'lesson x, steps: not a non-empty list'],
    ['an unknown step key', (l) => { l.steps[1].foo = 1; }, 'lesson x, step 2, foo: unknown key'],
    ['empty text', (l) => { l.steps[0].text = '  '; }, 'lesson x, step 1, text: not a non-empty string'],
    ['text with an unclosed **', (l) => { l.steps[0].text = 'a **b'; }, 'lesson x, step 1, text: an unclosed ** at 3'],
    ['a state key the lab drops', (l) => { l.steps[0].state = 'stage=2&bogus=1'; }, 'lesson x, step 1, state: unknown key "bogus"'],
    ['a state value out of range', (l) => { l.steps[0].state = 'stage=99'; }, 'lesson x, step 1, state: stage=99: out of range'],
    ['a stage past the pipeline', (l) => { l.steps[0].state = 'p=ma.de&stage=3'; }, 'lesson x, step 1, state: stage=3 but the pipeline has 2 passes'],
    ['the player\'s own key', (l) => { l.steps[0].state = 'lesson=01-tracing'; }, 'lesson x, step 1, state: "lesson" is the player\'s key'],
    ['a state that is not a string', (l) => { l.steps[0].state = 3; }, 'lesson x, step 1, state: not a string'],
    ['an assertion that does not parse', (l) => { l.steps[1].assert = ['true', 'len(x']; }, 'lesson x, step 2, assert[1]: expected ")" at the end'],
    ['an empty assert list', (l) => { l.steps[1].assert = []; }, 'lesson x, step 2, assert: not a non-empty list'],
    ['an unknown highlight key', (l) => { l.steps[0].highlight = { node: 3 }; }, 'lesson x, step 1, highlight.node: unknown key'],
    ['an unknown op', (l) => { l.steps[0].highlight = { op: 'conv' }; }, 'lesson x, step 1, highlight.op: not an op'],
    ['a bad buffer', (l) => { l.steps[0].highlight = { buffer: '58' }; }, 'lesson x, step 1, highlight.buffer'],
    ['a question kind', (l) => { l.steps[1].question.kind = 'essay'; }, 'lesson x, step 2, question.kind: not one of'],
    ['a question field', (l) => { l.steps[1].question.answer = ['n3']; }, 'lesson x, step 2, question.answer: unknown field'],
    ['a pass not in the pipeline', (l) => { l.steps[1].state = 'p=ma.de&stage=1'; }, 'lesson x, step 2, question.pass: "cse" is not in the step\'s pipeline'],
    ['a question on the wrong stage', (l) => { l.steps[1].state = 'stage=3'; }, 'needs stage=2, the graph before it'],
    ['graphs without steps', (l) => { l.steps[1].question = { kind: 'graphs', prompt: 'p', strategy: 'bucket', from: 5 }; }, 'question.steps: missing'],
    ['a long title', (l) => { l.title = 'x'.repeat(121); }, 'lesson x, title: longer than 120 characters'],
    ['an empty summary', (l) => { l.summary = ''; }, 'lesson x, summary: not a non-empty string'],
    ['a summary with an unclosed `', (l) => { l.summary = 'a `b'; }, 'lesson x, summary: an unclosed `'],
    ['not an object', () => [], 'lesson x: not a JSON object'],
    ['too many steps', (l) => { l.steps = Array(33).fill(l.steps[0]); }, 'lesson x, steps: more than 32 steps'],
    ['a step that is not an object', (l) => { l.steps[1] = 'step'; }, 'lesson x, step 2: not an object'],
    ['a step title that is not a string', (l) => { l.steps[0].title = 3; }, 'lesson x, step 1, title: not a non-empty string'],
    ['an empty highlight', (l) => { l.steps[0].highlight = {}; }, 'lesson x, step 1, highlight: empty'],
    ['a highlight that is a list', (l) => { l.steps[0].highlight = ['op']; }, 'lesson x, step 1, highlight: not an object'],
    ['line 0', (l) => { l.steps[0].highlight = { line: 0 }; }, 'lesson x, step 1, highlight.line: not a line number'],
    ['a negative kernel', (l) => { l.steps[0].highlight = { kernel: -1 }; }, 'lesson x, step 1, highlight.kernel: not a kernel index'],
    ['an empty name', (l) => { l.steps[0].highlight = { name: '' }; }, 'lesson x, step 1, highlight.name: not a non-empty string'],
    ['an assertion that is not a string', (l) => { l.steps[0].assert = ['true', 3]; }, 'lesson x, step 1, assert[1]: not a non-empty string'],
    ['too many assertions', (l) => { l.steps[0].assert = Array(33).fill('true'); }, 'lesson x, step 1, assert: more than 32 assertions'],
    ['a question that is not an object', (l) => { l.steps[1].question = 'q'; }, 'lesson x, step 2, question: not an object'],
    ['a question without a prompt', (l) => { delete l.steps[1].question.prompt; }, 'lesson x, step 2, question.prompt: not a non-empty string'],
    ['a remove question without a pass', (l) => { delete l.steps[1].question.pass; }, 'lesson x, step 2, question.pass: missing'],
    ['a question on trace', (l) => { l.steps[1].question.pass = 'trace'; }, 'lesson x, step 2, question.pass: not a pass of the pipeline'],
    ['graphs with both', (l) => { l.steps[1].question = { kind: 'graphs', prompt: 'p', frontend: 'guard', strategy: 'bucket', from: 5, steps: 2 }; }, 'question.frontend: either'],
  ];
  it.each(cases)('refuses %s, naming lesson, step and field', (_what, patch, msg) => {
    const e = err(() => validateLesson(lesson(patch), 'x'));
    expect(e).toBeInstanceOf(LessonError);
    expect(e.message).toContain(msg);
  });

  // both languages (issue 34): the zh object has exactly the English side's words, each checked as the English
  const zhCases = [
    ['a step without its Chinese text', (l) => { delete l.steps[0].zh.text; }, 'lesson x, step 1, zh.text: missing'],
    ['a question without its Chinese prompt', (l) => { delete l.steps[1].zh.question.prompt; }, 'lesson x, step 2, zh.question.prompt: missing'],
    ['a Chinese title the English step has not', (l) => { l.steps[0].zh.title = '标题'; }, 'lesson x, step 1, zh.title: unknown key (the English side has no title)'],
    ['a step with no zh', (l) => { delete l.steps[1].zh; }, 'lesson x, step 2, zh: missing (the Chinese words: every lesson and step has both languages)'],
    ['a lesson with no zh', (l) => { delete l.zh; }, 'lesson x, zh: missing (the Chinese words: every lesson and step has both languages)'],
    ['a lesson without its Chinese summary', (l) => { delete l.zh.summary; }, 'lesson x, zh.summary: missing'],
    ['a Chinese text with an unclosed **', (l) => { l.steps[0].zh.text = '一 **二'; }, 'lesson x, step 1, zh.text: an unclosed ** at 3'],
    ['an empty Chinese text', (l) => { l.steps[0].zh.text = ' '; }, 'lesson x, step 1, zh.text: not a non-empty string'],
    ['a Chinese prompt on a step with no question', (l) => { l.steps[0].zh.question = { prompt: '哪些？' }; }, 'lesson x, step 1, zh.question: unknown key (the English side has no question)'],
    ['a question field in the Chinese words', (l) => { l.steps[1].zh.question.pass = 'cse'; }, 'lesson x, step 2, zh.question.pass: unknown key (the English side has no question.pass: only the prompt is words)'],
    ['a step title without its Chinese one', (l) => { l.steps[1].title = 'Two'; }, 'lesson x, step 2, zh.title: missing'],
    ['zh that is not an object', (l) => { l.steps[0].zh = '一'; }, 'lesson x, step 1, zh: not an object'],
  ];
  it.each(zhCases)('refuses %s, with the exact message', (_what, patch, msg) => {
    const e = err(() => validateLesson(lesson(patch), 'x'));
    expect(e).toBeInstanceOf(LessonError);
    if (msg.endsWith('not an object')) expect(e.message.startsWith(msg)).toBe(true);
    else expect(e.message).toBe(msg);
  });

  it('returns the Chinese words beside the English; words.js picks a language\'s', () => {
    const l = validateLesson(lesson((x) => { x.steps[1].title = 'Two'; x.steps[1].zh.title = '第二'; }), 'x');
    expect(l.zh).toEqual({ title: '题', summary: '概要' });
    expect(l.steps[0].zh).toEqual({ text: '一 **二** `cse`' });
    expect(l.steps[1].zh).toEqual({ title: '第二', text: '二', prompt: '哪些？' });
    expect(lessonWords(l, 'zh')).toEqual({ title: '题', summary: '概要' });
    expect(lessonWords(l, 'en')).toEqual({ title: 'T', summary: 'S' });
    expect(stepWords(l.steps[0], 'zh')).toEqual({ title: null, text: '一 **二** `cse`', prompt: null });
    expect(stepWords(l.steps[0], 'en')).toEqual({ title: null, text: 'one **two** `cse`', prompt: null });
    expect(stepWords(l.steps[1], 'zh')).toEqual({ title: '第二', text: '二', prompt: '哪些？' });
    expect(stepWords(l.steps[1], 'en')).toEqual({ title: 'Two', text: 'two', prompt: 'which?' });
  });

  it('the card shows the language asked for: the lesson\'s title, the step\'s text and prompt', () => {
    const l = validateLesson(lesson(), 'x');
    const cur = { l, step: l.steps[1], st: { step: 2 }, ready: false };
    expect(cardOf(cur, null, null, 'zh')).toMatchObject({ id: 'x', lang: 'zh', title: '题', k: 2, n: 2, text: '二', qkind: 'remove', question: null });
    expect(cardOf(cur, null, null, 'en')).toMatchObject({ id: 'x', lang: 'en', title: 'T', k: 2, n: 2, text: 'two', qkind: 'remove', question: null });
    const qq = { kind: 'remove', ans: { kind: 'remove', answer: ['n3'] }, picked: new Set(['n3']), chosen: null, amount: '', verdict: null };
    expect(cardOf({ ...cur, ready: true }, qq, null, 'zh').question).toMatchObject({ prompt: '哪些？', picked: 1, canCheck: true });
    expect(cardOf({ ...cur, ready: true }, qq, null, 'en').question).toMatchObject({ prompt: 'which?', picked: 1, canCheck: true });
  });

  it('takes a state with or without its "#", and a repeated pass by its stage key', () => {
    const l = lesson((x) => { x.steps[0].state = '#stage=2'; x.steps[1].state = 'p=cs.dc.cs&stage=2'; x.steps[1].question.pass = 'cse#2'; });
    const v = validateLesson(l, 'x');
    expect(v.steps[0].hash).toBe('stage=2');
    expect(v.steps[0].state.stage).toBe(2);
    expect(v.steps[1].state.pipeline).toEqual(['cse', 'dce', 'cse']);
    expect(v.steps[0].title).toBe(null);
  });

  it('refuses a bad lesson name', () => {
    expect(err(() => validateLesson(lesson(), '../etc')).message).toContain('the name is not');
  });

  it('names stages as the core names its graphs', () => {
    expect(stageKeys(['cse', 'dce', 'cse'])).toEqual(['trace', 'cse', 'dce', 'cse#2']);
  });
});

describe('the narration subset', () => {
  it('has paragraphs, lists, strong and code', () => {
    expect(parseText('a **b** `c`\n\n- one\n- `two`')).toEqual([
      { type: 'p', runs: [{ t: 'text', v: 'a ' }, { t: 'strong', v: 'b' }, { t: 'text', v: ' ' }, { t: 'code', v: 'c' }] },
      { type: 'ul', items: [[{ t: 'text', v: 'one' }], [{ t: 'code', v: 'two' }]] },
    ]);
    expect(plainText('x*2 is **x** times 2')).toBe('x*2 is x times 2');
  });
  it('keeps CRLF text, and refuses empty code and code inside strong', () => {
    expect(parseText('a\r\n\r\nb')).toEqual([{ type: 'p', runs: [{ t: 'text', v: 'a' }] }, { type: 'p', runs: [{ t: 'text', v: 'b' }] }]);
    expect(parseText('one\ntwo')).toEqual([{ type: 'p', runs: [{ t: 'text', v: 'one two' }] }]);
    expect(() => parseText('a `` b')).toThrow('empty `` at 3');
    expect(() => parseText('**a `b` c**')).toThrow('bad **…** at 1');
    expect(() => parseText('** **')).toThrow('bad **…** at 1');
    expect(() => parseText('  ')).toThrow('empty text');
    expect(plainText('p\n\n- a\n- **b**')).toBe('p\n\n• a\n• b');
  });
  it('refuses an unclosed marker and a list glued to a paragraph', () => {
    expect(() => parseText('a `b')).toThrow('an unclosed `');
    expect(() => parseText('para\n- item')).toThrow('a list must be a paragraph');
    expect(() => parseText('with *fake tensors*: no')).toThrow('single-star emphasis "*fake tensors*"');
    expect(parseText('x*2 and 3 * 4 and `a*b*`')[0].runs.map((r) => r.v).join('')).toBe('x*2 and 3 * 4 and a*b*');
  });
});

describe('expressions', () => {
  const env = {
    stages: { cse: { nodes: [{ op: 'add' }, { op: 'mul' }, { op: 'add' }], count: 3 } },
    kernels: [{ bound: 'memory', t: 2 }, { bound: 'compute', t: 5 }],
    memory: { greedy: 100, lower_bound: 95 },
    twice: (x) => 2 * x,
  };
  it.each([
    ['stages["cse"].nodes.length', 3],
    ['len(stages.cse.nodes) == 3 and stages.cse.count == 3', true],
    ['kernels[1].bound == "compute"', true],
    ['kernels[-1].t', 5],
    ['memory.greedy <= 1.1 * memory.lower_bound', true],
    ['count(pluck(stages.cse.nodes, "op"), "add")', 2],
    ['len(where(kernels, "bound", "memory"))', 1],
    ['sum(pluck(kernels, "t")) / 2', 3.5],
    ['max(pluck(kernels, "t")) - min(1, 2, 3)', 4],
    ['argmax(pluck(kernels, "t"))', 1],
    ['1 < 2 <= 2 < 3', true],
    ['1 < 3 < 2', false],
    ['not (1 == 2) or false', true],
    ['"add" in pluck(stages.cse.nodes, "op")', true],
    ['"div" not in pluck(stages.cse.nodes, "op")', true],
    ['"cse" in stages', true],
    ['[1, 2] == [1, 2]', true],
    ['7 % 4 + -1', 2],
    ['twice(21)', 42],
    ['round(2 / 3, 2)', 0.67],
    ['approx(0.1 + 0.2, 0.3)', true],
    ['"a" + \'b\'', 'ab'],
    ['sorted([3, 1, 2])', [1, 2, 3]],
    ['unique(pluck(kernels, "bound"))', ['memory', 'compute']],
    ['all([true, 1 == 1]) and not any([false])', true],
    ['1e3 + 0.5', 1000.5],
    ['len("abc") + len(memory) + "abc".length', 3 + 2 + 3],
    ['"abc"[1] + "abc"[-1]', 'bc'],
    ['keys(memory)', ['greedy', 'lower_bound']],
    ['"a" < "b" and "b" >= "b" and 2 > 1 and not (2 < 1)', true],
    ['[1, 2] != [1, 3] and [1] != [1, 1]', true],
    ['memory == memory and stages.cse != memory', true],
    ['abs(-2) + floor(2.7) + ceil(2.1) + sqrt(16) + log2(8)', 2 + 2 + 3 + 4 + 3],
    ['min(pluck(kernels, "t")) + max(4, 9)', 11],
    ['argmin(pluck(kernels, "t"))', 0],
    ['sorted(["b", "a"])', ['a', 'b']],
    ['"em" in "memory" and 3 in [1, 2, 3] and not ("x" in [])', true],
    ['-(2 - 5) * 2 / 4', 1.5],
    ['true or nope', true],
    ['false and nope', false],
    ['round(1234.5678, -2)', 1200],
    // issue 36: edges a plausible slip gets wrong
    ['approx(-1000000, -1000000.0005) and not approx(-1, -1.1)', true],
    ['approx(-2, 2, 1)', false],
    ['argmax([3, 7, 7, 1]) + argmin([4, 1, 1, 9])', 1 + 1],
    ['[memory] == [memory] and not ([1] == [1, 1])', true],
    ['where(kernels, "bound", "memory") == [kernels[0]]', true],
    ['unique([[1], [1], [2]])', [[1], [2]]],
  ])('%s', (src, want) => {
    expect(evaluate(src, env)).toEqual(want);
  });

  it('records are equal only with the same fields (a subset is not equal)', () => {
    const more = { ...env, small: { greedy: 100 }, same: { lower_bound: 95, greedy: 100 } };
    expect(evaluate('small == memory', more)).toBe(false);
    expect(evaluate('memory == small', more)).toBe(false);
    expect(evaluate('small != memory', more)).toBe(true);
    expect(evaluate('same == memory', more)).toBe(true);
  });

  it.each([
    ['stages.nope', 'no field "nope" (there are: cse)'],
    ['kernels[2]', 'index 2 is out of range (length 2)'],
    ['kernels.constructor', 'is indexed by a whole number'],
    ['memory.constructor', 'no field "constructor"'],
    ['memory.__proto__', 'no field "__proto__"'],
    ['memory["hasOwnProperty"]', 'no field "hasOwnProperty"'],
    ['nope', 'unknown name "nope"'],
    ['twice', 'unknown name "twice"'],
    ['memory.greedy(1)', 'only a named function can be called'],
    ['eval("1")', 'unknown function "eval"'],
    ['1 + "a"', '"+" needs a number'],
    ['1 / 0', 'division by zero'],
    ['1 and true', 'expected true or false, got 1'],
    ['1 < "a"', 'cannot compare'],
    ['1 +', 'unexpected end of expression'],
    ['(1', 'expected ")" at the end'],
    ['1 2', 'unexpected "2" at 3'],
    ['a = 1', 'unexpected character "=" at 3'],
    ['"\\q"', 'unknown escape'],
    ['len(1)', 'len needs a list, a string or a record, got 1'],
    ['min([])', 'min of nothing'],
    ['sum(1)', 'sum needs a list, got 1'],
    ['sum(["a"])', 'sum needs a number, got "a"'],
    ['sorted([1, "a"])', 'sorted needs a list of numbers or of strings'],
    ['keys([1])', 'keys needs a record, got [1]'],
    ['1 in 2', 'cannot look for 1 in a number'],
    ['memory[1.5]', 'no field "1.5"'],
    ['kernels["a"]', 'a list is indexed by a whole number, not "a"'],
    ['(1).x', 'cannot read "x" of a number'],
    ['not 1', 'expected true or false, got 1'],
    ['-"a"', 'minus needs a number'],
    ['kernels.', 'expected a field name at the end'],
    ['[1, 2', 'expected "]" at the end'],
    ['5 % 0', 'division by zero (5 % 0)'],
  ])('%s is an error: %s', (src, msg) => {
    const e = err(() => evaluate(src, env));
    expect(e).toBeInstanceOf(ExprError);
    expect(e.message).toContain(msg);
  });

  it('refuses a deep nest and a long source', () => {
    expect(() => parse('('.repeat(100) + '1' + ')'.repeat(100))).toThrow('nested too deeply');
    expect(() => parse('1+'.repeat(600) + '1')).toThrow('longer than 1000');
  });

  it('checkAssertions names lesson, step, expression and the values found', () => {
    const l = { name: '99-test', steps: [{ assert: ['stages.cse.count == 4', 'true', 'stages.cse.count', 'nope > 1'] }] };
    const f = checkAssertions(l, 0, env);
    expect(f.map((x) => x.index)).toEqual([0, 2, 3]);
    expect(f[0].message).toBe('lesson 99-test, step 1, assert[0] `stages.cse.count == 4` is false (found 3 == 4)');
    expect(f[1].message).toBe('lesson 99-test, step 1, assert[2] `stages.cse.count` is 3, not true or false');
    expect(f[2].message).toMatch(/^lesson 99-test, step 1, assert\[3\] `nope > 1`: unknown name "nope"/);
    expect(checkAssertions({ name: 'a', steps: [{ assert: ['1 == 1'] }] }, 0, env)).toEqual([]);
    // what the engine gave is shown as it is: NaN, a long list cut short
    const g = checkAssertions({ name: 'a', steps: [{ assert: ['sqrt(-1) == 1', `${'[' + '1, '.repeat(80)}1] == []`] }] }, 0, env);
    expect(g[0].message).toBe('lesson a, step 1, assert[0] `sqrt(-1) == 1` is false (found NaN == 1)');
    expect(g[1].message).toMatch(/is false \(found \[1,1,1,.*…\s==\s\[\]\)$/);
    expect(() => checkAssertions(l, 1, env)).toThrow('lesson 99-test has no step 2');
  });
});

describe('question scoring', () => {
  it('remove: by keys or ids, right, missed and extra', () => {
    const ans = { kind: 'remove', answer: ['n26', 'n29'], ids: [34, 37], explain: 'E' };
    const q = { kind: 'remove' };
    expect(score(q, ans, ['n29', 'n26']).correct).toBe(true);
    expect(score(q, ans, [37, 34]).correct).toBe(true);
    const r = score(q, ans, ['n26', 'n3']);
    expect(r.correct).toBe(false);
    expect(r.message).toBe('Not quite: 1 right, 1 missed, 1 node that survives. E');
    expect(score(q, ans, null).correct).toBe(false);
    // every right node and one that survives: not right
    const extra = score(q, ans, ['n26', 'n29', 'n3']);
    expect(extra.correct).toBe(false);
    expect(extra.message).toBe('Not quite: 2 right, 1 node that survives. E');
    expect(score(q, ans, [34, 37, 40, 41]).message).toBe('Not quite: 2 right, 2 nodes that survive. E');
    expect(score(q, ans, ['n26']).message).toBe('Not quite: 1 right, 1 missed. E');
  });
  it('bound, dominant: the choice', () => {
    const ans = { kind: 'bound', answer: 'memory', choices: ['memory', 'compute'], explain: 'E' };
    expect(score({ kind: 'bound' }, ans, 'memory')).toEqual({ correct: true, message: 'Right. E' });
    expect(score({ kind: 'bound' }, ans, 'compute')).toEqual({ correct: false, message: 'No: memory. E' });
  });
  it('plan: the plan, and the amount within the tolerance', () => {
    const ans = { kind: 'plan', answer: 'greedy', by: 'ratio', amount: 2, tolerance: 0.1, explain: 'E' };
    expect(score({ kind: 'plan' }, ans, 'greedy').correct).toBe(true);
    expect(score({ kind: 'plan' }, ans, { plan: 'greedy', amount: 2.1 }).correct).toBe(true);
    expect(score({ kind: 'plan' }, ans, { plan: 'greedy', amount: 3 }).correct).toBe(false);
    expect(score({ kind: 'plan' }, ans, 'naive').message).toBe('No: greedy-by-size. E');
  });
  it('graphs, count: the number', () => {
    const ans = { kind: 'graphs', answer: 28, explain: 'E' };
    expect(score({ kind: 'graphs' }, ans, 28).correct).toBe(true);
    expect(score({ kind: 'graphs' }, ans, '28').correct).toBe(true);
    expect(score({ kind: 'graphs' }, ans, 3)).toEqual({ correct: false, message: 'No: 28, not 3. E' });
    expect(score({ kind: 'count' }, { ...ans, kind: 'count' }, 'x').correct).toBe(false);
  });
  it('questionProblems checks each kind\'s fields', () => {
    expect(questionProblems({ kind: 'bound', prompt: 'p', kernel: 3 })).toEqual([]);
    expect(questionProblems({ kind: 'bound', prompt: '', kernel: -1 })).toEqual([['prompt', 'not a non-empty string'], ['kernel', 'not a whole number in 0…1000000']]);
    expect(questionProblems({ kind: 'plan', prompt: 'p', plans: ['greedy', 'greedy'] })[0][0]).toBe('plans');
    expect(questionProblems({ kind: 'graphs', prompt: 'p', strategy: 'bucket', from: 5, steps: 28 })).toEqual([]);
  });
});
