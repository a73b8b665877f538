import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzePrompt } from '../../server/src/core/world/prompt';
import { parseWorld } from '../../server/src/core/world/model';
import { BASE_URI, GOOD_PROMPT, baseWorld, fixtureHost, rangeOf, worldUri } from '../fixtures/world/helpers';

const world = (obj: unknown = baseWorld()) => parseWorld(JSON.stringify(obj, null, 2), BASE_URI);
const SENDER = 'file:///p/.agent-world/prompts/sender.md';
const RECEIVER = 'file:///p/.agent-world/prompts/receiver.md';

test('every §3.14 app-builder prompt passes the prompt checks', () => {
  const host = fixtureHost('app-builder');
  const w = parseWorld(host.readText(worldUri('app-builder'))!, worldUri('app-builder'));
  for (const a of w.agents.values()) {
    const uri = (a.prompt as { uri: string }).uri;
    assert.deepEqual(analyzePrompt(host.readText(uri)!, uri, w), [], a.id);
  }
});

test('every free-mention prompt passes (any peer may be mentioned)', () => {
  const host = fixtureHost('free-mention');
  const w = parseWorld(host.readText(worldUri('free-mention'))!, worldUri('free-mention'));
  for (const a of w.agents.values()) {
    const uri = (a.prompt as { uri: string }).uri;
    assert.deepEqual(analyzePrompt(host.readText(uri)!, uri, w), [], a.id);
  }
});

test('W14: a prompt without protocol, prohibition or stop token gets the three eval texts', () => {
  const d = analyzePrompt('You help.\nMore.', RECEIVER, world());
  assert.deepEqual(
    d.map((x) => [x.code, x.message]),
    [
      ['world-missing-mention-protocol', 'prompts missing paragraph-start @mention protocol: receiver'],
      ['world-missing-tool-prohibition', 'prompts missing direct-tool prohibition: receiver'],
      ['world-missing-stop-token', 'final nodes missing stop-token prompt guidance: receive'],
    ],
  );
  assert.deepEqual(d[0]!.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 9 } });
});

test('W14: the stop token is only required from final nodes; markup is stripped for the tool rule', () => {
  const text = 'Start each handoff paragraph with @receiver.\n\n**Do not** call tools yourself.';
  assert.deepEqual(analyzePrompt(text, SENDER, world()), []);
  assert.deepEqual(
    analyzePrompt('handoff paragraph\n@x\nnever run tools directly\n<world>STOP</world>', RECEIVER, world()).map((x) => x.code),
    ['world-unknown-mention'],
  );
});

test('W14: a custom stopToken counts as guidance', () => {
  const w = baseWorld();
  w.world.stopToken = 'FIN!';
  assert.deepEqual(analyzePrompt('paragraph @mentions\nrequest host actions only\nend with FIN!', RECEIVER, world(w)), []);
});

test('W15: a paragraph-start mention of no agent mirrors unknown_mention_target', () => {
  const text = GOOD_PROMPT + '\n@recever Please continue.';
  const [d] = analyzePrompt(text, SENDER, world());
  assert.equal(d!.code, 'world-unknown-mention');
  assert.equal(d!.message, 'Agent @sender used a paragraph-start mention of @recever, which matches no agent in this world.');
  assert.deepEqual(d!.range, rangeOf(text, '@recever'));
});

test('W16: a mention the edges never allow mirrors workflow_edge_blocked', () => {
  const text = GOOD_PROMPT + '\n@sender Back to you.';
  const [d] = analyzePrompt(text, RECEIVER, world());
  assert.equal(d!.code, 'world-mention-off-edge');
  assert.equal(d!.message, 'Agent @receiver mentioned @sender, but no workflow edge allows receive -> send.');
  assert.deepEqual(d!.range, rangeOf(text, '@sender'));
  assert.deepEqual(analyzePrompt(GOOD_PROMPT + '\n@receiver go', SENDER, world()), [], 'allowed edge');
  assert.deepEqual(analyzePrompt(GOOD_PROMPT + '\n@receiver self', RECEIVER, world()), [], 'self-mentions are dropped');
});

test('W16 does not apply to free-mention worlds', () => {
  const w = baseWorld();
  w.workflow.type = 'free-mention';
  w.workflow.edges = {};
  assert.deepEqual(analyzePrompt(GOOD_PROMPT + '\n@sender Back to you.', RECEIVER, world(w)), []);
});

test('W17: @human and @user at line start are flagged; mid-line they are not', () => {
  const text = GOOD_PROMPT + '\n@human here is the result\nhello @User\nTell @human nothing';
  const d = analyzePrompt(text, SENDER, world());
  assert.deepEqual(
    d.map((x) => x.code),
    ['world-human-mention', 'world-human-mention'],
  );
  assert.match(d[0]!.message, /^Agent @sender used a paragraph-start mention of @human, which matches no agent in this world\. /);
  assert.deepEqual(d[1]!.range, rangeOf(text, '@User'));
});

test('a prompt no agent points at still gets W14 with its file name', () => {
  const d = analyzePrompt('nothing', 'file:///p/.agent-world/prompts/orphan.md', world());
  assert.deepEqual(
    d.map((x) => x.message),
    ['prompts missing paragraph-start @mention protocol: orphan', 'prompts missing direct-tool prohibition: orphan'],
  );
});
