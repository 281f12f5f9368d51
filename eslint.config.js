import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'

// src-main/core is the pure shared code (campaign model and reducer, rules engine, projections,
// contract): main, its workers and the pages all import it, so it may import no platform, storage,
// UI or 3D package, and nothing of main outside it (tests/unit/core-boundary.test.ts follows every
// import; this rule catches a direct one while typing).
const impurePatterns = [
  { group: ['electron', 'electron/*'], message: 'src-main/core is pure: no electron.' },
  { group: ['node:*'], message: 'src-main/core is pure: no node:* modules.' },
  { group: ['lowdb', 'lowdb/*'], message: 'src-main/core is pure: no lowdb.' },
  { group: ['svelte', 'svelte/*'], message: 'src-main/core is pure: no svelte.' },
  { group: ['three', 'three/*'], message: 'src-main/core is pure: no three.' },
  { group: ['ws', 'bcdice', 'bcdice/*'], message: 'src-main/core is pure: no sockets or BCDice.' },
  {
    group: ['fs', 'path', 'os', 'child_process', 'crypto', 'url', 'worker_threads'],
    message: 'src-main/core is pure: no Node built-ins.',
  },
  { group: ['@core/*'], message: 'Inside src-main/core, import core files by relative path.' },
]

// The pages import main's code only through the @core alias: nothing else of main is theirs.
const rendererPatterns = [
  {
    group: ['**/src-main/**', '**/src-main'],
    message: 'The renderer imports shared code as @core/…, and nothing else of src-main.',
  },
]

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] },
    },
  },
  {
    // The engine's own tests are pure too; other core tests may use real files and folders.
    files: ['src-main/core/**/*.ts'],
    ignores: ['src-main/core/**/*.test.ts', 'src-main/core/**/*.testing.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: impurePatterns }] },
  },
  {
    files: ['src-main/core/rules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: impurePatterns }] },
  },
  {
    files: ['src-renderer/**/*.ts', 'src-renderer/**/*.svelte'],
    rules: { 'no-restricted-imports': ['error', { patterns: rendererPatterns }] },
  },
)
