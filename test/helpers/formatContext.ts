/** A format context over an in-memory workspace and a document store, as the server builds one for a provider. */
import type { InMemoryHost } from '../../server/src/core/workspace/host';
import type { IndexedFile } from '../../server/src/core/workspace/indexTypes';
import type { DocumentStore } from '../../server/src/lsp/documents';
import type { FormatContext } from '../../server/src/lsp/formats/provider';
import { NO_REPOSITORY_FACTS, type RepositoryFacts } from '../../server/src/core/skills';

/** Open documents win over the workspace's files; `files` is the workspace index the providers see. */
export function formatContext(
  host: InMemoryHost,
  store: DocumentStore,
  files: () => readonly IndexedFile[] = () => [],
  repository: () => RepositoryFacts = () => NO_REPOSITORY_FACTS,
): FormatContext {
  return {
    host,
    files,
    textOf: (uri) => store.get(uri)?.doc.getText() ?? host.readText(uri),
    roots: () => ['file:///ws'],
    schemaDiagnostics: true,
    detection: 'auto',
    skillTargets: [],
    workspaceFiles: () => [],
    editorValidatesPromptFiles: false,
    editorShows: () => true,
    repository,
    listing: {},
  };
}
