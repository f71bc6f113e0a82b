// harness.js — what an e2e suite sets up before its first test: Debian's Chromium (never downloaded: a missing
// one fails the suite), the WASM module built if it is missing, the served lab built (tools/build-web.mjs) and
// served on a free port. New suites start here; the older ones still carry the same lines themselves.
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CHROMIUM = '/usr/bin/chromium';
export const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

/** {browser, server, close()}: the lab served and a headless Chromium. */
export async function launchLab() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run make deps; the e2e suites never skip`);
  if (!fs.existsSync(path.join(REPO, 'public', 'graphlab-core.wasm'))) execSync('make wasm', { cwd: REPO, stdio: 'inherit' });
  const { buildServed } = await import('../../tools/build-web.mjs');
  buildServed();
  const { startServer } = await import('../../tools/serve.mjs');
  const server = await startServer({ port: 0 });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  return {
    browser, server,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

export const NATIVE = path.join(REPO, 'build', 'graphlab');

/** The native CLI's shape-only result for a lab config (the page's state().cfg): the expected numbers. */
export function cliLab(cfg) {
  if (!fs.existsSync(NATIVE)) throw new Error(`${NATIVE} is missing: run make`);
  const config = { ...cfg, masked: cfg.mode === 'masked', mode: cfg.mode === 'masked' ? 'decode' : cfg.mode };
  if (config.mode === 'prefill') config.S = null; else { config.T = null; config.pos0 = 0; }
  const out = execSync(`${NATIVE} case - --compact`, { input: JSON.stringify({ case: 'e2e', config, elem_bytes: 2, device: 'h100' }) });
  return JSON.parse(out);
}

/** The console errors and uncaught exceptions of a page, as they come. */
export function pageErrors(page) {
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e && e.message)));
  return errors;
}
