// The language client restarts a server that dies, and the restarted server answers again.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { State, type LanguageClient } from 'vscode-languageclient/node';
import { activate, eventually, open } from './helpers';

function serverPid(client: LanguageClient): number | undefined {
  const experimental = client.initializeResult?.capabilities.experimental as { agentFiles?: { pid?: number } } | undefined;
  return experimental?.agentFiles?.pid;
}

suite('start-up', () => {
  test('activation and the server start-up are timed (figures printed for docs/performance.md)', async () => {
    const ext = await activate();
    const { client, timings } = ext.exports as { client: LanguageClient; timings: { registeredMs: number; serverReadyMs: number } };
    assert.ok(client.initializeResult, 'the server answered initialize');
    console.log(
      `START-UP: activation registered its views and commands in ${timings.registeredMs.toFixed(1)} ms; the server answered initialize ${timings.serverReadyMs.toFixed(1)} ms after activation began`,
    );
    assert.ok(timings.registeredMs > 0 && timings.serverReadyMs >= timings.registeredMs);
  });
});

suite('server restart', () => {
  test('a killed server is restarted by the client and answers requests again', async () => {
    const ext = await activate();
    const { client } = ext.exports as { client: LanguageClient };
    const editor = await open('agent.3md');
    const before = serverPid(client);
    assert.ok(before, 'the server announces its process id');
    const running = new Promise<void>((resolve) => {
      const sub = client.onDidChangeState((e) => {
        if (e.newState === State.Running && serverPid(client) !== before) {
          sub.dispose();
          resolve();
        }
      });
    });
    process.kill(before, 'SIGKILL');
    await Promise.race([running, new Promise((_, reject) => setTimeout(() => reject(new Error('the client did not restart the server within 20 s')), 20_000))]);
    assert.notStrictEqual(serverPid(client), before);
    const symbols = await eventually(
      () => vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', editor.document.uri),
      (s) => Array.isArray(s) && s.length > 0,
      'document symbols from the restarted server',
    );
    assert.ok(symbols.some((s) => s.name.length > 0));
  });
});
