#!/usr/bin/env node
// serve.mjs — a tiny static server for public/ (the browser lab), loopback only.
//
//   node tools/serve.mjs [--port N] [--root DIR] [--mock]
//
// --port 0 (or a busy port) picks a free one; the URL is printed. --mock serves
// tests/web/mock-graphlab.mjs as /graphlab.mjs and the golden fixtures under /__mock__/fixtures/
// (developing the lab without the WASM module); never used by `make serve`.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..');

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

function send(res, code, body, type = 'text/plain; charset=utf-8') {
  res.writeHead(code, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(body);
}

/** Maps a URL path to a file under root, or null if it escapes root. */
function resolveUnder(root, urlPath) {
  let p;
  try {
    p = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (p.includes('\0')) return null;
  const full = path.resolve(root, '.' + path.posix.normalize('/' + p));
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  return full;
}

/**
 * Starts the server. Returns {server, port, url, close()}.
 * opts: root (default public/), port (default 8080; 0 = any free), host (127.0.0.1), mock (false), quiet.
 */
export function startServer(opts = {}) {
  const root = path.resolve(opts.root || path.join(REPO, 'public'));
  const host = opts.host || '127.0.0.1';
  const mock = !!opts.mock;
  const mockFile = path.join(REPO, 'tests', 'web', 'mock-graphlab.mjs');
  const fixtures = path.join(REPO, 'tests', 'fixtures');

  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed');
    const urlPath = (req.url || '/').split('?')[0].split('#')[0];
    let file;
    if (mock && urlPath === '/graphlab.mjs') file = mockFile;
    else if (mock && urlPath.startsWith('/__mock__/fixtures/')) file = resolveUnder(fixtures, urlPath.slice('/__mock__/fixtures'.length));
    else file = resolveUnder(root, urlPath);
    if (!file) return send(res, 400, 'bad path');
    fs.stat(file, (err, st) => {
      if (!err && st.isDirectory()) {
        file = path.join(file, 'index.html');
        st = fs.existsSync(file) ? fs.statSync(file) : null;
        err = st ? null : new Error('no index');
      }
      if (err || !st || !st.isFile()) return send(res, 404, 'not found');
      const type = MIME[path.extname(file).toLowerCase()] || 'application/octet-stream';
      // no-cache with a validator: the browser asks again every time (an edited file is served at once) but
      // keeps what it has while the file is unchanged (304), and with it the code it compiled from the file
      // (V8's JavaScript code cache and Chromium's cache of the .wasm's optimised code), as a static host does
      const etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
      const headers = { 'Content-Type': type, 'Cache-Control': 'no-cache', ETag: etag, 'X-Content-Type-Options': 'nosniff' };
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers);
        return res.end();
      }
      res.writeHead(200, { ...headers, 'Content-Length': st.size });
      if (req.method === 'HEAD') return res.end();
      fs.createReadStream(file).pipe(res);
    });
  });

  return new Promise((resolve, reject) => {
    const tryListen = (port, retry) => {
      server.once('error', (e) => {
        if (e.code === 'EADDRINUSE' && retry) tryListen(0, false);
        else reject(e);
      });
      server.listen(port, host, () => {
        const p = server.address().port;
        const url = `http://${host === '127.0.0.1' ? 'localhost' : host}:${p}/`;
        resolve({ server, port: p, url, close: () => new Promise((r) => server.close(() => r())) });
      });
    };
    tryListen(opts.port ?? 8080, true);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opts = {};
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--port') opts.port = Number(args[++i]);
    else if (args[i] === '--root') opts.root = args[++i];
    else if (args[i] === '--mock') opts.mock = true;
    else if (!args[i].startsWith('--')) opts.root = args[i];
    else {
      console.error(`unknown option ${args[i]}`);
      process.exit(2);
    }
  }
  if (process.env.PORT && opts.port === undefined) opts.port = Number(process.env.PORT);
  const s = await startServer(opts);
  console.log(`GraphLab lab: ${s.url}${opts.mock ? '  (mock module: fixtures, not the WASM core)' : ''}`);
  console.log('Ctrl-C to stop.');
}
