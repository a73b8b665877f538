/**
 * The JSON Schemas (draft-07) of plugin manifests and marketplace files the extension contributes
 * to VS Code, made from the key tables the server's hover and completion read (keys.ts,
 * codexKeys.ts, shapes.ts), so the two never say different things. `npm run generate` writes
 * them to schemas/; a test holds the committed files to these.
 *
 * What a schema says and what the server says never overlap (docs/plugins.md#json-schemas): a
 * schema describes every key (hover, completion, value snippets) and constrains only what the
 * server would report as a warning with nothing more to say (Codex's path rules). Whatever the
 * client refuses to load (a missing `name`, a value of the wrong type, a closed value Codex fails
 * on) stays the server's error: VS Code shows a schema mismatch as a warning.
 */
import { CODEX_AUTH_POLICIES, CODEX_ENTRY_KEYS, CODEX_INSTALL_POLICIES, CODEX_INTERFACE_KEYS, CODEX_MARKETPLACE_KEYS, CODEX_PATH_KEYS, CODEX_PLUGIN_KEYS } from './codexKeys';
import { CODEX_PATH_PATTERN, CODEX_SOURCE_PATH_PATTERN } from './codex';
import { ENTRY_KEYS, MARKETPLACE_KEYS, PLUGIN_KEYS } from './keys';
import { CLAUDE_PLUGIN_SHAPES, SHAPE_WORDS, type ValueShape } from './shapes';

export type JsonSchema = { [key: string]: unknown };

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** Markdown for VS Code's hover and completion, and the same words as plain text for other readers. */
export function described(doc: string): JsonSchema {
  return { description: doc.replace(/`/g, ''), markdownDescription: doc };
}

/** Values completion inserts for a shape (snippets only: they constrain nothing). */
const SNIPPETS: Record<ValueShape, unknown[]> = {
  text: [''],
  object: [{}],
  list: [[]],
  boolean: [true, false],
  paths: ['./$1', ['./$1']],
  pathsOrObject: ['./$1', ['./$1'], {}],
  pathOrObject: ['./$1', {}],
};

function snippets(shape: ValueShape | undefined): JsonSchema {
  return shape ? { defaultSnippets: SNIPPETS[shape].map((body) => ({ body })) } : {};
}

const PERSON = (who: string): JsonSchema => ({
  properties: {
    name: described(`The ${who}'s name.`),
    email: described(`The ${who}'s email address.`),
    url: described(`The ${who}'s web page.`),
  },
  defaultSnippets: [{ body: { name: '$1' } }],
});

/** Properties described from a key table, with what each key holds. */
function keysOf(table: Readonly<Record<string, string>>, shapes: Readonly<Record<string, ValueShape>> = {}, extra: Readonly<Record<string, JsonSchema>> = {}): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, doc] of Object.entries(table)) {
    const shape = Object.hasOwn(shapes, key) ? shapes[key] : undefined;
    const holds = shape ? ` Claude Code takes ${SHAPE_WORDS[shape]} here; another type makes the manifest invalid.` : '';
    out[key] = { ...described(doc + holds), ...snippets(shape), ...(extra[key] ?? {}) };
  }
  return out;
}

function schema(title: string, doc: string, body: JsonSchema): JsonSchema {
  return { $schema: DRAFT_07, title, ...described(doc), ...body };
}

export function claudePluginSchema(): JsonSchema {
  return schema('Claude Code plugin manifest', 'A Claude Code plugin manifest (.claude-plugin/plugin.json): its name, metadata and where its components are.', {
    properties: keysOf(PLUGIN_KEYS, CLAUDE_PLUGIN_SHAPES, { author: PERSON('author') }),
  });
}

export function claudeMarketplaceSchema(): JsonSchema {
  return schema('Claude Code marketplace', 'A Claude Code marketplace (.claude-plugin/marketplace.json): the plugins it lists and where each comes from.', {
    properties: keysOf(
      MARKETPLACE_KEYS,
      {},
      {
        owner: PERSON('maintainer'),
        plugins: {
          items: {
            properties: keysOf(ENTRY_KEYS, {}, { author: PERSON('author'), source: { examples: ['./plugins/'] } }),
            defaultSnippets: [{ body: { name: '$1', source: './$2' } }],
          },
        },
        metadata: {
          properties: {
            description: described('A short description of the marketplace.'),
            version: described('The marketplace version.'),
            pluginRoot: described('The folder under which bare plugin names in `source` resolve.'),
          },
        },
      },
    ),
  });
}

/** A path Codex reads from a root: a warning (Codex ignores the path) the schema reports in VS Code. */
const CODEX_PATH: JsonSchema = {
  pattern: CODEX_PATH_PATTERN,
  patternErrorMessage: 'Codex ignores this path: it must start with ./, name something below it and hold no . or .. (a path from the root, like ./skills/).',
  defaultSnippets: [{ body: './$1' }],
};

/** A marketplace entry's local source path: a CODEX_PATH, or `./` for the marketplace root. */
const CODEX_SOURCE_PATH: JsonSchema = {
  pattern: CODEX_SOURCE_PATH_PATTERN,
  patternErrorMessage:
    'Codex skips this plugin: its path must start with ./ and hold no . or .. below it (a path from the folder holding .agents/, like ./plugins/x, or ./ for that folder).',
  defaultSnippets: [{ body: './$1' }],
};

export function codexPluginSchema(): JsonSchema {
  const shapes: Record<string, JsonSchema> = { mcpServers: { anyOf: [CODEX_PATH, { type: 'object' }] }, skills: { ...CODEX_PATH, items: CODEX_PATH } };
  const paths = Object.fromEntries(CODEX_PATH_KEYS.map((k) => [k, shapes[k] ?? CODEX_PATH]));
  return schema('Codex plugin manifest', 'A Codex plugin manifest (.codex-plugin/plugin.json): read as strict JSON into typed fields.', {
    properties: keysOf(
      CODEX_PLUGIN_KEYS,
      {},
      {
        ...paths,
        author: PERSON('author'),
        interface: { properties: Object.fromEntries(CODEX_INTERFACE_KEYS.map((k) => [k, described(`\`interface.${k}\`: shown in Codex's plugin directory.`)])) },
      },
    ),
  });
}

export function codexMarketplaceSchema(): JsonSchema {
  const policy = (doc: string, values: readonly string[]): JsonSchema => ({
    ...described(`${doc} One of ${values.map((v) => `\`${v}\``).join(', ')}; another value fails the marketplace.`),
    examples: [...values],
  });
  return schema('Codex marketplace', 'A Codex marketplace (.agents/plugins/marketplace.json): the plugins of the plugin directory.', {
    properties: keysOf(
      CODEX_MARKETPLACE_KEYS,
      {},
      {
        interface: { properties: { displayName: described('The label of the marketplace in the plugin directory.') } },
        plugins: {
          items: {
            properties: keysOf(
              CODEX_ENTRY_KEYS,
              {},
              {
                source: {
                  ...CODEX_SOURCE_PATH,
                  defaultSnippets: [{ body: { source: 'local', path: './$1' } }],
                  properties: {
                    source: { ...described('`local`: a folder of this repository.'), examples: ['local'] },
                    path: { ...described('The plugin folder, from the folder that holds `.agents/` (`./` for that folder).'), ...CODEX_SOURCE_PATH },
                  },
                },
                policy: {
                  properties: {
                    installation: policy('Whether the plugin is offered, installed by default or hidden.', CODEX_INSTALL_POLICIES),
                    authentication: policy('When Codex asks for the plugin’s authentication.', CODEX_AUTH_POLICIES),
                  },
                },
              },
            ),
            defaultSnippets: [{ body: { name: '$1', source: { source: 'local', path: './$2' } } }],
          },
        },
      },
    ),
  });
}
