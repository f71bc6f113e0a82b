#!/usr/bin/env node
// depth_chromium.mjs — bench/depth_probe.mjs's question asked in Debian's Chromium (headless, playwright-core):
// how deep can each construct go in the browser module before V8's stack overflows, on the page's main thread
// and in a dedicated worker (where the lab's analysis runs). Uses the module without depth limits
// (`make wasm-nolimits`, build/nolimits/) to find where it traps, and the real one (public/) to check that
// every construct ends in a clean error there. Prints numbers; never fails.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSTRUCTS } from './depth_probe.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TYPES = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
const server = http.createServer((req, res) => {
  const p = path.join(REPO, decodeURIComponent(new URL(req.url, 'http://x').pathname));
  if (!p.startsWith(REPO) || !fs.existsSync(p) || fs.statSync(p).isDirectory()) { res.writeHead(404); return res.end(); }
  res.writeHead(200, { 'content-type': TYPES[path.extname(p)] || 'text/plain' });
  fs.createReadStream(p).pipe(res);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;
fs.writeFileSync(path.join(REPO, 'build', 'depth-probe.html'), '<!doctype html><title>depth</title>');

// the probe, as source run in the page and in a worker: bisects N for one construct
const PROBE = `
async function probe(moduleUrl, gens, cap) {
  const { createGraphLab } = await import('${base}/wasm/graphlab.mjs');
  let gl = await createGraphLab({ moduleUrl });
  const out = {};
  for (const [name, src] of Object.entries(gens)) {
    const gen = new Function('n', 'const T = ' + JSON.stringify('\\nfrom graph_lab import trace, F\\ntrace(lambda x: F.exp(x), {"x": (2,)})\\n') + '; return (' + src + ')(n)');
    const run = async (n) => { try { gl.trace(gen(n)); return 'ok'; } catch (e) { if (/trapped|stopped/.test(e.message)) { gl = await createGraphLab({ moduleUrl }); return 'trap'; } return 'err'; } };
    let lo = 0, hi = 0, n = 16;
    while (n <= cap) { const r = await run(n); if (r === 'trap') { hi = n; break; } lo = n; n *= 2; }
    if (hi) while (hi - lo > Math.max(1, lo >> 6)) { const m = (lo + hi) >> 1; if ((await run(m)) === 'trap') hi = m; else lo = m; }
    out[name] = hi ? lo : -lo;   // negative: never trapped up to cap
  }
  return out;
}`;

const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
await page.goto(`${base}/build/depth-probe.html`);
const gens = Object.fromEntries(Object.entries(CONSTRUCTS).map(([k, f]) => [k, f.toString().replace(/\bT\b/g, 'T')]));
const cap = Number(process.env.PROBE_CAP || 100000);
const results = {};
for (const [label, url] of [['no limits', `${base}/build/nolimits/graphlab-core.mjs`], ['real', `${base}/public/graphlab-core.mjs`]]) {
  results[`${label}, main thread`] = await page.evaluate(async ([code, u, g, c]) => { eval(code); return probe(u, g, c); }, [PROBE + ';globalThis.probe = probe;', url, gens, cap]);
  results[`${label}, worker`] = await page.evaluate(async ([code, u, g, c]) => {
    const src = code + ';onmessage = async (ev) => postMessage(await probe(...ev.data));';
    const w = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })), { type: 'module' });
    return new Promise((resolve) => { w.onmessage = (ev) => resolve(ev.data); w.postMessage([u, g, c]); });
  }, [PROBE, url, gens, cap]);
}
await browser.close();
server.close();
const cols = Object.keys(results);
console.log(`Chromium ${browser.version ? '' : ''}depth before a trap (the deepest N that ran; "never" up to ${cap})`);
console.log('construct'.padEnd(30) + cols.map((c) => c.padStart(22)).join(''));
for (const name of Object.keys(CONSTRUCTS))
  console.log(name.padEnd(30) + cols.map((c) => String(results[c][name] < 0 ? 'never' : results[c][name]).padStart(22)).join(''));
