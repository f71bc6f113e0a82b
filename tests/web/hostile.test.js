// hostile.test.js — hostile input for the lab, without a browser:
//  - the URL-hash parser (web/state.js) with the core's limits (LIMITS(lab.meta()), as the lab boots) against
//    the table HASH_ERRORS (out of range, wrong type, huge, markup / script, prototype keys, bad encodings):
//    each bad key is dropped with a short notice naming it, the rest of the hash kept (and only that);
//  - the lab's limits are the core's: every numeric hash key's extremes are accepted and one step beyond is
//    refused, by the parser and by the core itself; eps = 0 and launch = 0 are refused as the core refuses them;
//  - 20,000 random hostile hashes never throw and never yield a state outside the limits;
//  - no DOM sink that parses markup anywhere in web/, and the page's Content-Security-Policy;
//  - the static server (tools/serve.mjs) refuses paths that leave public/.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

import { parseHash, serializeHash, defaultState, caseFromState, withPatch, LIMITS, HASH_KEYS } from '../../web/state.js';
import { createGraphLab } from '../../wasm/graphlab.mjs';
import { HASH_ERRORS } from '../helpers/bad-inputs.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// the core's limits, as the lab gets them once the module is loaded (top-level: it.each needs the table)
const gl = await createGraphLab();
const meta = gl.meta();
const limits = LIMITS(meta);
const parse = (hash) => parseHash(hash, { limits });

describe('hostile hashes are rejected with a notice', () => {
  it.each(HASH_ERRORS)('%s', (_what, hash, re) => {
    const { state, notice, dropped } = parse(hash);
    expect(notice).toMatch(/^The link's settings were not valid \(/);
    expect(notice).toMatch(re);
    expect(notice.length).toBeLessThan(200);
    // the state is exactly that of the parts left once the dropped keys are taken out, which parse cleanly
    const gone = new Set(dropped.map((d) => d.key));
    const rest = dropped.some((d) => d.key === null) ? '' : hash.replace(/^#/, '').split('&').filter((p) => {
      const eq = p.indexOf('=');
      return eq > 0 && !gone.has(p.slice(0, eq));
    }).join('&');
    expect(parse(rest).notice).toBeNull();
    expect(state).toEqual(parse(rest).state);
    expect({}.polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  });

  it(`has ${HASH_ERRORS.length} rows`, () => {
    expect(HASH_ERRORS.length).toBeGreaterThanOrEqual(50);
  });
});

describe('the lab\'s limits are the core\'s (one source: lab.meta())', () => {
  const CUSTOM = new Set(['mm', 'vec', 'bw', 'launch']);
  const FIELD = {
    d: 'config.d', H: 'config.H', G: 'config.G', dh: 'config.dh', f: 'config.f', eps: 'config.eps', theta: 'config.theta',
    T: 'config.T', S: 'config.S', pos0: 'config.pos0', L: 'config.layers', mm: 'device.mm_flops', vec: 'device.vec_flops',
    bw: 'device.bw', launch: 'device.launch', seed: 'params.random',
  };
  const valueOf = (state, key) => (CUSTOM.has(key) ? state.custom[key] : key === 'L' ? state.cfg.layers : key in state.cfg ? state.cfg[key] : state[key]);
  const hashOf = (key, v) => `#${CUSTOM.has(key) ? 'dev=custom&' : ''}${key}=${String(v).replace('e+', 'e')}`;

  it('every numeric hash key has a limit, and every case-file key is the core\'s row', () => {
    expect(Object.keys(limits).sort()).toEqual([...Object.keys(FIELD), 'stage', 'step'].sort());
    for (const [key, field] of Object.entries(FIELD)) {
      const core = meta.limits[field];
      expect(core, field).toBeDefined();
      expect(limits[key], key).toEqual({ min: core.min, max: core.max, integer: !!core.integer, ...(core.exclusive_min ? { exclusive_min: true } : {}) });
    }
  });

  it.each(Object.keys(FIELD))('%s: the bounds the core accepts are accepted, one step beyond is refused naming the key', (key) => {
    const l = limits[key];
    const lo = l.exclusive_min ? (l.integer ? l.min + 1 : Number.MIN_VALUE) : l.min;
    for (const v of [lo, l.max]) {
      const { state, notice } = parse(hashOf(key, v));
      expect(notice, `${key}=${v}`).toBeNull();
      expect(valueOf(state, key)).toBe(v);
    }
    const beyond = [l.max * (l.integer ? 1 : 10) + (l.integer ? 1 : 0)];
    if (l.exclusive_min || l.min > 0) beyond.push(l.exclusive_min ? l.min : l.min - 1);
    for (const v of beyond) {
      const { state, notice } = parse(hashOf(key, v));
      expect(notice, `${key}=${v}`).toMatch(new RegExp(`\\(${key}=[^:]*: out of range`));
      expect(state).toEqual(parse(CUSTOM.has(key) ? '#dev=custom' : '').state);
    }
  });

  it('eps = 0 and launch = 0: refused by the hash as by the core (it was accepted by the lab, refused by the core)', () => {
    expect(parse('#eps=0').notice).toMatch(/\(eps=0: out of range 0…1, 0 excluded\)/);
    expect(parse('#dev=custom&launch=0').notice).toMatch(/\(launch=0: out of range 0…1, 0 excluded\)/);
    expect(parse('#dev=custom&mm=0').notice).toMatch(/\(mm=0: out of range/);
    // the core: the same values in a case file
    const eps0 = caseFromState(withPatch(defaultState(), { cfg: { eps: 0 } }));
    expect(() => gl.runCase(eps0)).toThrow(/config\.eps must be a positive number, got 0/);
    const launch0 = caseFromState(withPatch(defaultState(), { dev: 'custom', custom: { launch: 0 } }));
    expect(() => gl.runCase(launch0)).toThrow(/device\.launch must be a positive finite number, got 0/);
  });

  it('a float key at its maximum in the hash is a case the core accepts', () => {
    for (const key of ['eps', 'theta', 'mm', 'vec', 'bw', 'launch']) {
      const { state, notice } = parse(hashOf(key, limits[key].max));
      expect(notice).toBeNull();
      expect(() => gl.runCase(caseFromState(state)), key).not.toThrow();
    }
  });

  it('before the module loads (no limits) only the syntax and the lab\'s own keys are checked; the boot re-parse refuses', () => {
    expect(parseHash('#eps=0').notice).toBeNull();
    expect(parseHash('#d=0').state.cfg.d).toBe(0);
    expect(parseHash('#stage=17').notice).toMatch(/stage=17: out of range 0…16/);
    expect(parse('#d=0').notice).toMatch(/d=0: out of range 1…16777216/);
  });
});

describe('random hostile hashes (property)', () => {
  // a deterministic generator (mulberry32)
  const rng = (seed) => () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const PIECES = ['<', '>', '"', "'", '&', '=', '%', '%00', '%3C', '%E0%A4%A', '#', '.', '-', '+', 'e', 'e+', '1', '0', '9',
    '65536', '4096', '1e308', 'NaN', 'Infinity', 'script', 'onerror', '__proto__', 'constructor', 'cs', 'de', 'ma', 'graph',
    'memory', 'custom', 'h100', 'prefill', 'decode', 'masked', ' ', '\u202E', '\uD800', '\u0000', '😀', 'javascript:'];

  // values near and at the limits, and the enumerations (so that a good share of the hashes are valid)
  const PLAUSIBLE = ['0', '1', '2', '4', '8', '12', '64', '128', '4096', '4097', '65536', '65537', '1048576', '16777216',
    '16777217', '2147483647', '2147483648', '1e-5', '0.5', '1e12', '1e18', 'prefill', 'decode', 'masked', 'h100', 'a100',
    'custom', 'cs.de', 'ma.de.cs.cf.si.fn', '', 'graph.memory', 'config', 'auto', 'on', 'off', 'fused', 'eager'];

  it('20,000 of them: parseHash never throws, and any state it accepts is within the limits and round-trips', () => {
    const rand = rng(1234);
    const pick = (a) => a[Math.floor(rand() * a.length)];
    let accepted = 0;
    for (let i = 0; i < 20000; i++) {
      const parts = [];
      const n = 1 + Math.floor(rand() * 3);
      for (let k = 0; k < n; k++) {
        const key = rand() < 0.9 ? pick(HASH_KEYS) : pick(PIECES);
        let val = '';
        if (rand() < 0.6) val = pick(PLAUSIBLE);
        else for (let j = Math.floor(rand() * 4); j > 0; j--) val += pick(PIECES);
        parts.push(rand() < 0.95 ? `${key}=${val}` : key);
      }
      const hash = `#${parts.join('&')}`;
      let r;
      expect(() => { r = parse(hash); }, hash).not.toThrow();
      // bounded: three keys refused with the longest list of values (the precision formats) take 345 characters
      if (r.notice) expect(r.notice.length, `${hash} → ${r.notice}`).toBeLessThan(400);
      else accepted++;
      const c = r.state.cfg;
      for (const k of ['d', 'H', 'G', 'dh', 'f', 'T', 'S', 'pos0']) {
        expect(Number.isSafeInteger(c[k])).toBe(true);
        expect(c[k]).toBeGreaterThanOrEqual(limits[k].min);
        expect(c[k]).toBeLessThanOrEqual(limits[k].max);
      }
      expect(c.eps).toBeGreaterThan(0);
      expect(r.state.custom.launch).toBeGreaterThan(0);
      // the custom device's numbers are only written (and only matter) when dev=custom; a step with a lesson
      const norm = (st) => ({ ...st, custom: st.dev === 'custom' ? st.custom : defaultState().custom, step: st.lesson ? st.step : 1 });
      expect(norm(parse(`#${serializeHash(r.state)}`).state)).toEqual(norm(r.state));
    }
    expect({}.polluted).toBeUndefined();
    console.log(`random hashes: 20000 tried, ${accepted} accepted whole, ${20000 - accepted} with keys dropped (all within limits)`);
  });
});

describe('no markup sinks, and a strict CSP', () => {
  const files = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(m?js)$/.test(e.name)) files.push(p);
    }
  };
  walk(path.join(REPO, 'web'));

  it('web/ never uses innerHTML, outerHTML, insertAdjacentHTML, document.write, eval, Function or d3 .html()', () => {
    expect(files.length).toBeGreaterThan(5);
    const SINK = /\.innerHTML\b|\.outerHTML\b|insertAdjacentHTML|document\.write|\beval\s*\(|new\s+Function\s*\(|\.html\s*\(|srcdoc|createContextualFragment|DOMParser/;
    const hits = [];
    for (const f of files) {
      const code = fs.readFileSync(f, 'utf8').split('\n');
      code.forEach((line, i) => {
        const stripped = line.replace(/\/\/.*$/, '');
        if (SINK.test(stripped)) hits.push(`${path.relative(REPO, f)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(hits).toEqual([]);
  });

  it('event-handler attributes are never set from data', () => {
    const hits = [];
    for (const f of files) {
      const code = fs.readFileSync(f, 'utf8');
      for (const m of code.matchAll(/setAttribute\(\s*(['"`])on|\.attr\(\s*(['"`])on|\bon[a-z]+\s*:\s*[^,}]*\b(state|hash|notice)\b/g)) hits.push(`${path.relative(REPO, f)}: ${m[0]}`);
    }
    expect(hits).toEqual([]);
  });

  it('public/index.html has the CSP meta: no inline or eval\'d script, no plugins, no base or form hijack', () => {
    const html = fs.readFileSync(path.join(REPO, 'public', 'index.html'), 'utf8');
    const m = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/);
    expect(m).not.toBeNull();
    const csp = Object.fromEntries(m[1].split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'none'"]);
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(m[1]).not.toMatch(/unsafe-inline|'unsafe-eval'|\*/);
    // every script is external, and no element carries an inline handler
    for (const s of html.matchAll(/<script\b[^>]*>/g)) expect(s[0]).toMatch(/\bsrc="/);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).toMatch(/<meta name="referrer" content="no-referrer">/);
  });
});

describe('the static server refuses paths outside public/', () => {
  let server;
  beforeAll(async () => {
    const { startServer } = await import('../../tools/serve.mjs');
    server = await startServer({ port: 0, quiet: true });
  });
  afterAll(async () => {
    if (server) await server.close();
  });

  const get = (p) => new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: p, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode, body, type: res.headers['content-type'], nosniff: res.headers['x-content-type-options'] }));
    });
    req.on('error', reject);
    req.end();
  });

  it.each([
    '/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/%2e%2e%2f%2e%2e%2fetc%2fpasswd', '/app/../../Makefile',
    '/%00', '/index.html%00.js', '/%E0%A4%A', '/....//....//package.json', '/..\\package.json',
  ])('%s', async (p) => {
    const r = await get(p);
    expect([400, 404]).toContain(r.status);
    expect(r.body).not.toMatch(/"devDependencies"|^root:|GraphLab — top-level build/);
    expect(r.nosniff).toBe('nosniff');
  });

  it('a script-carrying query or hash is just the page', async () => {
    const r = await get('/?<script>alert(1)</script>');
    expect(r.status).toBe(200);
    expect(r.body).not.toMatch(/alert\(1\)/);
  });
});
