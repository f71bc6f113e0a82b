#!/usr/bin/env node
// build-web.mjs — assembles the browser lab.
//
//   node tools/build-web.mjs          web/ → public/app/ (ES modules as they are), d3 (what the lab uses) + dagre →
//                                     public/app/vendor/ (as ES modules), wasm/graphlab.mjs →
//                                     public/graphlab.mjs. public/index.html is a source file. Then the
//                                     page's entry (app.js) and the three workers are replaced by bundles
//                                     (rolldown, minified; the page's chunks beside app.js): ~70 modules
//                                     fetched over six connections made the link wait a second for the
//                                     network before its first graph. The modules stay next to them (tests
//                                     import some, e.g. app/state.js). app/core-meta.json: the module's meta
//                                     and presets, asked of public/'s module (web/core-meta.js).
//   node tools/build-web.mjs --dist   also dist/graphlab.html: one self-contained file (CSS, JS, the
//                                     workers and the .wasm inlined, base64) that works from file://.
//
// The served page needs public/graphlab-core.mjs + .wasm from `make wasm`.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { helpModule } from './render-help.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..');
const WEB = path.join(REPO, 'web');
const PUB = path.join(REPO, 'public');
const APP = path.join(PUB, 'app');
const NM = path.join(REPO, 'node_modules');

function copyDir(src, dst) {
  fs.mkdirSync(dst, { recursive: true });
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    const s = path.join(src, e.name), d = path.join(dst, e.name);
    if (e.isDirectory()) copyDir(s, d);
    else if (e.isFile()) fs.copyFileSync(s, d);
  }
}

function need(file, hint) {
  if (!fs.existsSync(file)) {
    console.error(`build-web: missing ${path.relative(REPO, file)} (${hint})`);
    process.exit(1);
  }
  return file;
}

/** The part of d3 the lab uses, as one ES module of named exports (web/lib.js imports it as a namespace):
 *  every `d3.name` the sources under web/ mention, re-exported from d3's own ES modules and bundled with only
 *  what they need (d3-transition whole: it adds .transition() and .interrupt() to selections). The whole
 *  UMD bundle was half of the page's main chunk, parsed before its first graph. A name d3 does not export
 *  fails the build. Cached in node_modules/.cache/graphlab/ by d3's version and the names. */
function d3Names() {
  const names = new Set();
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      else if (e.name.endsWith('.js')) for (const m of fs.readFileSync(f, 'utf8').matchAll(/(?<![\w$./])d3\.([A-Za-z_$][\w$]*)/g)) names.add(m[1]);
    }
  };
  walk(WEB);
  return [...names].sort();
}
const d3Entry = (names) => `export { ${names.join(', ')} } from 'd3';\nimport 'd3-transition';\n`;
function d3Module() {
  const ver = JSON.parse(fs.readFileSync(need(path.join(NM, 'd3', 'package.json'), 'npm ci'), 'utf8')).version;
  const names = d3Names();
  const tag = crypto.createHash('sha256').update(names.join(',')).digest('hex').slice(0, 12);
  const cached = path.join(NM, '.cache', 'graphlab', `d3-${ver}-${tag}.mjs`);
  if (!fs.existsSync(cached)) execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--d3', cached, names.join(',')], { stdio: 'inherit' });
  return `// d3 ${ver} (ISC license): ${names.join(', ')}, bundled from its ES modules by tools/build-web.mjs\n` +
    fs.readFileSync(cached, 'utf8');
}
async function writeD3(out, names) {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const entry = path.join(NM, '.cache', 'graphlab', 'd3-entry.mjs');
  fs.writeFileSync(entry, d3Entry(names));
  fs.writeFileSync(out, await bundle(entry, 'd3', { strict: true }));
}

function dagreModule() {
  const dir = path.join(NM, '@dagrejs', 'dagre');
  const src = fs.readFileSync(need(path.join(dir, 'dist', 'dagre.esm.js'), 'npm ci'), 'utf8');
  const ver = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  return `// @dagrejs/dagre ${ver} (MIT license)\n${src.replace(/\/\/# sourceMappingURL=.*$/m, '')}\n`;
}

/** jsdiff's UMD bundle as an ES module, like d3's (it sets globalThis.Diff): the IR panel's line diff. */
function diffModule() {
  const src = fs.readFileSync(need(path.join(NM, 'diff', 'dist', 'diff.min.js'), 'npm ci'), 'utf8');
  const ver = JSON.parse(fs.readFileSync(path.join(NM, 'diff', 'package.json'), 'utf8')).version;
  return `// diff ${ver} (BSD-3-Clause license), UMD bundle wrapped as an ES module by tools/build-web.mjs\n` +
    `${src.replace(/\/\/# sourceMappingURL=.*$/m, '')}\nconst Diff = globalThis.Diff;\nexport default Diff;\n`;
}

// CodeMirror 6 ships as many small ES packages: one rolldown bundle of what the Program panel uses, cached per
// version (buildServed is synchronous, so the async bundler runs in a child process, once).
const CM_ENTRY = `export { EditorView, basicSetup } from 'codemirror';
export { python } from '@codemirror/lang-python';
export { EditorState, StateField, StateEffect } from '@codemirror/state';
export { Decoration } from '@codemirror/view';
export { setDiagnostics, lintGutter } from '@codemirror/lint';
`;
function codemirrorModule() {
  const ver = JSON.parse(fs.readFileSync(need(path.join(NM, 'codemirror', 'package.json'), 'npm ci'), 'utf8')).version;
  const cached = path.join(NM, '.cache', 'graphlab', `codemirror-${ver}.mjs`);
  if (!fs.existsSync(cached)) execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--codemirror', cached], { stdio: 'inherit' });
  return fs.readFileSync(cached, 'utf8');
}
async function writeCodemirror(out) {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const entry = path.join(NM, '.cache', 'graphlab', 'cm-entry.mjs');
  fs.writeFileSync(entry, CM_ENTRY);
  const code = await bundle(entry, 'codemirror');
  fs.writeFileSync(out, `// CodeMirror 6 + @codemirror/lang-python (MIT license), bundled by tools/build-web.mjs\n${code}`);
}

// The served page's entry and its workers, bundled in place. Only the binding and the Emscripten factory
// beside app/ stay separate files (the page and each worker load them, and `make wasm` rebuilds them alone).
const SERVED_ENTRIES = ['app.js', 'analysis-worker.js', 'worker.js', 'views/graph/layout-worker.js'];
const isCoreFile = (id) => /(^|\/)graphlab(-core)?\.mjs$/.test(id);

async function writeServedBundles(app) {
  const { rolldown } = await import('rolldown');
  const out = path.join(app, '.bundle');
  fs.rmSync(out, { recursive: true, force: true });
  for (const entry of SERVED_ENTRIES) {
    const page = entry === 'app.js';   // the page keeps its dynamic imports (main.js, help pages) as chunks
    const b = await rolldown({
      input: { [entry.replace(/\.js$/, '')]: path.join(app, entry) },
      platform: 'browser',
      external: isCoreFile,
      logLevel: 'warn',
    });
    await b.write({
      dir: out, format: 'esm', entryFileNames: '[name].js', chunkFileNames: page ? '[name]-[hash].js' : undefined,
      codeSplitting: page, minify: !process.env.GL_NO_MINIFY, paths: (id) => (isCoreFile(id) ? `${'../'.repeat(entry.split('/').length)}${path.basename(id)}` : id),
    });
    await b.close();
  }
  for (const f of fs.readdirSync(out, { recursive: true })) {
    const src = path.join(out, f);
    if (fs.statSync(src).isFile()) fs.renameSync(src, path.join(app, f));
  }
  fs.rmSync(out, { recursive: true, force: true });
}

export function buildServed() {
  fs.rmSync(APP, { recursive: true, force: true });
  copyDir(WEB, APP);
  // the panels' help pages (docs/panels/*.md), rendered and sanitised here, loaded by web/help.js on demand
  fs.writeFileSync(path.join(APP, 'help-pages.js'), helpModule(path.join(REPO, 'docs', 'panels')));
  fs.mkdirSync(path.join(APP, 'vendor'), { recursive: true });
  fs.writeFileSync(path.join(APP, 'vendor', 'd3.mjs'), d3Module());
  fs.writeFileSync(path.join(APP, 'vendor', 'dagre.mjs'), dagreModule());
  fs.writeFileSync(path.join(APP, 'vendor', 'diff.mjs'), diffModule());
  fs.writeFileSync(path.join(APP, 'vendor', 'codemirror.mjs'), codemirrorModule());
  // bundled in a child process: buildServed is synchronous (the e2e suites call it) and rolldown is not
  execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--bundle-served', APP], { stdio: 'inherit' });
  const binding = path.join(REPO, 'wasm', 'graphlab.mjs');
  if (fs.existsSync(binding)) fs.copyFileSync(binding, path.join(PUB, 'graphlab.mjs'));
  else console.warn('build-web: wasm/graphlab.mjs not found; the page will say the module is missing');
  if (!fs.existsSync(path.join(PUB, 'graphlab-core.wasm'))) console.warn('build-web: public/graphlab-core.wasm not built yet (make wasm)');
  // the module's meta and presets, asked of the module served beside the page (web/core-meta.js)
  else execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--core-meta', path.join(APP, 'core-meta.json')], { stdio: 'inherit' });
}

/** app/core-meta.json: {version, meta, presets} of public/'s module (async: a child process of buildServed). */
async function writeCoreMeta(out) {
  const { createGraphLab } = await import(pathToFileURL(path.join(PUB, 'graphlab.mjs')).href);
  const gl = await createGraphLab({ createModule: (await import(pathToFileURL(path.join(PUB, 'graphlab-core.mjs')).href)).default,
    wasmBinary: fs.readFileSync(path.join(PUB, 'graphlab-core.wasm')) });
  fs.writeFileSync(out, JSON.stringify({ version: gl.version, meta: gl.meta(), presets: gl.presets() }));
}

// ------------------------------------------------------------------------------------------ dist
async function bundle(entry, name, { format = 'esm', define, strict = false } = {}) {
  const { rolldown } = await import('rolldown');
  const b = await rolldown({
    input: entry,
    platform: 'browser',
    transform: define ? { define } : undefined,
    logLevel: 'warn',
    onwarn: (w, def) => {
      if (w.code === 'EVAL' || w.code === 'THIS_IS_UNDEFINED') return;
      if (strict) throw new Error(`${name}: ${w.message}`);   // e.g. a name the package does not export
      def(w);
    },
  });
  const { output } = await b.generate({ format, codeSplitting: false, minify: true });
  await b.close();
  if (output.length !== 1) throw new Error(`${name}: expected one chunk, got ${output.length}`);
  return output[0].code;
}

const sha256 = (s) => `'sha256-${crypto.createHash('sha256').update(s, 'utf8').digest('base64')}'`;

/** Escapes text for an inline <script>/<style>: no "</" sequence may close the element early. */
function inlineSafe(s) {
  return s.replace(/<\/(script|style)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

export async function buildDist() {
  const wasm = need(path.join(PUB, 'graphlab-core.wasm'), 'make wasm');
  need(path.join(PUB, 'graphlab-core.mjs'), 'make wasm');
  need(path.join(PUB, 'graphlab.mjs'), 'wasm/graphlab.mjs');
  const tmp = path.join(APP, '.dist');
  fs.mkdirSync(tmp, { recursive: true });
  // Chromium refuses module workers from blob: URLs on file:// pages, so the worker is a classic script
  // (IIFE). It has no import.meta: give the binding a placeholder base URL (nothing is fetched from it,
  // the worker gets the factory bundled and the .wasm bytes by message).
  // The same for the analysis worker (the module, runCase, buildStages) and the layout worker (dagre).
  const workers = [['worker.js', 'worker-src.js'], ['analysis-worker.js', 'analysis-worker-src.js'],
    ['views/graph/layout-worker.js', 'layout-worker-src.js']];
  for (const [src, out] of workers) {
    const code = await bundle(path.join(APP, src), src, {
      format: 'iife',
      define: { 'import.meta.url': JSON.stringify(`file:///graphlab/app/${src}`) },
    });
    fs.writeFileSync(path.join(tmp, out), `export default ${JSON.stringify(code)};\n`);
  }
  fs.writeFileSync(path.join(tmp, 'wasm-b64.js'), `export default ${JSON.stringify(fs.readFileSync(wasm).toString('base64'))};\n`);
  fs.writeFileSync(path.join(tmp, 'entry.js'), `// dist entry: everything the page needs is in this one file.
import { boot } from '../main.js';
import WORKER from './worker-src.js';
import ANALYSIS_WORKER from './analysis-worker-src.js';
import LAYOUT_WORKER from './layout-worker-src.js';
import WASM_B64 from './wasm-b64.js';
const bin = Uint8Array.from(atob(WASM_B64), (c) => c.charCodeAt(0));
const blobUrl = (code) => URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
boot({
  wasmBinary: bin, workerUrl: blobUrl(WORKER), analysisWorkerUrl: blobUrl(ANALYSIS_WORKER),
  layoutWorkerUrl: blobUrl(LAYOUT_WORKER), workerType: 'classic',
}).catch((err) => {
  const t = document.getElementById('notice-text');
  if (t) { t.textContent = 'The lab failed to start: ' + (err && err.message ? err.message : err); t.parentNode.hidden = false; }
});
`);
  const appCode = inlineSafe(await bundle(path.join(tmp, 'entry.js'), 'app'));
  fs.rmSync(tmp, { recursive: true, force: true });
  const css = inlineSafe(fs.readFileSync(path.join(APP, 'style.css'), 'utf8'));
  let html = fs.readFileSync(path.join(PUB, 'index.html'), 'utf8');
  const csp = `default-src 'none'; script-src ${sha256(appCode)} 'wasm-unsafe-eval'; style-src ${sha256(css)}; img-src data:; worker-src blob:; connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-src 'none'`;
  const cspRe = /<meta http-equiv="Content-Security-Policy" content="[^"]*">/;
  const cssRe = /<link rel="stylesheet" href="app\/style.css">/;
  const jsRe = /<script type="module" src="app\/app.js"><\/script>/;
  const startRe = /<script src="app\/start.js"><\/script>\n?/;
  for (const [re, what] of [[cspRe, 'CSP meta'], [cssRe, 'stylesheet link'], [jsRe, 'module script']]) {
    if (!re.test(html)) throw new Error(`public/index.html: cannot find the ${what} to inline`);
  }
  html = html.replace(cspRe, () => `<meta http-equiv="Content-Security-Policy" content="${csp}">`)
    .replace(cssRe, () => `<style>${css}</style>`)
    .replace(jsRe, () => `<script type="module">${appCode}</script>`)
    .replace(startRe, '');   // its worker is a blob made by the inlined app (it has no files beside it)
  fs.mkdirSync(path.join(REPO, 'dist'), { recursive: true });
  const out = path.join(REPO, 'dist', 'graphlab.html');
  fs.writeFileSync(out, html);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv[2] === '--codemirror') {
  await writeCodemirror(process.argv[3]);
} else if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv[2] === '--d3') {
  await writeD3(process.argv[3], process.argv[4].split(','));
} else if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv[2] === '--core-meta') {
  await writeCoreMeta(process.argv[3]);
} else if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv[2] === '--bundle-served') {
  await writeServedBundles(process.argv[3]);
} else if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildServed();
  console.log('build-web: public/app/ ready');
  if (process.argv.includes('--dist')) {
    const out = await buildDist();
    console.log(`build-web: ${path.relative(REPO, out)} (${(fs.statSync(out).size / 1024).toFixed(0)} KiB) — open it from disk`);
  }
}
