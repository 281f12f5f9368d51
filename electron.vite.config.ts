import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import type { Plugin } from 'vite'
import { allowInlineStyles } from './src-main/ipc/csp'

// The sources do not live in electron-vite's default src/<scope>/ folders, so every entry is
// named explicitly.
const root = import.meta.dirname

/** The shared pure code (src-main/core) is imported as @core by main, workers, preloads and pages. */
export const coreAlias = { '@core': resolve(root, 'src-main/core') }

/** The dev server injects CSS as <style> elements; built pages keep the strict policy. */
function devServerCsp(): Plugin {
  return {
    name: 'grid-gm-dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace("style-src 'self';", allowInlineStyles("style-src 'self'") + ';'),
  }
}

export default defineConfig({
  main: {
    resolve: { alias: coreAlias },
    build: {
      outDir: 'out/main',
      lib: {
        // The campaign file, tile, decode, pack and Universal VTT import workers run beside the
        // main bundle (worker-spawn.ts finds them there). `host` is `npm run web`'s Node host: the
        // same services as built for Electron, without loading TypeScript at run time.
        entry: {
          index: resolve(root, 'src-main/index.ts'),
          host: resolve(root, 'src-main/host/cli.ts'),
          'campaign-file-worker': resolve(root, 'src-main/campaign/file-worker.ts'),
          'art-worker': resolve(root, 'src-main/art/art-worker.ts'),
          'decode-worker': resolve(root, 'src-main/art/decode-worker.ts'),
          'pack-worker': resolve(root, 'src-main/art/pack-worker.ts'),
          'uvtt-worker': resolve(root, 'src-main/uvtt/import-worker.ts'),
        },
        formats: ['es'],
      },
    },
  },
  preload: {
    resolve: { alias: coreAlias },
    build: {
      outDir: 'out/preload',
      // Sandboxed preloads cannot load ES modules or sibling files: each window kind gets one
      // self-contained CommonJS file.
      isolatedEntries: true,
      externalizeDeps: false,
      rollupOptions: {
        input: {
          gm: resolve(root, 'src-main/preload/gm.ts'),
          player: resolve(root, 'src-main/preload/player.ts'),
        },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    resolve: { alias: coreAlias },
    plugins: [svelte(), devServerCsp()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      rollupOptions: {
        input: {
          gm: resolve(root, 'src-renderer/gm.html'),
          player: resolve(root, 'src-renderer/player.html'),
        },
      },
    },
  },
})
