import { defineConfig } from 'vitest/config'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { coreAlias } from './electron.vite.config'

// Unit and integration tests. End-to-end tests have their own config (vitest.e2e.config.ts)
// because they need a built renderer and a browser.
export default defineConfig({
  plugins: [svelte()],
  resolve: { alias: coreAlias },
  test: {
    // Tests must never fail because a shared machine is slow: property tests and the crash test
    // do a fixed amount of work, so they get a budget far above what they need, not a race.
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // The JSON report feeds .ci/run's closing "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: '.tmp/test-results/unit.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src-main/**/*.test.ts', 'tests/unit/**/*.test.ts'],
        },
      },
      {
        extends: true,
        resolve: { conditions: ['browser'] },
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['src-renderer/**/*.test.ts'],
        },
      },
    ],
  },
})
