import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';

/** A mistake on the command line: reported with the usage text, exit status 2. */
export class UsageError extends Error {}

/** A command's options and operands, parsed strictly: an unknown option is a usage error. */
export function parseStrict(argv: readonly string[], options: NonNullable<ParseArgsConfig['options']>) {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** What every command prints for a directory link the file finder did not follow. */
export function skippedLinkNote(write: (text: string) => void): (skipped: { link: string; target: string }) => void {
  return (s) => write(`platlint: not following ${s.link}: it leads back to ${s.target}, which holds it\n`);
}
