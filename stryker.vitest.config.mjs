// stryker.vitest.config.mjs — the Vitest settings of `make mutate-web` (stryker.config.mjs): the repo's
// vitest.config.js restricted to the lab's unit suites (tests/web/), which need no build but the module.
// Left out: hostile.test.js (its 20,000-hash property test takes ~9 s and covers nearly every mutant of
// parseHash, hours in all, and its source scan finds the `new Function` of Stryker's instrumentation;
// state.test.js, state-more.test.js and limits.test.js pin the same rules with literal rows), and the suites
// of the modules Stryker does not mutate that run the core for seconds (run-budget, collapse).
import { defineConfig } from 'vitest/config';

import base from './vitest.config.js';

export default defineConfig({
  test: {
    ...base.test,
    include: ['tests/web/**/*.test.js'],
    exclude: ['tests/web/hostile.test.js', 'tests/web/run-budget.test.js', 'tests/web/collapse.test.js'],
  },
});
