/**
 * The run simulator's webview (bundled to dist/webview/worldRun.js; no Node, no VS Code API but
 * the webview's messaging). It draws the run the extension sends (as client/src/worldRun/view.ts
 * lays it out) and posts back what the user does, and the text of the rows it drew (for tests). Every text is
 * set as text, never as HTML.
 */
import { runView, type FromWebview, type RowView, type RunView, type ToWebview } from '../src/worldRun/view';
import './worldRun.css';

declare function acquireVsCodeApi(): { postMessage(message: FromWebview): void };

const vscode = acquireVsCodeApi();

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function byId<T extends HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`the run simulator's page has no #${id}`);
  return e as T;
}

const title = byId<HTMLHeadingElement>('world');
const transcript = byId<HTMLOListElement>('transcript');
const completeBox = byId<HTMLElement>('complete-box');
const target = byId<HTMLSelectElement>('target');
const suggestions = byId<HTMLElement>('suggestions');
const completion = byId<HTMLTextAreaElement>('completion');
const userText = byId<HTMLTextAreaElement>('user');
const notice = byId<HTMLElement>('notice');
const buttons = {
  sendUser: byId<HTMLButtonElement>('send-user'),
  complete: byId<HTMLButtonElement>('send-completion'),
  reset: byId<HTMLButtonElement>('reset'),
  save: byId<HTMLButtonElement>('save'),
  graph: byId<HTMLButtonElement>('graph'),
};

let view: RunView | undefined;

function rowElement(row: RowView, n: number): HTMLLIElement {
  const li = el('li', { class: `row ${row.kind}`, 'data-row': String(n) });
  li.append(el('div', { class: 'heading' }, row.heading));
  for (const line of row.lines) li.append(el('div', { class: 'line' }, line));
  for (const d of row.details) {
    const details = el('details');
    details.append(el('summary', {}, d.summary), el('pre', {}, d.text));
    li.append(details);
  }
  return li;
}

function drawSuggestions(): void {
  suggestions.replaceChildren();
  const t = view?.targets.find((x) => x.key === target.value);
  for (const s of t?.suggestions ?? []) {
    const b = el('button', { type: 'button', class: 'suggestion', title: s.text }, s.label);
    b.addEventListener('click', () => {
      completion.value = s.text;
      completion.focus();
    });
    suggestions.append(b);
  }
}

function draw(v: RunView, version: number): void {
  const hadTargets = (view?.targets.length ?? 0) > 0;
  const chosen = target.value;
  view = v;
  title.textContent = v.world;
  transcript.replaceChildren(...v.rows.map(rowElement));
  completeBox.hidden = v.targets.length === 0;
  target.replaceChildren(...v.targets.map((t) => el('option', { value: t.key }, t.label)));
  if (v.targets.some((t) => t.key === chosen)) target.value = chosen;
  drawSuggestions();
  for (const b of Object.values(buttons)) b.disabled = v.busy;
  buttons.save.disabled = v.busy || !v.canSave;
  buttons.graph.hidden = !v.canGraph;
  notice.textContent = v.notice ?? '';
  transcript.lastElementChild?.scrollIntoView({ block: 'nearest' });
  // Keyboard flow: to the completion box when a turn opens; back to the message box when the focus went with a closed box.
  const focused = document.activeElement;
  if (!v.busy && v.targets.length > 0 && !hadTargets) completion.focus();
  else if (!v.busy && (focused === document.body || focused === null || (completeBox.hidden && completeBox.contains(focused)))) userText.focus();
  const rows = [...transcript.querySelectorAll<HTMLElement>('li.row')].map((li) =>
    [...li.querySelectorAll<HTMLElement>('.heading, .line')].map((e) => e.textContent ?? '').join('\n'),
  );
  const controls = [...document.querySelectorAll<HTMLButtonElement>('button')].filter((b) => !b.disabled && !b.closest('[hidden]')).map((b) => b.textContent ?? '');
  vscode.postMessage({ type: 'rendered', version, rows, controls });
}

function sendUser(): void {
  if (!userText.value.trim()) return;
  vscode.postMessage({ type: 'user', text: userText.value });
  userText.value = '';
}

function sendCompletion(): void {
  if (!target.value) return;
  vscode.postMessage({ type: 'complete', key: target.value, text: completion.value });
  completion.value = '';
}

/** Ctrl+Enter (Cmd+Enter) sends from a text box; Enter alone is a new line. */
function onCtrlEnter(box: HTMLTextAreaElement, send: () => void): void {
  box.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      send();
    }
  });
}

buttons.sendUser.addEventListener('click', sendUser);
buttons.complete.addEventListener('click', sendCompletion);
onCtrlEnter(userText, sendUser);
onCtrlEnter(completion, sendCompletion);
target.addEventListener('change', drawSuggestions);
buttons.reset.addEventListener('click', () => vscode.postMessage({ type: 'reset' }));
buttons.save.addEventListener('click', () => vscode.postMessage({ type: 'save' }));
buttons.graph.addEventListener('click', () => vscode.postMessage({ type: 'graph' }));
window.addEventListener('message', (e: MessageEvent<ToWebview>) => {
  if (e.data?.type === 'view') draw(runView(e.data.input.run, e.data.input), e.data.version);
});
vscode.postMessage({ type: 'ready' });
