/** Document sync: the editor's open, change and close of a document, and what each makes stale or due. */
import type { DiagnosticsScheduling } from './diagnosticsScheduling';
import type { ServerParts } from './serverParts';

export function registerDocumentSync(s: ServerParts, d: DiagnosticsScheduling): void {
  const { connection, runner, state, documents, index, lines } = s;
  const { push, pull, reindexer, filesChanged, refresh } = d;
  connection.onDidOpenTextDocument(
    runner.safeNotify('didOpen', (p) => {
      const entry = documents.open(p.textDocument.uri, p.textDocument.languageId, p.textDocument.version, p.textDocument.text);
      push.opened(entry.uri);
      // Analyses of other documents that read this file (through the host) saw its disk copy or nothing.
      filesChanged([entry.uri]);
      refresh(entry);
    }),
  );
  connection.onDidChangeTextDocument(
    runner.safeNotify('didChange', (p) => {
      const entry = documents.change(p.textDocument.uri, p.textDocument.version, p.contentChanges);
      if (!entry) runner.log.error(`didChange for a document that is not open: ${p.textDocument.uri}`);
      else {
        filesChanged([entry.uri]);
        refresh(entry);
      }
    }),
  );
  connection.onDidCloseTextDocument(
    runner.safeNotify('didClose', (p) => {
      const uri = p.textDocument.uri;
      documents.close(uri);
      filesChanged([uri]);
      lines.forget(uri);
      // With the workspace in scope the file keeps its problems: its report from disk takes over (published when it differs).
      if (state.settings.diagnosticsScope === 'workspace' && index.isKnown(uri)) push.cancel(uri);
      else push.clear(uri);
      pull.forget(uri);
      pull.invalidate();
      reindexer.forget(uri);
      index.setOpen(uri, null);
    }),
  );
}
