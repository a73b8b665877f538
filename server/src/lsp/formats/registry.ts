/** The provider of each file format. */
import type { FileKind } from '../../core/fileKinds';
import type { DocumentStore, OpenDocument } from '../documents';
import type { FormatProvider } from './provider';
import { threeMdProvider } from './threemd';
import { skillProvider } from './skill';
import { agentMdProvider } from './agentMd';
import { worldProviders } from './world';
import { agentMdInstructions, instructionsProvider } from './instructions';
import { agentMdKindOf } from '../../core/agentmd';

export function createProviders(documents: DocumentStore): Partial<Record<FileKind, FormatProvider>> {
  return {
    '3md': threeMdProvider((doc) => documents.analysis(doc)),
    skill: skillProvider(documents),
    'agent-md': agentMdByKind(agentMdProvider(documents), instructionsProvider('agent-md')),
    ...worldProviders(documents),
    instructions: instructionsProvider(),
  };
}

/**
 * An AGENT.md is served by the OS Protocol provider or, without OS Protocol frontmatter, as an
 * instruction file (Amp's convention); its index entry stays an AGENT.md entry either way.
 */
function agentMdByKind(os: FormatProvider, amp: FormatProvider): FormatProvider {
  const isAmp = (doc: OpenDocument) => agentMdKindOf(doc.doc.getText()).kind === 'instructions';
  const pick = (doc: OpenDocument) => (isAmp(doc) ? amp : os);
  return {
    diagnostics: (doc, ctx) => pick(doc).diagnostics(doc, ctx),
    completion: (doc, pos, ctx) => pick(doc).completion?.(doc, pos, ctx) ?? [],
    hover: (doc, pos, ctx) => (isAmp(doc) ? (amp.hover?.(doc, pos, ctx) ?? os.hover?.(doc, pos, ctx) ?? null) : (os.hover?.(doc, pos, ctx) ?? null)),
    definition: (doc, pos, ctx) => pick(doc).definition?.(doc, pos, ctx) ?? [],
    references: (doc, pos, inc, ctx) => pick(doc).references?.(doc, pos, inc, ctx) ?? [],
    documentSymbols: (doc, ctx) => pick(doc).documentSymbols?.(doc, ctx) ?? [],
    documentLinks: (doc, ctx) => pick(doc).documentLinks?.(doc, ctx) ?? [],
    codeActions: (doc, range, ds, ctx) => pick(doc).codeActions?.(doc, range, ds, ctx) ?? [],
    summarize(uri, text, ctx) {
      const file = os.summarize?.(uri, text, ctx) ?? null;
      if (!file || file.agentMdKind !== 'instructions') return file;
      return { ...file, ...agentMdInstructions(uri, text, ctx) };
    },
    dependents: (doc, ctx) => [...new Set([...(os.dependents?.(doc, ctx) ?? []), ...(amp.dependents?.(doc, ctx) ?? [])])],
  };
}
