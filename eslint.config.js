import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'

// The rules engine must stay pure so the renderer can import it for previews and tests can run it
// anywhere: no platform, storage, UI or 3D imports below src-main/rules/.
const impurePatterns = [
  { group: ['electron', 'electron/*'], message: 'src-main/rules is pure: no electron.' },
  { group: ['node:*'], message: 'src-main/rules is pure: no node:* modules.' },
  { group: ['lowdb', 'lowdb/*'], message: 'src-main/rules is pure: no lowdb.' },
  { group: ['svelte', 'svelte/*'], message: 'src-main/rules is pure: no svelte.' },
  { group: ['three', 'three/*'], message: 'src-main/rules is pure: no three.' },
  {
    group: ['fs', 'path', 'os', 'child_process', 'crypto', 'url'],
    message: 'src-main/rules is pure: no Node built-ins.',
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
    files: ['src-main/rules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: impurePatterns }] },
  },
)
