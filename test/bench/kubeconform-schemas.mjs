// kubeconform as a side of the process benchmark: where its binary is, and the command line
// that validates a corpus against platlint's own exported schemas, so that both tools check
// the same kinds. Kinds without a schema are skipped by kubeconform (-ignore-missing-schemas),
// as platlint reports them as `info` and checks nothing more.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The kubeconform binary to run: the one given, else one on the PATH; undefined when there is none. */
export function findKubeconform(given) {
  const candidate = given ?? 'kubeconform';
  const probe = spawnSync(candidate, ['-v'], { encoding: 'utf8' });
  return probe.status === 0 ? candidate : undefined;
}

/**
 * Writes platlint's schemas in the layout kubeconform's default template looks up
 * (`{{ .ResourceKind }}{{ .KindSuffix }}.json`) under the system's temporary directory, from
 * the CLI being measured, and returns that directory. The names come from the function the
 * CRD export uses.
 */
export async function kubeconformSchemas(cli) {
  const dir = join(tmpdir(), 'platlint-bench', `kubeconform-schemas-${process.pid}`);
  const exported = join(dir, 'exported');
  const layout = join(dir, 'layout');
  mkdirSync(layout, { recursive: true });
  execFileSync(process.execPath, [cli, 'schema', '--out', exported], { stdio: 'ignore' });
  const { kubeconformFileName } = await import(join(root, 'packages/core/dist/src/schema-export/custom.js'));
  for (const file of readdirSync(exported)) {
    // Each per-kind schema is titled "Kind (apiVersion)"; the combined one has no such title.
    const title = /^(\S+) \((\S+)\)$/.exec(JSON.parse(readFileSync(join(exported, file), 'utf8')).title ?? '');
    if (title) copyFileSync(join(exported, file), join(layout, kubeconformFileName({ kind: title[1], apiVersion: title[2] })));
  }
  return layout;
}

/** The command line of kubeconform over a corpus, one worker, with the schemas of kubeconformSchemas. */
export function kubeconformArgv(binary, layout, corpus) {
  return [
    binary,
    '-n',
    '1',
    '-summary',
    '-ignore-missing-schemas',
    '-schema-location',
    `${layout}/{{ .ResourceKind }}{{ .KindSuffix }}.json`,
    corpus,
  ];
}
