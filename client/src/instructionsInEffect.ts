/** "Instructions in effect" for one file, from the server (the Skills view's "in effect" rows; the full answer is the "What the Agent Sees" view). */
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { InstructionsInEffectRequest, type InstructionsInEffectResult } from '../../server/src/lsp/protocol';

/** The server's list for one file URI (empty when it is in no workspace folder). */
export function instructionsInEffect(client: LanguageClient, uri: string): Promise<InstructionsInEffectResult> {
  return client.sendRequest<InstructionsInEffectResult>(InstructionsInEffectRequest, { uri });
}
