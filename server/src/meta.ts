/** Facts about this build, shared by the CLI and the language server (outside the three rings: it reads package.json). */
// A named import: the bundles keep the version, not the whole manifest (12 KB in each of three bundles).
import { version } from '../../package.json';

export const VERSION: string = version;
export const RULES_URL = 'https://github.com/agent-files/agent-files/blob/main/docs/rules.md';
