/**
 * The run simulator's page: a strict content security policy (nothing but the bundled script, by
 * nonce, and its style sheet from the extension; no remote resource), and plain form controls, so
 * it is usable from the keyboard. The style (client/webview/worldRun.css) uses VS Code's theme colours.
 */

import { nonce } from '../webviewNonce';

/** The page, loading `scriptUri` and `styleUri` (webview URIs of dist/webview/worldRun.js and .css); `cspSource` is the webview's. */
export function runPageHtml(scriptUri: string, styleUri: string, cspSource: string, n: string = nonce()): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${cspSource}; script-src 'nonce-${n}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Run Agent World</title>
<link rel="stylesheet" href="${styleUri}">
</head>
<body>
<header>
  <h1 id="world">Agent World</h1>
  <button id="graph" type="button" hidden>Show on graph</button>
  <button id="save" type="button" disabled>Save as routing case…</button>
  <button id="reset" type="button">Reset</button>
</header>
<ol id="transcript" aria-label="Steps of the run" aria-live="polite"></ol>
<section id="complete-box" hidden aria-label="Complete a turn">
  <label for="target">Complete</label>
  <select id="target"></select>
  <div id="suggestions" role="group" aria-label="Suggested completions"></div>
  <label for="completion">The agent's message (or the host's result)</label>
  <textarea id="completion"></textarea>
  <div class="actions"><button id="send-completion" type="button">Complete</button> <span class="hint">Ctrl+Enter</span></div>
</section>
<section aria-label="Send a user message">
  <label for="user">User message</label>
  <textarea id="user"></textarea>
  <div class="actions"><button id="send-user" type="button">Send</button> <span class="hint">Ctrl+Enter</span></div>
</section>
<p id="notice" role="status"></p>
<script nonce="${n}" src="${scriptUri}"></script>
</body>
</html>`;
}
