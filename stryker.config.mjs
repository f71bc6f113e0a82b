// stryker.config.mjs — `make mutate-web`: Stryker's JS mutants over the lab's pure modules (no DOM, no
// worker, no WASM of their own), killed by the unit suites in tests/web/ (Vitest runner, settings in
// stryker.vitest.config.mjs). Not part of `make test`: it takes minutes. Stryker mutates a sandbox copy
// (.stryker-tmp/), never the tree; prints the score table (reports/mutation/web.html has the details).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker.vitest.config.mjs', related: false },
  // (the kernels' names moved to the core, c/src/io/lab_facts.c: its mutants are C's now)
  // run-budget.js and views/graph/collapse.js are pure too, but their suites run the core on real cases
  // (seconds per test, so hours per run): they are left out.
  mutate: ['web/state.js', 'web/model.js', 'web/ops.js', 'web/format.js',
    'web/lessons/format.js', 'web/lessons/expr.js', 'web/lessons/questions.js', 'web/lessons/text.js'],
  // what the suites never read stays out of the sandbox
  // (build/graphlab stays: lesson-env and kernel-names* run the lab's analysis through the native CLI)
  ignorePatterns: ['/build/*', '!/build/graphlab', '/c', '/bench', '/docs', '/dist', '/reports', '/tests/e2e', '/public/app'],
  coverageAnalysis: 'perTest',
  // Static mutants (module-level tables) re-import every module per mutant: ~80 % of the time for ~20 % of
  // the mutants. They are left out of the score; the tables are pinned by literal tests (ops.test.js).
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20000,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/web.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: true, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: null },
  // reruns test only the mutants whose code or covering tests changed (reports/stryker-incremental.json)
  incremental: true,
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
