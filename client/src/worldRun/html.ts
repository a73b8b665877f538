/**
 * The run simulator's page: a strict content security policy (nothing but the bundled script and
 * the styles below, both by nonce; no remote resource), VS Code's theme colours through its CSS
 * variables, and plain form controls, so it is usable from the keyboard.
 */

/** A fresh nonce (Web Crypto: the same in desktop VS Code and in the browser). */
export function nonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const STYLE = `
body { color: var(--vscode-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); padding: 0 16px 16px; }
header { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; position: sticky; top: 0; background: var(--vscode-editor-background); padding: 8px 0; border-bottom: 1px solid var(--vscode-panel-border); }
header h1 { font-size: 1.2em; margin: 0 auto 0 0; }
button { color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: 1px solid var(--vscode-button-border, transparent); padding: 4px 10px; cursor: pointer; font: inherit; }
button:hover { background: var(--vscode-button-hoverBackground); }
button.suggestion, header button { color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); }
button.suggestion:hover, header button:hover { background: var(--vscode-button-secondaryHoverBackground); }
button:disabled { opacity: 0.5; cursor: default; }
button:focus-visible, textarea:focus, select:focus, summary:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 1px; }
textarea, select { width: 100%; box-sizing: border-box; color: var(--vscode-input-foreground); background: var(--vscode-input-background); border: 1px solid var(--vscode-input-border, transparent); font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); }
textarea { min-height: 4.5em; resize: vertical; }
label { display: block; margin: 8px 0 4px; color: var(--vscode-descriptionForeground); }
ol#transcript { list-style: none; padding: 0; }
li.row { border-left: 3px solid var(--vscode-panel-border); margin: 8px 0; padding: 4px 8px; }
li.row.user { border-left-color: var(--vscode-charts-blue, var(--vscode-focusBorder)); }
li.row.completion { border-left-color: var(--vscode-charts-purple, var(--vscode-focusBorder)); }
li.row.result { background: var(--vscode-textBlockQuote-background); }
li.row.refused { border-left-color: var(--vscode-errorForeground); color: var(--vscode-errorForeground); }
.heading { font-weight: bold; }
.line { white-space: pre-wrap; font-family: var(--vscode-editor-font-family); }
pre { white-space: pre-wrap; font-family: var(--vscode-editor-font-family); background: var(--vscode-textCodeBlock-background); padding: 6px; }
#suggestions { display: flex; gap: 6px; flex-wrap: wrap; margin: 6px 0; }
.actions { margin-top: 6px; }
#notice { color: var(--vscode-descriptionForeground); }
.hint { color: var(--vscode-descriptionForeground); font-size: 0.9em; }
`;

/** The page, loading `scriptUri` (a webview URI of dist/webview/worldRun.js). */
export function runPageHtml(scriptUri: string, n: string = nonce()): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${n}'; script-src 'nonce-${n}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Run Agent World</title>
<style nonce="${n}">${STYLE}</style>
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
