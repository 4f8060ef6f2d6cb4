// Vitest global setup: the run gets a temporary directory of its own (TMPDIR, which
// os.tmpdir() and child processes read), and fails if a test leaves anything in it. Only this
// folder is checked: other runs on the same machine share the system's temporary directory.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), 'platlint-test-run-'));
  process.env.TMPDIR = dir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    const left = readdirSync(dir);
    rmSync(dir, { recursive: true, force: true });
    if (left.length > 0) {
      // Vitest reports an error thrown here but still exits 0; the exit status must say it.
      console.error(
        `\nFAIL: the tests left ${left.length} entr${left.length === 1 ? 'y' : 'ies'} in the temporary directory: ${left.sort().join(', ')}\n`,
      );
      process.exitCode = 1;
    }
  };
}
