// Vitest settings for every JS suite (tests/**/*.test.js). The suites spawn the CLI (native, ASan and
// WASI builds) and load WASM modules, so tests are slow-ish and CPU-bound: a generous timeout, and at most
// two test files at once (each spawns its own processes) so a 2-core machine is not starved.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.js'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
