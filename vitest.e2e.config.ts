import { defineConfig } from 'vitest/config'
import { coreAlias } from './electron.vite.config'

// End-to-end tests: the built renderer (out/renderer, from `electron-vite build`) served by the
// real Node host, driven in headless Chromium. One file at a time in one forked worker: each
// suite starts its own browser and host, and the machine has few cores.
export default defineConfig({
  resolve: { alias: coreAlias },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default', ['json', { outputFile: '.tmp/test-results/e2e.json' }]],
  },
})
