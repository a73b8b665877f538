/** The provider of each file format. */
import type { FileKind } from '../../core/fileKinds';
import type { DocumentStore } from '../documents';
import type { FormatProvider } from './provider';
import { threeMdProvider } from './threemd';
import { skillProvider } from './skill';
import { agentMdProvider } from './agentMd';
import { worldProviders } from './world';

export function createProviders(documents: DocumentStore): Partial<Record<FileKind, FormatProvider>> {
  return {
    '3md': threeMdProvider((doc) => documents.analysis(doc)),
    skill: skillProvider(documents),
    'agent-md': agentMdProvider(documents),
    ...worldProviders(documents),
  };
}
