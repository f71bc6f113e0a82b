// stryker.vitest.config.mjs — the Vitest settings of `make mutate-web` (stryker.config.mjs): the repo's
// vitest.config.js restricted to the unit suites of the modules Stryker mutates (add a suite here when it
// tests one of them). Not here: hostile.test.js (its 20,000-hash property test takes ~9 s and covers nearly
// every mutant of parseHash, hours in all, and its source scan finds the `new Function` of Stryker's
// instrumentation; state, state-more and limits pin the same rules with literal rows), and suites of other
// modules (some run the core for seconds, some read docs/, which the sandbox leaves out).
import { defineConfig } from 'vitest/config';

import base from './vitest.config.js';

const SUITES = ['state', 'state-more', 'limits', 'model', 'model-more', 'model-columns', 'ops', 'format', 'kernel-names', 'kernel-names-more',
  'lesson-format', 'lesson-env', 'lesson-questions', 'lesson-text', 'lesson-format-edges', 'lesson-expr-edges', 'state-program-case', 'state-pass'];

export default defineConfig({
  test: { ...base.test, include: SUITES.map((s) => `tests/web/${s}.test.js`) },
});
