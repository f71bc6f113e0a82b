// Every example in the Program panel's menu (and the lecture layer the config writes) traces with the
// native CLI: `build/graphlab trace FILE.py` exits 0 and prints a graph.
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXAMPLES, lectureProgram, withConfig } from '../../web/program-examples.js';

const CLI = path.resolve(__dirname, '../../build/graphlab');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-examples-'));

function trace(text, name) {
  const f = path.join(dir, `${name}.py`);
  fs.writeFileSync(f, text);
  return execFileSync(CLI, ['trace', f], { encoding: 'utf8' });
}

describe('program examples', () => {
  it('the CLI is built (make native)', () => {
    expect(fs.existsSync(CLI)).toBe(true);
  });
  it('the menu has the six examples', () => {
    expect(EXAMPLES.map((e) => e.id)).toEqual(['prefill', 'decode', 'branch', 'gelu', 'attention', 'empty']);
  });
  for (const ex of EXAMPLES) {
    it(`${ex.id} traces`, () => {
      const out = trace(ex.text, ex.id);
      expect(out).toMatch(/^%0 += input\(\)/m);
      expect(out).toMatch(/^返回 %[0-9]/m);   // the reference text form ends with its return line
    });
  }
  it('the lecture layer for a Llama-3-8B-sized config traces, every mode', () => {
    const cfg = { d: 4096, H: 32, G: 8, dh: 128, f: 14336, eps: 1e-5, theta: 500000, T: 2048, pos0: 0, S: 4096 };
    for (const mode of ['prefill', 'decode', 'masked']) {
      const out = trace(lectureProgram({ ...cfg, mode }), `llama-${mode}`);
      expect(out).toContain('4096');
      if (mode === 'masked') expect(out).toContain('kmask');
    }
  });
});

describe('a program in the state is the case the lab analyses', () => {
  it('caseFromState sends the program in place of the config, with the decode dims bound', async () => {
    const { defaultState, withPatch, caseFromState } = await import('../../web/state.js');
    const c = caseFromState(withPatch(defaultState(), { prog: EXAMPLES[1].text }));
    expect(c.program).toBe(EXAMPLES[1].text);
    expect(c.config).toBeUndefined();
    expect(c.bind).toEqual({ S: 16, P: 15 });
    expect(caseFromState(defaultState()).program).toBeUndefined();
  });
});

describe('the sliders write the program\'s config line', () => {
  it('withConfig rewrites cfg = LayerCfg(…) and T = …, and the CLI traces the new shapes', () => {
    const prefill = EXAMPLES.find((e) => e.id === 'prefill').text;
    const cfg = { d: 128, H: 4, G: 2, dh: 32, f: 256, eps: 1e-6, theta: 500000, T: 20, pos0: 0, S: 16 };
    const out = withConfig(prefill, cfg);
    expect(out).toContain('cfg = LayerCfg(128, 4, 2, 32, 256, 0.000001, 500000.0)');
    expect(out).toMatch(/^T = 20$/m);
    expect(out.replace(/^cfg = .*$/m, '').replace(/^T = .*$/m, '')).toBe(prefill.replace(/^cfg = .*$/m, '').replace(/^T = .*$/m, ''));
    expect(trace(out, 'slid')).toMatch(/^%0 += input\(\) +: \[20×128\]/m);
    expect(withConfig(EXAMPLES.find((e) => e.id === 'gelu').text, cfg)).toBe(EXAMPLES.find((e) => e.id === 'gelu').text);
  });
});
