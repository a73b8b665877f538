/**
 * Entry point of the language server. `--stdio` for any LSP client (Neovim, Emacs, Helix,
 * Zed…), `--node-ipc` when VS Code forks it. Console output goes to the client's log: stdout
 * is the protocol channel.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from '../lsp/server';
import { createTransport } from './transport';
import { nodeServerHost } from './workspaceFs';
import { VERSION } from '../meta';

if (process.argv.includes('--version')) {
  process.stdout.write(`agent-files-language-server ${VERSION}\n`);
  process.exit(0);
}
if (!process.argv.some((a) => a === '--stdio' || a === '--node-ipc' || a.startsWith('--socket') || a.startsWith('--pipe'))) {
  process.stderr.write('usage: agent-files-language-server --stdio\n');
  process.exit(2);
}

// Transport log lines go to the client's log once the connection exists, to stderr before.
let logLine: (line: string) => void = (line) => void process.stderr.write(`${line}\n`);
const transport = createTransport(process.argv, { log: (line) => logLine(line) });
const connection = transport ? createConnection(ProposedFeatures.all, transport.reader, transport.writer) : createConnection(ProposedFeatures.all);
logLine = (line) => connection.console.error(line);
console.log = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
console.info = (...args: unknown[]) => connection.console.info(args.map(String).join(' '));
console.warn = (...args: unknown[]) => connection.console.warn(args.map(String).join(' '));
console.error = (...args: unknown[]) => connection.console.error(args.map(String).join(' '));
process.on('unhandledRejection', (e) => connection.console.error(`unhandled rejection: ${e instanceof Error ? e.stack : String(e)}`));
process.on('uncaughtException', (e) => connection.console.error(`uncaught exception: ${e.stack ?? e.message}`));

startServer(connection, nodeServerHost());
