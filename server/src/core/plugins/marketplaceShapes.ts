/**
 * The JSON types of marketplace values, Claude Code's (`.claude-plugin/marketplace.json`) and
 * Codex's (`.agents/plugins/marketplace.json`), where a value of another type makes the client
 * refuse the marketplace or leave the entry out. Only types confirmed from the clients' code or
 * their messages are checked. Facts and sources: docs/plugins.md#marketplace-value-types.
 */
import type { Node } from 'jsonc-parser';
import type { Severity } from '../types';
import { properties, propertyValue } from './jsonNodes';
import { CLAUDE_PLUGIN_SHAPES, SHAPE_WORDS, hasShape, jsonTypeWords, type ValueShape } from './shapes';

type Add = (code: string, severity: Severity, message: string, at: { offset: number; length: number }) => void;

/**
 * Top-level keys of a Claude Code marketplace: another type and Claude Code cannot load the
 * marketplace ("Failed to parse marketplace file … Invalid schema: owner: Invalid input: expected
 * object, received string").
 */
export const CLAUDE_MARKETPLACE_SHAPES: Readonly<Record<string, ValueShape>> = { name: 'text', owner: 'object', plugins: 'list' };

/**
 * Keys of a Claude Code marketplace entry: the plugin manifest's keys (an entry may carry any of
 * them) and the entry's own. Another type and Claude Code leaves the plugin out ("Invalid schema:
 * plugins.3.source: Invalid input … Showing available plugins"); some versions refuse the whole marketplace.
 */
export const CLAUDE_ENTRY_SHAPES: Readonly<Record<string, ValueShape>> = {
  ...CLAUDE_PLUGIN_SHAPES,
  source: 'pathOrObject',
  category: 'text',
  tags: 'list',
  strict: 'boolean',
};

const CLAUDE_LEAVES_OUT = 'Claude Code leaves this plugin out of the marketplace ("Invalid schema"; some versions refuse the whole marketplace)';

const shapeOf = (table: Readonly<Record<string, ValueShape>>, key: string) => (Object.hasOwn(table, key) ? table[key] : undefined);

/** The label of a plugin entry in a message: its name, else its place in the list. */
function entryLabel(entry: Node, index: number): string {
  const name = propertyValue(entry, 'name');
  return name?.type === 'string' && String(name.value).trim() ? `'${String(name.value)}'` : `#${index + 1}`;
}

/** The type findings of a Claude Code marketplace. */
export function checkClaudeMarketplaceShapes(root: Node, add: Add): void {
  for (const { key, value } of properties(root)) {
    const k = String(key.value);
    const shape = shapeOf(CLAUDE_MARKETPLACE_SHAPES, k);
    if (value && shape && !hasShape(value, shape))
      add(
        'plugin-value-invalid',
        'error',
        `\`${k}\` must be ${SHAPE_WORDS[shape]}, not ${jsonTypeWords(value)}: Claude Code cannot load the marketplace ("Invalid schema").`,
        value,
      );
  }
  const owner = propertyValue(root, 'owner');
  if (owner?.type === 'object') {
    const name = propertyValue(owner, 'name');
    if (!name) add('plugin-missing-key', 'error', '`owner` has no `name`: Claude Code requires one and cannot load the marketplace.', { offset: owner.offset, length: 1 });
    else if (name.type !== 'string')
      add('plugin-value-invalid', 'error', `\`owner.name\` must be text, not ${jsonTypeWords(name)}: Claude Code cannot load the marketplace ("Invalid schema").`, name);
  }
  const plugins = propertyValue(root, 'plugins');
  if (plugins?.type !== 'array') return;
  (plugins.children ?? []).forEach((entry, i) => {
    if (entry.type !== 'object') {
      add('plugin-value-invalid', 'warning', `A plugin entry must be an object, not ${jsonTypeWords(entry)}: ${CLAUDE_LEAVES_OUT}.`, entry);
      return;
    }
    for (const { key, value } of properties(entry)) {
      const k = String(key.value);
      const shape = shapeOf(CLAUDE_ENTRY_SHAPES, k);
      if (!value || !shape) continue;
      if (!hasShape(value, shape)) {
        const what = `\`${k}\` of the plugin entry ${entryLabel(entry, i)} must be ${SHAPE_WORDS[shape]}, not ${jsonTypeWords(value)}`;
        add('plugin-value-invalid', 'warning', `${what}: ${CLAUDE_LEAVES_OUT}.`, value);
      } else if (k === 'source' && value.type === 'object') checkSourceKind(value, entryLabel(entry, i), add);
    }
  });
}

/** An object source names its kind in `source` (`github`, `url`, `git-subdir`, `npm`…). */
function checkSourceKind(source: Node, label: string, add: Add): void {
  const kind = propertyValue(source, 'source');
  if (kind?.type === 'string') return;
  const at = kind ?? { offset: source.offset, length: 1 };
  const what = kind
    ? `The kind of source (\`source.source\`) of the plugin entry ${label} must be text, not ${jsonTypeWords(kind)}`
    : `The source object of the plugin entry ${label} has no \`source\` naming its kind (\`github\`, \`url\`, \`git-subdir\`, \`npm\`…)`;
  add('plugin-value-invalid', 'warning', `${what}: ${CLAUDE_LEAVES_OUT}.`, at);
}

const CODEX_DROPS = 'Codex cannot read this marketplace and skips it (none of its plugins are listed)';
const CODEX_SKIPS = 'Codex skips this plugin (older versions fail the whole marketplace)';

/** Whether a value of an optional field Codex reads as this type has another (null reads as absent). */
function offType(value: Node, type: 'string' | 'object' | 'array'): boolean {
  return value.type !== type && value.type !== 'null';
}

const CODEX_TYPE_WORDS = { string: 'text', object: 'an object', array: 'a list' } as const;

/**
 * The type findings of a Codex marketplace beyond `name`, `plugins` and `policy`'s values: `interface`,
 * an entry's `category` and `policy` (Codex's typed reader fails on the whole file), and an
 * entry's `source` (newer versions skip the entry, older ones fail the file).
 */
export function checkCodexMarketplaceShapes(root: Node, add: Add): void {
  const check = (value: Node | undefined, key: string, type: keyof typeof CODEX_TYPE_WORDS) => {
    if (value && offType(value, type)) add('plugin-value-invalid', 'error', `\`${key}\` must be ${CODEX_TYPE_WORDS[type]}, not ${jsonTypeWords(value)}: ${CODEX_DROPS}.`, value);
  };
  const iface = propertyValue(root, 'interface');
  check(iface, 'interface', 'object');
  const displayName = iface?.type === 'object' ? propertyValue(iface, 'displayName') : undefined;
  check(displayName, 'interface.displayName', 'string');
  const plugins = propertyValue(root, 'plugins');
  for (const entry of plugins?.type === 'array' ? (plugins.children ?? []) : []) {
    if (entry.type !== 'object') continue;
    const category = propertyValue(entry, 'category');
    check(category, 'category', 'string');
    const policy = propertyValue(entry, 'policy');
    // A null policy is not read as absent: serde's default applies to a missing key only.
    if (policy && policy.type !== 'object') add('plugin-value-invalid', 'error', `\`policy\` must be an object, not ${jsonTypeWords(policy)}: ${CODEX_DROPS}.`, policy);
    const products = policy?.type === 'object' ? propertyValue(policy, 'products') : undefined;
    check(products, 'policy.products', 'array');
    const source = propertyValue(entry, 'source');
    if (source) checkCodexSource(source, add);
  }
}

/** An entry's source: a path as text, or an object; a local one needs its `path` as text. */
function checkCodexSource(source: Node, add: Add): void {
  if (source.type !== 'string' && source.type !== 'object') {
    add('plugin-value-invalid', 'warning', `\`source\` must be a path or an object, not ${jsonTypeWords(source)}: ${CODEX_SKIPS}.`, source);
    return;
  }
  if (source.type !== 'object' || propertyValue(source, 'source')?.value !== 'local') return;
  const path = propertyValue(source, 'path');
  if (path?.type === 'string') return;
  const at = path ?? { offset: source.offset, length: 1 };
  add('plugin-value-invalid', 'warning', `A local source needs \`path\` as text${path ? `, not ${jsonTypeWords(path)}` : ''}: ${CODEX_SKIPS}.`, at);
}
