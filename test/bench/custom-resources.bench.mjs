// Custom resources with CEL validation rules against the same corpus without the rules: whole
// `platlint lint` processes, alternating round by round, medians of wall time, CPU time and
// peak RSS. The corpus is 10,000 documents by default: half the generated manifests
// (generate-corpus.mjs, seed 42), half custom resources of one definition, written under the
// system's temporary directory. The two corpora differ only in the definition's
// `x-kubernetes-validations`, so the ratio is what the rules cost.
//
//   node test/bench/custom-resources.bench.mjs [--rounds 3] [--documents 10000] [--cli PATH]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generatedCorpus } from './corpus.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    documents: { type: 'string', default: '10000' },
    cli: { type: 'string', default: join(root, 'packages/cli/dist/platlint.mjs') },
  },
});
const rounds = Number(values.rounds);
const documents = Number(values.documents);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const RULES = `              x-kubernetes-validations:
                - rule: self.minReplicas <= self.replicas
                  message: replicas must be at least minReplicas
                - rule: self.ports.all(p, p.port > 0 && p.port < 65536)
                  message: ports are between 1 and 65535
                - rule: "!has(self.owner) || self.owner.matches('^[a-z][a-z0-9-]*$')"
                  messageExpression: "'owner ' + self.owner + ' is not a team name'"
                - rule: self.tags.size() <= 16
`;

function definition(withRules) {
  return `apiVersion: apiextensions.plat.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.bench.example.com
spec:
  group: bench.example.com
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              required: [size]
${withRules ? RULES : ''}              properties:
                size: {type: string, enum: [small, medium, large]}
                replicas: {type: integer, default: 1}
                minReplicas: {type: integer, default: 0}
                owner: {type: string, maxLength: 63}
                tags:
                  type: array
                  x-kubernetes-list-type: set
                  items: {type: string, maxLength: 32}
                ports:
                  type: array
                  x-kubernetes-list-type: map
                  x-kubernetes-list-map-keys: [name]
                  items:
                    type: object
                    required: [name]
                    properties:
                      name: {type: string}
                      port: {type: integer}
`;
}

function widget(i) {
  const sizes = ['small', 'medium', 'large'];
  const ports = Array.from({ length: 1 + (i % 4) }, (_, p) => `      - {name: p${p}, port: ${8000 + p}}`).join('\n');
  return `apiVersion: bench.example.com/v1
kind: Widget
metadata:
  name: widget-${i}
  namespace: team-${i % 20}
  labels: {app: widget-${i % 50}, tier: backend}
spec:
  size: ${sizes[i % 3]}
  replicas: ${2 + (i % 5)}
  minReplicas: 1
  owner: team-${i % 20}
  tags: [a${i % 7}, b${i % 11}, c${i % 13}]
  ports:
${ports}
`;
}

/** The corpus of one side, written once. */
function corpus(withRules) {
  const dir = join(tmpdir(), 'platlint-bench', `custom-resources-${documents}-${withRules ? 'rules' : 'plain'}`);
  if (existsSync(join(dir, '.complete'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'widgets'), { recursive: true });
  cpSync(generatedCorpus(Math.ceil(documents / 2)), join(dir, 'manifests'), { recursive: true });
  writeFileSync(join(dir, 'widget-crd.yaml'), definition(withRules));
  const customResources = Math.floor(documents / 2);
  for (let file = 0; file * 50 < customResources; file++) {
    const texts = [];
    for (let i = file * 50; i < Math.min(customResources, (file + 1) * 50); i++) texts.push(widget(i));
    writeFileSync(join(dir, 'widgets', `widgets-${String(file).padStart(4, '0')}.yaml`), texts.join('---\n'));
  }
  writeFileSync(join(dir, '.complete'), '');
  return dir;
}

function timed(argv) {
  const started = process.hrtime.bigint();
  const result = spawnSync('/usr/bin/time', ['-f', '%U %S %M', ...argv], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  const [user, system, rssKb] = result.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: user + system, rss: rssKb / 1024, status: result.status, stdout: result.stdout };
}

const dirs = { 'without rules': corpus(false), 'with CEL rules': corpus(true) };
const sides = Object.fromEntries(Object.keys(dirs).map((k) => [k, []]));
for (let r = 0; r < rounds; r++) {
  for (const [name, dir] of Object.entries(dirs)) {
    const run = timed([process.execPath, values.cli, 'lint', dir, '--format', 'json', '--workers', '1']);
    const report = JSON.parse(run.stdout);
    // The custom resources must lint clean and be checked: a failed rule or a skipped kind would measure something else.
    const widgets = report.files.filter((f) => f.path.includes('/widgets/'));
    const findings = widgets.flatMap((f) => f.diagnostics);
    if (widgets.length === 0 || findings.length > 0)
      throw new Error(
        `${name}: the custom resources draw ${findings.length} findings (${findings[0]?.message}); they are meant to be valid`,
      );
    sides[name].push(run);
  }
}
const base = median(sides['without rules'].map((x) => x.cpu));
console.log(`\n${documents} documents, half custom resources (${rounds} alternating rounds, medians, --workers 1)`);
console.log(
  `  ${'corpus'.padEnd(16)} ${'wall s'.padStart(7)} ${'CPU s'.padStart(7)} ${'peak RSS MiB'.padStart(13)}  CPU / without rules`,
);
for (const [name, runs] of Object.entries(sides)) {
  const cpu = median(runs.map((x) => x.cpu));
  console.log(
    `  ${name.padEnd(16)} ${(median(runs.map((x) => x.wall)) / 1000).toFixed(2).padStart(7)} ${cpu.toFixed(2).padStart(7)} ${median(
      runs.map((x) => x.rss),
    )
      .toFixed(0)
      .padStart(13)}  ${(cpu / base).toFixed(2).padStart(19)}`,
  );
}
