/** dist/cli.js, the `agent-files` command: runs the CLI's bundle (dist/cli-main.js) with its code cache (node/codeCache.ts). */
import * as path from 'node:path';
import { runBundle } from '../node/codeCache';

runBundle(path.join(__dirname, 'cli-main.js'), module);
