/**
 * The keys of Claude Code's plugin manifest (`.claude-plugin/plugin.json`) and marketplace file
 * (`.claude-plugin/marketplace.json`), with what Claude Code does with each. Facts and sources:
 * docs/plugins.md. A key missing here is reported as information only: Claude Code drops
 * unknown keys and loads the rest.
 */

/** Component paths: a string or a list of strings, relative to the plugin root, starting with `./`. */
export const COMPONENT_PATH_KEYS: ReadonlySet<string> = new Set(['commands', 'agents', 'skills', 'hooks', 'mcpServers', 'outputStyles', 'lspServers', 'themes', 'monitors']);

const COMPONENTS: Record<string, string> = {
  commands: 'Command files or folders (`.md`), relative to the plugin root and starting with `./`. Replaces the default `commands/` folder; list it too to keep it.',
  agents: 'Subagent files or folders, relative to the plugin root and starting with `./`. Replaces the default `agents/` folder; list it too to keep it.',
  skills: 'Folders holding `<name>/SKILL.md` skills, relative to the plugin root and starting with `./`. Replaces the default `skills/` folder; list it too to keep it.',
  hooks: 'Hook configuration: a path (or paths) to a hooks JSON file, or the hooks inline. `hooks/hooks.json` is loaded by default.',
  mcpServers: 'MCP servers: a path (or paths) to an MCP configuration file, or the servers inline. `.mcp.json` at the plugin root is loaded by default.',
  outputStyles: 'Output style files or folders, relative to the plugin root. Replaces the default `output-styles/` folder.',
  lspServers: 'Language servers: a path to an LSP configuration file (`.lsp.json` by default) or the servers inline.',
  themes: 'Color theme files or folders (experimental).',
  monitors: 'Background monitor configurations (experimental).',
};

/** Top-level keys of plugin.json. */
export const PLUGIN_KEYS: Readonly<Record<string, string>> = {
  $schema: 'A JSON Schema URL for editors; Claude Code ignores it.',
  name: 'Required. The plugin identifier, in kebab-case without spaces: Claude Code namespaces the plugin’s commands and skills with it (`/name:command`).',
  version: 'The plugin version (semver). When set, Claude Code updates the plugin only when it changes; it wins over the marketplace entry’s version.',
  description: 'A short description shown in the plugin manager.',
  author: 'The author: an object with `name` (and optionally `email`, `url`).',
  homepage: 'A documentation URL, shown in the plugin manager.',
  repository: 'The source code URL, shown in the plugin manager.',
  license: 'The license (an SPDX identifier such as `MIT`).',
  keywords: 'Tags that help find the plugin.',
  displayName: 'A human-readable name shown instead of `name` in the plugin manager.',
  defaultEnabled: 'Whether the plugin starts enabled when the user has not set it (default true).',
  userConfig: 'Values Claude Code asks the user for when the plugin is enabled.',
  channels: 'Channel declarations that inject messages (bound to MCP servers).',
  dependencies: 'Other plugins this plugin needs, optionally with a version range.',
  experimental: 'Experimental component declarations (`themes`, `monitors`).',
  settings: 'Default settings the plugin brings.',
  ...COMPONENTS,
};

/** Top-level keys of marketplace.json. */
export const MARKETPLACE_KEYS: Readonly<Record<string, string>> = {
  $schema: 'A JSON Schema URL for editors; Claude Code ignores it.',
  name: 'Required. The marketplace identifier, in kebab-case without spaces: users install `plugin@name`.',
  owner: 'Required. The maintainer: an object with `name` (and optionally `email`, `url`).',
  plugins:
    'Required. The plugin entries: each needs a `name` and a `source` (a path from the marketplace root starting with `./`, or an object such as `{ "source": "github", "repo": "owner/repo" }`).',
  metadata: 'Optional marketplace facts: `description`, `version`, and `pluginRoot`, the folder under which bare plugin names in `source` resolve.',
  description: 'A short description of the marketplace.',
  version: 'The marketplace version.',
  homepage: 'A documentation URL.',
  repository: 'The source code URL.',
  renames: 'Old plugin names mapped to their new names.',
  allowCrossMarketplaceDependenciesOn: 'Other marketplaces whose plugins this marketplace’s plugins may depend on.',
};

/** Keys of a marketplace plugin entry. */
export const ENTRY_KEYS: Readonly<Record<string, string>> = {
  name: 'Required. The plugin’s name in this marketplace: users install `name@marketplace`. Two entries may not share it.',
  source:
    'Required. Where Claude Code fetches the plugin: a path from the marketplace root starting with `./` (`"."` is the root itself), a bare folder name under `metadata.pluginRoot`, or an object whose `source` is `github`, `url`, `git-subdir`, `npm`, `archive` or `command`.',
  description: 'A short description, shown in the plugin manager (wins over plugin.json’s).',
  version: 'The plugin version; plugin.json’s wins at install time.',
  author: 'The author: an object with `name` (and optionally `email`, `url`).',
  homepage: 'A documentation URL.',
  repository: 'The source code URL.',
  license: 'The license (an SPDX identifier).',
  keywords: 'Tags that help find the plugin.',
  category: 'A category for the plugin manager.',
  tags: 'Tags for the plugin manager.',
  strict:
    'Default true: plugin.json is the authority and the entry’s component fields are added to it. With `false`, an entry that declares components while the plugin has a plugin.json fails to load.',
  displayName: 'A human-readable name shown instead of `name`.',
  defaultEnabled: 'Whether the plugin starts enabled when the user has not set it (default true).',
  metadata: 'A free-form object for your own fields; Claude Code does not read it.',
  headers: 'HTTP headers sent when downloading an `archive` source.',
  headersHelper: 'A command printing the download headers of an `archive` source.',
  relevance: 'Topic and signals used to suggest the plugin.',
  userConfig: 'Values Claude Code asks the user for (applies when the plugin has no plugin.json).',
  channels: 'Channel declarations (applies when the plugin has no plugin.json).',
  dependencies: 'Other plugins this plugin needs.',
  experimental: 'Experimental component declarations.',
  settings: 'Default settings the plugin brings.',
  ...COMPONENTS,
};

/** The name rule Claude Code's docs give: lowercase letters, digits and single hyphens. */
export const KEBAB_CASE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
