/**
 * W2: world.json against the project's JSON Schema (schemas/world.schema.json), for the CLI and
 * for editors without a JSON language service. VS Code reports these itself through the
 * contributed schema, so its client turns them off.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Node } from 'jsonc-parser';
import { boundedParseTree, depthExceededAt } from '../text/jsonDepth';
import { LineIndex } from '../text/text';
import type { Diagnostic, Range } from '../types';
import { validate as generated } from './worldValidator.generated';

/**
 * ajv's function for the schema with its `$defs` inlined, compiled at `npm run generate`
 * (scripts/worldValidator.ts): the bundles carry it, not ajv.
 */
function validator(): ValidateFunction {
  return generated as ValidateFunction;
}

/**
 * The schema with each `$ref` to one of its `$defs` replaced by that definition (its sibling
 * keywords are annotations, kept). ajv compiles a `$ref` it cannot inline to a function call, and
 * after each call that fails it copies the whole list of errors found so far: with 30,000
 * failing agents that took 4.5 s, growing with the square of the findings. Inlined, every check
 * is written in place. A definition that refers to itself keeps its `$ref`.
 */
export function inlineDefs(root: unknown): unknown {
  const defs = ((root as { $defs?: Record<string, unknown> } | null)?.$defs ?? {}) as Record<string, unknown>;
  const walk = (v: unknown, open: readonly string[]): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x, open));
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const name = typeof o['$ref'] === 'string' ? /^#\/\$defs\/([^/~]+)$/.exec(o['$ref'])?.[1] : undefined;
    const inline = name !== undefined && Object.hasOwn(defs, name) && !open.includes(name);
    const out: Record<string, unknown> = inline ? { ...(walk(defs[name!], [...open, name!]) as Record<string, unknown>) } : {};
    for (const [k, x] of Object.entries(o)) if (!(inline && k === '$ref')) out[k] = walk(x, open);
    return out;
  };
  return walk(root, []);
}

/** The properties of one object node by key: the first one with each key, and the first one with each key and a value. */
interface KeyIndex {
  first: Map<unknown, Node>;
  withValue: Map<unknown, Node>;
}

/**
 * Finds nodes by path as jsonc-parser's `findNodeAtLocation` does (the first property with the
 * key and a value; a number only indexes an array), through an index of each object's keys made
 * when first needed: looking each error up by reading every key made 20,000 findings on one
 * object quadratic (9 s).
 */
function locator(root: Node): { node(path: (string | number)[]): Node | undefined; property(object: Node, key: string): Node | undefined } {
  const indexes = new Map<Node, KeyIndex>();
  const indexOf = (object: Node): KeyIndex => {
    let ix = indexes.get(object);
    if (!ix) {
      ix = { first: new Map(), withValue: new Map() };
      for (const p of object.children ?? []) {
        const k = p.children?.[0]?.value;
        if (!ix.first.has(k)) ix.first.set(k, p);
        if (p.children?.length === 2 && !ix.withValue.has(k)) ix.withValue.set(k, p);
      }
      indexes.set(object, ix);
    }
    return ix;
  };
  return {
    node(path) {
      let node: Node | undefined = root;
      for (const segment of path) {
        if (typeof segment === 'string') {
          if (node.type !== 'object' || !Array.isArray(node.children)) return undefined;
          node = indexOf(node).withValue.get(segment)?.children?.[1];
        } else {
          if (node.type !== 'array' || segment < 0 || !Array.isArray(node.children) || segment >= node.children.length) return undefined;
          node = node.children[segment];
        }
        if (!node) return undefined;
      }
      return node;
    },
    property: (object, key) => (object.type === 'object' ? indexOf(object).first.get(key) : undefined),
  };
}

/** JSON Pointer → property path (`~1` is `/`, `~0` is `~`). */
function pathOf(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

function describe(e: ErrorObject): string {
  const where = e.instancePath || '(root)';
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') return `${where} must not have the property "${String(p['additionalProperty'])}"`;
  if (e.keyword === 'enum') return `${where} ${e.message}: ${(p['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  return `${where} ${e.message ?? 'is not valid'}`;
}

/** Shape errors of a world.json text, each on the key or value it concerns. Empty when the JSON does not parse. */
export function worldSchemaDiagnostics(text: string): Diagnostic[] {
  // The common case, a document the schema accepts, needs no tree: the depth bound, then the
  // runtime's own JSON.parse (a 30,000-agent world: 0.1 s instead of 1.2 s for a jsonc tree and
  // its copy as plain values). Invalid JSON is W1's (analyzeWorld), never a schema finding.
  if (depthExceededAt(text) !== -1) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    if (e instanceof SyntaxError) return [];
    throw e;
  }
  const check = validator();
  if (check(data)) return [];
  // Findings need ranges: the tree, read only now.
  const errors: { error: number }[] = [];
  const { root } = boundedParseTree(text, errors as never, { allowTrailingComma: false, disallowComments: true });
  if (!root || errors.length) return [];
  const index = new LineIndex(text);
  const rangeOf = (n: Node): Range => ({ start: index.positionAt(n.offset), end: index.positionAt(n.offset + n.length) });
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  const at = locator(root);
  for (const e of check.errors ?? []) {
    // `if`/`then` and `anyOf` wrappers repeat what their branches already said.
    if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
    const node = at.node(pathOf(e.instancePath)) ?? root;
    let target = node;
    if (e.keyword === 'additionalProperties') {
      const key = at.property(node, (e.params as { additionalProperty: string }).additionalProperty);
      if (key?.children?.[0]) target = key.children[0];
    } else if (node.parent?.type === 'property' && node.type === 'object' && e.keyword === 'required') {
      target = node.parent.children![0]!;
    }
    const message = describe(e);
    const key = `${target.offset}:${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ code: 'world-schema', severity: 'error', message, range: rangeOf(target), data: { keyword: e.keyword } });
  }
  return out;
}
