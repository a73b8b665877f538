/** The provider of each file format. */
import type { FileKind } from '../../core/workspace/fileKinds';
import type { DocumentStore, OpenDocument } from '../documents';
import type { FormatContext, FormatProvider } from './provider';
import { threeMdProvider } from './threemd';
import { skillProvider } from './skill';
import { agentMdAnalysis, agentMdProvider } from './agentMd';
import { worldProviders } from './world';
import { agentMdInstructions, instructionsAnalysis, instructionsProvider, instructionsSummary } from './instructions';
import { countSeverities } from '../../core/types';
import { agentFileProvider } from './agentFile';
import { pluginManifestProvider } from './pluginManifest';
import { claudeSettingsProvider } from './claudeSettings';
import { mcpConfigProvider } from './mcpConfig';
import { codexConfigProvider } from './codexConfig';
import { pluginHooksProvider } from './pluginHooks';
import { githubHooksProvider } from './githubHooks';
import { codexHooksProvider } from './codexHooks';
import { skillEvalsProvider } from './skillEvals';

export function createProviders(documents: DocumentStore): Record<FileKind, FormatProvider> {
  return {
    '3md': threeMdProvider((doc) => documents.analysis(doc)),
    skill: skillProvider(documents),
    'agent-md': agentMdByKind(documents, agentMdProvider(documents), instructionsProvider(documents, 'agent-md')),
    ...worldProviders(documents),
    instructions: instructionsProvider(documents),
    subagent: agentFileProvider(documents, 'agent'),
    command: agentFileProvider(documents, 'command'),
    'plugin-manifest': pluginManifestProvider(documents),
    'claude-settings': claudeSettingsProvider(documents),
    hooks: pluginHooksProvider(documents),
    'github-hooks': githubHooksProvider(documents),
    'codex-hooks': codexHooksProvider(documents),
    'mcp-config': mcpConfigProvider(documents),
    'codex-config': codexConfigProvider(documents),
    'skill-evals': skillEvalsProvider(documents),
  };
}

/**
 * An AGENT.md is served by the OS Protocol provider or, without OS Protocol frontmatter, as an
 * instruction file (Amp's convention); its index entry stays an AGENT.md entry either way.
 */
function agentMdByKind(documents: DocumentStore, os: FormatProvider, amp: FormatProvider): FormatProvider {
  const isAmp = (doc: OpenDocument, ctx: FormatContext) => agentMdAnalysis(documents, doc, ctx).classification.kind === 'instructions';
  const pick = (doc: OpenDocument, ctx: FormatContext) => (isAmp(doc, ctx) ? amp : os);
  return {
    diagnostics: (doc, ctx) => pick(doc, ctx).diagnostics(doc, ctx),
    completion: (doc, pos, ctx) => pick(doc, ctx).completion?.(doc, pos, ctx) ?? [],
    hover: (doc, pos, ctx) => (isAmp(doc, ctx) ? (amp.hover?.(doc, pos, ctx) ?? os.hover?.(doc, pos, ctx) ?? null) : (os.hover?.(doc, pos, ctx) ?? null)),
    definition: (doc, pos, ctx) => pick(doc, ctx).definition?.(doc, pos, ctx) ?? [],
    references: (doc, pos, inc, ctx) => pick(doc, ctx).references?.(doc, pos, inc, ctx) ?? [],
    documentSymbols: (doc, ctx) => pick(doc, ctx).documentSymbols?.(doc, ctx) ?? [],
    documentLinks: (doc, ctx) => pick(doc, ctx).documentLinks?.(doc, ctx) ?? [],
    codeActions: (doc, range, ds, ctx) => pick(doc, ctx).codeActions?.(doc, range, ds, ctx) ?? [],
    summarize(uri, text, ctx) {
      const file = os.summarize?.(uri, text, ctx) ?? null;
      if (!file || file.agentMdKind !== 'instructions') return file;
      return { ...file, ...agentMdInstructions(uri, text, ctx) };
    },
    summarizeOpen(doc, ctx) {
      const file = os.summarizeOpen?.(doc, ctx) ?? null;
      if (!file || file.agentMdKind !== 'instructions') return file;
      const a = instructionsAnalysis(documents, doc, ctx, 'agent-md');
      return { ...file, ...countSeverities(a.diagnostics), instructions: instructionsSummary(doc.doc.getText(), a) };
    },
    dependencyKey: (uri, ctx) => `${os.dependencyKey?.(uri, ctx) ?? ''}|${amp.dependencyKey?.(uri, ctx) ?? ''}`,
    dependents: (doc, ctx) => [...new Set([...(os.dependents?.(doc, ctx) ?? []), ...(amp.dependents?.(doc, ctx) ?? [])])],
  };
}
