import { describe, expect, it } from 'vitest';
import { SourceFile, defaultConfig, lintSources } from '@platlint/core';
import { rules } from '../index.js';

/**
 * Spec items of the shared envelope that the engine enforces without a rule of this area:
 * each test fails if the structural fact or the engine check behind it goes away.
 */
function lint(yaml: string): { ruleId: string; path: string; message: string; fix?: string }[] {
  const [result] = lintSources({
    files: [SourceFile.fromText('covered.yaml', yaml)],
    rules,
    configFor: () => defaultConfig(process.cwd()),
  });
  return (result?.diagnostics ?? [])
    .filter((d) => d.severity === 'error')
    .map((d) => ({ ruleId: d.ruleId, path: d.path, message: d.message, ...(d.fix ? { fix: d.fix.text } : {}) }));
}

describe('metadata items covered by the engine', () => {
  it('a namespace of a namespaced kind is a DNS label', () => {
    expect(lint('apiVersion: v1\nkind: Endpoints\nmetadata: {name: web, namespace: Shop_1}\nsubsets: []\n')).toEqual([
      {
        ruleId: 'schema/format',
        path: 'metadata.namespace',
        message: '"Shop_1" has uppercase letters; a DNS label is lowercase',
      },
    ]);
    expect(
      lint(
        `apiVersion: scheduling.plat.io/v1beta1\nkind: PodGroup\nmetadata: {name: pg, namespace: ${'n'.repeat(64)}}\nspec: {schedulingPolicy: {gang: {minCount: 2}}}\n`,
      ),
    ).toEqual([
      {
        ruleId: 'schema/format',
        path: 'metadata.namespace',
        message: expect.stringMatching(/ is 64 characters long; a DNS label has at most 63$/) as string,
      },
    ]);
  });

  it('an Event namespace is held to a DNS label too (upstream would take a DNS subdomain)', () => {
    expect(
      lint(
        'apiVersion: v1\nkind: Event\nmetadata: {name: a.1, namespace: team.a}\ninvolvedObject: {kind: Pod, namespace: team.a, name: a}\n',
      ),
    ).toEqual([
      {
        ruleId: 'schema/format',
        path: 'metadata.namespace',
        message: `"team.a" is not a DNS label: use lowercase letters, digits and '-', starting and ending with a letter or digit`,
      },
    ]);
  });

  it('label and annotation values are strings', () => {
    expect(
      lint(
        'apiVersion: v1\nkind: Endpoints\nmetadata:\n  name: web\n  namespace: shop\n  labels: {replicas: 3}\n  annotations: {example.com/enabled: true}\nsubsets: []\n',
      ),
    ).toEqual([
      { ruleId: 'schema/type', path: 'metadata.labels.replicas', message: 'must be a string, not the number 3' },
      {
        ruleId: 'schema/type',
        path: 'metadata.annotations["example.com/enabled"]',
        message: 'must be a string, not the boolean true',
      },
    ]);
  });

  it('an unknown version of a known group names the versions that exist', () => {
    expect(lint('apiVersion: apps/v1beta2\nkind: Deployment\nmetadata: {name: web, namespace: shop}\n')).toEqual([
      {
        ruleId: 'document/unknown-version',
        path: 'apiVersion',
        message: 'Deployment is not served by apps/v1beta2; use apps/v1',
      },
    ]);
    expect(lint('apiVersion: scheduling.plat.io/v1\nkind: PodGroup\nmetadata: {name: pg, namespace: ml}\n')).toEqual([
      {
        ruleId: 'document/unknown-version',
        path: 'apiVersion',
        message: 'PodGroup is not served by scheduling.plat.io/v1; use scheduling.plat.io/v1beta1',
      },
    ]);
  });

  it('kind is matched exactly: a kind in the wrong case is not one platlint knows', () => {
    const [result] = lintSources({
      files: [SourceFile.fromText('covered.yaml', 'apiVersion: v1\nkind: endpoints\nmetadata: {name: web}\n')],
      rules,
      configFor: () => defaultConfig(process.cwd()),
    });
    expect(result?.diagnostics.map((d) => [d.ruleId, d.path, d.message])).toEqual([
      [
        'document/unknown-kind',
        'kind',
        "endpoints (v1) is not a kind platlint checks; skipped (to check the platform's other kinds, give its OpenAPI documents: --openapi DIR, or openapi: in platlint.config.yaml; `platlint schema pull` saves them)",
      ],
    ]);
  });
});
