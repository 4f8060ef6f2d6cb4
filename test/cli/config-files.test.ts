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
