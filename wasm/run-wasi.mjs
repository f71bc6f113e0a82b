#!/usr/bin/env node
// run-wasi.mjs — runs build/graphlab.wasm under node:wasi (preview1) like the native CLI:
//   node wasm/run-wasi.mjs case tests/fixtures/small_prefill.json
// Same argv, stdin/stdout/stderr and exit code. The host's "/" is preopened (it contains the working
// directory) and the program is told the working directory (PWD, it chdir()s there), so relative,
// absolute and "../" paths all resolve as they do natively.
// GRAPHLAB_WASM=path overrides the module location.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';

// Node 20's node:wasi crashes (SIGSEGV, or a V8 fatal error) in a WASI call made after memory.grow when
// V8 takes its "fast API call" path for it: any input of ~9 MB, some deep cases. A 10-line C program that
// reads a 14 MB file does it without GraphLab. Turning that path off before the module is compiled avoids
// it with identical output (the same as `node --no-turbo-fast-api-calls`, without a second process).
setFlagsFromString('--no-turbo-fast-api-calls');

// node:wasi prints an ExperimentalWarning when loaded; keep stderr identical to the native CLI.
const emitWarning = process.emitWarning;
process.emitWarning = function (warning, ...rest) {
  const type = typeof rest[0] === 'string' ? rest[0] : rest[0] && rest[0].type;
  const text = String(warning && warning.message ? warning.message : warning);
  if (type === 'ExperimentalWarning' && /WASI/i.test(text)) return;
  return emitWarning.call(process, warning, ...rest);
};
const { WASI } = await import('node:wasi');
process.emitWarning = emitWarning;

const here = dirname(fileURLToPath(import.meta.url));
const wasmPath = process.env.GRAPHLAB_WASM || resolve(here, '..', 'build', 'graphlab.wasm');

let bytes;
try {
  bytes = readFileSync(wasmPath);
} catch (err) {
  process.stderr.write(`run-wasi: cannot read ${wasmPath}: ${err.message} (run \`make wasi\`)\n`);
  process.exit(2);
}

const cwd = process.cwd();
const wasi = new WASI({
  version: 'preview1',
  args: ['graphlab', ...process.argv.slice(2)],
  env: { PWD: cwd, ...(process.env.GRAPHLAB_VERIFY ? { GRAPHLAB_VERIFY: process.env.GRAPHLAB_VERIFY } : {}) },
  // Only "/": wasi-libc picks the longest matching preopen, and a separate preopen of the cwd would make
  // "../x" (which leaves the cwd) fail with ENOTCAPABLE; a "." preopen breaks absolute paths.
  preopens: { '/': '/' },
  returnOnExit: true,
});

const module = await WebAssembly.compile(bytes);
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
let code;
try {
  code = wasi.start(instance);
} catch (err) {
  // a trap (unreachable, out of bounds): report like a crash, never as success
  process.stderr.write(`run-wasi: trap: ${err && err.message ? err.message : err}\n`);
  code = 134;
}
process.exitCode = code;
