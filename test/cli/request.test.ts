// `platlint request METHOD URL` through the real CLI process: exit statuses, the one-line
// stylish output, the json report, and usage errors.
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

const DEPLOYMENT = '/apis/apps/v1/namespaces/prod/deployments/web';

interface RequestReport {
  version: number;
  method: string;
  url: string;
  findings: { parameter?: string; rule: string; severity: string; message: string }[];
}

function requestJson(args: readonly string[]): { status: number | null; report: RequestReport } {
  const result = runCli(['request', '--format', 'json', ...args]);
  try {
    return { status: result.status, report: JSON.parse(result.stdout) as RequestReport };
  } catch {
    throw new Error(`no JSON (exit ${String(result.status)}).\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
  }
}

describe('platlint request', () => {
  it('exits 0 and prints nothing for a clean request', () => {
    const result = runCli([
      'request',
      'GET',
      `https://cluster.example.com:6443/apis/apps/v1/namespaces/prod/deployments?watch=true&resourceVersionMatch=NotOlderThan&sendInitialEvents=true`,
    ]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('');
    expect(result.status).toBe(0);
  });

  it('prints one finding a line with its parameter and rule, and exits 1', () => {
    const result = runCli(['request', 'delete', `${DEPLOYMENT}?propagationPolicy=Cascade&gracePeriodSeconds=-5&bogus=1`]);
    expect(result.status).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^propagationPolicy: .*'Cascade'.* {2}request\/propagation-policy$/);
    expect(lines[1]).toMatch(/^gracePeriodSeconds: .* {2}request\/grace-period$/);
    expect(lines[2]).toMatch(/^bogus: .* {2}request\/unknown-parameter$/);
  });

  it('reports a path finding on a line of its own', () => {
    const result = runCli(['request', 'POST', DEPLOYMENT]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(
      /^url: POST is not an operation of .*deployments\/\{name\}; this path allows .*PATCH \(patch\).* {2}request\/unknown-path\n$/,
    );
  });

  it('takes the content type into account for force', () => {
    const url = `${DEPLOYMENT}?force=true&fieldManager=ci`;
    expect(runCli(['request', 'PATCH', url, '--content-type', 'application/apply-patch+yaml']).status).toBe(0);
    const merge = runCli(['request', 'PATCH', url, '--content-type=application/merge-patch+json']);
    expect(merge.status).toBe(1);
    expect(merge.stdout).toMatch(/^force: (?!warning).*merge-patch.* {2}request\/force-non-apply\n$/);
    const unknown = runCli(['request', 'PATCH', url]);
    expect(unknown.stdout).toMatch(/^force: warning: .*apply patch.* {2}request\/force-non-apply\n$/);
  });

  it('writes a json report', () => {
    const url =
      '/apis/scheduling.plat.io/v1beta1/podgroups?limit=x&shardSelector=shardRange(object.metadata.name,%270x0%27,%270x1%27)';
    const { status, report } = requestJson(['get', url]);
    expect(status).toBe(1);
    expect(report).toMatchObject({ version: 1, method: 'GET', url });
    expect(report.findings.map((f) => [f.parameter, f.rule, f.severity])).toEqual([
      ['limit', 'request/invalid-integer', 'error'],
      ['shardSelector', 'request/shard-selector', 'error'],
    ]);
    expect(report.findings[1]?.message).toMatch(/object\.metadata\.name.*ShardedListAndWatch/);
    expect(requestJson(['GET', '/api/v1/namespaces/prod/events/e1']).report.findings).toEqual([]);
  });

  it.each([
    [['request'], /METHOD and a URL/],
    [['request', 'GET'], /METHOD and a URL/],
    [['request', 'FETCH', DEPLOYMENT], /unknown method "FETCH"/],
    [['request', 'GET', DEPLOYMENT, 'extra'], /unexpected "extra"/],
    [['request', 'GET', 'apis/apps/v1/deployments'], /neither an absolute http\(s\) URL nor a path/],
    [['request', 'GET', DEPLOYMENT, '--format', 'sarif'], /unknown format "sarif"/],
    [['request', 'GET', DEPLOYMENT, '--colour'], /--colour/],
  ])('exits 2 on a usage error: %j', (args, message) => {
    const result = runCli(args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });
});
