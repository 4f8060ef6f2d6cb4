// Work must grow linearly with the input (issue 11, item 6): each input is linted at two
// sizes through the CLI process, and the CPU time beyond a trivial run must about double,
// not quadruple. CPU time (user + system, all threads) of the process is what is compared,
// never a wall-clock time, and the factor allowed is generous.
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE, manifests, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

// Prints the process's CPU time on exit, whatever way the CLI exits.
const REPORT_CPU = `data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("\\ncpu-us="+(u.user+u.system)+"\\n")})`;

function cpuMicros(text: string): number {
  const dir = tempDir({ 'm.yaml': text });
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  // The least of three runs: other work on the machine only ever adds time.
  let least = Infinity;
  for (let run = 0; run < 3; run++) {
    const child = spawnSync(process.execPath, ['--import', REPORT_CPU, BUNDLE, 'lint', '--quiet', '--format', 'json', 'm.yaml'], {
      cwd: dir,
      env,
      encoding: 'utf8',
      timeout: 120_000,
      maxBuffer: 256 * 1024 * 1024,
    });
    expect([0, 1]).toContain(child.status);
    const match = /cpu-us=(\d+)/.exec(child.stderr);
    if (!match) throw new Error(`no CPU figure; stderr: ${child.stderr.slice(0, 2000)}`);
    least = Math.min(least, Number(match[1]));
  }
  return least;
}

const withLabels = (n: number): string =>
  manifests
    .validDeployment()
    .replace('  name: web\n', `  name: web\n  labels: {${Array.from({ length: n }, (_, i) => `k${i}: v${i}`).join(', ')}}\n`);
const withUnknownFields = (n: number): string =>
  manifests.validDeployment().replace('spec:\n', `spec:\n${Array.from({ length: n }, (_, i) => `  field${i}: 1\n`).join('')}`);

/** How much more CPU time the doubled input takes, beyond the cost of starting at all. */
function growth(make: (n: number) => string, n: number): { ratio: number; base: number; single: number; double: number } {
  const base = cpuMicros(manifests.validDeployment());
  const single = cpuMicros(make(n)) - base;
  const double = cpuMicros(make(2 * n)) - base;
  return { ratio: double / Math.max(single, 1), base, single, double };
}

describe('cost grows linearly with the input', () => {
  // Quadratic work makes the ratio about 4; linear about 2. 3 leaves room for noise.
  it('a flow mapping of many labels (composing, duplicate checks)', () => {
    // 50,000 labels: at 20,000 their own cost (about 40 ms of CPU) was within the noise of
    // start-up on a busy machine (one CI run measured a ratio of 3.9, the next 2).
    const g = growth(withLabels, 50_000);
    expect(g.single).toBeGreaterThan(0);
    expect(g.ratio, JSON.stringify(g)).toBeLessThan(3);
  }, 240_000);

  it('a mapping of many unknown fields (locating each finding, suggesting a name)', () => {
    const g = growth(withUnknownFields, 5_000);
    expect(g.single).toBeGreaterThan(0);
    expect(g.ratio, JSON.stringify(g)).toBeLessThan(3);
  }, 240_000);
});
