/**
 * The framing parser of the stdio transport (server/src/node/framing.ts): valid frames in any
 * chunking, and every malformed-frame case recovering at the next valid frame with a log line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FrameParser } from '../../server/src/node/framing';

const frame = (body: string) => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const msg = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'm', params: { text: `é ${id} Content-Length: 3` } });

function run(bytes: Buffer, chunk = bytes.length || 1, maxBody?: number): { ids: unknown[]; logs: string[] } {
  const ids: unknown[] = [];
  const logs: string[] = [];
  const p = new FrameParser({ message: (m) => ids.push((m as { id: unknown }).id), log: (l) => logs.push(l) }, maxBody);
  for (let i = 0; i < bytes.length; i += chunk) p.push(bytes.subarray(i, i + chunk));
  return { ids, logs };
}

test('valid frames are read whatever the chunking, including multi-byte characters split across chunks', () => {
  const bytes = Buffer.from(frame(msg(1)) + `Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n${frame(msg(2))}` + frame(msg(3)));
  for (let chunk = 1; chunk <= 40; chunk++) assert.deepEqual(run(bytes, chunk), { ids: [1, 2, 3], logs: [] }, `chunk ${chunk}`);
  assert.deepEqual(run(bytes), { ids: [1, 2, 3], logs: [] });
});

const MALFORMED: [string, string, RegExp][] = [
  ['non-numeric Content-Length', 'Content-Length: abc\r\n\r\n{"jsonrpc":"2.0","method":"x"}', /not a non-negative integer/],
  ['negative Content-Length', 'Content-Length: -5\r\n\r\n{"jsonrpc":"2.0","method":"x"}', /not a non-negative integer/],
  ['fractional Content-Length', 'Content-Length: 1.5\r\n\r\n{}', /not a non-negative integer/],
  ['missing Content-Length', 'Content-Type: application/json\r\n\r\n{"jsonrpc":"2.0","method":"x"}', /without Content-Length/],
  ['two Content-Length headers', 'Content-Length: 5\r\nContent-Length: 900\r\n\r\n{"jsonrpc":"2.0","method":"x"}', /2 Content-Length headers/],
  ['an LF-only header', 'Content-Length: 30\n\n{"jsonrpc":"2.0","method":"x"}', /LF LF/],
  ['a body shorter than declared', 'Content-Length: 500\r\n\r\n{"jsonrpc":"2.0","method":"x"}', /shorter than its Content-Length/],
  ['a header with no terminator', 'Content-Length: 12', /2 Content-Length headers/],
  ['junk bytes before a header', 'xyz', /3 byte\(s\) before the Content-Length header dropped/],
  ['a header with one CRLF only', 'Content-Length: 12\r\n', /2 Content-Length headers/],
  ['a body that is not JSON', 'Content-Length: 5\r\n\r\nhello', /not JSON/],
  ['garbage with no header at all', 'hello world\r\n\r\n', /without Content-Length/],
];

for (const [name, bad, log] of MALFORMED) {
  test(`${name}: logged, and reading resumes at the next valid frame`, () => {
    const bytes = Buffer.from(frame(msg(1)) + bad + frame(msg(2)) + frame(msg(3)));
    for (const chunk of [1, 3, 7, bytes.length]) {
      const r = run(bytes, chunk);
      assert.deepEqual(r.ids, [1, 2, 3], `chunk ${chunk}: ${r.logs.join(' | ')}`);
      assert.ok(
        r.logs.some((l) => log.test(l)),
        `chunk ${chunk}: ${r.logs.join(' | ')}`,
      );
    }
  });
}

test('a body over the limit is skipped without being kept, then reading resumes', () => {
  const big = 'x'.repeat(5000);
  const bytes = Buffer.from(frame(msg(1)) + frame(JSON.stringify({ jsonrpc: '2.0', method: 'big', params: big })) + frame(msg(2)));
  const r = run(bytes, 100, 1000);
  assert.deepEqual(r.ids, [1, 2]);
  assert.ok(
    r.logs.some((l) => /over the 1000-byte limit/.test(l)),
    r.logs.join(' | '),
  );
  // Declared over the limit but cut short by the next frame.
  const short = Buffer.from(frame(msg(1)) + 'Content-Length: 99999999\r\n\r\n{"jsonrpc":' + frame(msg(2)));
  const s = run(short, 5, 1000);
  assert.deepEqual(s.ids, [1, 2]);
  assert.ok(
    s.logs.some((l) => /ended early/.test(l)),
    s.logs.join(' | '),
  );
});
