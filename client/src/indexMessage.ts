/** What the Agent Files view says of the server's index (pure: the unit tests read it). */
import type { IndexStatus } from '../../server/src/lsp/protocol';

/** The message above the view's rows while the server indexes; nothing once it is done. */
export function indexingMessage(s: IndexStatus): string | undefined {
  return s.indexing ? `Indexing the workspace: ${s.done ?? 0} of ${s.total ?? '?'} files read. The tree fills in as they are.` : undefined;
}
