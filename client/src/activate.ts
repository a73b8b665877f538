/**
 * The VS Code side of Agent Files: starts the bundled language server over IPC and adds the
 * Skills tree and the "Route request…" command.
 */
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { SkillsTree } from './skillsTree';
import { registerCommands } from './commands';

let client: LanguageClient | undefined;

/**
 * What the server serves: .3md files by language, the Markdown and JSON formats by file name.
 * File-name entries carry no language: VS Code versions give SKILL.md its own language id, so a
 * `markdown` filter would silently miss it.
 */
export const DOCUMENT_SELECTOR = [
  { language: '3md' },
  { scheme: 'file', pattern: '**/{SKILL,skill,AGENT}.md' },
  { scheme: 'file', pattern: '**/.agent-world/{prompts/*.md,world.eval.md,world.json}' },
  // Instruction files for coding agents.
  { scheme: 'file', pattern: '**/{AGENTS,CLAUDE,CLAUDE.local,GEMINI}.md' },
  { scheme: 'file', pattern: '**/.github/copilot-instructions.md' },
  { scheme: 'file', pattern: '**/.github/instructions/**/*.instructions.md' },
  { scheme: 'file', pattern: '**/.claude/rules/**/*.md' },
  { scheme: 'file', pattern: '**/.agent-files.json' },
];

export interface AgentFilesApi {
  client: LanguageClient;
  tree: SkillsTree;
  /** Milliseconds `activate` took: until the commands and views were registered, and until the server answered. */
  timings: { registeredMs: number; serverReadyMs: number };
}

export async function activate(context: vscode.ExtensionContext): Promise<AgentFilesApi> {
  const started = performance.now();
  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const config = vscode.workspace.getConfiguration('agentFiles');
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    initializationOptions: {
      diagnosticDelay: config.get<number>('diagnostics.delay', 150),
      agentDetection: config.get<string>('agentDetection', 'auto'),
      targets: config.get<string[]>('targets', []),
      // VS Code's JSON support reports world.json schema errors from the contributed schema.
      schemaDiagnostics: false,
      // VS Code's prompt-file validator reports unknown keys of .instructions.md and rules files itself.
      editorValidatesPromptFiles: true,
    },
    synchronize: { configurationSection: 'agentFiles' },
    outputChannelName: 'Agent Files',
  };
  client = new LanguageClient('agentFiles', 'Agent Files', serverOptions, clientOptions);
  const tree = new SkillsTree(client);
  context.subscriptions.push(vscode.window.registerTreeDataProvider('agentFiles.skills', tree), tree);
  registerCommands(context, client, tree);
  const registeredMs = performance.now() - started;
  await client.start();
  tree.listen();
  context.subscriptions.push(vscode.window.onDidChangeActiveTextEditor(() => tree.activeEditorChanged()));
  return { client, tree, timings: { registeredMs, serverReadyMs: performance.now() - started } };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
