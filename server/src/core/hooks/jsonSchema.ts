/**
 * The JSON Schema (draft-07) of a Claude Code plugin's hooks file (`hooks/hooks.json`), made from
 * the tables the server's hover and completion read (events.ts), so the two never say different
 * things. `npm run generate` writes it to schemas/; a test holds the committed file to it.
 *
 * It describes the file and constrains only `timeout` (a warning the server would report with
 * nothing more to say). An unknown event or handler type stays the server's: its message names
 * the event meant and the settings file gets a quick fix; a wrong shape stays the server's error.
 */
import { described, DRAFT_07, type JsonSchema } from '../plugins/jsonSchemas';
import { HANDLER_TYPES, HOOK_EVENTS, KEY_DOCS } from './events';
import { eventDoc } from './features';

/** The keys a handler needs, by the handler types that need them. */
function neededKeys(): JsonSchema {
  const out: Record<string, string[]> = {};
  for (const [type, h] of Object.entries(HANDLER_TYPES)) for (const k of h.needs) (out[k] ??= []).push(type);
  return Object.fromEntries(
    Object.entries(out).map(([k, types]) => [
      k,
      { ...described(KEY_DOCS[k] ?? `Needed by ${types.map((t) => `\`${t}\``).join(' and ')} hooks.`), defaultSnippets: [{ body: '$1' }] },
    ]),
  );
}

const HANDLER: JsonSchema = {
  properties: {
    type: {
      ...described(
        `${KEY_DOCS['type']}\n\n${Object.entries(HANDLER_TYPES)
          .map(([t, h]) => `- \`${t}\`: ${h.about}`)
          .join('\n')}`,
      ),
      examples: Object.keys(HANDLER_TYPES),
    },
    ...neededKeys(),
    timeout: { ...described(KEY_DOCS['timeout']!), type: 'number', exclusiveMinimum: 0 },
  },
  defaultSnippets: [{ label: 'command hook', body: { type: 'command', command: '$1' } }],
};

const GROUP: JsonSchema = {
  properties: {
    matcher: described(KEY_DOCS['matcher']!),
    hooks: { ...described('The handlers this group runs, in order.'), items: { $ref: '#/definitions/handler' }, defaultSnippets: [{ body: [{ type: 'command', command: '$1' }] }] },
  },
  defaultSnippets: [{ body: { matcher: '$1', hooks: [{ type: 'command', command: '$2' }] } }],
};

export function hooksFileSchema(): JsonSchema {
  return {
    $schema: DRAFT_07,
    title: 'Claude Code plugin hooks',
    ...described('A Claude Code plugin’s hooks file (`hooks/hooks.json`): `{"hooks": {Event: [matcher groups]}}`, the `hooks` of a settings file one level down.'),
    properties: {
      description: described('A description of these hooks.'),
      hooks: {
        ...described(KEY_DOCS['hooks']!),
        properties: Object.fromEntries(HOOK_EVENTS.map((e) => [e.name, { ...described(eventDoc(e)), items: { $ref: '#/definitions/group' }, defaultSnippets: [{ body: [] }] }])),
      },
    },
    definitions: { group: GROUP, handler: HANDLER },
  };
}
