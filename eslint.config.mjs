// ESLint (flat config): typescript-eslint's recommended rules for every TypeScript file, and the
// core's purity (docs: the three rings) as an import rule, beside test/unit/corePurity.test.ts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test/fixtures/', 'out/', '.vscode-test/', '.cache/', '**/*.vsix', '**/*.generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: {
        console: 'readonly',
        process: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        performance: 'readonly',
        __dirname: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        structuredClone: 'readonly',
        queueMicrotask: 'readonly',
        setImmediate: 'readonly',
        require: 'readonly',
        module: 'writable',
        global: 'readonly',
        globalThis: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Output escaping and the shell-safety checks match control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    // Tests read untyped JSON answers (LSP results, world models) field by field.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The graph panel's script runs in a webview, on the desktop and in the browser: DOM only.
    files: ['client/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'url', 'crypto'], message: 'The webview script runs in a browser page: no Node APIs.' },
            { group: ['vscode', 'vscode-languageclient', 'vscode-languageclient/*'], message: 'The webview talks to the extension by messages only (client/webview/messages.ts).' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The core is pure TypeScript: no Node APIs (put I/O in server/src/node).' },
            { group: ['fs', 'fs/*', 'path', 'os', 'child_process', 'url', 'crypto'], message: 'The core is pure TypeScript: no Node APIs (put I/O in server/src/node).' },
            {
              group: ['vscode', 'vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageclient', 'vscode-languageclient/*'],
              message: 'The core knows neither VS Code nor LSP connections (adapt it in server/src/lsp).',
            },
            {
              group: ['**/lsp', '**/lsp/*', '**/cli', '**/cli/*', '**/node', '**/node/*', '**/client/*', '**/meta', '**/package.json'],
              message: 'The core imports only itself: the rings point inwards.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/lsp/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/cli', '**/cli/*'], message: 'The language server does not import the CLI: shared code lives in the core or server/src/meta.ts.' },
            {
              group: ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'url', 'crypto', 'vscode-languageserver/node', '**/node/*', '**/browser/*'],
              message: 'The LSP ring runs on Node and in a Web Worker: the platform comes from the entry point (server/src/lsp/host.ts), never an import.',
            },
          ],
        },
      ],
    },
  },
);
