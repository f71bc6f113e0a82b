#!/usr/bin/env node
// core-meta.mjs — rewrites the snapshot of the core's small tables in web/core-tables.js from
// `build/graphlab meta` (run it after changing the pass registry, the op table or the status codes;
// tests/web/meta.test.js says when it is due).
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { tablesOf } from '../web/core-tables.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FILE = path.join(REPO, 'web', 'core-tables.js');

const q = (s) => `'${s}'`;
/** The SNAPSHOT block for tables t, in the file's style (one pass a line, the op classes wrapped at 120). */
export function snapshotText(t) {
  const wrap = (items, indent) => {
    const lines = [];
    let line = indent;
    for (const it of items) {
      if (line.length + it.length + 2 > 120 && line.trim()) {
        lines.push(line.trimEnd());
        line = indent;
      }
      line += `${it}, `;
    }
    if (line.trim()) lines.push(line.trimEnd());
    return lines.join('\n');
  };
  return [
    'const SNAPSHOT = {',
    '  passes: [',
    ...t.passes.map((p) => `    { name: ${q(p.name)}, code: ${q(p.code)}, pipeline: ${p.pipeline} },`),
    '  ],',
    `  classes: [${t.classes.map(q).join(', ')}],`,
    '  op_classes: {',
    wrap(Object.entries(t.op_classes).map(([op, c]) => `${op}: ${q(c)}`), '    '),
    '  },',
    `  status: [${t.status.map(q).join(', ')}],`,
    `  why_reasons: [${t.why_reasons.map(q).join(', ')}],`,
    '};',
  ].join('\n');
}

export function replaceSnapshot(src, t) {
  return src.replace(/(\/\/ BEGIN SNAPSHOT[^\n]*\n)[\s\S]*?(\n\/\/ END SNAPSHOT)/, (_, a, b) => `${a}${snapshotText(t)}${b}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const meta = JSON.parse(execFileSync(path.join(REPO, 'build', 'graphlab'), ['meta'], { encoding: 'utf8' }));
  const t = tablesOf(meta);
  if (!t) throw new Error('core-meta: `graphlab meta` has no passes / classes / op_classes / status tables');
  fs.writeFileSync(FILE, replaceSnapshot(fs.readFileSync(FILE, 'utf8'), t));
  console.log(`core-meta: ${path.relative(REPO, FILE)}: ${t.passes.length} passes, ${Object.keys(t.op_classes).length} ops, ${t.status.length} status names, ${t.why_reasons.length} why reasons`);
}
