// The run simulator's page (client/src/worldRun/html.ts): a content security policy that allows
// only the extension's script (by nonce) and style sheet, and no remote resource.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runPageHtml } from '../../client/src/worldRun/html';
import { nonce } from '../../client/src/webviewNonce';

test('the page allows nothing but its own script, by nonce, and its style sheet', () => {
  const html = runPageHtml('vscode-webview://x/dist/webview/worldRun.js', 'vscode-webview://x/dist/webview/worldRun.css', 'vscode-webview://x', 'abc123');
  const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
  assert.equal(csp, "default-src 'none'; style-src vscode-webview://x; script-src 'nonce-abc123';");
  assert.deepEqual(
    [...html.matchAll(/<script[^>]*>/g)].map((m) => m[0]),
    ['<script nonce="abc123" src="vscode-webview://x/dist/webview/worldRun.js">'],
  );
  assert.doesNotMatch(html, /https?:\/\//);
  assert.doesNotMatch(html, /<style|\sstyle=|\son[a-z]+=/i, 'no inline style or handler for the policy to refuse');
});

test('each page gets a fresh 128-bit nonce', () => {
  const a = nonce();
  assert.match(a, /^[0-9a-f]{32}$/);
  assert.notEqual(a, nonce());
});
