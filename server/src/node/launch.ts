/** dist/server.js, `agent-files-language-server`: runs the server's bundle (dist/server-main.js) with its code cache (codeCache.ts). */
import * as path from 'node:path';
import { runBundle } from './codeCache';

runBundle(path.join(__dirname, 'server-main.js'), module);
