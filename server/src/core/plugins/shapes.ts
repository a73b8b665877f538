/**
 * The JSON type Claude Code's manifest reader takes for each key of a plugin.json whose type is
 * known from its validation messages ("author: Expected object, received string", "repository:
 * Expected string, received object"): a value of another type makes the manifest invalid and the
 * plugin does not load. Facts and sources: docs/plugins.md#value-types. The server reports these
 * (errors); the contributed JSON Schema only describes them, since VS Code would show a schema
 * mismatch as a warning.
 */
import type { Node } from 'jsonc-parser';

/** `paths`: one path or a list of paths; `pathsOrObject`: those, or the configuration inline; `pathOrObject`: one path or an object (a marketplace source). */
export type ValueShape = 'text' | 'object' | 'list' | 'boolean' | 'paths' | 'pathsOrObject' | 'pathOrObject';

export const CLAUDE_PLUGIN_SHAPES: Readonly<Record<string, ValueShape>> = {
  name: 'text',
  version: 'text',
  description: 'text',
  author: 'object',
  homepage: 'text',
  repository: 'text',
  license: 'text',
  keywords: 'list',
  commands: 'paths',
  agents: 'paths',
  skills: 'paths',
  outputStyles: 'paths',
  hooks: 'pathsOrObject',
  mcpServers: 'pathsOrObject',
  lspServers: 'pathsOrObject',
};

/** How each shape is named in a message and a description. */
export const SHAPE_WORDS: Readonly<Record<ValueShape, string>> = {
  text: 'text',
  object: 'an object',
  list: 'a list',
  boolean: 'true or false',
  paths: 'a path or a list of paths',
  pathsOrObject: 'a path, a list of paths or an object',
  pathOrObject: 'a path or an object',
};

const isPathList = (n: Node) => n.type === 'array' && (n.children ?? []).every((c) => c.type === 'string');

/** Whether a value node has the shape. */
export function hasShape(n: Node, shape: ValueShape): boolean {
  switch (shape) {
    case 'text':
      return n.type === 'string';
    case 'object':
      return n.type === 'object';
    case 'list':
      return n.type === 'array';
    case 'boolean':
      return n.type === 'boolean';
    case 'paths':
      return n.type === 'string' || isPathList(n);
    case 'pathsOrObject':
      return n.type === 'string' || n.type === 'object' || isPathList(n);
    case 'pathOrObject':
      return n.type === 'string' || n.type === 'object';
  }
}

/** How a JSON value is named in a message. */
export function jsonTypeWords(n: Node): string {
  if (n.type === 'array') return (n.children ?? []).some((c) => c.type !== 'string') && n.children?.length ? 'a list holding other values than paths' : 'a list';
  return n.type === 'object' ? 'an object' : n.type === 'null' ? 'null' : n.type === 'string' ? 'text' : `a ${n.type}`;
}
