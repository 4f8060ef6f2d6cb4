// Start-up cost: `platlint lint` on one small file against `node -e 0`, in the same run.
//
//   node test/bench/startup.bench.mjs [--runs 15]
//
// Both commands are started as processes, alternately; the medians of their wall times and
// the ratio are printed (target: at most 3x).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);
const file = join(mkdtempSync(join(tmpdir(), 'platlint-startup-')), 'app.yaml');
writeFileSync(
  file,
  [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: web',
    'spec:',
    '  replicas: 2',
    '  selector:',
    '    matchLabels: {app: web}',
    '  template:',
    '    metadata:',
    '      labels: {app: web}',
    '    spec:',
    '      containers:',
    '      - name: web',
    '        image: nginx:1.27',
    '        ports:',
    '        - containerPort: 80',
    '',
  ].join('\n'),
);

function time(args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stdout}${result.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const bare = [];
const lint = [];
const cli = join(root, 'packages/cli/dist/platlint.mjs');
time(['-e', '0']);
time([cli, 'lint', file]);
for (let i = 0; i < runs; i++) {
  bare.push(time(['-e', '0']));
  lint.push(time([cli, 'lint', file]));
}
console.log(`node -e 0                      ${median(bare).toFixed(0).padStart(5)} ms (median of ${runs})`);
console.log(`platlint lint (one Deployment) ${median(lint).toFixed(0).padStart(5)} ms`);
console.log(`ratio                          ${(median(lint) / median(bare)).toFixed(2)}x (target: at most 3x)`);
