// Pins the scopes of the 3md TextMate grammar and the [[z=N]] link injection, tokenized the way
// VS Code does it: vscode-textmate + the oniguruma wasm, grammars and injectTo read from the
// extension manifest, Markdown replaced by a small stub grammar.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import { INITIAL, Registry, parseRawGrammar, type IGrammar, type StateStack } from 'vscode-textmate';

const root = join(__dirname, '..', '..');

interface ManifestGrammar {
  scopeName: string;
  path: string;
  injectTo?: string[];
}

let grammarPromise: Promise<IGrammar> | undefined;

/** Loads source.3md once, with injections wired from package.json exactly as VS Code does. */
function loadGrammar(): Promise<IGrammar> {
  grammarPromise ??= (async () => {
    const wasm = readFileSync(join(root, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      contributes: { grammars: ManifestGrammar[] };
    };
    const files = new Map<string, string>(manifest.contributes.grammars.map((g) => [g.scopeName, join(root, g.path)]));
    files.set('text.html.markdown', join(root, 'test', 'fixtures', 'grammar', 'markdown-stub.tmLanguage.json'));
    const registry = new Registry({
      onigLib: Promise.resolve({
        createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
        createOnigString: (s: string) => new oniguruma.OnigString(s),
      }),
      loadGrammar: async (scopeName: string) => {
        const file = files.get(scopeName);
        return file ? parseRawGrammar(readFileSync(file, 'utf8'), file) : null;
      },
      getInjections: (scopeName: string) => manifest.contributes.grammars.filter((g) => g.injectTo?.includes(scopeName)).map((g) => g.scopeName),
    });
    const g = await registry.loadGrammar('source.3md');
    if (!g) throw new Error('source.3md did not load');
    return g;
  })();
  return grammarPromise;
}

interface Token {
  text: string;
  start: number;
  end: number;
  scopes: string[];
}

/** Tokenizes a whole document; returns the tokens of every line. */
async function tokenize(doc: string): Promise<Token[][]> {
  const grammar = await loadGrammar();
  let state: StateStack = INITIAL;
  return doc.split('\n').map((line) => {
    const r = grammar.tokenizeLine(line, state);
    state = r.ruleStack;
    return r.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), start: t.startIndex, end: t.endIndex, scopes: t.scopes }));
  });
}

/** Scopes on every character of `needle` (its first occurrence at or after `from`) on line `line`. */
function scopesOver(lines: Token[][], src: string, line: number, needle: string, from = 0): string[][] {
  const text = src.split('\n')[line];
  assert.ok(text !== undefined, `no line ${line}`);
  const at = text.indexOf(needle, from);
  assert.ok(at >= 0, `"${needle}" not on line ${line}: ${JSON.stringify(text)}`);
  const out: string[][] = [];
  for (let i = at; i < at + needle.length; i++) {
    const tok = lines[line].find((t) => t.start <= i && i < t.end);
    assert.ok(tok, `no token at ${line}:${i}`);
    out.push(tok.scopes);
  }
  return out;
}

/** Asserts that every character of `needle` on `line` carries `scope` (a full scope name). */
async function expectScope(src: string, line: number, needle: string, scope: string, from = 0): Promise<void> {
  const lines = await tokenize(src);
  for (const scopes of scopesOver(lines, src, line, needle, from)) {
    assert.ok(scopes.includes(scope), `"${needle}" on line ${line} lacks ${scope}; has ${scopes.join(' ')}`);
  }
}

/** Asserts that no character of `needle` on `line` carries a scope starting with `prefix`. */
async function expectNoScope(src: string, line: number, needle: string, prefix: string, from = 0): Promise<void> {
  const lines = await tokenize(src);
  for (const scopes of scopesOver(lines, src, line, needle, from)) {
    const hit = scopes.find((s) => s.startsWith(prefix));
    assert.equal(hit, undefined, `"${needle}" on line ${line} unexpectedly has ${hit}`);
  }
}

const FM = '---\n3md: 1.0\n---\n';

// ---------------------------------------------------------------- frontmatter

test('frontmatter on the first line is scoped with begin and end fences', async () => {
  const src = '---\ntitle: Atlas\n---\nbody';
  await expectScope(src, 0, '---', 'punctuation.definition.frontmatter.begin.3md');
  await expectScope(src, 1, 'title', 'meta.frontmatter.3md');
  await expectScope(src, 2, '---', 'punctuation.definition.frontmatter.end.3md');
  await expectNoScope(src, 3, 'body', 'meta.frontmatter');
});

test('frontmatter after leading blank lines is still frontmatter', async () => {
  const src = '\n  \n---\naxis: skill\n---\n# Hi';
  await expectScope(src, 2, '---', 'punctuation.definition.frontmatter.begin.3md');
  await expectScope(src, 3, 'axis', 'keyword.control.frontmatter.3md');
  await expectScope(src, 4, '---', 'punctuation.definition.frontmatter.end.3md');
  await expectScope(src, 5, '# Hi', 'markup.heading.markdown');
});

test('an indented fence with trailing spaces opens and closes frontmatter', async () => {
  const src = '  ---  \n3md: 1\n\t---\t\nafter';
  await expectScope(src, 0, '---', 'punctuation.definition.frontmatter.begin.3md');
  await expectScope(src, 1, '3md', 'keyword.control.frontmatter.3md');
  await expectScope(src, 2, '---', 'punctuation.definition.frontmatter.end.3md');
  await expectNoScope(src, 3, 'after', 'meta.frontmatter');
});

test('a --- after body content is a Markdown separator, not frontmatter', async () => {
  const src = 'intro\n---\ntitle: x\n---';
  await expectNoScope(src, 1, '---', 'punctuation.definition.frontmatter');
  await expectScope(src, 1, '---', 'meta.separator.markdown');
  await expectNoScope(src, 2, 'title', 'keyword.control');
});

test('a second --- block after the closing fence is not frontmatter again', async () => {
  const src = '---\n3md: 1\n---\n\n---\ntitle: x\n---';
  await expectScope(src, 4, '---', 'meta.separator.markdown');
  await expectNoScope(src, 5, 'title', 'keyword.control');
});

test('---- and ---x are not fences', async () => {
  await expectNoScope('----\n3md: 1\n', 0, '----', 'punctuation.definition.frontmatter');
  await expectNoScope('---x\n3md: 1\n', 0, '---x', 'punctuation.definition.frontmatter');
});

test('reserved keys are recognised in any case', async () => {
  const src = '---\n3MD: 1.0\nAxis: skill\nTITLE: A\n---';
  await expectScope(src, 1, '3MD', 'keyword.control.frontmatter.3md');
  await expectScope(src, 2, 'Axis', 'keyword.control.frontmatter.3md');
  await expectScope(src, 3, 'TITLE', 'keyword.control.frontmatter.3md');
  await expectScope(src, 2, 'skill', 'string.unquoted.frontmatter.3md');
});

test('agent keys are recognised in any case and other keys stay tags', async () => {
  const src = '---\nAgent: atlas\nmodel: m\nTools: rg, gh\npersona: p\nversion: 2\nENTRY: 1\nmy.key: v\n---';
  for (const [line, key] of [
    [1, 'Agent'],
    [2, 'model'],
    [3, 'Tools'],
    [4, 'persona'],
    [5, 'version'],
    [6, 'ENTRY'],
  ] as const) {
    await expectScope(src, line, key, 'support.type.property-name.frontmatter.agent.3md');
  }
  await expectScope(src, 3, ',', 'punctuation.separator.comma.3md');
  await expectScope(src, 6, '1', 'constant.numeric.3md');
  await expectScope(src, 7, 'my.key', 'entity.name.tag.frontmatter.3md');
  await expectScope(src, 7, ':', 'punctuation.separator.key-value.3md');
});

test('a key that only starts like a reserved key is an ordinary key', async () => {
  const src = '---\ntitles: x\n3md x: y\n---';
  await expectScope(src, 1, 'titles', 'entity.name.tag.frontmatter.3md');
  await expectScope(src, 2, '3md x', 'entity.name.tag.frontmatter.3md');
});

test('a frontmatter line without a colon is invalid', async () => {
  const src = '---\n3md: 1\n  just words  \n---';
  await expectScope(src, 2, 'just words', 'invalid.illegal.expected-key-value.3md');
  await expectNoScope(src, 2, '  ', 'invalid', 0);
});

test('blank lines inside frontmatter are neither invalid nor the end of it', async () => {
  const lines = await tokenize('---\n\n  \n3md: 1\n---');
  for (const line of [1, 2]) {
    const scopes = lines[line].flatMap((t) => t.scopes);
    assert.ok(scopes.includes('meta.frontmatter.3md'), `line ${line}: ${scopes.join(' ')}`);
    assert.equal(
      scopes.find((s) => s.startsWith('invalid')),
      undefined,
    );
  }
  assert.ok(lines[3][0].scopes.includes('keyword.control.frontmatter.3md'));
});

test('frontmatter comments are comments, even indented', async () => {
  const src = '---\n  # note: not a key\n---';
  await expectScope(src, 1, '# note: not a key', 'comment.line.number-sign.3md');
  await expectNoScope(src, 1, 'note', 'entity.name.tag');
});

test('frontmatter values: double, single and unquoted, colons kept', async () => {
  const src = '---\ntitle: "A \\" B"\nmodel: \'x y\'\nurl: http://x:80/a\n---';
  await expectScope(src, 1, '"A \\" B"', 'string.quoted.double.3md');
  await expectScope(src, 1, '\\"', 'constant.character.escape.3md');
  await expectScope(src, 2, "'x y'", 'string.quoted.single.3md');
  await expectScope(src, 3, 'http://x:80/a', 'string.unquoted.frontmatter.3md');
});

// ---------------------------------------------------------------- @plane directives

test('@plane followed by a space, a tab or the end of line is a directive', async () => {
  const src = `${FM}@plane z=1\n@plane\tz=2\n@plane`;
  for (const line of [3, 4, 5]) {
    await expectScope(src, line, '@plane', 'keyword.control.directive.plane.3md');
  }
  await expectScope(src, 4, 'z', 'entity.other.attribute-name.plane.3md');
});

test('@plane.foo, @planex, @plane: and indented @plane are body text', async () => {
  const src = `${FM}@plane.foo z=3\n@planex z=0\n@plane: z=1\n  @plane z=1\n@PLANE z=1`;
  for (const line of [3, 4, 5, 6, 7]) {
    await expectNoScope(src, line, 'z=', 'meta.directive.plane');
    await expectNoScope(src, line, 'z=', 'entity.other.attribute-name');
  }
});

test('@plane inside a fenced code block is not a directive', async () => {
  const src = `${FM}\`\`\`\n@plane z=9\n\`\`\``;
  await expectNoScope(src, 4, '@plane', 'keyword.control.directive');
  await expectScope(src, 4, '@plane', 'markup.fenced_code.block.markdown');
});

test('numbers in the full 3md grammar are numeric: .5, 1., +3, 1e3, -2.5, 2.5e-1', async () => {
  const src = `${FM}@plane z=.5 x=1. y=+3\n@plane z=1e3 x=-2.5 Y=2.5e-1`;
  for (const n of ['.5', '1.', '+3']) await expectScope(src, 3, n, 'constant.numeric.3md');
  for (const n of ['1e3', '-2.5', '2.5e-1']) await expectScope(src, 4, n, 'constant.numeric.3md');
  await expectScope(src, 4, 'Y', 'entity.other.attribute-name.plane.3md');
});

test('quoted numbers are numeric inside their quotes', async () => {
  const src = `${FM}@plane z="1" x='-1.5e2'`;
  await expectScope(src, 3, '1', 'constant.numeric.3md', 10);
  await expectScope(src, 3, '-1.5e2', 'constant.numeric.3md');
});

test('z, x and y values that are not numbers are invalid', async () => {
  const src = `${FM}@plane z=abc x=0x10 y=1,000`;
  for (const v of ['abc', '0x10', '1,000']) await expectScope(src, 3, v, 'invalid.illegal.not-a-number.3md');
});

test('single- and double-quoted attribute values keep their spaces', async () => {
  const src = `${FM}@plane z=1 label='two words' note="a \\" b"`;
  await expectScope(src, 3, "'two words'", 'string.quoted.single.3md');
  await expectScope(src, 3, '"a \\" b"', 'string.quoted.double.3md');
  await expectScope(src, 3, '\\"', 'constant.character.escape.3md');
  await expectScope(src, 3, 'note', 'entity.other.attribute-name.plane.3md');
});

test('unquoted values, tokens without = and unterminated quotes', async () => {
  const src = `${FM}@plane z=1 runs_on=linux bare label = "x"\n@plane z=2 label="open quote`;
  await expectScope(src, 3, 'linux', 'string.unquoted.plane.3md');
  await expectScope(src, 3, 'bare', 'invalid.illegal.expected-key-value.3md');
  await expectScope(src, 3, 'label', 'invalid.illegal.expected-key-value.3md');
  await expectScope(src, 3, '=', 'invalid.illegal.empty-attribute-key.3md', 30);
  await expectScope(src, 4, '"open quote', 'invalid.illegal.unterminated-string.3md');
});

test('agent attributes kind, triggers, inputs, tool and cost get their own meta scopes', async () => {
  const src = `${FM}@plane z=1 label="search" kind=skill triggers="find, grep it" inputs="pattern, path:string?" tool="rg {pattern} {path}" cost=net`;
  await expectScope(src, 3, 'skill', 'support.constant.kind.3md');
  await expectScope(src, 3, 'kind', 'meta.attribute.kind.3md');
  await expectScope(src, 3, ',', 'punctuation.separator.comma.3md');
  await expectScope(src, 3, 'triggers', 'meta.attribute.triggers.3md');
  await expectScope(src, 3, 'inputs', 'meta.attribute.inputs.3md');
  await expectScope(src, 3, 'tool', 'meta.attribute.tool.3md');
  await expectScope(src, 3, 'net', 'meta.attribute.cost.3md');
  await expectScope(src, 3, 'net', 'string.unquoted.plane.3md');
});

test('{placeholder} in a tool value is a placeholder; {1c}, { a } and {a-b} are not', async () => {
  const src = `${FM}@plane z=1 tool="rg --line-number {pattern} {path} {1c} { a } {a-b}"\n@plane z=2 Tool=run{x}`;
  await expectScope(src, 3, '{pattern}', 'variable.parameter.placeholder.3md');
  await expectScope(src, 3, '{path}', 'variable.parameter.placeholder.3md');
  await expectScope(src, 3, '{', 'punctuation.definition.placeholder.begin.3md', 36);
  for (const lit of ['{1c}', '{ a }', '{a-b}']) await expectNoScope(src, 3, lit, 'variable.parameter.placeholder');
  await expectScope(src, 4, '{x}', 'variable.parameter.placeholder.3md');
});

test('placeholders are only scoped in tool values', async () => {
  const src = `${FM}@plane z=1 label="{pattern}"\n{pattern} in the body`;
  await expectNoScope(src, 3, '{pattern}', 'variable.parameter.placeholder');
  await expectNoScope(src, 4, '{pattern}', 'variable.parameter.placeholder');
});

test('inputs: names, name:type with the type scoped, optional marker, unknown types flagged', async () => {
  const src = `${FM}@plane z=1 inputs="question, limit:number?, flag : Boolean, count:int"`;
  await expectScope(src, 3, 'question', 'variable.parameter.input.3md');
  await expectScope(src, 3, 'number', 'support.type.3md');
  await expectScope(src, 3, '?', 'keyword.operator.optional.3md');
  await expectScope(src, 3, 'Boolean', 'support.type.3md');
  await expectScope(src, 3, 'int', 'invalid.illegal.unknown-type.3md');
  await expectScope(src, 3, ':', 'punctuation.separator.type.3md', 30);
});

test('attribute keys are case-insensitive like the parser', async () => {
  const src = `${FM}@plane Z=1 KIND=identity Inputs=q:string`;
  await expectScope(src, 3, '1', 'constant.numeric.3md');
  await expectScope(src, 3, 'identity', 'support.constant.kind.3md');
  await expectScope(src, 3, 'string', 'support.type.3md');
});

// ---------------------------------------------------------------- body and links

test('plane bodies are Markdown', async () => {
  const src = `${FM}@plane z=1\n# Heading\nuse \`code\` here`;
  await expectScope(src, 4, '# Heading', 'markup.heading.markdown');
  await expectScope(src, 5, '`code`', 'markup.inline.raw.string.markdown');
});

test('[[z=N]] and [[z=N|text]] links are scoped part by part', async () => {
  const src = `${FM}@plane z=1\nsee [[z=2]] and [[z=-3|the third]] now`;
  await expectScope(src, 4, '[[z=2]]', 'markup.underline.link.cross-plane.3md');
  await expectScope(src, 4, '[[', 'punctuation.definition.link.begin.3md');
  await expectScope(src, 4, 'z=', 'entity.other.attribute-name.link.3md');
  await expectScope(src, 4, '2', 'constant.numeric.link.3md');
  await expectScope(src, 4, ']]', 'punctuation.definition.link.end.3md');
  await expectScope(src, 4, '-3', 'constant.numeric.link.3md');
  await expectScope(src, 4, '|', 'punctuation.separator.link.3md');
  await expectScope(src, 4, 'the third', 'string.other.link.text.3md');
});

test('link targets follow the 3md number grammar: .5, +1, 1., 1e0, 01', async () => {
  const src = `${FM}@plane z=1\n[[z=.5]] [[z=+1]] [[z=1.]] [[z=1e0|e]] [[z=01]] [[z=1|]]`;
  for (const t of ['[[z=.5]]', '[[z=+1]]', '[[z=1.]]', '[[z=1e0|e]]', '[[z=01]]', '[[z=1|]]']) {
    await expectScope(src, 4, t, 'markup.underline.link.cross-plane.3md');
  }
});

test('not links: [[z=abc]], [[z=]], [[z=0x1]], [[Z=1]], [[ z=1]], [[z= 1]] and an unclosed [[z=1]', async () => {
  const src = `${FM}@plane z=1\n[[z=abc]] [[z=]] [[z=0x1]] [[Z=1]] [[ z=1]] [[z= 1]] [[z=1]`;
  for (const t of ['[[z=abc]]', '[[z=]]', '[[z=0x1]]', '[[Z=1]]', '[[ z=1]]', '[[z= 1]]', '[[z=1]']) {
    await expectNoScope(src, 4, t, 'markup.underline.link.cross-plane');
  }
});

test('links are not scoped in frontmatter, directives or inline code, but are in fenced code', async () => {
  const src = `---\nnote: [[z=1]]\n---\n@plane z=1 label="[[z=1]]"\n\`[[z=1]]\`\n\`\`\`\n[[z=1]]\n\`\`\``;
  await expectNoScope(src, 1, '[[z=1]]', 'markup.underline.link');
  await expectNoScope(src, 3, '[[z=1]]', 'markup.underline.link');
  await expectNoScope(src, 4, '[[z=1]]', 'markup.underline.link');
  await expectScope(src, 6, '[[z=1]]', 'markup.underline.link.cross-plane.3md');
});

test('a document without frontmatter is plain Markdown with directives', async () => {
  const src = '# Title\n@plane z=1\ntext';
  await expectScope(src, 0, '# Title', 'markup.heading.markdown');
  await expectScope(src, 1, '@plane', 'keyword.control.directive.plane.3md');
});
