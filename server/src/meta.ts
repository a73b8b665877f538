/** Facts about this build, shared by the CLI and the language server (outside the three rings: it reads package.json). */
import pkg from '../../package.json';

export const VERSION: string = pkg.version;
export const RULES_URL = 'https://github.com/agent-files/agent-files/blob/main/docs/rules.md';
