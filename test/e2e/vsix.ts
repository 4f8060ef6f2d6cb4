// Building the .vsix with extension/scripts/package.mjs, and reading it back: a .vsix is a zip
// file, and Node reads one with zlib once the central directory has been walked.
import { execFileSync } from 'node:child_process';
import { inflateRawSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const PACKAGE_SCRIPT = join(ROOT, 'extension/scripts/package.mjs');

/** Runs the package script; returns the .vsix path it printed last, and everything it printed. */
export function packageExtension(out: string): { vsix: string; output: string } {
  const output = execFileSync(process.execPath, [PACKAGE_SCRIPT, '--out', out], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = output.trim().split('\n');
  return { vsix: lines[lines.length - 1] as string, output };
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

/** The files of a zip archive by name (stored and deflated entries, which is what vsce writes). */
export function readZip(zip: Buffer): Map<string, Buffer> {
  // The end record is within the last 64 KiB (its comment is at most that long).
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip file: no end of central directory record');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== CENTRAL_FILE_HEADER) throw new Error(`bad central directory entry at ${at}`);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (zip.readUInt32LE(localHeader) !== LOCAL_FILE_HEADER) throw new Error(`bad local header for ${name}`);
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) files.set(name, Buffer.from(data));
    else if (method === 8) files.set(name, inflateRawSync(data));
    else throw new Error(`${name}: unsupported compression method ${method}`);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}
