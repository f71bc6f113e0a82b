// browser-module.js — the browser module (public/graphlab-core.*, `make wasm`) through wasm/graphlab.mjs, for
// the web suites that run the lab's analysis in Node: a missing build fails with what to run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function loadBrowserModule() {
  if (!fs.existsSync(path.join(REPO, 'public', 'graphlab-core.wasm'))) throw new Error('public/graphlab-core.wasm is missing: run make wasm');
  const { createGraphLab } = await import('../../wasm/graphlab.mjs');
  return createGraphLab();
}
