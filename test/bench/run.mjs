// `npm run bench`: every benchmark, one after the other (they need the build: `npm run build`).
// The webhook's needs wrk (Debian's package); without it, it is skipped with a note.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const hasWrk = spawnSync('wrk', ['--version']).error === undefined;
const benches = [
  ['startup.bench.mjs'],
  ['lint.bench.mjs'],
  ['values-scan.bench.mjs'],
  ['process.bench.mjs'],
  ['threads.bench.mjs'],
  ['custom-resources.bench.mjs'],
  ['cel.bench.mjs'],
  ['webhook.bench.mjs', '--connections', '16'],
];
for (const [bench, ...args] of benches) {
  console.log(`\n=== ${bench} ===`);
  if (bench === 'webhook.bench.mjs' && !hasWrk) {
    console.log('skipped: wrk is not installed (apt-get install -y wrk)');
    continue;
  }
  const { status } = spawnSync(process.execPath, [`${here}${bench}`, ...args], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
