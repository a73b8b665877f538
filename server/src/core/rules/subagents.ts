/** Agent and command files: Claude Code subagents and commands, VS Code custom agents and prompt files, OpenCode agents, Gemini CLI subagents. */
import { ruleMaker, type RuleInfo } from './types';

const subagent = ruleMaker('subagent');

export const SUBAGENT_RULES: readonly RuleInfo[] = [
  subagent('subagent-yaml-invalid', 'error', {
    fix: { title: 'Make the value a block of text (key: |)', tier: 'manual', why: 'which lines belong to the value is a guess a person should check' },
  }),
  subagent('subagent-yaml-quoted', 'information', {
    fix: { title: 'Quote the value as Claude Code does', tier: 'manual', why: 'Claude Code reads the same text; other readers now read it too, so a person should look' },
  }),
  subagent('subagent-yaml-comment-in-value', 'warning', {
    fix: { title: 'Quote the value', tier: 'unsafe', why: 'the client starts reading the text after the #, which the comment dropped' },
  }),
  subagent('subagent-frontmatter-unclosed', 'error'),
  subagent('subagent-name-missing', 'error', { also: ['information'] }),
  subagent('subagent-name-invalid', 'error'),
  subagent('subagent-name-style', 'information'),
  subagent('subagent-description-missing', 'error', { also: ['information'] }),
  subagent('subagent-tools-shape', 'warning', { also: ['error'] }),
  subagent('subagent-tool-unknown', 'warning', {
    also: ['information'],
    fix: { title: 'Use the tool name Claude Code knows', tier: 'manual', why: 'the entry may have meant another tool' },
  }),
  subagent('subagent-model-unknown', 'information', { also: ['warning'] }),
  subagent('subagent-value-invalid', 'warning', { also: ['error', 'information'] }),
  subagent('subagent-key-ignored', 'warning'),
  subagent('subagent-hooks-ignored', 'warning'),
  subagent('subagent-hooks-variable-unset', 'warning'),
  subagent('subagent-plugin-key-ignored', 'warning'),
  subagent('subagent-key-unknown', 'information', {
    also: ['warning', 'error'],
    fix: { title: 'Rename to the key the client reads', tier: 'manual', why: 'the key may have meant something else' },
  }),
  subagent('subagent-name-duplicate', 'warning'),
  subagent('subagent-chatmode-renamed', 'information', {
    fix: { title: 'Move to .github/agents/NAME.agent.md', tier: 'manual', why: 'it renames a file other settings or links may name' },
  }),
  subagent('command-yaml-invalid', 'warning', {
    fix: { title: 'Make the value a block of text (key: |)', tier: 'manual', why: 'which lines belong to the value is a guess a person should check' },
  }),
  subagent('command-yaml-quoted', 'information', {
    fix: { title: 'Quote the value as Claude Code does', tier: 'manual', why: 'Claude Code reads the same text; other readers now read it too, so a person should look' },
  }),
  subagent('command-key-ignored', 'warning'),
  subagent('command-key-unknown', 'information', {
    also: ['warning'],
    fix: { title: 'Rename to the key Claude Code reads', tier: 'manual', why: 'the key may have meant something else' },
  }),
  subagent('command-tool-unknown', 'warning', {
    also: ['information'],
    fix: { title: 'Use the tool name Claude Code knows', tier: 'manual', why: 'the entry may have meant another tool' },
  }),
  subagent('command-model-unknown', 'information'),
  subagent('command-argument-hint-missing', 'information'),
  subagent('command-shadowed-by-skill', 'warning'),
  subagent('command-gemini-markdown', 'warning'),
];
