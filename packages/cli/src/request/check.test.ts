import { describe, expect, it } from 'vitest';
import { checkRequest, parseRequestUrl } from './check.js';
import type { CheckRequestOptions } from './check.js';

const DEPLOYMENTS = '/apis/apps/v1/namespaces/prod/deployments';
const DEPLOYMENT = `${DEPLOYMENTS}/web`;
const EVENTS = '/api/v1/namespaces/prod/events';
const APPLY = { contentType: 'application/apply-patch+yaml' };

/** `parameter rule` per finding, in order: what most tests compare. */
const found = (method: string, url: string, options?: CheckRequestOptions): string[] =>
  checkRequest(method, url, options).map((f) => `${f.parameter ?? '-'} ${f.rule}`);

describe('checkRequest: clean requests', () => {
  it.each([
    ['POST', `${DEPLOYMENTS}?dryRun=All&fieldManager=kubectl-client-side-apply&fieldValidation=Strict&pretty=true`],
    [
      'GET',
      `${DEPLOYMENTS}?labelSelector=app%3Dweb&limit=50&continue=abc&resourceVersion=10&resourceVersionMatch=NotOlderThan&timeoutSeconds=30`,
    ],
    ['GET', `${DEPLOYMENTS}?watch=true&allowWatchBookmarks=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan`],
    ['DELETE', `${DEPLOYMENT}?gracePeriodSeconds=0&propagationPolicy=Foreground`],
    ['DELETE', `${EVENTS}?labelSelector=x&gracePeriodSeconds=30&orphanDependents=false`],
    ['GET', `${DEPLOYMENT}/scale?pretty=1`],
    ['get', `https://cluster.example.com:6443/apis/apps/v1/namespaces/prod/deployments/web`],
    ['GET', `https://proxy.example.com/k8s/clusters/c-1/api/v1/namespaces/prod/events/e1`],
    [
      'GET',
      `/apis/scheduling.plat.io/v1beta1/podgroups?shardSelector=${encodeURIComponent("shardRange(object.metadata.uid, '0x0', '0x8000000000000000') || shardRange(object.metadata.namespace, '0x8000000000000000', '0x10000000000000000')")}`,
    ],
  ])('%s %s', (method, url) => {
    expect(checkRequest(method, url)).toEqual([]);
  });

  it('accepts force on an apply patch with a field manager', () => {
    expect(found('PATCH', `${DEPLOYMENT}?force=true&fieldManager=ci`, APPLY)).toEqual([]);
    expect(
      found('PATCH', `${DEPLOYMENT}/status?force=true&fieldManager=ci`, {
        contentType: 'application/apply-patch+json; charset=utf-8',
      }),
    ).toEqual([]);
  });
});

describe('checkRequest: paths', () => {
  it('reports a method the path does not allow, with what it allows', () => {
    const [f, ...rest] = checkRequest('PATCH', DEPLOYMENTS);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ rule: 'request/unknown-path', severity: 'error' });
    expect(f?.parameter).toBeUndefined();
    expect(f?.message).toContain('/apis/apps/v1/namespaces/{namespace}/deployments');
    expect(f?.message).toMatch(/POST \(create\).*GET \(list\).*DELETE \(delete collection\)/);
  });

  it('explains which part of an unknown path is wrong', () => {
    expect(checkRequest('GET', '/apis/apps/v2/namespaces/p/deployments')[0]?.message).toMatch(/group apps has version v1/);
    expect(checkRequest('GET', '/apis/apps/v1/namespaces/p/deploymentz')[0]?.message).toMatch(/serves .*deployments/);
    expect(checkRequest('GET', '/healthz')[0]?.message).toMatch(/not an API path/);
    expect(checkRequest('GET', `${DEPLOYMENT}/`)[0]?.message).toMatch(/trailing '\/'/);
    expect(found('POST', '/apis/resource.plat.io/v1/namespaces/p/devicetaintrules')).toEqual(['- request/unknown-path']);
  });

  it('says so instead of guessing for subresources the spec does not describe', () => {
    expect(checkRequest('POST', '/api/v1/namespaces/p/pods/x/eviction?bogus=1')).toEqual([
      expect.objectContaining({ rule: 'request/unchecked-subresource', severity: 'warning' }),
    ]);
  });

  it('reports URLs it cannot read', () => {
    expect(found('GET', 'apis/apps/v1/deployments')).toEqual(['- request/invalid-url']);
    expect(found('GET', 'ftp://host/apis/apps/v1/deployments')).toEqual(['- request/invalid-url']);
    expect(found('GET', 'https://[bad/apis')).toEqual(['- request/invalid-url']);
  });

  it('decodes the query and drops a base path', () => {
    expect(parseRequestUrl('https://h/base/apis/apps/v1/deployments?a=1&a=2&b=x+y%21')).toEqual({
      segments: ['apis', 'apps', 'v1', 'deployments'],
      query: [
        ['a', '1'],
        ['a', '2'],
        ['b', 'x y!'],
      ],
    });
  });
});

describe('checkRequest: parameter sets', () => {
  it('reports a parameter outside the operation set and lists the set', () => {
    const [f] = checkRequest('POST', `${DEPLOYMENTS}?watch=true`);
    expect(f).toMatchObject({ parameter: 'watch', rule: 'request/unknown-parameter' });
    expect(f?.message).toContain('pretty, dryRun, fieldManager, fieldValidation');
    expect(found('GET', `${DEPLOYMENT}?labelSelector=a`)).toEqual(['labelSelector request/unknown-parameter']);
    expect(found('DELETE', `${DEPLOYMENT}?force=true`)).toEqual(['force request/unknown-parameter']);
    expect(found('PUT', `${DEPLOYMENT}/scale?force=true`)).toEqual(['force request/unknown-parameter']);
  });

  it('suggests the right case and says when the set comes from the upstream convention', () => {
    expect(checkRequest('POST', `${DEPLOYMENTS}?dryrun=All`)[0]?.message).toMatch(/did you mean dryRun\?/);
    expect(checkRequest('GET', `${DEPLOYMENT}?x=1`)[0]?.message).toMatch(/upstream convention/);
    expect(checkRequest('POST', `${DEPLOYMENTS}?x=1`)[0]?.message).not.toMatch(/upstream convention/);
  });

  it('reports repeated parameters and checks the first value', () => {
    expect(found('GET', `${DEPLOYMENTS}?limit=5&limit=x`)).toEqual(['limit request/duplicate-parameter']);
    expect(found('GET', `${DEPLOYMENTS}?limit=x&limit=5`)).toEqual([
      'limit request/duplicate-parameter',
      'limit request/invalid-integer',
    ]);
  });
});

describe('checkRequest: values', () => {
  it('parses booleans and integers', () => {
    expect(found('GET', `${DEPLOYMENTS}?watch=yes`)).toEqual(['watch request/invalid-boolean']);
    expect(found('GET', `${DEPLOYMENTS}?watch`)).toEqual(['watch request/invalid-boolean']);
    // Upstream reads `f` as true, so it is no boolean spelling we accept.
    expect(found('GET', `${DEPLOYMENTS}?watch=f`)).toEqual(['watch request/invalid-boolean']);
    expect(found('GET', `${DEPLOYMENTS}?watch=False&limit=3`)).toEqual([]);
    expect(found('GET', `${DEPLOYMENTS}?timeoutSeconds=1.5`)).toEqual(['timeoutSeconds request/invalid-integer']);
    expect(found('GET', `${DEPLOYMENTS}?limit=9223372036854775808`)).toEqual(['limit request/invalid-integer']);
    expect(found('GET', `${DEPLOYMENTS}?limit=9223372036854775807`)).toEqual([]);
  });

  it('dryRun only All', () => {
    expect(found('POST', `${DEPLOYMENTS}?dryRun=all`)).toEqual(['dryRun request/dry-run']);
    expect(checkRequest('POST', `${DEPLOYMENTS}?dryRun=all`)[0]?.message).toMatch(/only value is 'All'/);
    expect(found('DELETE', `${DEPLOYMENT}?dryRun=`)).toEqual(['dryRun request/dry-run']);
  });

  it('fieldManager length and printable characters', () => {
    expect(found('PUT', `${DEPLOYMENT}?fieldManager=${'m'.repeat(128)}`)).toEqual([]);
    expect(found('PUT', `${DEPLOYMENT}?fieldManager=${'m'.repeat(129)}`)).toEqual(['fieldManager request/field-manager']);
    // 128 characters that take two UTF-16 units each are still 128 characters.
    expect(found('PUT', `${DEPLOYMENT}?fieldManager=${encodeURIComponent('😀'.repeat(128))}`)).toEqual([]);
    expect(checkRequest('PUT', `${DEPLOYMENT}?fieldManager=ci%09bot`)[0]?.message).toContain('U+0009');
    expect(found('PUT', `${DEPLOYMENT}?fieldManager=ci%C2%A0bot`)).toEqual(['fieldManager request/field-manager']);
    expect(found('PUT', `${DEPLOYMENT}?fieldManager=ci+bot`)).toEqual([]);
  });

  it('fieldValidation, propagationPolicy and resourceVersionMatch values', () => {
    expect(found('POST', `${DEPLOYMENTS}?fieldValidation=strict`)).toEqual(['fieldValidation request/field-validation']);
    expect(found('DELETE', `${DEPLOYMENT}?propagationPolicy=Cascade`)).toEqual(['propagationPolicy request/propagation-policy']);
    expect(found('GET', `${DEPLOYMENTS}?resourceVersion=5&resourceVersionMatch=Newest`)).toEqual([
      'resourceVersionMatch request/resource-version-match',
    ]);
    expect(found('GET', `${DEPLOYMENTS}?resourceVersion=5&resourceVersionMatch=Exact`)).toEqual([]);
  });

  it('gracePeriodSeconds not negative', () => {
    expect(found('DELETE', `${DEPLOYMENT}?gracePeriodSeconds=-1`)).toEqual(['gracePeriodSeconds request/grace-period']);
    expect(found('DELETE', `${DEPLOYMENTS}?gracePeriodSeconds=-30`)).toEqual(['gracePeriodSeconds request/grace-period']);
  });
});

describe('checkRequest: rules across parameters', () => {
  it('force only on apply patches', () => {
    expect(checkRequest('PATCH', `${DEPLOYMENT}?force=true`, { contentType: 'application/merge-patch+json' })).toEqual([
      expect.objectContaining({ parameter: 'force', rule: 'request/force-non-apply', severity: 'error' }),
    ]);
    // Even force=false is refused on a non-apply patch.
    expect(found('PATCH', `${DEPLOYMENT}/scale?force=false`, { contentType: 'application/strategic-merge-patch+json' })).toEqual([
      'force request/force-non-apply',
    ]);
    const unknown = checkRequest('PATCH', `${DEPLOYMENT}?force=true`);
    expect(unknown).toEqual([
      expect.objectContaining({ parameter: 'force', rule: 'request/force-non-apply', severity: 'warning' }),
    ]);
    expect(unknown[0]?.message).toMatch(/apply patch/);
  });

  it('an apply patch names its field manager', () => {
    expect(found('PATCH', DEPLOYMENT, APPLY)).toEqual(['fieldManager request/field-manager-required']);
    expect(found('PATCH', `${DEPLOYMENT}?fieldManager=`, APPLY)).toEqual(['fieldManager request/field-manager-required']);
    expect(found('PATCH', DEPLOYMENT, { contentType: 'application/json-patch+json' })).toEqual([]);
  });

  it('orphanDependents with propagationPolicy', () => {
    expect(found('DELETE', `${DEPLOYMENT}?orphanDependents=true&propagationPolicy=Orphan`)).toEqual([
      'orphanDependents request/orphan-with-propagation',
    ]);
    expect(found('DELETE', `${DEPLOYMENTS}?propagationPolicy=Background&orphanDependents=false`)).toEqual([
      'orphanDependents request/orphan-with-propagation',
    ]);
  });

  it('continue and limit not with watch, including the /watch/ paths', () => {
    expect(found('GET', `${DEPLOYMENTS}?watch=true&limit=10&continue=tok`)).toEqual([
      'continue request/watch-paging',
      'limit request/watch-paging',
    ]);
    expect(found('GET', `${DEPLOYMENTS}?watch=1&continue=tok`)).toEqual(['continue request/watch-paging']);
    expect(found('GET', '/apis/scheduling.plat.io/v1beta1/watch/podgroups?limit=10')).toEqual(['limit request/watch-paging']);
    expect(found('GET', `${DEPLOYMENTS}?watch=false&limit=10`)).toEqual([]);
  });

  it('sendInitialEvents needs resourceVersionMatch=NotOlderThan and a watch', () => {
    expect(found('GET', `${DEPLOYMENTS}?watch=true&sendInitialEvents=true`)).toEqual([
      'sendInitialEvents request/send-initial-events',
    ]);
    expect(
      checkRequest('GET', `${DEPLOYMENTS}?watch=true&sendInitialEvents=true&resourceVersionMatch=Exact`)[0]?.message,
    ).toMatch(/found 'Exact'/);
    expect(found('GET', `${DEPLOYMENTS}?sendInitialEvents=true&resourceVersionMatch=NotOlderThan`)).toEqual([
      'sendInitialEvents request/send-initial-events',
    ]);
    expect(
      found('GET', '/apis/scheduling.plat.io/v1beta1/watch/podgroups?sendInitialEvents=false&resourceVersionMatch=NotOlderThan'),
    ).toEqual([]);
  });
});

describe('checkRequest: shardSelector', () => {
  const list = (selector: string) => checkRequest('GET', `${DEPLOYMENTS}?shardSelector=${encodeURIComponent(selector)}`);

  it.each([
    ["shardRange(object.metadata.name, '0x0', '0x10')", /unsupported path/],
    ["shardRange(object.metadata.uid, '0x0', '0x10000000000000001')", /at most 0x10000000000000000/],
    ["shardRange(object.metadata.uid, '0x10', '0x10')", /lower than hexEnd/],
    ["shardRange(object.metadata.uid, '10', '0x20')", /'0x' prefix/],
    ["shardRange(object.metadata.uid, '0x0', '0x10') && shardRange(object.metadata.uid, '0x0', '0x10')", /expected '\|\|'/],
    ['', /empty/],
  ])('%s', (selector, message) => {
    const findings = list(selector);
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) expect(f).toMatchObject({ parameter: 'shardSelector', rule: 'request/shard-selector' });
    expect(findings.map((f) => f.message).join('\n')).toMatch(message);
    expect(findings[0]?.message).toMatch(/alpha.*ShardedListAndWatch/);
  });
});
