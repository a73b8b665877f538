/** Instruction-file rules: AGENTS.md, CLAUDE.md, GEMINI.md, Copilot and Claude Code rules files. */
import { ruleMaker, type RuleInfo } from './types';

const instructions = ruleMaker('instructions');

export const INSTRUCTIONS_RULES: readonly RuleInfo[] = [
  instructions('instructions-import-missing', 'warning', {
    also: ['information'],
    fix: {
      title: 'Point the import at the file in its letter case',
      tier: 'manual',
      why: 'offered only when one file of the folder has the name in other letter case; the import may have meant another file',
    },
  }),
  instructions('instructions-import-outside', 'information'),
  instructions('instructions-import-cycle', 'information'),
  instructions('instructions-import-too-deep', 'warning', { also: ['information'] }),
  instructions('instructions-imports-unchecked', 'information'),
  instructions('instructions-import-unexpanded', 'information'),
  instructions('instructions-link-missing', 'warning', {
    also: ['information'],
    fix: { title: 'Point the link at the file where it is', tier: 'manual', why: 'the link may have meant another file' },
  }),
  instructions('instructions-anchor-missing', 'information'),
  instructions('instructions-link-absolute', 'warning'),
  instructions('instructions-link-outside', 'warning'),
  instructions('instructions-key-typo', 'warning'),
  instructions('instructions-key-unknown', 'warning', { also: ['information'] }),
  instructions('instructions-glob-invalid', 'warning'),
  instructions('instructions-glob-no-match', 'information'),
  instructions('instructions-glob-too-costly', 'information'),
  instructions('instructions-too-large', 'error'),
  instructions('instructions-long', 'information'),
  instructions('instructions-fence-unclosed', 'warning'),
  instructions('instructions-codex-cut', 'warning'),
  instructions('instructions-codex-overridden', 'warning', { also: ['information'] }),
  instructions('instructions-copilot-misplaced', 'warning'),
  instructions('instructions-frontmatter-lost', 'warning'),
  instructions('instructions-codex-config-invalid', 'warning'),
  instructions('instructions-codex-config-misplaced', 'warning'),
  instructions('instructions-codex-mcp-path-machine', 'warning'),
  instructions('instructions-command-undefined', 'warning', { also: ['information'] }),
];
