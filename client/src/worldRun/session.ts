/**
 * One simulated run of a world, kept on the extension side as a value (the server keeps nothing):
 * each step sends `agentFiles/worldStep` with the run's state and records the router's answer.
 * Steps go one after the other, in the order they were asked for.
 */
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { WorldStepRequest, type WorldStepResult } from '../../../server/src/lsp/protocol';
import { EMPTY_RUN, openItemFor, openItems, withStep, type OpenItem, type SimCommand, type SimRun } from '../../../server/src/core/world/router/simRun';
import type { RouterResult } from '../../../server/src/core/world/router/types';
import { itemKey } from './view';

export class WorldRunSession {
  run: SimRun = EMPTY_RUN;
  /** The world's stop token, as the server last said (the router's default until then). */
  stopToken = '<world>pass</world>';
  busy = false;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly client: LanguageClient,
    /** The world.json, as the client writes URIs. */
    readonly worldUri: string,
    private readonly changed: () => void = () => undefined,
  ) {}

  /** Runs `fn` after the steps asked for before it. */
  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(fn, fn);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  step(command: SimCommand): Promise<RouterResult> {
    return this.#serial(() => this.#stepNow(command));
  }

  async #stepNow(command: SimCommand): Promise<RouterResult> {
    this.busy = true;
    this.changed();
    try {
      const answer = await this.client.sendRequest<WorldStepResult>(WorldStepRequest, { uri: this.worldUri, state: this.run.state, command });
      if (answer.stopToken !== undefined) this.stopToken = answer.stopToken;
      this.run = withStep(this.run, command, answer);
      return answer.result;
    } finally {
      this.busy = false;
      this.changed();
    }
  }

  user(content: string): Promise<RouterResult> {
    return this.step({ command: 'user', content });
  }

  /** Completes an open item: by its key (the webview's choice) or the open turn of an agent (by id or name), else the first open item. */
  complete(content: string, which: { key?: string; agent?: string } = {}): Promise<RouterResult> {
    return this.#serial(async () => {
      const item: OpenItem | undefined = which.key !== undefined ? openItems(this.run).find((i) => itemKey(i) === which.key) : openItemFor(this.run, which.agent);
      if (!item) {
        const what = which.agent !== undefined ? `no open turn of @${which.agent}` : 'no turn or host action waits for a completion';
        return { type: 'error', error: what } as RouterResult;
      }
      return this.#stepNow(item.kind === 'turn' ? { command: 'complete', turnId: item.id, content } : { command: 'complete', actionId: item.id, content });
    });
  }

  reset(): void {
    this.run = EMPTY_RUN;
    this.changed();
  }

  /** Every router result of the run, in order. */
  transcript(): RouterResult[] {
    return this.run.steps.map((s) => s.result);
  }
}
