/**
 * The JSON Schemas the VS Code extension contributes (package.json `contributes.jsonValidation`)
 * for plugin files, and what each one reports itself. Where VS Code applies one (the client sets
 * `schemaDiagnostics: false`), the server leaves out the findings it names in `reports`, the
 * completion it gives and the hover of the keys it describes, so nothing shows twice; every other
 * editor and the CLI get all of it from the server. `npm run generate` writes the files; tests hold
 * them and package.json to this table.
 */
import { claudeMarketplaceSchema, claudePluginSchema, codexMarketplaceSchema, codexPluginSchema, type JsonSchema } from '../plugins/jsonSchemas';
import { boundedParseTree } from '../text/jsonDepth';
import { hooksFileSchema } from '../hooks/jsonSchema';

export interface ContributedSchema {
  /** The schema file, from the repository root. */
  file: string;
  /** VS Code's `fileMatch`: `**` and a path suffix. */
  fileMatch: string;
  build(): JsonSchema;
  /** The codes whose every finding the schema reports (as a warning, as the server does). */
  reports: readonly string[];
}

export const CONTRIBUTED_SCHEMAS: readonly ContributedSchema[] = [
  { file: 'schemas/claude-plugin.schema.json', fileMatch: '**/.claude-plugin/plugin.json', build: claudePluginSchema, reports: [] },
  { file: 'schemas/claude-marketplace.schema.json', fileMatch: '**/.claude-plugin/marketplace.json', build: claudeMarketplaceSchema, reports: [] },
  { file: 'schemas/codex-plugin.schema.json', fileMatch: '**/.codex-plugin/plugin.json', build: codexPluginSchema, reports: ['plugin-path-invalid'] },
  { file: 'schemas/codex-marketplace.schema.json', fileMatch: '**/.agents/plugins/marketplace.json', build: codexMarketplaceSchema, reports: ['plugin-path-invalid'] },
  // Any hooks/hooks.json: whether a plugin manifest is above is not something a fileMatch can say. The
  // schema constrains only a handler's `timeout` under a known event, which holds for any file of that shape.
  { file: 'schemas/claude-hooks.schema.json', fileMatch: '**/hooks/hooks.json', build: hooksFileSchema, reports: ['hooks-timeout-invalid'] },
];

/** The contributed schema VS Code applies to a file (a path or URI), if any. */
export function contributedSchemaOf(path: string): ContributedSchema | undefined {
  const p = path.replace(/\\/g, '/');
  return CONTRIBUTED_SCHEMAS.find((s) => {
    const suffix = s.fileMatch.replace(/^\*\*\//, '');
    return p === suffix || p.endsWith(`/${suffix}`);
  });
}

/**
 * The contributed schema VS Code validates a file with: none when the file names its own
 * (`"$schema": "…"` at the top, which VS Code's JSON support prefers to any association). Read
 * tolerantly, as VS Code reads it, so a file being typed keeps its answer.
 */
export function contributedSchemaFor(path: string, text: string): ContributedSchema | undefined {
  const schema = contributedSchemaOf(path);
  if (!schema || !text.includes('$schema')) return schema;
  const { root } = boundedParseTree(text, [], { allowTrailingComma: true });
  const own = root?.type === 'object' && root.children?.some((p) => p.children?.[0]?.value === '$schema' && p.children[1]?.type === 'string');
  return own ? undefined : schema;
}
