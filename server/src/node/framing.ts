/**
 * LSP base-protocol framing (`Content-Length: N\r\n\r\n` + N bytes of UTF-8 JSON) that never
 * wedges on a malformed frame. vscode-jsonrpc's reader stops making progress on a bad header
 * (it waits forever for a body it mis-measured) and buffers any declared length; this parser
 * recovers at the next header and refuses oversized bodies without keeping their bytes.
 *
 * Recovery rests on one fact: the bytes `Content-Length:` followed by digits and a raw CR or
 * LF can never occur inside a JSON body (raw line breaks are not allowed inside JSON strings,
 * and outside strings `Content-Length` is not a JSON token). So wherever that pattern shows up
 * where a body was expected, a new frame starts there. The cases, and what happens to each, are
 * listed in docs/security.md ("Malformed frames").
 */

/** Bodies larger than this are refused (skipped as they arrive, never buffered). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;
/** A header block (everything before `\r\n\r\n`) longer than this is junk. */
export const MAX_HEADER_BYTES = 64 * 1024;

export interface FrameSink {
  /** A complete, parsed JSON body. */
  message(value: unknown): void;
  /** A line for the server log: what was wrong and what was dropped. */
  log(line: string): void;
}

/** `Content-Length:` + digits + a raw line break: the start of a frame, never inside JSON. */
const HEADER_AT = /content-length[ \t]*:[ \t]*[+-]?\d*[^\r\n]{0,32}?[\r\n]/gi;
/** A possible start of a header name, for finding where a header might begin. */
const NAME = /content-length[ \t]*:/gi;

type State = { kind: 'header' } | { kind: 'body'; length: number; chunks: Buffer[]; have: number; tail: string } | { kind: 'skip'; length: number; have: number; tail: string };

/** How many bytes of a body are kept for finding a header split across chunks. */
const TAIL = 128;

export class FrameParser {
  #buffer: Buffer = Buffer.alloc(0);
  #state: State = { kind: 'header' };
  readonly #sink: FrameSink;
  readonly #maxBody: number;

  constructor(sink: FrameSink, maxBody = MAX_BODY_BYTES) {
    this.#sink = sink;
    this.#maxBody = maxBody;
  }

  push(data: Buffer): void {
    let input = data;
    // Every pass either consumes input, changes state, or returns to wait for more bytes.
    for (;;) {
      const s = this.#state;
      if (s.kind === 'body') {
        const rest = this.#body(s, input);
        if (rest === null) return;
        input = rest;
      } else if (s.kind === 'skip') {
        const rest = this.#skip(s, input);
        if (rest === null) return;
        input = rest;
      } else {
        this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, input]) : input;
        input = Buffer.alloc(0);
        if (!this.#header()) return;
        // The bytes after the header are in #buffer; hand them to the next state.
        input = this.#buffer;
        this.#buffer = Buffer.alloc(0);
      }
    }
  }

  /** Parses one header block from #buffer. Returns false to wait for more bytes. */
  #header(): boolean {
    const buf = this.#buffer;
    const end = buf.indexOf('\r\n\r\n');
    const lfOnly = buf.indexOf('\n\n');
    if (lfOnly !== -1 && (end === -1 || lfOnly < end)) {
      // A header ended by a bare LF pair. Drop it; its body is dropped as junk before the next header.
      const start = lastHeaderStart(buf.subarray(0, lfOnly));
      this.#dropJunk(start === -1 ? lfOnly + 2 : start, false);
      if (start !== -1) {
        this.#buffer = this.#buffer.subarray(lfOnly + 2 - start);
        this.#sink.log(
          `malformed frame: header ended by LF LF instead of CR LF CR LF (${JSON.stringify(latin1(buf.subarray(start, lfOnly)))}); the frame is dropped and reading resumes at the next Content-Length header`,
        );
      }
      return this.#buffer.length > 0;
    }
    if (end === -1) {
      if (buf.length > MAX_HEADER_BYTES) {
        // No terminator in sight: keep only what could be the start of a header.
        const start = lastHeaderStart(buf);
        const keep = start === -1 ? Math.max(0, buf.length - 32) : start;
        this.#dropJunk(keep, true);
      }
      return false;
    }
    const block = latin1(buf.subarray(0, end));
    const starts = [...block.matchAll(NAME)].map((m) => m.index!);
    if (starts.length === 0) {
      this.#sink.log(`malformed frame: header without Content-Length (${JSON.stringify(clip(block))}); the frame is dropped and reading resumes at the next Content-Length header`);
      this.#buffer = buf.subarray(end + 4);
      return this.#buffer.length > 0;
    }
    const at = starts[starts.length - 1]!;
    if (at > 0) {
      const before = block.slice(0, at);
      if (starts.length > 1) this.#sink.log(`malformed frame: ${starts.length} Content-Length headers in one header (${JSON.stringify(clip(block))}); the last one is used`);
      else if (!/^([!-9;-~]+:[^\r\n]*\r\n)*$/.test(before))
        this.#sink.log(`malformed frame: ${before.length} byte(s) before the Content-Length header dropped (${JSON.stringify(clip(before))})`);
    }
    const header = block.slice(at);
    const nl = header.search(/\r\n/);
    const value = header.slice(header.indexOf(':') + 1, nl === -1 ? undefined : nl).replace(/^[ \t]+|[ \t]+$/g, '');
    this.#buffer = buf.subarray(end + 4);
    if (!/^\d+$/.test(value)) {
      this.#sink.log(
        `malformed frame: Content-Length ${JSON.stringify(clip(value))} is not a non-negative integer; the frame is dropped and reading resumes at the next Content-Length header`,
      );
      return this.#buffer.length > 0;
    }
    const length = Number(value);
    if (length > this.#maxBody) {
      this.#sink.log(`frame refused: Content-Length ${length} is over the ${this.#maxBody}-byte limit; its bytes are skipped, not read`);
      this.#state = { kind: 'skip', length, have: 0, tail: '' };
    } else {
      this.#state = { kind: 'body', length, chunks: [], have: 0, tail: '' };
    }
    return true;
  }

  /** Collects a body. Returns the bytes after it, or null to wait for more. */
  #body(s: Extract<State, { kind: 'body' }>, input: Buffer): Buffer | null {
    const take = input.subarray(0, s.length - s.have);
    // A header inside the declared body means the body was shorter than declared.
    const cut = this.#scan(s, take);
    if (cut !== -1) {
      const body = Buffer.concat([...s.chunks, take]);
      this.#sink.log(`malformed frame: body shorter than its Content-Length (${s.length} declared, ${cut} received before the next header); the frame is dropped`);
      this.#state = { kind: 'header' };
      return Buffer.concat([body.subarray(cut), input.subarray(take.length)]);
    }
    if (take.length) s.chunks.push(take);
    s.have += take.length;
    if (s.have < s.length) return null;
    const body = s.chunks.length === 1 ? s.chunks[0]! : Buffer.concat(s.chunks);
    this.#state = { kind: 'header' };
    this.#deliver(body);
    return input.subarray(take.length);
  }

  /** Skips an oversized body without keeping it. Returns the bytes after it, or null to wait. */
  #skip(s: Extract<State, { kind: 'skip' }>, input: Buffer): Buffer | null {
    const take = input.subarray(0, s.length - s.have);
    // A short body followed by valid frames: look for a header in the skipped bytes too.
    const cut = this.#scan(s, take);
    if (cut !== -1) {
      this.#sink.log(`refused frame ended early: a Content-Length header after ${cut} of ${s.length} skipped bytes; reading resumes there`);
      this.#state = { kind: 'header' };
      const kept = Buffer.from(s.tail, 'latin1');
      return Buffer.concat([kept, take, input.subarray(take.length)]).subarray(cut - (s.have - kept.length));
    }
    s.have += take.length;
    if (s.have < s.length) return null;
    this.#state = { kind: 'header' };
    return input.subarray(take.length);
  }

  /**
   * Scans the next bytes of a body (with the tail of the bytes before, for a header split across
   * chunks) for a frame header. Returns its offset in body bytes, or -1; updates the tail.
   */
  #scan(s: { have: number; tail: string }, take: Buffer): number {
    if (!take.length) return -1;
    const text = s.tail + latin1(take);
    HEADER_AT.lastIndex = 0;
    const m = HEADER_AT.exec(text);
    if (m) return s.have - s.tail.length + m.index;
    s.tail = text.slice(-TAIL);
    return -1;
  }

  #deliver(body: Buffer): void {
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder('utf-8').decode(body));
    } catch (e) {
      this.#sink.log(`malformed frame: body of ${body.length} byte(s) is not JSON (${e instanceof Error ? e.message : String(e)}); dropped`);
      return;
    }
    this.#sink.message(value);
  }

  /** Drops `n` bytes of #buffer that belong to no frame, with one log line. */
  #dropJunk(n: number, tooLong: boolean): void {
    if (n <= 0) return;
    const dropped = this.#buffer.subarray(0, n);
    this.#buffer = this.#buffer.subarray(n);
    this.#sink.log(
      `malformed input: ${n} byte(s) that are not a frame dropped${tooLong ? ` (no header end within ${MAX_HEADER_BYTES} bytes)` : ''} (${JSON.stringify(clip(latin1(dropped)))})`,
    );
  }
}

/** Offset of the last `Content-Length:` (or a prefix of it at the very end) in `buf`, or -1. */
function lastHeaderStart(buf: Buffer): number {
  const text = latin1(buf).toLowerCase();
  const full = text.lastIndexOf('content-length');
  // A prefix of the name cut off at the end of the bytes.
  const name = 'content-length';
  for (let k = Math.min(name.length - 1, text.length); k > 0; k--) {
    if (text.endsWith(name.slice(0, k))) return Math.max(full, text.length - k);
  }
  return full;
}

function latin1(b: Buffer): string {
  return b.toString('latin1');
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
}
