/**
 * "Agent Files: Show Graph" (agentFiles.showWorldGraph): a webview panel per file drawing the
 * graph the server answers for it (`agentFiles/graph`): an Agent World's workflow or an
 * agent.3md's skill dependencies, with a simulated run's path highlighted when one is given.
 * The panel is drawn anew as its file changes (debounced) and when the server's diagnostics for
 * it change; a click on a node or edge reveals it in the file. The drawing itself is the
 * webview's (client/webview/graph.ts, bundled to dist/webview/graph.js).
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { GraphRequest, type GraphResult } from '../../server/src/lsp/protocol';
import { MAX_DRAWN_NODES, type GraphViewMessage, type ShowGraphMessage } from '../webview/messages';
import { graphHtml } from './graphHtml';

export interface ShowGraphArgs {
  /** The file (world.json, a file of its world, or a .3md); the active editor's when absent. */
  uri?: string;
  /** Workflow node ids a simulated run visited, in order, to highlight. */
  path?: string[];
}

export interface ShowGraphResult {
  nodes: number;
  edges: number;
}

/** What a panel's webview reported it drew last (`agentFiles._graphRendered`). */
export type GraphRendered = Extract<GraphViewMessage, { type: 'rendered' }>;

const REFRESH_DELAY_MS = 250;

/** The file from the command's argument: `{uri, path}`, a URI (editor title), or a Skills tree file row. */
function argsOf(arg: unknown): { uri?: string; path: string[] } {
  const path = (o: unknown) => (Array.isArray(o) ? o.filter((x): x is string => typeof x === 'string') : []);
  if (typeof arg === 'string') return { uri: arg, path: [] };
  if (arg instanceof vscode.Uri) return { uri: arg.toString(), path: [] };
  if (!arg || typeof arg !== 'object') return { path: [] };
  const o = arg as { uri?: unknown; path?: unknown; type?: unknown; file?: { uri?: unknown } };
  if (typeof o.uri === 'string') return { uri: o.uri, path: path(o.path) };
  if (o.uri instanceof vscode.Uri) return { uri: o.uri.toString(), path: path(o.path) };
  if (o.type === 'file' && typeof o.file?.uri === 'string') return { uri: o.file.uri, path: [] };
  return { path: path(o.path) };
}

const sameRange = (r: vscode.Range, x: { start: { line: number; character: number }; end: { line: number; character: number } }) =>
  r.intersection(new vscode.Range(x.start.line, x.start.character, x.end.line, x.end.character)) !== undefined;

class GraphPanel {
  graph: GraphResult = null;
  path: string[] = [];
  rendered: GraphRendered | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly key: string,
    readonly panel: vscode.WebviewPanel,
    private readonly fetch: (uri: string) => Promise<GraphResult>,
  ) {}

  /** Asks the server again and redraws. */
  async refresh(): Promise<void> {
    this.graph = await this.fetch(this.key);
    this.post();
  }

  /** Redraws after a pause (edits come in bursts). */
  refreshSoon(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.refresh().catch((e: unknown) => console.error('Agent Files: the graph could not be refreshed', e));
    }, REFRESH_DELAY_MS);
  }

  post(): void {
    const message: ShowGraphMessage = { type: 'graph', graph: this.graph, path: this.path, problems: this.problems() };
    void this.panel.webview.postMessage(message);
  }

  /** Each node's worst diagnostic in its file (those whose range meets the node's). */
  problems(): Record<string, 'error' | 'warning'> {
    const g = this.graph;
    // A graph the webview does not lay out needs no outlines (and a large one would cost a scan per node).
    if (!g || g.nodes.length > MAX_DRAWN_NODES) return {};
    const ds = vscode.languages.getDiagnostics(vscode.Uri.parse(g.uri));
    const out: Record<string, 'error' | 'warning'> = {};
    for (const n of g.nodes) {
      if (!n.range) continue;
      const range = n.range;
      const hits = ds.filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning && sameRange(d.range, range));
      if (hits.length) out[n.id] = hits.some((d) => d.severity === vscode.DiagnosticSeverity.Error) ? 'error' : 'warning';
    }
    return out;
  }

  onRendered(r: GraphRendered): void {
    this.rendered = r;
  }

  dispose(): void {
    if (this.#timer) clearTimeout(this.#timer);
  }
}

export class GraphPanels implements vscode.Disposable {
  readonly #panels = new Map<string, GraphPanel>();
  readonly #disposables: vscode.Disposable[] = [];
  #last: GraphPanel | undefined;

  constructor(
    private readonly client: LanguageClient,
    private readonly extensionUri: vscode.Uri,
  ) {
    this.#disposables.push(
      vscode.workspace.onDidChangeTextDocument((e) => this.#panelOf(e.document.uri)?.refreshSoon()),
      vscode.languages.onDidChangeDiagnostics((e) => {
        for (const uri of e.uris) this.#panelOf(uri)?.refreshSoon();
      }),
    );
  }

  #panelOf(uri: vscode.Uri): GraphPanel | undefined {
    return this.#panels.get(uri.toString());
  }

  #fetch = (uri: string) => this.client.sendRequest<GraphResult>(GraphRequest, { uri });

  async show(arg?: unknown): Promise<ShowGraphResult> {
    const args = argsOf(arg);
    const uri = args.uri ?? vscode.window.activeTextEditor?.document.uri.toString();
    if (!uri) {
      void vscode.window.showInformationMessage('Agent Files: open a world.json or an agent.3md to show its graph.');
      return { nodes: 0, edges: 0 };
    }
    const graph = await this.#fetch(uri);
    if (!graph) {
      void vscode.window.showInformationMessage('Agent Files: this file has no graph to show (open a world.json, a file of its world, or an agent.3md).');
      return { nodes: 0, edges: 0 };
    }
    const panel = this.#panels.get(graph.uri) ?? this.#open(graph.uri, graph.title);
    panel.graph = graph;
    panel.path = args.path;
    panel.rendered = undefined;
    panel.panel.reveal(undefined, true);
    panel.post();
    this.#last = panel;
    return { nodes: graph.nodes.length, edges: graph.edges.length };
  }

  /** What the panel of a file (or the last one shown) drew last; undefined before its first drawing. */
  rendered(arg?: unknown): GraphRendered | undefined {
    const uri = argsOf(arg).uri;
    const panel = uri ? [...this.#panels.values()].find((p) => p.key === uri || p.graph?.uri === uri) : this.#last;
    return panel?.rendered;
  }

  #open(key: string, title: string): GraphPanel {
    const script = vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview', 'graph.js');
    const webviewPanel = vscode.window.createWebviewPanel(
      'agentFiles.graph',
      `Graph: ${title}`,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview')] },
    );
    webviewPanel.webview.html = graphHtml(webviewPanel.webview, script, `Graph: ${title}`);
    const panel = new GraphPanel(key, webviewPanel, this.#fetch);
    this.#panels.set(key, panel);
    webviewPanel.webview.onDidReceiveMessage((m: GraphViewMessage) => this.#onMessage(panel, m));
    webviewPanel.onDidDispose(() => {
      panel.dispose();
      this.#panels.delete(key);
      if (this.#last === panel) this.#last = undefined;
    });
    return panel;
  }

  #onMessage(panel: GraphPanel, m: GraphViewMessage): void {
    if (m?.type === 'ready') panel.post();
    else if (m?.type === 'rendered') panel.onRendered(m);
    else if (m?.type === 'reveal') void this.#reveal(panel, m);
  }

  async #reveal(panel: GraphPanel, m: Extract<GraphViewMessage, { type: 'reveal' }>): Promise<void> {
    const g = panel.graph;
    if (!g) return;
    const range = m.node !== undefined ? g.nodes.find((n) => n.id === m.node)?.range : m.edge !== undefined ? g.edges[m.edge]?.range : undefined;
    if (!range) return;
    const uri = vscode.Uri.parse(g.uri);
    const r = new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
    // In the editor group that shows the file, else the first one (the panel keeps its own group).
    const shown = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
    const editor = await vscode.window.showTextDocument(uri, { selection: r, viewColumn: shown?.viewColumn ?? vscode.ViewColumn.One, preserveFocus: false });
    editor.revealRange(r, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose(): void {
    for (const p of this.#panels.values()) p.panel.dispose();
    for (const d of this.#disposables) d.dispose();
  }
}
