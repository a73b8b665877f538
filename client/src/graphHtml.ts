/**
 * The graph panel's page: a strict Content Security Policy (no remote resources; the one script
 * and the one stylesheet run by nonce) and a stylesheet of the editor theme's CSS variables.
 */
import type * as vscode from 'vscode';
import { nonce as makeNonce } from './webviewNonce';

const STYLE = `
body { padding: 0 12px; color: var(--vscode-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); }
#header { padding: 8px 0 2px; color: var(--vscode-descriptionForeground); }
#legend { padding-bottom: 8px; color: var(--vscode-descriptionForeground); font-size: 0.9em; opacity: 0.8; }
#canvas { overflow: auto; }
svg { display: block; }
.node { cursor: pointer; }
.node:focus { outline: none; }
.node:focus .shape { stroke: var(--vscode-focusBorder); stroke-width: 2.5; }
.node .shape { fill: var(--vscode-editorWidget-background, var(--vscode-editor-background)); stroke: var(--vscode-editorWidget-border, var(--vscode-foreground)); stroke-width: 1.2; }
.node .inner { fill: none; stroke: var(--vscode-editorWidget-border, var(--vscode-foreground)); stroke-width: 1; }
.node.entry .shape { stroke: var(--vscode-charts-green, #3c3); stroke-width: 2.5; }
.node.final .shape, .node.final .inner { stroke: var(--vscode-charts-blue, #39f); }
.node.human .shape { stroke-dasharray: 4 3; fill: var(--vscode-badge-background); }
.node.human text { fill: var(--vscode-badge-foreground); }
.node.identity .shape { stroke: var(--vscode-charts-purple, #a6f); stroke-width: 2; }
.node.missing .shape { stroke: var(--vscode-errorForeground); stroke-dasharray: 5 3; }
.node.warning .shape { stroke: var(--vscode-editorWarning-foreground); }
.node.error .shape { stroke: var(--vscode-editorError-foreground, var(--vscode-errorForeground)); }
.node.on-path .shape { stroke: var(--vscode-charts-orange, #f93); stroke-width: 3; }
.node text { fill: var(--vscode-foreground); }
.node .label { font-weight: 600; }
.node .detail { fill: var(--vscode-descriptionForeground); }
.join-badge rect { fill: var(--vscode-charts-purple, #a6f); }
.join-badge text, .step-badge text { fill: var(--vscode-editor-background); font-size: 10px; font-weight: 600; }
.step-badge rect { fill: var(--vscode-charts-orange, #f93); }
.edge { cursor: pointer; }
.edge .line { fill: none; stroke: var(--vscode-foreground); stroke-opacity: 0.7; stroke-width: 1.3; }
.edge .hit { fill: none; stroke: transparent; stroke-width: 10; }
.edge.human .line { stroke: var(--vscode-badge-background); stroke-opacity: 1; }
.edge.implicit .line { stroke-dasharray: 2 4; }
.edge.requires .line { stroke: var(--vscode-charts-purple, #a6f); stroke-dasharray: 6 4; }
.edge.dangling .line { stroke: var(--vscode-errorForeground); stroke-dasharray: 4 3; }
.edge.on-path .line { stroke: var(--vscode-charts-orange, #f93); stroke-opacity: 1; stroke-width: 3; }
.edge:hover .line { stroke-width: 2.5; }
.marker path { fill: var(--vscode-foreground); }
.marker.requires path { fill: var(--vscode-charts-purple, #a6f); }
.marker.dangling path { fill: var(--vscode-errorForeground); }
.marker.path path { fill: var(--vscode-charts-orange, #f93); }
`;

export function graphHtml(webview: vscode.Webview, script: vscode.Uri, title: string): string {
  const nonce = makeNonce();
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${esc(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<div id="header">Drawing…</div>
<div id="legend"></div>
<div id="canvas"></div>
<script nonce="${nonce}" src="${esc(webview.asWebviewUri(script).toString())}"></script>
</body>
</html>`;
}
