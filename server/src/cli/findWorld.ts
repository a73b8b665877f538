/** Where a CLI argument's Agent World is: its world.json. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FatalError } from './io';

/** The world.json of a folder (its `.agent-world/`, or the folder itself when it is one), or the file named. */
export function findWorld(p: string): string {
  const candidates = [p, path.join(p, 'world.json'), path.join(p, '.agent-world', 'world.json')];
  for (const c of candidates) {
    const st = fs.statSync(c, { throwIfNoEntry: false });
    if (st?.isFile()) return c;
  }
  throw new FatalError(`agent-files: no Agent World in ${p}: .agent-world/world.json not found`);
}
