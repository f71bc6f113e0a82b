// End-to-end test of the lesson player (issue 18) at a projector's 1280×720 (Debian's Chromium, headless,
// playwright-core; the real WASM module served by tools/serve.mjs): the passes lesson played whole in the
// presentation layout with the buttons and the keys, each step's narration, highlights and stage as its lesson
// file and the native CLI say, questions answered wrong and then right (the right answers computed here from
// the CLI's provenance and pass counts, never read from the page), back / forward through the history, the
// lesson menu and the way out; then a lesson link opened in make dist's single file from file://. A
// screenshot per step goes to build/lesson-shots/.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, execSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseHash, caseFromState } from '../../web/state.js';
import { stageKeys } from '../../web/lessons/format.js';
import { plainText } from '../../web/lessons/text.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const NATIVE = path.join(REPO, 'build', 'graphlab');
const SHOTS = path.join(REPO, 'build', 'lesson-shots');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
const NAME = '02-passes';
const LESSON = JSON.parse(fs.readFileSync(path.join(REPO, 'lessons', `${NAME}.json`), 'utf8'));

/** The native CLI's result (graphs, provenance, spans) for a step's lab state. */
function cli(stateHash) {
  if (!fs.existsSync(NATIVE)) throw new Error(`${NATIVE} is missing: run make`);
  const c = caseFromState(parseHash(stateHash).state);
  return JSON.parse(execFileSync(NATIVE, ['case', '-', '--compact'], { input: JSON.stringify(c), maxBuffer: 1 << 28 }).toString());
}

/** Ids of stage s's graph that pass s+1 removes or merges away: every node that is not the first source of a
 *  node the pass kept or merged into (its provenance). */
function removedIds(r, s) {
  const before = Object.values(r.graphs)[s].nodes;
  const survivors = new Set();
  for (const v of Object.values(r.provenance[s].nodes)) if ((v.how === 'kept' || v.how === 'merged') && v.from.length) survivors.add(v.from[0]);
  return before.map((n) => n[0]).filter((id) => !survivors.has(id));
}

/** Ids of stage s+1's graph that pass s+1 made or merged from those ids: what the reveal marks. */
function madeFrom(r, s, ids) {
  const gone = new Set(ids);
  return Object.entries(r.provenance[s].nodes).filter(([, v]) => v.how !== 'kept' && v.from.some((f) => gone.has(f))).map(([id]) => Number(id)).sort((a, b) => a - b);
}

/** Ids of stage s's nodes a step's highlight names (op, name, source line), from the CLI's graph and spans. */
function highlighted(r, s, h) {
  const key = Object.keys(r.graphs)[s];
  return r.graphs[key].nodes.filter(([id, op, , , , name]) => (h.op === undefined || op === h.op) && (h.name === undefined || name === h.name) &&
    (h.line === undefined || (r.spans[key][id] || []).some(([l0, , l1]) => l0 <= h.line && h.line <= l1))).map((n) => n[0]);
}

describe('lesson player (e2e, Chromium, 1280×720)', () => {
  let browser, server, chromium;

  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run make deps (apt-get install chromium); the e2e suites never skip`);
    if (!fs.existsSync(path.join(REPO, 'public', 'graphlab-core.wasm'))) execSync('make wasm', { cwd: REPO, stdio: 'inherit' });
    const { buildServed } = await import('../../tools/build-web.mjs');
    buildServed();
    const { startServer } = await import('../../tools/serve.mjs');
    server = await startServer({ port: 0 });
    ({ chromium } = await import('playwright-core'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    fs.mkdirSync(SHOTS, { recursive: true });
  }, 180000);

  afterAll(async () => {
    if (browser) await browser.close();
    if (server) await server.close();
  });

  async function open(url) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e && e.message)));
    await page.goto(url);
    await page.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 120000 })
      .catch((err) => { throw new Error(`the lab never got ready (${err.message}); console errors: ${errors.join(' | ') || 'none'}`); });
    return { page, errors };
  }

  /** Waits until step k of n is shown on its result, its graph at stage s drawn and still. */
  const shown = (page, k, n, s) => page.waitForFunction(([k, n, s]) => {
    const card = document.querySelector('[data-testid=lesson]');
    const g = document.querySelector('[data-testid=graph]');
    return card && !card.hidden && !card.classList.contains('pending') &&
      document.querySelector('[data-testid=lesson-step]').textContent === `step ${k} of ${n}` &&
      g && Number(g.getAttribute('data-stage')) === s && g.getAttribute('data-animating') === '0' && g.getAttribute('data-laying-out') !== '1';
  }, [k, n, s], { timeout: 120000 });

  const hlIds = (page) => page.evaluate(() => [...document.querySelectorAll('[data-testid=graph] g.node.lesson-hl[data-node-id]')].map((g) => Number(g.getAttribute('data-node-id'))).sort((a, b) => a - b));
  const drawnIds = (page) => page.evaluate(() => [...document.querySelectorAll('[data-testid=graph] g.node[data-node-id]')].map((g) => Number(g.getAttribute('data-node-id'))));
  const verdict = async (page) => {
    await page.locator('[data-testid=lesson-verdict]').waitFor({ state: 'visible' });
    return page.locator('[data-testid=lesson-verdict]').getAttribute('data-correct');
  };
  /** Opens folded groups, as a student clicks them, until every node of ids is drawn (a lesson's graph is
   *  folded by blocks where its nodes would not be readable one by one). */
  async function openFor(page, ids) {
    for (let i = 0; i < 40; i++) {
      const drawn = new Set(await drawnIds(page));
      if (ids.every((id) => drawn.has(id))) return;
      await page.click('[data-testid=graph] g.node[data-members]');
      await page.waitForFunction(() => {
        const g = document.querySelector('[data-testid=graph]');
        return g.getAttribute('data-animating') === '0' && g.getAttribute('data-laying-out') !== '1';
      });
    }
  }
  /** Picks the nodes of ids on the graph (a remove question), as a student clicks them. */
  async function pick(page, ids) {
    await openFor(page, ids);
    for (const id of ids) {
      // (the drawing still first: a reveal undone by "Try again" animates back, its boxes moving)
      await page.waitForFunction(() => {
        const g = document.querySelector('[data-testid=graph]');
        return g.getAttribute('data-animating') === '0' && g.getAttribute('data-laying-out') !== '1';
      });
      await page.locator(`[data-testid=graph] g.node[data-node-id="${id}"]`).dispatchEvent('click');
    }
    expect(await page.locator('[data-testid=lesson-picked]').getAttribute('data-count')).toBe(String(ids.length));
  }

  it(`plays ${NAME} whole in the presentation layout: narration, highlights, questions right and wrong, keys, history`, async () => {
    const n = LESSON.steps.length;
    const { page, errors } = await open(`${server.url}#lesson=${NAME}&step=1`);
    const moves = ['click', 'ArrowRight', 'PageDown'];
    let wrongRemove = false, wrongNumber = false;
    for (let k = 1; k <= n; k++) {
      const step = LESSON.steps[k - 1];
      const st = parseHash(step.state).state;
      const r = cli(step.state);
      await shown(page, k, n, st.stage);
      const card = await page.evaluate(() => {
        const text = document.querySelector('[data-testid=lesson-text]');
        const next = document.querySelector('[data-testid=lesson-next]').getBoundingClientRect();
        return {
          present: document.body.classList.contains('present'), hash: location.hash, text: text.textContent,
          fontPx: parseFloat(getComputedStyle(text.querySelector('p, li') || text).fontSize), nextH: next.height,
          bar: document.querySelector('[data-testid=lesson-progress]').getAttribute('aria-valuenow'),
        };
      });
      expect(card.present).toBe(true);
      expect(card.hash).toContain(`lesson=${NAME}&step=${k}`);
      expect(card.bar).toBe(String(k));
      if (step.question?.kind !== 'remove') {
        // (a "click the nodes" step opens with its narration folded away: the graph is what the student needs)
        expect(card.text.replace(/\s+/g, '')).toBe(plainText(step.text).replace(/•/g, '').replace(/\s+/g, ''));
        expect(card.fontPx, `step ${k} narration`).toBeGreaterThanOrEqual(18);
      }
      expect(card.nextH).toBeGreaterThanOrEqual(40);
      // highlights: exactly the drawn nodes of the CLI's graph the step names
      const h = step.highlight || {};
      if (['op', 'name', 'line'].some((x) => x in h)) {
        const drawn = new Set(await drawnIds(page));
        const want = highlighted(r, st.stage, h).filter((id) => drawn.has(id)).sort((a, b) => a - b);
        expect(want.length, `step ${k}: the highlight names drawn nodes`).toBeGreaterThan(0);
        expect(await hlIds(page), `step ${k} highlight ${JSON.stringify(h)}`).toEqual(want);
        // the card sits where it covers none of them (placed once the graph's zoom has settled)
        await page.waitForTimeout(1600);
        const covered = await page.evaluate(() => {
          const c = document.querySelector('[data-testid=lesson]').getBoundingClientRect();
          return [...document.querySelectorAll('[data-testid=graph] g.node.lesson-hl')].filter((g) => {
            const r = g.getBoundingClientRect();
            return r.right > c.left && r.left < c.right && r.bottom > c.top && r.top < c.bottom;
          }).map((g) => g.getAttribute('data-node-id'));
        });
        expect(covered, `step ${k}: highlighted nodes under the card`).toEqual([]);
      }
      await page.screenshot({ path: path.join(SHOTS, `${NAME}-${k}.png`) });
      const q = step.question;
      if (q && q.kind === 'remove') {
        const pass = stageKeys(st.pipeline).indexOf(q.pass);
        expect(pass).toBe(st.stage + 1);
        const ids = removedIds(r, st.stage);
        // folded groups hold them, or they are drawn: a student opens the groups to reach them
        await openFor(page, ids);
        const drawnNow = new Set(await drawnIds(page));
        expect(ids.filter((id) => !drawnNow.has(id)), `step ${k}: every node to pick is drawn once its groups are open`).toEqual([]);
        if (!wrongRemove) {
          // wrong: one right node and one the pass keeps
          // (one the student can see: its centre on screen and not under the card)
          const visible = new Set(await page.evaluate(() => [...document.querySelectorAll('[data-testid=graph] g.node[data-node-id]')].filter((g) => {
            const b = g.getBoundingClientRect();
            const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
            return !!hit && g.contains(hit);
          }).map((g) => Number(g.getAttribute('data-node-id')))));
          const kept = [...drawnNow].find((id) => !ids.includes(id) && visible.has(id));
          await pick(page, [ids[0], kept]);
          await page.click('[data-testid=lesson-check]');
          expect(await verdict(page)).toBe('false');
          await page.click('[data-testid=lesson-retry]');
          await page.locator('[data-testid=lesson-verdict]').waitFor({ state: 'hidden' });
          await shown(page, k, n, st.stage);                       // (the reveal's pass undone: the asked stage again)
          wrongRemove = true;
        }
        await pick(page, ids);
        await page.click('[data-testid=lesson-check]');
        expect(await verdict(page), `step ${k}: the pass removes %${ids.join(', %')}`).toBe('true');
        // the reveal plays the pass and marks what it made of them
        await shown(page, k, n, st.stage + 1);
        const made = madeFrom(r, st.stage, ids);
        const drawn = new Set(await drawnIds(page));
        await page.waitForFunction((want) => document.querySelectorAll('[data-testid=graph] g.node.lesson-hl[data-node-id]').length === want, made.filter((id) => drawn.has(id)).length);
        expect(await hlIds(page)).toEqual(made.filter((id) => drawn.has(id)));
        await page.screenshot({ path: path.join(SHOTS, `${NAME}-${k}-revealed.png`) });
      } else if (q && (q.kind === 'count' || q.kind === 'graphs')) {
        expect(q.kind).toBe('count');
        const at = stageKeys(st.pipeline).indexOf(q.pass);
        const right = q.what === 'ops' ? r.passes[at].ops : r.passes[at].nodes;
        // the pass strip's counts would give the answer away
        expect(await page.evaluate(() => getComputedStyle(document.querySelector('#panel-graph .ps-chips')).visibility)).toBe('hidden');
        if (!wrongNumber) {
          await page.fill('[data-testid=lesson-number]', String(right + 1));
          await page.click('[data-testid=lesson-check]');
          expect(await verdict(page)).toBe('false');
          await page.click('[data-testid=lesson-retry]');
          wrongNumber = true;
        }
        await page.fill('[data-testid=lesson-number]', String(right));
        await page.press('[data-testid=lesson-number]', 'Enter');   // Enter checks; the arrow keys stay the field's
        expect(await verdict(page)).toBe('true');
      } else if (q) throw new Error(`step ${k}: a ${q.kind} question: give this test its answer`);
      if (k < n) {
        const how = moves[(k - 1) % moves.length];
        if (how === 'click') await page.click('[data-testid=lesson-next]');
        else {
          await page.locator('[data-testid=lesson-next]').blur();
          await page.keyboard.press(how);
        }
      }
    }
    expect(wrongRemove && wrongNumber).toBe(true);
    expect(await page.locator('[data-testid=lesson-next]').getAttribute('aria-disabled')).toBe('true');
    // back / forward walk the steps (a history entry each); ← and the back button too
    const stageOf = (k) => parseHash(LESSON.steps[k - 1].state).state.stage;
    await page.goBack();
    await shown(page, n - 1, n, stageOf(n - 1));
    await page.goForward();
    await shown(page, n, n, stageOf(n));
    await page.keyboard.press('ArrowLeft');
    await shown(page, n - 1, n, stageOf(n - 1));
    await page.click('[data-testid=lesson-prev]');
    await shown(page, n - 2, n, stageOf(n - 2));
    // the way out: the lab as it was, no lesson in the link; the lesson menu opens one at its first step
    await page.click('[data-testid=lesson-exit]');
    await page.waitForFunction(() => !document.body.classList.contains('present') && document.querySelector('[data-testid=lesson]').hidden && !/lesson=/.test(location.hash));
    await page.selectOption('[data-testid=lesson-menu]', NAME);
    await shown(page, 1, n, stageOf(1));
    expect(errors).toEqual([]);
    await page.close();
  }, 600000);

  it('a lesson link opens at its step in make dist\'s single file, from file://', async () => {
    const { buildDist } = await import('../../tools/build-web.mjs');
    const out = await buildDist();
    const step = LESSON.steps[1];
    const st = parseHash(step.state).state;
    const { page, errors } = await open(`${pathToFileURL(out).href}#lesson=${NAME}&step=2`);
    await shown(page, 2, LESSON.steps.length, st.stage);
    const drawn = new Set(await drawnIds(page));
    const want = highlighted(cli(step.state), st.stage, step.highlight).filter((id) => drawn.has(id)).sort((a, b) => a - b);
    expect(want.length).toBeGreaterThan(0);
    expect(await hlIds(page)).toEqual(want);
    await page.click('[data-testid=lesson-next]');
    await shown(page, 3, LESSON.steps.length, parseHash(LESSON.steps[2].state).state.stage);
    expect(errors).toEqual([]);
    await page.close();
  }, 300000);
});
