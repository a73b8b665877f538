/**
 * W2: world.json against the project's JSON Schema (schemas/world.schema.json), for the CLI and
 * for editors without a JSON language service. VS Code reports these itself through the
 * contributed schema, so its client turns them off.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { findNodeAtLocation, type Node } from 'jsonc-parser';
import { boundedParseTree } from '../jsonDepth';
import schema from '../../../../schemas/world.schema.json';
import { LineIndex } from '../text';
import type { Diagnostic, Range } from '../types';

let validate: ValidateFunction | undefined;

/** Compiled once, on first use. */
function validator(): ValidateFunction {
  return (validate ??= new Ajv2020({ allErrors: true, strict: false, validateSchema: false }).compile(schema));
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
  const errors: { error: number }[] = [];
  const { root } = boundedParseTree(text, errors as never, { allowTrailingComma: false, disallowComments: true });
  if (!root || errors.length) return [];
  const data = nodeValue(root);
  const check = validator();
  if (check(data)) return [];
  const index = new LineIndex(text);
  const rangeOf = (n: Node): Range => ({ start: index.positionAt(n.offset), end: index.positionAt(n.offset + n.length) });
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const e of check.errors ?? []) {
    // `if`/`then` and `anyOf` wrappers repeat what their branches already said.
    if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
    const node = findNodeAtLocation(root, pathOf(e.instancePath)) ?? root;
    let target = node;
    if (e.keyword === 'additionalProperties') {
      const key = node.children?.find((c) => c.children?.[0]?.value === (e.params as { additionalProperty: string }).additionalProperty);
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

function nodeValue(n: Node): unknown {
  switch (n.type) {
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const p of n.children ?? []) if (p.children?.[0] && p.children[1]) o[String(p.children[0].value)] = nodeValue(p.children[1]);
      return o;
    }
    case 'array':
      return (n.children ?? []).map(nodeValue);
    default:
      return n.value;
  }
}
