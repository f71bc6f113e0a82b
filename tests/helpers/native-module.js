// native-module.js — the browser module's case API (wasm/graphlab.mjs runCase / runCasePacked /
// runCaseColumns) over the native CLI: `graphlab case - --compact` for the JSON, `graphlab case - --packed`
// for the packed bytes (c/src/io/case_pack.c, case_tables.c, stage_keys.c), read by wasm/graphlab.mjs's own
// decoders. The packed result's suites then run natively, without `make wasm`: what `make mutate` needs to
// judge a mutant of the packer or of the JavaScript that reads it (tests/native-packed.test.js).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { GraphLabError, insertTables, readCaseColumns, unpackCaseResult, unpackTables } from '../../wasm/graphlab.mjs';
import { ROOT } from './compare.js';

const NATIVE = join(ROOT, 'build', 'graphlab');

function cli(caseObject, flag) {
  if (!existsSync(NATIVE)) throw new Error(`${NATIVE} is missing: run make native`);
  const input = typeof caseObject === 'string' ? caseObject : JSON.stringify(caseObject);
  const r = spawnSync(NATIVE, ['case', '-', flag], { input, maxBuffer: 1 << 30 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new GraphLabError(r.stderr.toString().trim(), r.status);
  return r.stdout;
}

/** The packed answer split as the module's casePacked splits it: the graphs' part and the tables' part (the
 *  last u32 says where the tables start), each a copy of its own (8-aligned for the tables' typed arrays). */
export function splitPacked(buf) {
  const len = buf.length;
  const toff = len >= 4 ? buf.readUInt32LE(len - 4) : len;
  const copy = (a, b) => new Uint8Array(buf.subarray(a, b));
  return toff <= len - 4 ? [copy(0, toff), copy(toff, len - 4)] : [copy(0, len), new Uint8Array(0)];
}

export function nativeModule() {
  const decoder = new TextDecoder('utf-8');
  const packed = (c, read) => {
    const [bytes, tbytes] = splitPacked(cli(c, '--packed'));
    return { ...read(bytes, decoder), tables: unpackTables(tbytes, decoder) };
  };
  return {
    runCase: (c) => JSON.parse(cli(c, '--compact').toString('utf8')),
    runCasePacked: (c) => {
      const { result, tables } = packed(c, (bytes, dec) => ({ result: unpackCaseResult(bytes, dec) }));
      return insertTables(result, tables);
    },
    runCaseColumns: (c) => packed(c, readCaseColumns),
  };
}
