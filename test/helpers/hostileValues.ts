/**
 * Values an attacker would type into a skill's input: shell syntax of every kind, quotes that try
 * to close the template's quoting, option-looking values, control characters and Unicode. Used
 * by the real-shell attack matrix (test/unit/commandShells.test.ts and `npm run fuzz`).
 */

/** Hand-picked values; each tries one way out of its quoting. `CANARY` runs `touch` on a canary file. */
export const HAND_PICKED: readonly string[] = [
  '',
  ' ',
  'plain',
  'two words',
  '  leading and trailing  ',
  '$(touch PWNED)',
  '`touch PWNED`',
  '; touch PWNED; ',
  '; touch PWNED #',
  '&& touch PWNED',
  '|| touch PWNED',
  '| touch PWNED',
  '& touch PWNED &',
  '\ntouch PWNED\n',
  '\rtouch PWNED\r',
  '\r\ntouch PWNED',
  'x\ntouch PWNED',
  "'",
  "''",
  "'; touch PWNED; '",
  "'$(touch PWNED)'",
  "' ; touch PWNED ; echo '",
  "\\'; touch PWNED; '",
  '"',
  '""',
  '"; touch PWNED; "',
  '"$(touch PWNED)"',
  '" ; touch PWNED ; echo "',
  '\\"; touch PWNED; "',
  '\\',
  '\\\\',
  '\\$(touch PWNED)',
  '\\`touch PWNED\\`',
  'a\\',
  '$HOME',
  '${HOME}',
  '$PATH:$IFS',
  '${IFS}touch${IFS}PWNED',
  '$((1+1))',
  '$((a[$(touch PWNED)]))',
  'a[$(touch PWNED)]',
  '$[1+1]',
  "$'\\x41'",
  '$"x"',
  '!!',
  '!-1',
  '!touch',
  '^a^b',
  'x!y!z',
  '*',
  '?',
  '[a-z]*',
  '~',
  '~root',
  '{a,b}',
  '{q}',
  '{pattern} {path}',
  '#',
  '# touch PWNED',
  'x #',
  '>PWNED',
  '>>PWNED',
  '<PWNED',
  '2>PWNED',
  '<(touch PWNED)',
  '>(touch PWNED)',
  '( touch PWNED )',
  '{ touch PWNED; }',
  'EOF',
  'EOF\ntouch PWNED',
  '\nEOF\ntouch PWNED\n',
  '-x',
  '-rf',
  '--',
  '-',
  '--pager=touch PWNED',
  '--output=PWNED',
  '-oProxyCommand=touch PWNED',
  '-e',
  '-n',
  '%s%s%n',
  '%d',
  'x=y',
  'PATH=/nowhere',
  '\t',
  'tab\there',
  '\u001b[2J',
  '\u001b]0;title\u0007',
  '\u0007\u0008\u007f',
  '\u0001\u0002\u001f',
  'é',
  '日本語',
  '🙂',
  '\u202ereversed',
  '\u00a0nbsp',
  '\u2028\u2029',
  'a'.repeat(5000),
  "'".repeat(50),
  '"'.repeat(50),
  '\\'.repeat(51),
  '$(touch PWNED)'.repeat(20),
  'it\'s a "test" with spaces',
  'my dir/$HOME',
  '../../etc/passwd',
  '/etc/passwd',
  'file with spaces.txt',
  'x\'"$`\\!',
  '"\'"\'"\'',
  '\'"$(touch PWNED)"\'',
  '"\'$(touch PWNED)\'"',
  '`',
  '$',
  '$(',
  '${',
  ')',
  '}',
  'a;b',
  'a&b',
  'a|b',
  'a<b>c',
  '\\n',
  '\\x00',
  'true',
  'false',
  '0',
  '-1',
  '1e3',
  '0x10',
  '{"k":"v"}',
  '[1,"two"]',
];

/** A small seeded generator (mulberry32): the same values on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  "'",
  '"',
  '\\',
  '$',
  '(',
  ')',
  '`',
  ';',
  '&',
  '|',
  '\n',
  '\r',
  '#',
  '!',
  '*',
  '{',
  '}',
  '-',
  '--',
  ' ',
  '\t',
  '<',
  '>',
  '~',
  '=',
  'EOF',
  'touch PWNED',
  '$(touch PWNED)',
  '`touch PWNED`',
  "'\\''",
  'é',
  '\u001b',
  'x',
];

/** Random concatenations of shell-significant pieces. */
export function generatedValues(count: number, seed = 1): string[] {
  const rnd = prng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = 1 + Math.floor(rnd() * 8);
    let v = '';
    for (let k = 0; k < n; k++) v += PIECES[Math.floor(rnd() * PIECES.length)];
    out.push(v);
  }
  return out;
}

/** The hand-picked values followed by `extra` generated ones. */
export function hostileValues(extra: number, seed = 1): string[] {
  return [...HAND_PICKED, ...generatedValues(extra, seed)];
}
