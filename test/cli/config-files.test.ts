import { afterAll, describe, expect, it } from 'vitest';
import { allDiagnostics, lintJson, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const V = 'apiVersion: apiserver.plat.io/v1beta1';

describe('configuration files, read as the API server reads them', () => {
  it('accepts what the server loads though the spec calls it required', () => {
    const dir = tempDir({
      'authn.yaml': `${V}\nkind: AuthenticationConfiguration\n`,
      'authz.yaml': `${V}\nkind: AuthorizationConfiguration\nauthorizers:\n  - type: Webhook\n    name: tenant.policy\n    webhook:\n      timeout: 3s\n      subjectAccessReviewVersion: v1\n      failurePolicy: NoOpinion\n      connectionInfo: {type: InClusterConfig}\n`,
      'egress.yaml': `${V}\nkind: EgressSelectorConfiguration\negressSelections:\n  - name: Cluster\n    connection: {proxyProtocol: Direct}\n`,
    });
    const { status, report } = lintJson(['.'], { cwd: dir });
    expect(allDiagnostics(report).filter((d) => d.severity === 'error')).toEqual([]);
    expect(status).toBe(0);
  });

  it('reports a missing kind at "kind", and only the first value it cannot decode', () => {
    const dir = tempDir({
      'no-kind.yaml': `${V}\nendpoint: localhost:4317\n`,
      'wrong-type.yaml': `${V}\nkind: TracingConfiguration\nendpoint: https://collector:4317\nsamplingRatePerMillion: "100"\n`,
    });
    const { status, report } = lintJson(['no-kind.yaml', 'wrong-type.yaml'], { cwd: dir });
    expect(status).toBe(1);
    expect(allDiagnostics(report).map((d) => [d.file, d.ruleId, d.path, d.range.start.line])).toEqual([
      ['no-kind.yaml', 'document/missing-kind', 'kind', 1],
      ['wrong-type.yaml', 'schema/type', 'samplingRatePerMillion', 4],
    ]);
  });
});

// Issue 24: a configuration kind under another group was skipped as information, and nothing
// said which files the API server reads as which configuration.
describe('configuration kinds under another group, and files declared as API server configuration', () => {
  const TRACING = `${V}\nkind: TracingConfiguration\nendpoint: localhost:4317\n`;
  const DEPLOYMENT =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: web, image: nginx}]}\n';
  // A custom resource that happens to share a configuration kind's name.
  const CRD =
    'apiVersion: apiextensions.plat.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: tracingconfigurations.example.com}\nspec:\n  group: example.com\n  names: {kind: TracingConfiguration, plural: tracingconfigurations, singular: tracingconfiguration, listKind: TracingConfigurationList}\n  scope: Namespaced\n  versions:\n    - name: v1\n      served: true\n      storage: true\n      schema:\n        openAPIV3Schema:\n          type: object\n          x-kubernetes-preserve-unknown-fields: true\n';

  it('warns that the server would refuse a configuration kind under another group, and exits 0', () => {
    const dir = tempDir({ 'authn.yaml': 'apiVersion: apps/v1alpha1\nkind: AuthenticationConfiguration\njwt: []\n' });
    const { status, report } = lintJson(['authn.yaml'], { cwd: dir });
    expect(allDiagnostics(report).map((d) => [d.severity, d.ruleId, d.path, d.range.start.line, d.message])).toEqual([
      [
        'warning',
        'document/unknown-version',
        'apiVersion',
        1,
        'AuthenticationConfiguration is an API server configuration kind, which the server reads only from the group apiserver.plat.io: it would refuse this file, since apps/v1alpha1 is no group/version its configuration loader knows; write apiVersion: apiserver.plat.io/v1beta1',
      ],
    ]);
    expect(status).toBe(0);
  });

  it('leaves alone a custom resource whose definition gives it a configuration kind name', () => {
    const dir = tempDir({
      'crd.yaml': CRD,
      'cr.yaml':
        'apiVersion: example.com/v1\nkind: TracingConfiguration\nmetadata: {name: otel, namespace: default}\nendpoint: x\n',
    });
    const { status, report } = lintJson(['.'], { cwd: dir });
    expect(allDiagnostics(report).filter((d) => d.ruleId.startsWith('document/'))).toEqual([]);
    expect(status).toBe(0);
  });

  it('refuses a document of another kind in a declared file, naming the declaration; the right kind passes', () => {
    const dir = tempDir({
      'platlint.config.yaml': 'apiServerConfigs:\n  authentication: [config/authn.yaml]\n  tracing: [config/tracing-*.yaml]\n',
      'config/authn.yaml': TRACING,
      'config/tracing-otel.yaml': TRACING,
      'config/other.yaml': DEPLOYMENT,
    });
    const { status, report } = lintJson(['.'], { cwd: dir });
    expect(allDiagnostics(report).map((d) => [d.file, d.severity, d.ruleId, d.path, d.range.start.line, d.message])).toEqual([
      [
        'config/authn.yaml',
        'error',
        'document/declared-kind',
        'kind',
        2,
        'the configuration (apiServerConfigs.authentication in platlint.config.yaml) declares this file as an AuthenticationConfiguration, but this document is a TracingConfiguration (apiserver.plat.io/v1beta1): the server would refuse to load the file',
      ],
    ]);
    expect(status).toBe(1);
  });

  it('matches declarations relative to the configuration file, wherever the run starts and on every thread', () => {
    const files = {
      'platlint.config.yaml': 'apiServerConfigs:\n  authorization: [config/authz.yaml]\n',
      'config/authz.yaml':
        'apiVersion: apps/v1alpha1\nkind: AuthorizationConfiguration\nauthorizers: [{type: RBAC, name: rbac}]\n',
    };
    const expected = [['error', 'document/declared-kind', 'apiVersion', 1]];
    const dir = tempDir(files);
    const fromInside = lintJson(['authz.yaml'], { cwd: `${dir}/config` });
    expect(allDiagnostics(fromInside.report).map((d) => [d.severity, d.ruleId, d.path, d.range.start.line])).toEqual(expected);
    expect(fromInside.status).toBe(1);
    const threads = lintJson(['--workers', '2', '.'], { cwd: dir });
    expect(allDiagnostics(threads.report).map((d) => [d.severity, d.ruleId, d.path, d.range.start.line])).toEqual(expected);
    // Given with --config, the configuration's own directory is where its globs start: the
    // same name outside it is not declared (a warning only, as any such file).
    const other = tempDir({
      'ci/lint.yaml': 'apiServerConfigs:\n  authorization: [authz.yaml]\n',
      'ci/authz.yaml': files['config/authz.yaml'],
      'authz.yaml': files['config/authz.yaml'],
    });
    const given = lintJson(['--config', 'ci/lint.yaml', 'authz.yaml', 'ci/authz.yaml'], { cwd: other });
    expect(allDiagnostics(given.report).map((d) => [d.file, d.severity, d.ruleId])).toEqual([
      ['authz.yaml', 'warning', 'document/unknown-version'],
      ['ci/authz.yaml', 'error', 'document/declared-kind'],
    ]);
  });
});
