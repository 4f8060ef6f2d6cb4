import { describe, expect, it } from 'vitest';
import { API_SERVER_MAX_NESTING } from '@platlint/core';
import { loadState } from '../state/load.js';
import { decideReviewed, readRequest } from './decision.js';
import { findJsonSyntaxError } from './json-error.js';
import { Metrics } from './metrics.js';
import { DRY_RUN_WARNING, parseJsonBody, readReview, ReviewError, reviewResponse, reviewResponseBody } from './review.js';

const enc = (s: string) => new TextEncoder().encode(s);

function review(request: unknown): unknown {
  return { apiVersion: 'admission.plat.io/v1', kind: 'AdmissionReview', request };
}

const REQUEST = {
  uid: 'abc',
  operation: 'CREATE',
  kind: { group: 'apps', version: 'v1', kind: 'Deployment' },
  resource: { group: 'apps', version: 'v1', resource: 'deployments' },
  object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' } },
};

describe('findJsonSyntaxError', () => {
  it('accepts what JSON.parse accepts', () => {
    for (const text of ['{}', '[]', ' 1 ', '-0.5e+3', '"a\\u00e9\\n"', '{"a":[1,{"b":null}],"c":true,"d":false}', '[[[[]]]]']) {
      expect(findJsonSyntaxError(text), text).toBeUndefined();
    }
  });

  it('points at the first error with offset, line and column', () => {
    expect(findJsonSyntaxError('{"a":}')).toMatchObject({ offset: 5, line: 1, column: 6 });
    expect(findJsonSyntaxError('{\n  "a": 1,\n  b: 2}')).toMatchObject({
      offset: 14,
      line: 3,
      column: 3,
      message: expect.stringContaining('property name'),
    });
    expect(findJsonSyntaxError('[1, 2')).toMatchObject({ offset: 5, message: expect.stringContaining('end of input') });
    expect(findJsonSyntaxError('{"a": 1} x')).toMatchObject({
      offset: 9,
      message: expect.stringContaining('after the JSON value'),
    });
    expect(findJsonSyntaxError('"tab\there"')).toMatchObject({
      offset: 4,
      message: expect.stringContaining('control character'),
    });
    expect(findJsonSyntaxError('01')).toMatchObject({ offset: 1 });
    expect(findJsonSyntaxError('[1,]')).toMatchObject({ offset: 3 });
  });

  it('survives nesting deeper than any call stack', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(199_999)}`;
    expect(findJsonSyntaxError(deep)).toMatchObject({ offset: deep.length, message: expect.stringContaining('end of input') });
  });
});

describe('reading an AdmissionReview', () => {
  it('reports malformed JSON with its position', () => {
    expect(() => parseJsonBody(enc('{"apiVersion": "admission.plat.io/v1",\n "kind": }'))).toThrow(
      /not valid JSON: .* at position 48 \(line 2, column 10\)/,
    );
    expect(() => parseJsonBody(new Uint8Array([0x7b, 0xff, 0x7d]))).toThrow(/not valid UTF-8/);
  });

  it('names what is wrong with the envelope', () => {
    const cases: [unknown, RegExp][] = [
      [[], /JSON object .* not an array/],
      [
        { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', request: REQUEST },
        /apiVersion must be "admission.plat.io\/v1", got "admission.k8s.io\/v1"/,
      ],
      [{ apiVersion: 'admission.plat.io/v1', kind: 'Review', request: REQUEST }, /kind must be "AdmissionReview"/],
      [{ apiVersion: 'admission.plat.io/v1', kind: 'AdmissionReview' }, /request is missing/],
      [review({ ...REQUEST, uid: undefined }), /request.uid must be a non-empty string/],
      [review({ ...REQUEST, uid: '' }), /request.uid must be a non-empty string/],
      [review({ ...REQUEST, operation: 'PATCH' }), /request.operation must be one of/],
      [review({ ...REQUEST, kind: { group: 'apps', version: 'v1' } }), /request.kind.kind must be a non-empty string/],
      [review({ ...REQUEST, resource: undefined }), /request.resource is required/],
      [review({ ...REQUEST, object: [1] }), /request.object must be an object/],
      [review({ ...REQUEST, dryRun: 'yes' }), /request.dryRun must be a boolean/],
    ];
    for (const [body, message] of cases) expect(() => readReview(body), JSON.stringify(body)).toThrow(message);
    expect(() => readReview([])).toThrow(ReviewError);
  });

  it('takes the fields the engine reads', () => {
    const r = readReview(review({ ...REQUEST, namespace: 'shop', name: 'web', dryRun: true, userInfo: { username: 'alice' } }));
    expect(r).toMatchObject({
      uid: 'abc',
      operation: 'CREATE',
      namespace: 'shop',
      name: 'web',
      dryRun: true,
      userInfo: { username: 'alice' },
    });
    expect(r.kind).toEqual({ group: 'apps', version: 'v1', kind: 'Deployment' });
  });
});

describe('the AdmissionReview response', () => {
  it('carries a base64 JSONPatch only when the object changed', () => {
    const patch = [{ op: 'add' as const, path: '/metadata/labels', value: { a: 'b' } }];
    const changed = reviewResponse({ uid: 'u', allowed: true, patch, warnings: [], auditAnnotations: {} }, false);
    expect(changed).toMatchObject({
      apiVersion: 'admission.plat.io/v1',
      kind: 'AdmissionReview',
      response: { uid: 'u', allowed: true, patchType: 'JSONPatch' },
    });
    const encoded = (changed.response as { patch: string }).patch;
    expect(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))).toEqual(patch);
    const unchanged = reviewResponse({ uid: 'u', allowed: true, patch: [], warnings: [], auditAnnotations: {} }, false);
    expect(unchanged.response).toEqual({ uid: 'u', allowed: true });
  });

  it('gives a denial its status and a dry run its warning', () => {
    const status = { status: 'Failure' as const, code: 403, reason: 'Forbidden', message: 'no' };
    const denied = reviewResponse(
      { uid: 'u', allowed: false, patch: [], warnings: ['w'], auditAnnotations: { a: 'b' }, status },
      true,
    );
    expect(denied.response).toEqual({
      uid: 'u',
      allowed: false,
      status,
      warnings: ['w', DRY_RUN_WARNING],
      auditAnnotations: { a: 'b' },
    });
  });
});

describe('Metrics', () => {
  it('renders counters and cumulative histogram buckets in the text format', () => {
    const m = new Metrics();
    m.request('/mutate', 200, 0.0007);
    m.request('/mutate', 200, 0.003);
    m.request('/mutate', 400, 7);
    m.policyOutcome('p"1', 'b', 'denied');
    m.reload('state', 'success');
    const text = m.render();
    expect(text).toContain('platlint_webhook_requests_total{path="/mutate",code="200"} 2');
    expect(text).toContain('platlint_webhook_requests_total{path="/mutate",code="400"} 1');
    expect(text).toContain('platlint_webhook_request_duration_seconds_bucket{path="/mutate",le="0.0005"} 0');
    expect(text).toContain('platlint_webhook_request_duration_seconds_bucket{path="/mutate",le="0.001"} 1');
    expect(text).toContain('platlint_webhook_request_duration_seconds_bucket{path="/mutate",le="0.005"} 2');
    expect(text).toContain('platlint_webhook_request_duration_seconds_bucket{path="/mutate",le="5"} 2');
    expect(text).toContain('platlint_webhook_request_duration_seconds_bucket{path="/mutate",le="+Inf"} 3');
    expect(text).toContain('platlint_webhook_request_duration_seconds_count{path="/mutate"} 3');
    expect(text).toContain('platlint_webhook_policy_outcomes_total{policy="p\\"1",binding="b",outcome="denied"} 1');
    expect(text).toContain('platlint_webhook_reloads_total{source="state",result="success"} 1');
    for (const line of text.trimEnd().split('\n')) expect(line).toMatch(/^(# (HELP|TYPE) \w+ .+|\w+(\{.*\})? [-+\d.eInfNa]+)$/);
  });
});

describe('readRequest: which bodies skip the nesting walk', () => {
  /** The shortest review whose object nests one level past the API server's limit: `[` and `]` per level, nothing else. */
  function tightestDeepReview(): string {
    const levels = API_SERVER_MAX_NESTING + 1;
    const deep = `${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}`;
    return JSON.stringify(review({ ...REQUEST, object: { a: 'DEEP' } })).replace('"DEEP"', deep);
  }

  it('a body too short to nest past the limit is shallow; the tightest deep one is not, and is denied', () => {
    expect(readRequest(enc(JSON.stringify(review(REQUEST))))).toMatchObject({ shallow: true });
    const read = readRequest(enc(tightestDeepReview()));
    if (!('request' in read)) throw new Error(read.message);
    expect(read.shallow).toBe(false);
    const decision = decideReviewed('/mutate', read, loadState([]), { admitOptions: {} });
    expect(decision).toMatchObject({
      type: 'answer',
      answer: {
        allowed: false,
        status: { code: 400, message: expect.stringContaining(`nested more than ${API_SERVER_MAX_NESTING} levels`) },
      },
    });
  });
});

describe('reviewResponseBody', () => {
  it('is the JSON of reviewResponse, the patch the base64 of its UTF-8 JSON whatever its characters', () => {
    const answer = (value: string) => ({
      uid: 'abc',
      allowed: true,
      patch: [{ op: 'add', path: '/metadata/annotations', value: { note: value } }],
      warnings: [],
      auditAnnotations: {},
    });
    // ASCII, Latin-1 (one byte each for btoa, two in UTF-8), other planes, a lone surrogate.
    for (const value of ['plain', 'café', '日本語 😀', 'x\ud800y']) {
      const body = reviewResponseBody(answer(value), false);
      expect(body).toBe(JSON.stringify(reviewResponse(answer(value), false)));
      const patch = (JSON.parse(body) as { response: { patch: string } }).response.patch;
      expect(JSON.parse(Buffer.from(patch, 'base64').toString('utf8'))).toEqual(answer(value).patch);
    }
  });
});
