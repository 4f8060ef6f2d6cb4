import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { glob } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { relative } from 'node:path';
import { defaultConfig } from '@platlint/core';
import { createLintEngine } from '@platlint/rules';

const corpus = fileURLToPath(new URL('corpus/realworld/', import.meta.url));

/**
 * Documents of catalog kinds in the corpus that are really invalid, with why. Everything
 * else of a catalog kind must lint without an error.
 */
const reallyInvalid: Record<string, string> = {
  // apps/v1beta1 was removed in release 1.16; the platform no longer serves it.
  'kubernetes-engine-samples/cost-optimization/gke-shift-left-cost/': 'Deployment in apps/v1beta1, a removed version',
  // envsubst templates: "${VAR:-default}" placeholders where integers and names must stand.
  'kubernetes-engine-samples/ai-ml/infw-gw/examples/getting-started/inference-pool-variables.yaml':
    'shell-variable placeholders in integer fields and the namespace',
  'kubernetes-engine-samples/autoscaling/custom-compute-classes/reservations/deployment-gpu.yaml':
    '"${ACCELERATOR_QUANTITY}" placeholder where a quantity must stand',
  // A volumeMount names "ca-certs", but the pod declares only "ca" and "certs": the server rejects it.
  'istio/samples/mtls-echo/mtls-echo.yaml': 'a volumeMount names a volume the pod does not declare',
  'kubernetes-engine-samples/networking/sctp/sctp-deployment.yaml':
    'containerPort: PORT, a placeholder where an integer must stand',
  // Placeholders where a service account name (a DNS subdomain) must stand.
  'kubernetes-engine-samples/ai-ml/gke-online-serving-single-gpu/src/gke-config/':
    '"$K8S_SA_NAME" placeholder as serviceAccountName',
  'kubernetes-engine-samples/ai-ml/vllm-tpu/vllm-llama3-70b.yaml': '"KSA_NAME" placeholder as serviceAccountName',
  'kubernetes-engine-samples/databases/hello-app-cloud-spanner/k8s/deployment.yaml':
    '"<KSA_NAME>" placeholder as serviceAccountName',
};

const ERRORS_TXT = readFileSync(`${corpus}ERRORS.txt`, 'utf8');

describe('real-world corpus', async () => {
  const files = (await glob(['**/*.yaml', '**/*.yml'], { cwd: corpus })).sort();
  // Through the engine, as every door lints: it knows the kustomizations beside the files.
  const engine = createLintEngine({ cwd: corpus, config: defaultConfig(corpus) });
  const results = engine.lintPaths(files.map((f) => `${corpus}${f}`)).map((r) => ({ ...r, path: relative(corpus, r.path) }));

  it('reads every file without a crash', () => {
    expect(results.length).toBe(files.length);
    expect(results.length).toBeGreaterThan(700);
  });

  it('reports no error on documents of catalog kinds, except the really invalid ones', () => {
    const unexpected = results.flatMap((r) =>
      r.diagnostics
        .filter((d) => d.severity === 'error' && !d.ruleId.startsWith('yaml/') && !d.ruleId.startsWith('document/missing'))
        .filter(() => !Object.keys(reallyInvalid).some((prefix) => r.path.startsWith(prefix)))
        .map((d) => `${r.path}:${d.range.start.line}: ${d.ruleId} ${d.path} ${d.message}`),
    );
    expect(unexpected).toEqual([]);
  });

  it('checks the kustomize patches as parts of objects, without an error for what they leave out', () => {
    const patches = results.filter((r) => r.diagnostics.some((d) => d.ruleId === 'document/kustomize-patch')).map((r) => r.path);
    // Partial Deployments without selector, template or image, and a `$patch: delete` directive.
    for (const patch of [
      'kubernetes-engine-samples/ai-ml/llm-serving-gemma/vllm/vllm-2b-awq/patch.yaml',
      'kubernetes-engine-samples/workloads/migrate-x86-app-to-multi-arch/k8s/overlays/arm/add_arm_support.yaml',
      'microservices-demo/kustomize/components/without-loadgenerator/delete-loadgenerator.patch.yaml',
    ])
      expect(patches).toContain(patch);
    expect(patches.length).toBeGreaterThan(15);
    const errors = results
      .filter((r) => patches.includes(r.path))
      .flatMap((r) => r.diagnostics.filter((d) => d.severity === 'error'));
    expect(errors).toEqual([]);
  });

  it('finds the errors in the really invalid documents', () => {
    for (const prefix of Object.keys(reallyInvalid)) {
      const hits = results.filter((r) => r.path.startsWith(prefix) && r.diagnostics.some((d) => d.severity === 'error'));
      expect(hits.length, prefix).toBeGreaterThan(0);
    }
  });

  it('reports the YAML errors the corpus documents, and only in those files', () => {
    const broken = results.filter((r) => r.diagnostics.some((d) => d.ruleId.startsWith('yaml/'))).map((r) => r.path);
    const listed = ERRORS_TXT.trim()
      .split('\n')
      .map((line) => line.split('\t')[0]);
    expect(broken.sort()).toEqual([...listed].sort());
  });

  it('reports each kind outside the catalog once per file, as information', () => {
    const infos = results.flatMap((r) =>
      r.diagnostics.filter((d) => d.ruleId === 'document/unknown-kind').map((d) => `${r.path}|${d.message}`),
    );
    expect(new Set(infos).size).toBe(infos.length);
    expect(
      results
        .flatMap((r) => r.diagnostics.filter((d) => d.ruleId === 'document/unknown-kind'))
        .every((d) => d.severity === 'info'),
    ).toBe(true);
    expect(infos.length).toBeGreaterThan(500);
  });

  it('lints the Deployments of the corpus', () => {
    const deployments = results.filter((r) => readFileSync(`${corpus}${r.path}`, 'utf8').includes('kind: Deployment'));
    expect(deployments.length).toBeGreaterThan(200);
  });
});
