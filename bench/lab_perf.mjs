#!/usr/bin/env node
// lab_perf.mjs — how the browser lab feels on one Llama-3-8B layer (prefill). A benchmark that prints
// numbers, not a timed unit test (`make bench-lab` = `make wasm web` + this).
//
// Serves public/ with tools/serve.mjs on a free loopback port and drives Debian's /usr/bin/chromium (headless,
// via playwright-core; never downloads a browser). The page is opened with the llama3-8b preset chosen in the
// preset menu and then layers = 1 typed into its field, like a student would.
//
//   (a) slider → redraw: focus the T slider (then the d slider) and press ArrowRight / ArrowLeft, one move at
//       a time. Measured from the keydown's timeStamp to the page's marks (web/perf.js: gl-analyze-start,
//       gl-analyze-end, gl-layout-end, gl-draw-end, gl-view-end, gl-render-end) and to the end of the next frame
//       after gl-view-end (a rAF callback then a MessageChannel task: the frame with the new graph and every
//       panel in view is rendered; the panels out of view draw after that frame, by gl-render-end). A build
//       without gl-view-end draws every panel before its frame: gl-render-end stands for it.
//       Prints median / p90 / max and where the time goes.
//   (b) pass animations, on the small layer (the default state) and on the 8B layer: Home, then ArrowRight
//       through every pass with animations on; requestAnimationFrame deltas collected in the page while each
//       step animates (node tween, zoom and camera). Prints median / p95 / max frame time, the share of frames
//       on time and the number over 33 ms; the first frame of a step (the one that does the step's layout and
//       DOM join) is also shown on its own. Targets: p95 ≤ 17.7 ms and ≥ 95 % of frames on time, each layer.
//       First the floor, in the same browser: an empty page's rAF loop, and the lab's while nothing moves.
//   (c) keyboard only: Tab through the whole page and check that every control of the config panel, the
//       stepper buttons and the pass list are reached and show a focus outline; ← / → / space / Home / End
//       work when focus is not in a text field (and do not steal keys from fields); Enter and Space activate
//       buttons. Prints a checklist (PASS / FAIL per item).
//   (d) long tasks: the longest main-thread task (PerformanceObserver 'longtask') at the settings that used to
//       freeze the page: 256 decode layers on load, then presentation (the former Instructor mode); 256 prefill layers; 1024 layers (the
//       most the lab allows) decode and prefill; the 405B preset.
//
// Environment: LAB_PERF_MOVES (slider moves, default 36), LAB_PERF_ROUNDS (times the pass walk is repeated,
// default 2), LAB_PERF_ONLY (e.g. "b" or "a,c": only those parts), LAB_PERF_ROOT (serve another build of public/). The load average is printed with the
// numbers: on a busy machine, re-run.
import os from 'node:os';

import { ARGS, quantile, median, f1, load, finish, launchLab } from './lab_common.mjs';

const MOVES = Math.max(2, Number(process.env.LAB_PERF_MOVES) || 36);
const ROUNDS = Math.max(1, Number(process.env.LAB_PERF_ROUNDS) || 2);
const BUDGET_MS = 100;
const LONG_TASK_MS = 200;
const FRAME_P95_MS = 17.7;   // a vsync (16.7 ms) and the rAF clock's rounding
const ONLY = new Set((process.env.LAB_PERF_ONLY || 'a,b,c,d').split(',').map((x) => x.trim()));

// ------------------------------------------------------------------------------------------ helpers
function row(label, xs, qs = [['median', 0.5], ['p90', 0.9]]) {
  const parts = qs.map(([n, q]) => `${n} ${f1(q === 0.5 ? median(xs) : quantile(xs, q))}`);
  return `  ${label.padEnd(34)} ${parts.join('  ')}  max ${f1(Math.max(...xs))} ms  (n=${xs.length})`;
}

// ------------------------------------------------------------------------------------------ in-page probe
// Installed with page.evaluate (CDP, so the page's CSP does not apply). Keeps: the last keydown's timeStamp,
// the gl-* marks (PerformanceObserver), and, while recording (b.record(true)), every rAF timestamp plus the
// time that frame's rendering was done (a MessageChannel task posted from the rAF callback runs after the
// frame's style, layout and paint). The rAF loop runs only while recording: a page with a rAF loop never
// gets long idle periods, and the lab lays out passes ahead in idle time.
function installProbe() {
  if (window.__bench) return;
  const b = { keyAt: null, marks: [], frames: [], rendered: [], recording: false };
  window.__bench = b;
  document.addEventListener('keydown', (e) => { b.keyAt = e.timeStamp; }, true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name.startsWith('gl-')) b.marks.push({ name: e.name, t: e.startTime });
  }).observe({ type: 'mark' });
  const ch = new MessageChannel();
  ch.port1.onmessage = (ev) => b.rendered.push({ frame: ev.data, done: performance.now() });
  let looping = false;
  const loop = (ts) => {
    if (!b.recording) {
      looping = false;
      return;
    }
    b.frames.push(ts);
    ch.port2.postMessage(ts);
    requestAnimationFrame(loop);
  };
  b.record = (on) => {
    b.recording = on;
    if (on && !looping) {
      looping = true;
      requestAnimationFrame(loop);
    }
  };
}

// ------------------------------------------------------------------------------------------ main
async function main() {
  const { server, browser } = await launchLab('lab_perf');
  const failures = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, reducedMotion: 'no-preference' });
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e && e.message)));
    await page.goto(`${server.url}?test=1`);
    await page.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 90000 });
    await page.evaluate(installProbe);

    const settled = () => page.waitForFunction(() => {
      const s = document.querySelector('.graph-svg');
      return s && s.getAttribute('data-animating') === '0';
    }, null, { timeout: 60000 });

    // the preset, then one layer, through the real controls
    await page.selectOption('#cfg-preset', 'llama3-8b');
    await page.waitForFunction(() => window.__graphlab.result() && window.__graphlab.result().config.d === 4096, null, { timeout: 90000 });
    await page.fill('#cfg-layers', '1');
    await page.waitForFunction(() => window.__graphlab.result().config.layers === 1, null, { timeout: 90000 });
    await settled();
    await page.waitForTimeout(1000);
    const info = await page.evaluate(() => {
      const r = window.__graphlab.result();
      const st = window.__graphlab.state();
      return { cfg: st.cfg, stages: r.passes.length, nodes: r.passes.map((p) => p.nodes), dom: document.getElementsByTagName('*').length };
    });
    console.log(`GraphLab lab perf — llama3-8b, layers=1, ${info.cfg.mode}, T=${info.cfg.T}: ${info.stages} stages, nodes ${info.nodes.join(' → ')}, ${info.dom} DOM elements`);
    console.log(`chromium headless (${(await browser.version())}), ${os.cpus().length} cores, load average ${load()}`);
    console.log(`chromium flags: ${ARGS.join(' ')} (software raster and compositing; frame scheduling as shipped)`);

    // ---------------------------------------------------------------------------- (a) slider → redraw
    if (ONLY.has('a')) {
      /** One key press on the focused control; waits for its redraw; returns the phase times (ms from the key). */
      async function oneMove(key) {
        await page.evaluate(() => {
          const b = window.__bench;
          b.keyAt = null;
          b.marks = [];
          b.frames = [];
          b.rendered = [];
          b.record(true);
        });
        await page.keyboard.press(key);
        await page.waitForFunction(() => {
          const b = window.__bench;
          const end = b.marks.find((m) => m.name === 'gl-render-end' && m.t >= b.keyAt);
          const view = b.marks.find((m) => m.name === 'gl-view-end' && m.t >= b.keyAt) || end;
          return end && b.rendered.some((r) => r.done > view.t) && b.rendered.some((r) => r.done > end.t);
        }, null, { timeout: 60000, polling: 'raf' });
        const r = await page.evaluate(() => {
          const b = window.__bench;
          b.record(false);
          const at = (name) => { const m = b.marks.find((x) => x.name === name && x.t >= b.keyAt); return m ? m.t - b.keyAt : NaN; };
          const renderEnd = at('gl-render-end') + b.keyAt;
          const viewAt = Number.isFinite(at('gl-view-end')) ? at('gl-view-end') : at('gl-render-end');
          // the first frame rendered after the panels in view redrew (the analysis runs in a rAF callback, so
          // this is usually the frame it ran in)
          const fr = b.rendered.find((x) => x.done > viewAt + b.keyAt);
          return {
            analyzeStart: at('gl-analyze-start'), analyzeEnd: at('gl-analyze-end'), layoutEnd: at('gl-layout-end'),
            drawEnd: at('gl-draw-end'), viewEnd: viewAt, renderEnd: renderEnd - b.keyAt, painted: fr.done - b.keyAt,
            value: window.__graphlab.state().cfg,
          };
        });
        await settled();
        await page.waitForTimeout(150);
        return r;
      }

      async function sliderRun(field, n) {
        const sel = `[data-field=${field}] input[type=range]`;
        await page.focus(sel);
        const res = [];
        // right until the end of the ticks, then left, and so on
        let dir = 'ArrowRight';
        for (let i = 0; i < n; i++) {
          const before = await page.$eval(sel, (e) => [Number(e.value), Number(e.max)]);
          if (dir === 'ArrowRight' && before[0] >= before[1]) dir = 'ArrowLeft';
          else if (dir === 'ArrowLeft' && before[0] <= 0) dir = 'ArrowRight';
          res.push(await oneMove(dir));
        }
        return res;
      }

      const report = (label, res) => {
        const ph = (k) => res.map((r) => r[k]);
        const diff = (a, b) => res.map((r) => r[b] - r[a]);
        console.log(`\n(a) ${label}`);
        console.log(row('key → graph drawn (gl-draw-end)', ph('drawEnd')));
        console.log(row('key → frame rendered (in view)', ph('painted')));
        console.log('  where the time goes (medians):');
        console.log(`    key → analysis starts (rAF)      ${f1(median(ph('analyzeStart')))} ms`);
        console.log(`    runCase + buildStages            ${f1(median(diff('analyzeStart', 'analyzeEnd')))} ms`);
        console.log(`    config view + layout (dagre)     ${f1(median(diff('analyzeEnd', 'layoutEnd')))} ms`);
        console.log(`    graph DOM join + first frame     ${f1(median(diff('layoutEnd', 'drawEnd')))} ms`);
        console.log(`    other panels in view             ${f1(median(diff('drawEnd', 'viewEnd')))} ms`);
        console.log(`    style, layout, paint of frame    ${f1(median(diff('viewEnd', 'painted')))} ms`);
        console.log(row('key → all panels drawn (render-end)', ph('renderEnd')));
        return median(ph('painted'));
      };

      const tRes = await sliderRun('T', MOVES);
      const tMed = report(`T slider (prefill tokens), ${MOVES} moves, ArrowRight/ArrowLeft on the focused slider; load ${load()}`, tRes);
      const dRes = await sliderRun('d', Math.min(MOVES, 16));
      report(`d slider (model width), ${dRes.length} moves; load ${load()}`, dRes);
      if (!(tMed < BUDGET_MS)) failures.push(`slider → redraw median ${f1(tMed)} ms ≥ ${BUDGET_MS} ms`);
      // back to the 8B shape (the d moves changed it)
      await page.selectOption('#cfg-preset', 'llama3-8b');
      await page.waitForFunction(() => window.__graphlab.result().config.d === 4096, null, { timeout: 90000 });
      await page.fill('#cfg-layers', '1');
      await page.waitForFunction(() => window.__graphlab.result().config.layers === 1, null, { timeout: 90000 });
      await settled();
    }

    // ---------------------------------------------------------------------------- (b) pass animations
    // on the small layer (the page's default state, opened in a page of its own) and on the 8B layer
    if (ONLY.has('b')) {
      /** Steps through every pass of the page's result ROUNDS times; prints and checks its frame times. */
      async function passWalk(pg, label, nStages) {
        const done = () => pg.waitForFunction(() => {
          const s = document.querySelector('.graph-svg');
          return s && s.getAttribute('data-animating') === '0';
        }, null, { timeout: 60000 });
        await pg.evaluate(() => document.activeElement && document.activeElement.blur());
        const all = [], firsts = [], rest = [];
        const perStep = [];
        for (let round = 0; round < ROUNDS; round++) {
          await pg.keyboard.press('Home');
          await done();
          await pg.waitForTimeout(1000);
          for (let s = 1; s < nStages; s++) {
            await pg.evaluate(() => { const b = window.__bench; b.frames = []; b.rendered = []; b.keyAt = null; b.record(true); });
            await pg.keyboard.press('ArrowRight');
            // the node tween, the zoom and the camera; record until all are done
            await pg.waitForFunction(() => {
              const b = window.__bench;
              const s2 = document.querySelector('.graph-svg');
              return b.keyAt !== null && s2.getAttribute('data-animating') === '0' && performance.now() - b.keyAt > 1000;
            }, null, { timeout: 60000, polling: 100 });
            const fr = await pg.evaluate(() => {
              const b = window.__bench;
              b.record(false);
              const ts = b.frames.filter((t) => t >= b.keyAt - 20);
              const stage = window.__graphlab.state().stage;
              return { ts, keyAt: b.keyAt, stage, name: document.querySelector('.graph-svg').getAttribute('data-stage-name') };
            });
            const d = [];
            for (let i = 1; i < fr.ts.length; i++) d.push(fr.ts[i] - fr.ts[i - 1]);
            if (!d.length) continue;
            all.push(...d);
            firsts.push(d[0]);
            rest.push(...d.slice(1));
            perStep.push({ stage: fr.stage, name: fr.name, frames: d.length, max: Math.max(...d), over: d.filter((x) => x > 33).length, first: d[0] });
            await pg.waitForTimeout(200);
          }
        }
        const over = all.filter((x) => x > 33).length;
        const pct = (n) => `${((100 * n) / Math.max(1, all.length)).toFixed(1)}%`;
        const onTime = all.filter((x) => x <= 17.5).length, oneLate = all.filter((x) => x > 17.5 && x <= 34.2).length;
        console.log(`\n(b) pass animations, ${label}: ${nStages - 1} steps × ${ROUNDS} rounds with ArrowRight, rAF deltas; load ${load()}`);
        console.log(row('all frames', all, [['median', 0.5], ['p95', 0.95]]) + `  over 33 ms: ${over}`);
        console.log(`  frames on time (≤ 1 vsync) ${pct(onTime)}, 2 vsyncs ${pct(oneLate)}, more ${pct(all.length - onTime - oneLate)}`);
        console.log(row('first frame of a step (layout+join)', firsts, [['median', 0.5], ['p95', 0.95]]));
        console.log(row('frames after the first', rest, [['median', 0.5], ['p95', 0.95]]) + `  over 33 ms: ${rest.filter((x) => x > 33).length}`);
        for (const s of perStep.slice(0, nStages - 1)) {
          console.log(`    → ${String(s.stage).padStart(2)} ${s.name.padEnd(18)} ${String(s.frames).padStart(3)} frames, first ${f1(s.first)} ms, max ${f1(s.max)} ms, ${s.over} over 33 ms`);
        }
        // the targets: p95 within a vsync (16.7 ms, + 1 ms for the clock's rounding) and 95 % of frames on time
        const p95 = quantile(rest, 0.95);
        if (!(p95 <= FRAME_P95_MS)) failures.push(`animation p95 frame ${f1(p95)} ms > ${FRAME_P95_MS} ms (${label})`);
        if (!(onTime >= 0.95 * all.length)) failures.push(`animation frames on time ${pct(onTime)} < 95% (${label})`);
      }

      // the floor: how on time frames are in this browser when the page does nothing but count them
      const floorOf = async (pg) => {
        const ts = await pg.evaluate(() => new Promise((res) => {
          const out = [];
          const t0 = performance.now();
          const loop = (t) => {
            out.push(t);
            if (performance.now() - t0 < 3000) requestAnimationFrame(loop);
            else res(out);
          };
          requestAnimationFrame(loop);
        }));
        const d = ts.slice(1).map((t, i) => t - ts[i]);
        return `p95 ${f1(quantile(d, 0.95))} ms, ${((100 * d.filter((x) => x <= 17.5).length) / Math.max(1, d.length)).toFixed(1)}% on time (n=${d.length})`;
      };
      {
        const blank = await context.newPage();
        await blank.setContent('<!doctype html><title>rAF</title><p>frames</p>');
        const a = await floorOf(blank);
        await blank.close();
        await page.bringToFront();
        console.log(`\n(b) floor, rAF deltas for 3 s: an empty page ${a}; the lab standing still (8B layer) ${await floorOf(page)}; load ${load()}`);
      }

      const small = await context.newPage();
      small.on('pageerror', (e) => errors.push(String(e && e.message)));
      await small.goto(`${server.url}?test=1`);
      await small.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 90000 });
      await small.evaluate(installProbe);
      const smallStages = await small.evaluate(() => window.__graphlab.result().passes.length);
      const smallCfg = await small.evaluate(() => window.__graphlab.state().cfg);
      await passWalk(small, `the small layer (default: d=${smallCfg.d}, ${smallCfg.mode}, T=${smallCfg.T})`, smallStages);
      await small.close();
      await page.bringToFront();
      await passWalk(page, 'one llama3-8b layer', info.stages);
    }

    // ---------------------------------------------------------------------------- (c) keyboard only
    if (ONLY.has('c')) {
      const checks = [];
      const check = (name, ok, detail = '') => {
        checks.push({ name, ok: !!ok, detail });
        if (!ok) failures.push(`keyboard: ${name}${detail ? ` (${detail})` : ''}`);
      };
      // a middle stage, so that no stepper button is disabled
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await settled();

      /** Tabs from the top of the page until focus comes back round; returns what was reached. */
      async function tabWalk(limit = 400) {
        await page.evaluate(() => {
          window.__bench.reached = new Map();
          document.activeElement && document.activeElement.blur();
          window.scrollTo(0, 0);
        });
        // start from the top of the document
        await page.evaluate(() => {
          const a = document.createElement('span');
          a.tabIndex = -1;
          a.id = '__bench-start';
          document.body.prepend(a);
          a.focus();
          a.remove();
        });
        let first = null;
        const stops = [];
        for (let i = 0; i < limit; i++) {
          await page.keyboard.press('Tab');
          const s = await page.evaluate(() => {
            const e = document.activeElement;
            if (!e || e === document.body) return null;
            const cs = getComputedStyle(e);
            const w = parseFloat(cs.outlineWidth) || 0;
            const outline = cs.outlineStyle !== 'none' && w >= 1;
            const id = e.id || e.getAttribute('data-testid') || e.getAttribute('aria-label') || (e.textContent || '').trim().slice(0, 30);
            const key = `${e.tagName.toLowerCase()}${e.type ? `[${e.type}]` : ''}:${id}`;
            const n = window.__bench.reached.size;
            if (!window.__bench.reached.has(e)) window.__bench.reached.set(e, { outline, fv: e.matches(':focus-visible'), order: n, key });
            return { key, outline };
          });
          if (!s) continue;                       // focus left the document (browser UI): keep going
          if (first === null) first = s.key;
          else if (s.key === first) break;
          stops.push(s);
        }
        return stops;
      }

      /** For the elements matched by `selector` (visible, enabled; radio groups as one): reached? outlined? */
      async function coverage(selector) {
        return page.evaluate((sel) => {
          const reached = window.__bench.reached;
          // inside a closed <details> only its <summary> counts (the rest is checked after opening it)
          const inClosed = (e) => { const d = e.closest('details:not([open])'); return d && !(e.tagName === 'SUMMARY' && e.parentElement === d); };
          const visible = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden' && !inClosed(e);
          const seenGroups = new Set();
          const out = [];
          for (const e of document.querySelectorAll(sel)) {
            if (!visible(e) || e.disabled) continue;
            let members = [e];
            let label = e.id || e.getAttribute('aria-label') || e.getAttribute('data-testid') || (e.textContent || '').trim().slice(0, 24);
            if (e.type === 'radio') {
              if (seenGroups.has(e.name)) continue;
              seenGroups.add(e.name);
              members = [...document.querySelectorAll(`input[type=radio][name="${e.name}"]`)];
              label = `radio group "${e.name}"`;
            }
            const hit = members.map((m) => reached.get(m)).find(Boolean);
            out.push({ label, reached: !!hit, outline: !!(hit && hit.outline) });
          }
          return out;
        }, selector);
      }

      const stops = await tabWalk();
      const CONTROLS = 'input, select, button, summary, textarea, [tabindex]:not([tabindex="-1"])';
      const groups = [
        ['config panel controls', `#panel-config ${CONTROLS.split(', ').join(', #panel-config ')}, #panel-config input[type=range]`],
        ['stepper buttons', '.stepper button'],
        ['pass list buttons', '.pass-list button'],
        ['graph options (hide / kernels / layers)', '.graph-opts input, .graph-opts select'],
        ['pipeline editor (summary)', '.pipeline-editor summary'],
        ['header (panel toggles, instructor mode)', '.top input, .top button'],
      ];
      for (const [name, sel] of groups) {
        const cov = await coverage(sel);
        const missing = cov.filter((c) => !c.reached).map((c) => c.label);
        const noOutline = cov.filter((c) => c.reached && !c.outline).map((c) => c.label);
        check(`${name}: all ${cov.length} reachable by Tab`, cov.length && !missing.length, missing.length ? `not reached: ${missing.join(', ')}` : '');
        check(`${name}: visible focus outline`, cov.length && !noOutline.length, noOutline.length ? `no outline: ${noOutline.join(', ')}` : '');
      }
      check(`Tab order cycles (${stops.length} stops)`, stops.length > 10);

      // the closed <details>: Enter opens, its fields are then reachable; Space on a summary toggles it
      await page.focus('.config .adv summary');
      await page.keyboard.press('Enter');
      const advOpen = await page.evaluate(() => document.querySelector('.config .adv').open);
      const advStops = [];
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Tab');
        advStops.push(await page.evaluate(() => document.activeElement.id));
      }
      check('"eps, RoPE θ, seed": Enter opens it, eps / θ / seed follow in Tab order', advOpen && advStops.join() === 'cfg-eps,cfg-theta,cfg-seed', advStops.join(' '));
      await page.focus('.config .adv summary');
      const stageBefore = await page.evaluate(() => window.__graphlab.state().stage);
      await page.keyboard.press(' ');
      const spaceSummary = await page.evaluate(() => ({ open: document.querySelector('.config .adv').open, play: document.querySelector('[data-testid=play]').getAttribute('aria-label') }));
      check('Space on a <summary> toggles it (and does not start play)', !spaceSummary.open && spaceSummary.play === 'play', JSON.stringify(spaceSummary));
      if (spaceSummary.play === 'pause') await page.click('[data-testid=play]');
      await page.evaluate((s) => window.__graphlabTest.setState({ stage: s }), stageBefore);
      await settled();

      // custom device via the keyboard: End on the device menu picks "custom device…", its fields are reachable
      await page.focus('#cfg-device');
      await page.keyboard.press('End');
      await page.waitForFunction(() => window.__graphlab.state().dev === 'custom', null, { timeout: 5000 }).catch(() => {});
      const customStops = [];
      await page.focus('#cfg-device');
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        customStops.push(await page.evaluate(() => document.activeElement.id));
      }
      check('custom device chosen with the keyboard; its 4 fields follow in Tab order', customStops.join() === 'dev-mm,dev-vec,dev-bw,dev-launch', customStops.join(' '));
      await page.focus('#cfg-device');
      await page.keyboard.press('Home');
      await page.waitForFunction(() => window.__graphlab.state().dev !== 'custom', null, { timeout: 5000 }).catch(() => {});
      await settled();

      // keys
      const stageNow = () => page.evaluate(() => window.__graphlab.state().stage);
      const keyTest = async (focusSel, key, expectDelta, name) => {
        if (focusSel) await page.focus(focusSel);
        else await page.evaluate(() => document.activeElement && document.activeElement.blur());
        const a = await stageNow();
        await page.keyboard.press(key);
        await page.waitForTimeout(50);
        const b = await stageNow();
        check(name, b - a === expectDelta, `stage ${a} → ${b}`);
        await settled();
      };
      await keyTest(null, 'ArrowRight', 1, '→ steps forward (focus on the page)');
      await keyTest(null, 'ArrowLeft', -1, '← steps back (focus on the page)');
      await keyTest('.stepper button[title^="fit"]', 'ArrowRight', 1, '→ steps while a button has focus');
      await keyTest('#opt-hide', 'ArrowRight', 1, '→ steps while a checkbox has focus');
      await keyTest('.pass-list li.current button', 'ArrowLeft', -1, '← steps while a pass-list button has focus');
      await keyTest('#cfg-T', 'ArrowRight', 0, '→ in a number field stays in the field (no step)');
      {
        await page.evaluate(() => document.activeElement && document.activeElement.blur());
        await page.keyboard.press('End');
        const e = await page.evaluate(() => window.__graphlab.state().stage);
        await page.keyboard.press('Home');
        const h = await page.evaluate(() => window.__graphlab.state().stage);
        check('End / Home jump to the last / first stage', e === info.stages - 1 && h === 0, `End → ${e}, Home → ${h}`);
        await settled();
      }
      {
        await page.evaluate(() => document.activeElement && document.activeElement.blur());
        await page.keyboard.press(' ');
        const on = await page.evaluate(() => document.querySelector('[data-testid=play]').getAttribute('aria-label'));
        await page.keyboard.press(' ');
        const off = await page.evaluate(() => document.querySelector('[data-testid=play]').getAttribute('aria-label'));
        check('space plays and pauses (focus on the page)', on === 'pause' && off === 'play', `${on} / ${off}`);
        await settled();
      }
      // Enter / Space on buttons
      await keyTest('[data-testid=next]', 'Enter', 1, 'Enter on "next pass" activates it (one step)');
      await keyTest('[data-testid=next]', ' ', 1, 'Space on "next pass" activates it (one step)');
      await keyTest('[data-testid=prev]', 'Enter', -1, 'Enter on "previous pass" activates it');
      {
        await page.focus('.pass-list li:first-child button');
        await page.keyboard.press('Enter');
        await page.waitForTimeout(50);
        const s0 = await stageNow();
        await page.focus('.pass-list li:nth-child(3) button');
        await page.keyboard.press(' ');
        await page.waitForTimeout(50);
        const s2 = await stageNow();
        check('Enter / Space on a pass-list entry opens that stage', s0 === 0 && s2 === 2, `${s0}, ${s2}`);
        await settled();
      }
      {
        await page.focus('[data-testid=play]');
        await page.keyboard.press('Enter');
        const on = await page.evaluate(() => document.querySelector('[data-testid=play]').getAttribute('aria-label'));
        await page.keyboard.press(' ');
        const off = await page.evaluate(() => document.querySelector('[data-testid=play]').getAttribute('aria-label'));
        check('Enter / Space on play toggle play once each', on === 'pause' && off === 'play', `${on} / ${off}`);
        await settled();
      }
      {
        // stepping to the end with the button must not drop focus to <body>
        await page.keyboard.press('End');
        await page.evaluate(() => window.__graphlabTest.step(-1));
        await settled();
        await page.focus('[data-testid=next]');
        await page.keyboard.press('Enter');
        await settled();
        const where = await page.evaluate(() => (document.activeElement === document.body ? 'body' : document.activeElement.getAttribute('data-testid') || document.activeElement.tagName));
        check('focus stays on the stepper when "next" reaches the last stage', where !== 'body', `focus on ${where}`);
      }
      {
        await page.focus('#inst-toggle');
        await page.keyboard.press(' ');
        const on = await page.evaluate(() => window.__graphlab.state().present);
        await page.evaluate(() => document.activeElement.blur());
        await page.keyboard.press('i');
        const off = await page.evaluate(() => window.__graphlab.state().present);
        check('Space on "Present" (the former Instructor mode) turns it on, i turns it off', on === true && off === false, `${on} / ${off}`);
      }
      {
        // a slider moved with the keyboard redraws the graph
        await page.focus('[data-field=T] input[type=range]');
        const a = await page.evaluate(() => window.__graphlab.state().cfg.T);
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction((t) => window.__graphlab.result().config.T !== t, a, { timeout: 10000 }).catch(() => {});
        const b = await page.evaluate(() => window.__graphlab.result().config.T);
        check('a focused slider moves with ←/→ and the graph follows', b > a, `T ${a} → ${b}`);
      }
      {
        // the pipeline editor: Space on a pass's checkbox, Enter on its ↓ — the graph is re-analysed and
        // the editor redrawn, and focus stays on the same control of the same pass
        await page.focus('.pipeline-editor summary');
        await page.keyboard.press('Enter');
        const focusedCtl = () => page.evaluate(() => {
          const e = document.activeElement;
          return e ? `${e.getAttribute('data-pass')}/${e.getAttribute('data-role')}` : 'none';
        });
        const pipe = () => page.evaluate(() => window.__graphlab.result().pipeline || window.__graphlab.state().pipeline);
        await page.focus('.pipe-list [data-pass="cse"][data-role="cb"]');
        await page.keyboard.press(' ');
        await page.waitForFunction(() => !window.__graphlab.state().pipeline.includes('cse'), null, { timeout: 5000 }).catch(() => {});
        await settled();
        const f1_ = await focusedCtl();
        await page.keyboard.press(' ');
        await page.waitForFunction(() => window.__graphlab.state().pipeline.includes('cse'), null, { timeout: 5000 }).catch(() => {});
        await settled();
        await page.focus('.pipe-list [data-pass="match_attention"][data-role="down"]');
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => window.__graphlab.state().pipeline[1] === 'match_attention', null, { timeout: 5000 }).catch(() => {});
        await settled();
        const f2_ = await focusedCtl();
        await page.keyboard.press('Shift+Tab');   // to ↑ of the same pass
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => window.__graphlab.state().pipeline[0] === 'match_attention', null, { timeout: 5000 }).catch(() => {});
        await settled();
        const p_ = await pipe();
        check('pipeline editor: Space / Enter on a pass keep focus on it (cb, ↓, ↑)', f1_ === 'cse/cb' && f2_ === 'match_attention/down' && p_[0] === 'match_attention',
          `${f1_}, ${f2_}, ${JSON.stringify(p_)}`);
        await page.click('.pipeline-editor > button');   // "default order" (after a failure above)
        await page.focus('.pipeline-editor summary');
        await page.keyboard.press('Enter');
        await settled();
      }
      {
        // a stack drawn one box per layer: the boxes are in the Tab order, outlined, and Enter opens one
        await page.evaluate(async () => {
          window.__graphlabTest.setState({ cfg: { layers: 3 }, collapse: 'on', stage: 0 });
          await window.__graphlabTest.analyzeNow();   // a Promise (the analysis worker)
        });
        await settled();
        await page.focus('.stepper button[title^="fit"]');
        let hit = null;
        for (let i = 0; i < 40 && !hit; i++) {
          await page.keyboard.press('Tab');
          hit = await page.evaluate(() => {
            const e = document.activeElement;
            if (!e || !e.matches('g.node.group')) return null;
            const cs = getComputedStyle(e);
            return { outline: cs.outlineStyle !== 'none' && (parseFloat(cs.outlineWidth) || 0) >= 1, label: e.getAttribute('aria-label') };
          });
        }
        const before = await page.evaluate(() => document.querySelectorAll('.graph-svg g.node.group').length);
        if (hit) await page.keyboard.press('Enter');
        await settled();
        const after = await page.evaluate(() => document.querySelectorAll('.graph-svg g.node.group').length);
        check('collapsed layer boxes: reachable by Tab, outlined, Enter opens one', hit && hit.outline && after === before - 1,
          hit ? `${hit.label}: outline ${hit.outline}, boxes ${before} → ${after}` : 'no layer box reached');
        await page.evaluate(async () => {
          window.__graphlabTest.setState({ cfg: { layers: 1 }, collapse: 'auto' });
          await window.__graphlabTest.analyzeNow();   // a Promise (the analysis worker)
        });
        await settled();
      }

      console.log(`\n(c) keyboard only (Tab walk: ${stops.length} stops)`);
      for (const c of checks) console.log(`  [${c.ok ? 'PASS' : 'FAIL'}] ${c.name}${c.detail && !c.ok ? ` — ${c.detail}` : ''}`);
    }

    if (ONLY.has('d')) {
      // (d) the settings that used to freeze the page (issue 20): the longest task while each loads / changes
      console.log(`\n(d) longest main-thread task (PerformanceObserver 'longtask'), budget ${LONG_TASK_MS} ms; load ${load()}`);
      const big = await browser.newPage({ viewport: { width: 1280, height: 720 } });
      big.on('pageerror', (e) => errors.push(String(e && e.message)));
      await big.addInitScript(() => {
        window.__lt = [];
        new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push(e.duration); }).observe({ type: 'longtask', buffered: true });
      });
      const drawnFor = (layers, inst) => big.waitForFunction(([n, i]) => {
        const sv = document.querySelector('.graph-svg');
        const r = window.__graphlab && window.__graphlab.result();
        return document.body.classList.contains('ready') && r && r.config.layers === n && sv && Number(sv.getAttribute('data-layers')) === n &&
          sv.getAttribute('data-animating') === '0' && (!i || document.body.classList.contains('present'));
      }, [layers, inst], { timeout: 120000 }).then(() => big.waitForTimeout(800));
      const longest = () => big.evaluate(() => {
        const m = Math.max(0, ...window.__lt);
        window.__lt = [];
        return m;
      });
      const rows = [];
      await big.goto(`${server.url}#mode=decode&L=256`);
      await drawnFor(256, false);
      rows.push(['#mode=decode&L=256 on load', await longest()]);
      await big.click('#inst-toggle');
      await drawnFor(256, true);
      rows.push(['… then presentation (the former Instructor mode)', await longest()]);
      await big.goto(`${server.url}#L=256`);
      await drawnFor(256, false);
      rows.push(['#L=256 on load', await longest()]);
      // the most layers the lab allows (the core's limit), decode and prefill
      await big.goto(`${server.url}#mode=decode&L=1024`);
      await drawnFor(1024, false);
      rows.push(['#mode=decode&L=1024 on load', await longest()]);
      await big.goto(`${server.url}#L=1024`);
      await drawnFor(1024, false);
      rows.push(['#L=1024 on load', await longest()]);
      await big.goto(server.url);
      await drawnFor(1, false);
      rows.push(['the default page on load', await longest()]);
      await big.selectOption('#cfg-preset', 'llama3.1-405b');
      await big.check('[data-testid=whole-model]');     // the preset opens one layer; all 126 are this click
      await drawnFor(126, false);
      rows.push(['… then the 405B preset', await longest()]);
      for (const [what, ms] of rows) {
        console.log(`  ${what.padEnd(34)} ${f1(ms)} ms${ms > LONG_TASK_MS ? '  (over budget)' : ''}`);
        if (ms > LONG_TASK_MS) failures.push(`long task ${f1(ms)} ms: ${what}`);
      }
      await big.close();
    }

    if (errors.length) {
      console.log(`\nconsole errors: ${errors.length}\n  ${errors.slice(0, 5).join('\n  ')}`);
      failures.push(`${errors.length} console errors`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  finish(failures, 'slider → redraw < 100 ms median, animation p95 ≤ 17.7 ms and ≥ 95 % on time, keyboard checklist, no task over 200 ms');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
