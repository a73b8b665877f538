/**
 * The keys of a Codex plugin manifest (`.codex-plugin/plugin.json`) and marketplace file
 * (`.agents/plugins/marketplace.json`), with what Codex does with each. Facts and sources:
 * docs/plugins.md#codex. Codex's reader ignores keys it does not know.
 */

/** Paths relative to the plugin root; Codex takes only a string starting with `./`, without `..`. */
export const CODEX_PATH_KEYS: readonly string[] = ['skills', 'mcpServers', 'apps'];

/** Top-level keys of `.codex-plugin/plugin.json`. */
export const CODEX_PLUGIN_KEYS: Readonly<Record<string, string>> = {
  name: 'The plugin identifier (kebab-case). Empty or missing: Codex names the plugin after its folder.',
  version: 'The plugin version (semver).',
  description: 'A short description of the plugin.',
  skills: 'The folders of the plugin’s skills (`<name>/SKILL.md`): a path or a list of paths, relative to the plugin root, starting with `./` (`"./skills/"`).',
  mcpServers: 'The MCP servers of the plugin: the path of their configuration file, starting with `./` (`"./.mcp.json"`), or the servers themselves, an object.',
  apps: 'The app connector file of the plugin: one path starting with `./` (`"./.app.json"`).',
  hooks: 'Lifecycle hooks the plugin packages.',
  interface: 'How the plugin is shown in the plugin directory: `displayName`, `shortDescription`, `category`, `capabilities`, `defaultPrompt`, `logo`…',
  author: 'The author: an object with `name` (and optionally `email`, `url`).',
  homepage: 'A documentation URL.',
  repository: 'The source code URL.',
  license: 'The license (an SPDX identifier such as `MIT`).',
  keywords: 'Tags that help find the plugin.',
};

/** Keys of `interface` in a Codex plugin.json. */
export const CODEX_INTERFACE_KEYS: readonly string[] = [
  'displayName',
  'shortDescription',
  'longDescription',
  'developerName',
  'category',
  'capabilities',
  'websiteUrl',
  'websiteURL',
  'privacyPolicyUrl',
  'privacyPolicyURL',
  'termsOfServiceUrl',
  'termsOfServiceURL',
  'defaultPrompt',
  'brandColor',
  'composerIcon',
  'logo',
  'logoDark',
  'screenshots',
];

/** Top-level keys of `.agents/plugins/marketplace.json`. */
export const CODEX_MARKETPLACE_KEYS: Readonly<Record<string, string>> = {
  name: 'Required. The marketplace identifier: users install `plugin@name`.',
  interface: 'How the marketplace is shown: `displayName`, the label of its tab in the plugin directory.',
  plugins:
    'Required. The plugin entries: each has a `name` and a `source`, `{ "source": "local", "path": "./plugins/x" }` (a path from the folder that holds `.agents/`, starting with `./`), and optionally `policy` and `category`.',
};

/** Keys of a Codex marketplace plugin entry. */
export const CODEX_ENTRY_KEYS: Readonly<Record<string, string>> = {
  name: 'Required. The plugin’s name in this marketplace; when two entries share it, Codex installs the first.',
  source:
    'Required. Where the plugin is: `{ "source": "local", "path": "./…" }`, a path from the marketplace root (the folder holding `.agents/`) starting with `./` and without `..`.',
  policy: '`installation` (`AVAILABLE`, `INSTALLED_BY_DEFAULT`, `NOT_AVAILABLE`), `authentication` (`ON_INSTALL`, `ON_USE`) and `products`.',
  category: 'The category shown in the plugin directory (wins over the plugin’s own).',
};

export const CODEX_INSTALL_POLICIES: readonly string[] = ['AVAILABLE', 'INSTALLED_BY_DEFAULT', 'NOT_AVAILABLE'];
export const CODEX_AUTH_POLICIES: readonly string[] = ['ON_INSTALL', 'ON_USE'];
