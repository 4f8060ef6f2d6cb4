// `npm run bench`: every benchmark, one after the other (they need the build: `npm run build`).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
for (const bench of ['startup.bench.mjs', 'lint.bench.mjs', 'process.bench.mjs', 'cel.bench.mjs']) {
  console.log(`\n=== ${bench} ===`);
  const { status } = spawnSync(process.execPath, [`${here}${bench}`], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
