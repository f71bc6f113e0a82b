// keyboard.test.js — the lab from the keyboard alone (issue 33, accessibility), in Debian's Chromium with the real
// WASM module:
//  - the graph's nodes: one of them in the Tab order (a roving tabindex), the arrows follow the drawn edges — the
//    node ↓ goes to uses the focused one's value, ↑ / ← go to one of its inputs, as the native CLI's graph says —
//    the nearest first, the opposite arrow retraces, Home / End; Enter selects; the focus stays on its node when
//    the drawing is redone, and goes to a node nearby when its node is gone;
//  - lesson 02 played from its first step to its last with page.keyboard only (Tab, arrows, Enter, Space, digits),
//    its three "click the nodes" questions answered by arrowing to the nodes and pressing Enter / Space on them,
//    each verdict right, and the focus never dropped to the page after Check or Try again.
// The answers are the lesson's own (its text, asserts and program) and docs/panels/graph.md's listing, written
// out below: never computed by the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

import { launchLab, pageErrors, cliLab, REPO } from './harness.js';

const NAME = '02-passes';
const LESSON = JSON.parse(fs.readFileSync(path.join(REPO, 'lessons', `${NAME}.json`), 'utf8'));

// Per step, its answer: the nodes to pick as [id, op] of the graph it is asked on, or the number to type.
const ANSWERS = {
  // "matmul(Q, transpose(K)), a mul by a constant scale, an optional add of the causal mask, a softmax, and a
  // matmul with V": the seven nodes of docs/panels/graph.md's listing of the trace (the mask %37 stays)
  1: [[33, 'transpose'], [34, 'matmul'], [35, 'const'], [36, 'mul'], [38, 'add'], [39, 'softmax'], [40, 'matmul']],
  // the lesson's assert: stages["decompose"].count == 65
  4: '65',
  // the RoPE tables lifted twice: the lesson's assert names them, stage.nodes[34] and [37], both const
  5: [[34, 'const'], [37, 'const']],
  // f(a, b, c): %0 a, %1 b, %2 c, %3 a + b, %4 (a + b) + c, then `x * 1.0 + 0.0`: %5 const 1.0, %6 mul, %7 const
  // 0.0, %8 add; simplify drops the mul and the add, and with them their constants
  6: [[5, 'const'], [6, 'mul'], [7, 'const'], [8, 'add']],
};

/** What has the focus: its test id, and for a graph node its key, id, op, name and whether it is picked. */
const active = (page) => page.evaluate(() => {
  const a = document.activeElement;
  const node = !!a && a.matches('[data-testid=graph] g.node');
  return {
    tag: a ? a.tagName : null, testid: a && a.dataset ? a.dataset.testid || null : null, node,
    key: node ? a.getAttribute('data-key') : null, id: node ? a.getAttribute('data-node-id') : null,
    op: node ? a.getAttribute('data-op') : null, label: node ? a.getAttribute('aria-label') : null,
    checked: node ? a.getAttribute('aria-checked') : null, members: node ? a.getAttribute('data-members') : null,
    x: node ? Number(a.getAttribute('data-x')) : null,
    y: node ? Number(a.getAttribute('data-y')) : null,
  };
});

/** Presses Tab (Shift+Tab: back) until what has the focus passes want; fails after max presses. */
async function tabTo(page, want, { back = false, max = 120, what = 'the element' } = {}) {
  const seen = [];
  const now = await active(page);
  if (want(now)) return now;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const a = await active(page);
    if (want(a)) return a;
    seen.push(a.testid || a.op || a.tag);
  }
  throw new Error(`${what} never got the focus in ${max} Tabs: ${seen.join(', ')}`);
}

/** Presses a key and returns what has the focus then. */
async function press(page, key) {
  await page.keyboard.press(key);
  return active(page);
}

/** The graph's tab stops: [{id, key, op}] of the nodes with tabindex 0, and how many nodes there are. */
const tabStops = (page) => page.evaluate(() => {
  const all = [...document.querySelectorAll('[data-testid=graph] g.node')];
  return {
    nodes: all.length,
    minus: all.filter((g) => g.getAttribute('tabindex') === '-1').length,
    stops: all.filter((g) => g.getAttribute('tabindex') === '0').map((g) => ({ id: g.getAttribute('data-node-id'), key: g.getAttribute('data-key'), op: g.getAttribute('data-op') })),
  };
});

/**
 * Walks the graph with the arrows only, depth first from `start` ('End': up the inputs, 'Home': down the users):
 * each node visited once; at each, the arrow again and again (the walk tries the next nearest after coming back),
 * the opposite arrow to come back (checked: it retraces). onNode(focused) is called on every node reached; the
 * walk stops when it returns true. Returns how many nodes it visited.
 */
async function walkGraph(page, start, onNode) {
  const [fwd, bwd] = start === 'End' ? ['ArrowUp', 'ArrowDown'] : ['ArrowDown', 'ArrowUp'];
  const seen = new Set();
  let done = false;
  async function visit(at) {
    seen.add(at.key);
    if (await onNode(at)) return (done = true);
    let first = null;
    for (let tries = 0; ; tries++) {
      expect(tries, `the arrows from %${at.id} come round to their first node`).toBeLessThan(60);
      const c = await press(page, fwd);
      expect(c.node, `an arrow from %${at.id} keeps the focus on a node`).toBe(true);
      if (c.key === at.key) return false;            // nowhere to go from here
      if (c.key === first) break;                    // round to the first again: every branch tried
      if (first === null) first = c.key;
      if (!seen.has(c.key) && (await visit(c))) return true;
      const b = await press(page, bwd);
      expect(b.key, `${bwd} from %${c.id} goes back to %${at.id}`).toBe(at.key);
    }
    const b = await press(page, bwd);
    expect(b.key).toBe(at.key);
    return false;
  }
  await visit(await press(page, start));
  return { seen: seen.size, done };
}

/** Opens every folded group of the graph from the keyboard (Enter on it: the focus goes into it), as a student
 *  does to reach the nodes a question asks for; the focus is on a graph node. */
async function openGroups(page) {
  for (let round = 0; round < 40; round++) {
    const walk = await walkGraph(page, 'End', async (a) => {
      if (!a.members) return false;
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => {
        const g = document.querySelector('[data-testid=graph]');
        return g.getAttribute('data-animating') === '0' && g.getAttribute('data-laying-out') !== '1' &&
          !!document.activeElement && document.activeElement.matches('[data-testid=graph] g.node');
      });
      return true;
    });
    if (!walk.done) return;
  }
  throw new Error('the graph still has folded groups after 40 opened');
}

/** Waits until step k of n is shown on its result, its graph at stage s drawn and still. */
const shown = (page, k, n, s) => page.waitForFunction(([k, n, s]) => {
  const card = document.querySelector('[data-testid=lesson]');
  const g = document.querySelector('[data-testid=graph]');
  return card && !card.hidden && !card.classList.contains('pending') &&
    document.querySelector('[data-testid=lesson-step]').textContent === `step ${k} of ${n}` &&
    g && Number(g.getAttribute('data-stage')) === s && g.getAttribute('data-animating') === '0' && g.getAttribute('data-laying-out') !== '1';
}, [k, n, s], { timeout: 120000 });

const stageOf = (k) => Number((/(?:^|&)stage=(\d+)/.exec(LESSON.steps[k - 1].state) || [0, 0])[1]);

describe('the lab from the keyboard (e2e, Chromium)', () => {
  let lab;
  beforeAll(async () => {
    lab = await launchLab();
  }, 180_000);
  afterAll(async () => {
    if (lab) await lab.close();
  });

  it('the lesson file states the answers this test gives', () => {
    const asserts = (k) => LESSON.steps[k - 1].assert.join('\n');
    expect(LESSON.steps.map((s) => (s.question ? s.question.kind : null))).toEqual(['remove', null, null, 'count', 'remove', 'remove', null, null]);
    expect(LESSON.steps[0].question.pass).toBe('match_attention');
    expect(asserts(1)).toContain('len(stages["match_attention"].removed) == 7');
    expect(ANSWERS[1]).toHaveLength(7);
    expect(asserts(4)).toContain('stages["decompose"].count == 65');
    expect(LESSON.steps[4].question.pass).toBe('cse');
    expect(asserts(5)).toContain('stages["cse"].how["merged"] == 2');
    expect(asserts(5)).toContain('stage.nodes[34].op == "const" and stage.nodes[37].op == "const"');
    expect(LESSON.steps[5].question.pass).toBe('simplify');
    expect(decodeURIComponent(LESSON.steps[5].state)).toContain('y = x * 1.0 + 0.0');
    expect(asserts(6)).toContain('stages["simplify"].hits == 2');
  });

  it('graph nodes: one Tab stop, arrows along the CLI\'s edges, Home / End, Enter selects, focus kept across redraws', async () => {
    const page = await lab.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = pageErrors(page);
    await page.goto(`${lab.server.url}/?test=1#panels=config.graph&fold=off`);
    await page.waitForSelector('body.ready', { timeout: 60000, state: 'attached' });
    await page.waitForFunction(() => {
      const g = document.querySelector('[data-testid=graph]');
      return g && g.getAttribute('data-animating') === '0' && document.querySelectorAll('[data-testid=graph] g.node').length === 53;
    }, null, { timeout: 60000 });
    const cfg = await page.evaluate(() => window.__graphlab.state().cfg);
    const trace = cliLab(cfg).graphs.trace.nodes;       // [id, op, inputs, attrs, shape, name]
    expect(trace).toHaveLength(53);
    const inputsOf = (id) => trace[Number(id)][2];
    const usersOf = (id) => trace.filter((n) => n[2].includes(Number(id))).map((n) => n[0]);

    // one Tab stop, the first node (nothing selected): the input x, %0
    let t = await tabStops(page);
    expect(t.nodes).toBe(53);
    expect(t.stops.map((s) => [s.id, s.op])).toEqual([['0', 'input']]);
    expect(t.minus).toBe(52);
    const x = await tabTo(page, (a) => a.node, { what: 'a graph node' });
    expect(x.id).toBe('0');
    expect(x.label).toBe('x: input 12×64');
    // (the stage is said after the name)
    expect(await page.evaluate(() => {
      const a = document.activeElement;
      return document.getElementById(a.getAttribute('aria-describedby')).textContent;
    })).toBe('at stage trace');

    // ↓ four times: each node uses the one before (its CLI inputs list it); the first is the nearest of x's users
    const xUsers = usersOf(0);
    expect(xUsers.length).toBeGreaterThanOrEqual(2);
    const pos = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-testid=graph] g.node')]
      .map((g) => [g.getAttribute('data-node-id'), [Number(g.getAttribute('data-x')), Number(g.getAttribute('data-y'))]])));
    const dist = (a, b) => Math.hypot(pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]);
    const nearest = [...xUsers].sort((a, b) => dist(0, a) - dist(0, b) || a - b);
    let at = x;
    const down = [];
    for (let i = 0; i < 4; i++) {
      const next = await press(page, 'ArrowDown');
      expect(inputsOf(next.id), `↓ from %${at.id} (${at.op}) to %${next.id} (${next.op})`).toContain(Number(at.id));
      down.push(next.id);
      at = next;
    }
    expect(down[0]).toBe(String(nearest[0]));
    // ↑ retraces the four moves, back to x
    for (let i = 2; i >= -1; i--) {
      const back = await press(page, 'ArrowUp');
      expect(back.id).toBe(i >= 0 ? down[i] : '0');
    }
    // ↓ again from x: the next nearest of its users; → is ↓, ← is ↑
    const second = await press(page, 'ArrowRight');
    expect(second.id).toBe(String(nearest[1]));
    const left = await press(page, 'ArrowLeft');
    expect(left.id).toBe('0');
    // the last node, an add of two: ← goes to one of its inputs, as the CLI says
    const end = await press(page, 'End');
    expect([end.id, end.op]).toEqual(['52', 'add']);   // the last of the 53 nodes: the residual add
    const up = await press(page, 'ArrowLeft');
    expect(inputsOf(52)).toContain(Number(up.id));
    const home = await press(page, 'Home');
    expect(home.id).toBe('0');

    // the Tab stop follows the focus; Enter selects the focused node (the lab's selection, in the link too)
    const mid = await press(page, 'ArrowDown');
    t = await tabStops(page);
    expect(t.stops.map((s) => s.id)).toEqual([mid.id]);
    await page.keyboard.press('Enter');
    await page.waitForFunction((key) => document.querySelector(`[data-testid=graph] g.node[data-key="${key}"]`).getAttribute('aria-selected') === 'true', mid.key);
    expect(await page.evaluate(() => window.__graphlab.state().sel)).toBe(mid.key);
    // out of the graph and back: the focus returns to the selected node, the only Tab stop
    const out = await press(page, 'Shift+Tab');
    expect(out.node).toBe(false);
    const back = await press(page, 'Tab');
    expect(back.key).toBe(mid.key);
    // Enter again: unselected, as a second click does
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('[data-testid=graph] g.node[aria-selected="true"]'));

    // a redraw keeps the focus on its node: p (the presentation layout) draws the same nodes at new places
    const onMid = await active(page);
    expect(onMid.key).toBe(mid.key);
    await page.keyboard.press('p');
    await page.waitForFunction(() => document.body.classList.contains('present') && document.querySelector('[data-testid=graph]').getAttribute('data-animating') === '0');
    const still = await active(page);
    expect(still.key).toBe(mid.key);
    await page.keyboard.press('p');
    await page.waitForFunction(() => !document.body.classList.contains('present') && document.querySelector('[data-testid=graph]').getAttribute('data-animating') === '0');
    expect((await active(page)).key).toBe(mid.key);

    // a node the next pass removes: the focus goes to a node still drawn, never to the page
    const soft = trace.find((n) => n[1] === 'softmax')[0];
    await page.evaluate((id) => document.querySelector(`[data-testid=graph] g.node[data-node-id="${id}"]`).focus(), soft);
    expect((await active(page)).op).toBe('softmax');
    await page.evaluate(() => window.__graphlabTest.setState({ stage: 1 }));
    await page.waitForFunction(() => document.querySelector('[data-testid=graph]').getAttribute('data-stage') === '1' &&
      document.querySelector('[data-testid=graph]').getAttribute('data-animating') === '0');
    const after = await active(page);
    expect(after.node).toBe(true);
    expect(after.op).not.toBe('softmax');
    t = await tabStops(page);
    expect(t.stops.map((s) => s.key)).toEqual([after.key]);
    expect(t.minus).toBe(t.nodes - 1);

    // a mouse click selects without taking the focus into the graph: → then steps the passes, as before; the
    // clicked (selected) node is the Tab stop
    await page.evaluate(() => document.activeElement.blur());
    const flash = await page.evaluate(() => document.querySelector('[data-testid=graph] g.node[data-op="flash_attn"]').getAttribute('data-key'));
    await page.click(`[data-testid=graph] g.node[data-key="${flash}"]`);
    await page.waitForFunction((key) => window.__graphlab.state().sel === key, flash);
    expect((await active(page)).node).toBe(false);
    expect((await tabStops(page)).stops.map((s) => s.key)).toEqual([flash]);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid=graph]').getAttribute('data-stage') === '2');
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);

  it('a folded layer box: Enter opens it in place, and the focus goes to one of its nodes', async () => {
    const page = await lab.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = pageErrors(page);
    await page.goto(`${lab.server.url}/#panels=config.graph&L=4&collapse=on`);
    await page.waitForSelector('body.ready', { timeout: 60000, state: 'attached' });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=graph] g.node[data-group]').length >= 4 &&
      document.querySelector('[data-testid=graph]').getAttribute('data-animating') === '0', null, { timeout: 60000 });
    const t = await tabStops(page);
    expect(t.stops).toHaveLength(1);
    expect(t.minus).toBe(t.nodes - 1);
    await tabTo(page, (a) => a.node, { what: 'a layer box' });
    // down the chain of layer boxes to "layer 1"
    let box = await active(page);
    for (let i = 0; i < 6 && !/^layer 1 /.test(box.label); i++) box = await press(page, 'ArrowDown');
    expect(box.label).toMatch(/^layer 1 · \d+ nodes$/);
    expect(box.op).toBe('group');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=graph] g.node[data-node-id]').length > 0 &&
      document.querySelector('[data-testid=graph]').getAttribute('data-animating') === '0', null, { timeout: 60000 });
    const inside = await active(page);
    expect(inside.node).toBe(true);
    expect(inside.id).not.toBe(null);                    // a node of the opened layer, not a box
    expect(await page.evaluate(() => document.activeElement.__data__.v.node.layer)).toBe(1);
    expect(await page.evaluate(() => document.querySelector('[data-testid=graph] g.node[data-group][aria-label^="layer 1 "]'))).toBe(null);
    expect((await tabStops(page)).stops.map((s) => s.key)).toEqual([inside.key]);
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);

  it(`plays lesson ${NAME} from step 1 to the end with the keyboard only`, async () => {
    const page = await lab.browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors = pageErrors(page);
    await page.goto(`${lab.server.url}/#lesson=${NAME}`);
    await page.waitForSelector('body.ready', { timeout: 60000, state: 'attached' });
    const n = LESSON.steps.length;
    const verdictShown = async () => {
      await page.locator('[data-testid=lesson-verdict]').waitFor({ state: 'visible' });
      return page.locator('[data-testid=lesson-verdict]').getAttribute('data-correct');
    };
    const pickedCount = () => page.locator('[data-testid=lesson-picked]').getAttribute('data-count');
    let wrongOnce = false;
    let keyTurn = 0;
    for (let k = 1; k <= n; k++) {
      const step = LESSON.steps[k - 1];
      const s = stageOf(k);
      await shown(page, k, n, s);
      const q = step.question;
      if (q && q.kind === 'remove') {
        const want = ANSWERS[k];
        // into the graph: one Tab stop among its nodes; the groups folded where its nodes would be too small
        // to read opened (Enter), the question's nodes with them
        await tabTo(page, (a) => a.node, { what: `step ${k}: a graph node` });
        const t = await tabStops(page);
        expect(t.stops).toHaveLength(1);
        await openGroups(page);
        if (!wrongOnce) {
          // a wrong answer first (one right node of the answer only), then Try again, from the keyboard
          const [id] = want[0];
          await walkGraph(page, 'End', async (a) => {
            if (a.id !== String(id)) return false;
            await page.keyboard.press('Enter');
            return true;
          });
          expect(await pickedCount()).toBe('1');
          await tabTo(page, (a) => a.testid === 'lesson-check', { what: 'Check' });
          await page.keyboard.press('Enter');
          expect(await verdictShown()).toBe('false');
          expect((await active(page)).testid).toBe('lesson-verdict');   // (Check hid itself: the verdict has the focus)
          await tabTo(page, (a) => a.testid === 'lesson-retry', { what: 'Try again' });
          await page.keyboard.press('Space');
          await page.locator('[data-testid=lesson-verdict]').waitFor({ state: 'hidden' });
          expect((await active(page)).testid).toBe('lesson-check');
          expect(await pickedCount()).toBe('0');
          await shown(page, k, n, s);                               // (the reveal's pass undone)
          await tabTo(page, (a) => a.node, { back: true, what: `step ${k}: back to the graph` });
          await openGroups(page);
          wrongOnce = true;
        }
        // arrow through the graph; on each node of the answer, Enter or Space picks it
        const left = new Map(want.map(([id, op]) => [String(id), op]));
        const walk = await walkGraph(page, 'End', async (a) => {
          if (!left.has(a.id)) return false;
          expect(a.op, `step ${k}: %${a.id}`).toBe(left.get(a.id));
          expect(a.checked).toBe('false');
          await page.keyboard.press(keyTurn++ % 2 ? 'Space' : 'Enter');
          expect((await active(page)).checked).toBe('true');
          left.delete(a.id);
          return left.size === 0;
        });
        expect(walk.done, `step ${k}: every node of the answer reached with the arrows (left: ${[...left.keys()]})`).toBe(true);
        expect(await pickedCount()).toBe(String(want.length));
        const picked = await page.evaluate(() => [...document.querySelectorAll('[data-testid=graph] g.node[aria-checked="true"]')]
          .map((g) => Number(g.getAttribute('data-node-id'))).sort((a, b) => a - b));
        expect(picked).toEqual(want.map(([id]) => id));
        await tabTo(page, (a) => a.testid === 'lesson-check', { what: 'Check' });
        await page.keyboard.press('Enter');
        expect(await verdictShown(), `step ${k}`).toBe('true');
        expect((await active(page)).testid).toBe('lesson-verdict');
        // the reveal plays the pass; the focus stays with the verdict
        await shown(page, k, n, s + 1);
        expect((await active(page)).testid).toBe('lesson-verdict');
      } else if (q && q.kind === 'count') {
        await tabTo(page, (a) => a.testid === 'lesson-number', { what: 'the answer field' });
        await page.keyboard.type(ANSWERS[k]);
        await page.keyboard.press('Enter');                       // Enter checks
        expect(await verdictShown(), `step ${k}`).toBe('true');
        expect((await active(page)).testid).toBe('lesson-number');
      } else expect(q, `step ${k}: a question this test has no answer for`).toBeFalsy();
      if (k < n) {
        // on to the next step: its button (Enter), or → where the focus is not in a field or on a node
        const here = await active(page);
        if (k % 2 && !here.node && here.testid !== 'lesson-number') await page.keyboard.press('ArrowRight');
        else {
          await tabTo(page, (a) => a.testid === 'lesson-next', { what: 'next' });
          await page.keyboard.press('Enter');
        }
      }
    }
    expect(wrongOnce).toBe(true);
    await shown(page, n, n, stageOf(n));
    expect(await page.locator('[data-testid=lesson-next]').getAttribute('aria-disabled')).toBe('true');
    expect(errors).toEqual([]);
    await page.close();
  }, 600_000);
});
