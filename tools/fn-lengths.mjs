// The longest functions of web/ (issue 32's "none over 200 lines"), measured with a real parser (oxc, through
// rolldown's parseAst) rather than a brace matcher, so template strings and regexes cannot fool it. A
// function's length is its source lines, nested functions included: that is what the next reader scrolls.
//   node tools/fn-lengths.mjs [N=10] [dir=web]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAst } from 'rolldown/parseAst';

const N = Number(process.argv[2] ?? 10);
const root = process.argv[3] ?? 'web';

function files(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.js') || p.endsWith('.mjs') ? [p] : [];
  });
}

// The name a function is known by: its own, the variable / property / method it is assigned to, or <anon>.
function nameOf(node, parent) {
  if (node.id?.name) return node.id.name;
  if (parent?.type === 'VariableDeclarator') return parent.id?.name ?? '<anon>';
  if (parent?.type === 'Property' || parent?.type === 'MethodDefinition') return parent.key?.name ?? parent.key?.value ?? '<anon>';
  if (parent?.type === 'AssignmentExpression') return parent.left?.property?.name ?? parent.left?.name ?? '<anon>';
  return '<anon>';
}

const FN = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
const out = [];
for (const file of files(root)) {
  const src = readFileSync(file, 'utf8');
  const lineAt = [];
  for (let i = 0, l = 1; i <= src.length; i++) { lineAt.push(l); if (src.charCodeAt(i) === 10) l++; }
  const ast = parseAst(src, { sourceType: 'module' });
  (function walk(node, parent) {
    if (!node || typeof node.type !== 'string') return;
    if (FN.has(node.type)) {
      out.push({ file: relative('.', file), name: nameOf(node, parent), line: lineAt[node.start],
        lines: lineAt[node.end] - lineAt[node.start] + 1 });
    }
    for (const k in node) {
      const v = node[k];
      if (Array.isArray(v)) v.forEach((c) => walk(c, node));
      else if (v && typeof v === 'object' && typeof v.type === 'string') walk(v, node);
    }
  })(ast, null);
}
out.sort((a, b) => b.lines - a.lines);
for (const f of out.slice(0, N)) console.log(`${String(f.lines).padStart(5)}  ${f.name}  ${f.file}:${f.line}`);
