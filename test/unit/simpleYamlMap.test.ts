/**
 * The frontmatter composed without the yaml package's lexer (server/src/core/text/simpleYamlMap.ts)
 * is the document the package composes: same classes, values, styles, ranges and blank-line marks,
 * on generated maps of one-line values and lists and on every frontmatter of the test fixtures;
 * anything else is left to the package.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isPair, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import { simpleYamlMap } from '../../server/src/core/text/simpleYamlMap';
import { parseYamlFrontmatter } from '../../server/src/core/text/yamlFrontmatter';

const OPTIONS = { schema: 'failsafe', keepSourceTokens: true, prettyErrors: false, uniqueKeys: true } as const;

/** What a consumer can read of a document's nodes (the source tokens aside). */
function shape(node: unknown): unknown {
  if (isMap(node))
    return {
      map: true,
      range: node.range,
      flow: node.flow,
      items: node.items.map((p) => (isPair(p) ? { key: shape(p.key), value: shape(p.value) } : 'not a pair')),
    };
  if (isSeq(node)) return { seq: true, range: node.range, flow: node.flow, items: node.items.map(shape) };
  if (isScalar(node)) {
    const own = Object.keys(node).filter((k) => k !== 'srcToken');
    return { own: own.sort(), value: node.value, type: node.type, source: node.source, range: node.range, spaceBefore: node.spaceBefore, tag: node.tag };
  }
  return node === null ? null : 'other';
}

function docShape(doc: Document.Parsed): unknown {
  return {
    range: doc.range,
    errors: doc.errors.length,
    warnings: doc.warnings.length,
    comment: doc.comment,
    commentBefore: doc.commentBefore,
    contents: shape(doc.contents),
    js: doc.toJS(),
  };
}

/** Asserts the simple path's document equals the package's; true when the simple path took the text. */
function agrees(src: string): boolean {
  const mine = simpleYamlMap(src);
  if (mine === undefined) return false;
  assert.deepEqual(docShape(mine), docShape(parseDocument(src, OPTIONS)), JSON.stringify(src));
  return true;
}

/** A small seeded generator, so a failure names a text that can be made again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return s / 2 ** 32;
  };
}

const KEYS = ['name', 'description', 'license', 'allowed-tools', 'x_1', 'Name', 'a', 'true', 'null', '1st', '-x', 'two words', 'k' + 'e'.repeat(140)];
const SEPARATORS = [': ', ':  ', ':', ' : ', ':\t'];
const VALUES = [
  'pdf-tools',
  'Use when the user asks about PDFs.',
  'a: b',
  'a:b',
  'x #c',
  'x#c',
  'ends with colon:',
  '"quoted"',
  '"say: yes # no"',
  "'single'",
  "'it''s'",
  '"a\\"b"',
  '"tab\\tand\\nline \\/ \\\\"',
  '"hex \\x41"',
  '"ends in an escape\\"',
  '"escaped backslash\\\\"',
  '"a"b"',
  '"open',
  '"x" trailing',
  'trailing  ',
  '-x',
  '- x',
  '|',
  '>-',
  '[a, b]',
  'a [b]',
  '{a: 1}',
  '&anchor x',
  '*alias',
  '!tag x',
  'null',
  '~',
  'true',
  '123',
  'é — ü ✓',
  'tab\there',
  'sep\u2028here',
  'bom\ufeff',
  'http://example.com/a',
  "it's fine",
  'say "hi"',
  '%x',
  '@x',
  '`x`',
  ',x',
  '?x',
  ':x',
  '',
];
const EXTRA_LINES = ['', '', '  indented: x', '# comment', '- item', '---', '...', '   '];

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

test('composes what the yaml package composes, on generated maps of one-line values and lists', () => {
  const r = random(28);
  let taken = 0;
  let left = 0;
  for (let n = 0; n < 4000; n++) {
    const lines: string[] = [''];
    const count = 1 + Math.floor(r() * 5);
    for (let i = 0; i < count; i++) {
      if (r() < 0.1) lines.push(pick(r, EXTRA_LINES));
      // Mostly well-formed pairs, so the simple path is taken often enough to be compared.
      const key = r() < 0.8 ? `${pick(r, KEYS.slice(0, 5))}${r() < 0.8 ? i : ''}` : pick(r, KEYS);
      const value = () => (r() < 0.6 ? pick(r, VALUES.slice(0, 2)) : pick(r, VALUES));
      if (r() < 0.2) {
        // A list: `key:` and `- value` lines, mostly at one indent.
        lines.push(`${key}:${r() < 0.1 ? ' ' : ''}`);
        const indent = pick(r, [0, 2, 4]);
        for (let k = 1 + Math.floor(r() * 3); k > 0; k--) {
          if (r() < 0.1) lines.push('');
          lines.push(`${' '.repeat(r() < 0.1 ? pick(r, [0, 1, 2, 3]) : indent)}${pick(r, ['- ', '- ', '- ', '-  ', '-'])}${value()}`);
        }
        continue;
      }
      const sep = r() < 0.85 ? ': ' : pick(r, SEPARATORS);
      lines.push(`${key}${sep}${value()}`);
    }
    const src = lines.join('\n') + (r() < 0.8 ? '\n' : '');
    if (agrees(src)) taken++;
    else left++;
  }
  // Both ways are exercised: the comparison would say nothing if the simple path never ran.
  assert.ok(taken > 800, `simple path took ${taken} texts`);
  assert.ok(left > 800, `package parsed ${left} texts`);
});

test('leaves to the yaml package what it does not compose the same', () => {
  for (const src of [
    '\nname: x\nname: y\n', // a duplicate key is an error the package reports
    '\nname:\n', // an empty value's place is read from the package's tokens
    '\nmetadata:\n  a: b\n',
    '\npaths:\n\n  - a\n', // a blank line before the first item
    '\npaths:\n  - a\n    - b\n', // items at two indents
    '\npaths:\nname: x\n', // a key with neither value nor items
    '\ndescription: >\n  folded\n',
    '\nname: x # comment\n',
    '\nname: "a\\x41"\n', // an escape this path does not read
    '\nname: x\r\n',
    '\n  name: x\n',
    '\ntools: [a, b]\n',
    '\n',
    '',
  ])
    assert.equal(simpleYamlMap(src), undefined, JSON.stringify(src));
});

test('takes the commonest SKILL.md frontmatter: plain and quoted one-line values, lists of them, blank lines between', () => {
  assert.ok(agrees('\nname: pdf\ndescription: "Fill PDF forms: use when asked"\n\nlicense: \'MIT\'\n'));
  assert.ok(agrees('\nname: xlsx\ndescription: "Use it when the user says \\"spreadsheet\\"."\n'));
  assert.ok(agrees('\nname: rules\npaths:\n  - "src/**/*.ts"\n\n  - docs/*.md\nallowed-tools:\n- Read\n- Bash\n'));
  const fm = parseYamlFrontmatter('---\nname: pdf\n\ndescription: Fill forms.   \n---\n# PDF\n');
  assert.deepEqual(
    fm.entries.map((e) => [e.key, e.value, e.valueRange.start.line, e.valueRange.start.character, e.valueRange.end.character]),
    [
      ['name', 'pdf', 1, 6, 9],
      ['description', 'Fill forms.', 3, 13, 24],
    ],
  );
});

test('every frontmatter of the test fixtures is composed the same either way', () => {
  const root = join(__dirname, '..', 'fixtures');
  let taken = 0;
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && e.name.endsWith('.md')) {
        const text = readFileSync(p, 'utf8');
        const close = text.indexOf('\n---', 3);
        if (text.startsWith('---') && close > 0 && agrees(text.slice(3, close + 1))) taken++;
      }
    }
  };
  walk(root);
  assert.ok(taken > 20, `simple path took ${taken} fixture frontmatters`);
});
