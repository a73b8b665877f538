// Reads the file list of a .vsix (a zip) from its central directory, so the package check needs
// neither unzip nor a zip library.
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/**
 * Lists the entries of a zip file.
 * @param {string} file path of the .vsix
 * @returns {{ name: string, size: number, compressed: number, method: number, local: number }[]}
 */
export function listZip(file) {
  const buf = readFileSync(file);
  // The end-of-central-directory record sits in the last 22 bytes plus an optional comment.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${file} is not a zip file (no end of central directory)`);
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries = [];
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(at) !== CENTRAL) throw new Error(`${file}: bad central directory entry ${n}`);
    const compressed = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const method = buf.readUInt16LE(at + 10);
    const local = buf.readUInt32LE(at + 42);
    entries.push({ name: buf.toString('utf8', at + 46, at + 46 + nameLen), size, compressed, method, local });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/**
 * Reads one entry of a zip file (stored or deflated, the two methods vsce writes).
 * @returns {Buffer}
 */
export function readZipEntry(file, name) {
  const entry = listZip(file).find((e) => e.name === name);
  if (!entry) throw new Error(`${file} has no entry ${name}`);
  const buf = readFileSync(file);
  // the local header repeats the name and has its own extra field before the data
  const start = entry.local + 30 + buf.readUInt16LE(entry.local + 26) + buf.readUInt16LE(entry.local + 28);
  const data = buf.subarray(start, start + entry.compressed);
  if (entry.method === 0) return Buffer.from(data);
  if (entry.method === 8) return inflateRawSync(data);
  throw new Error(`${name}: unsupported zip compression method ${entry.method}`);
}
