import { describe, expect, it } from 'vitest';
import { claimsEnvironment, userValidationEnvironment } from './authentication.js';
import { webhookMatchEnvironment } from './authorization.js';
import { fnv1a64, parseShardSelector, shardMatches } from './shard-selector.js';

describe('authentication environments', () => {
  it('types claim mappings per place', () => {
    expect(claimsEnvironment('username').check('claims.sub')).toEqual([]);
    expect(claimsEnvironment('username').check('"user:" + claims.sub')).toEqual([]);
    expect(claimsEnvironment('groups').check('["a", "b"]')).toEqual([]);
    expect(claimsEnvironment('extra').check('claims.groups.map(g, "x:" + g)')).toEqual([]);
    const i = claimsEnvironment('uid').check('size(claims.sub)');
    expect(i[0]?.message).toBe('expression must evaluate to string but got int');
    expect(claimsEnvironment('groups').check('1')[0]?.code).toBe('result_type');
    expect(claimsEnvironment('claimValidationRule').check('claims.exp > 0')).toEqual([]);
    expect(claimsEnvironment('claimValidationRule').check('user.username == "x"')[0]?.message).toContain('user');
  });

  it('evaluates claim mappings over JSON claims', () => {
    const r = claimsEnvironment('username').compile('claims.email_verified ? claims.email : claims.sub');
    if (!r.ok) throw new Error('compile');
    expect(r.program.evaluate({ claims: { email: 'a@b.c', email_verified: true, sub: 's' } })).toBe('a@b.c');
  });

  it('declares user with exactly its fields', () => {
    const env = userValidationEnvironment();
    expect(env.check('!user.username.startsWith("system:") && "devs" in user.groups && user.extra["k"].size() > 0')).toEqual([]);
    const expr = 'user.name == "x"';
    const i = env.check(expr)[0];
    expect(i && expr.slice(i.start, i.end)).toBe('name');
  });
});

describe('authorization webhook match conditions', () => {
  it('types request as the v1 SubjectAccessReview spec', () => {
    const env = webhookMatchEnvironment();
    expect(env.check("has(request.resourceAttributes) && request.resourceAttributes.namespace == 'kube-system'")).toEqual([]);
    expect(env.check('request.resourceAttributes.labelSelector.requirements.all(r, r.operator == "In")')).toEqual([]);
    expect(env.check('request.user')[0]?.code).toBe('result_type');
    expect(env.check('request.verb == "get"')[0]?.message).toContain('verb');
  });
});

describe('shardSelector', () => {
  it('accepts terms joined by ||', () => {
    const r = parseShardSelector(
      "shardRange(object.metadata.uid, '0x0', '0x8000000000000000') || shardRange(object.metadata.namespace, '0x8000000000000000', '0x10000000000000000')",
    );
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(r.ranges.map((x) => [x.path, x.end])).toEqual([
        ['object.metadata.uid', 0x8000000000000000n],
        ['object.metadata.namespace', 1n << 64n],
      ]);
  });

  it.each([
    ["shardRange(object.metadata.name, '0x0', '0x1')", 'object.metadata.name', 'unsupported path'],
    ["shardRange(object.metadata.uid, '0x10', '0x10')", "'0x10', '0x10'", 'lower than'],
    ["shardRange(object.metadata.uid, '0x0', '0x10000000000000001')", "'0x10000000000000001'", 'at most'],
    ["shardRange(object.metadata.uid, '10', '0x20')", "'10'", "'0x' prefix"],
    ["shardRange(object.metadata.uid, '0x0', '0x1') && x", '&', "'||'"],
    ["shardRange(object.metadata.uid, 0x0, '0x1')", '0', 'single-quoted'],
  ])('%s', (selector, token, message) => {
    const r = parseShardSelector(selector);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const i = r.issues[0] as { start: number; end: number; message: string };
    expect(selector.slice(i.start, i.end)).toBe(token);
    expect(i.message).toContain(message);
  });

  it('hashes with 64-bit FNV-1a and matches ranges', () => {
    expect(fnv1a64('')).toBe(0xcbf29ce484222325n);
    expect(fnv1a64('a')).toBe(0xaf63dc4c8601ec8cn);
    const r = parseShardSelector("shardRange(object.metadata.uid, '0xaf63dc4c8601ec8c', '0xaf63dc4c8601ec8d')");
    if (!r.ok) throw new Error('parse');
    expect(shardMatches(r.ranges, { metadata: { uid: 'a' } })).toBe(true);
    expect(shardMatches(r.ranges, { metadata: { uid: 'b' } })).toBe(false);
  });
});

describe('configuration environments by release', () => {
  it('refuse libraries newer than their release', () => {
    expect(
      claimsEnvironment('claimValidationRule', undefined, '1.30').check(
        'format.dns1123Label().validate(claims.sub) == optional.none()',
      )[0]?.code,
    ).toBe('unavailable_in_release');
    expect(
      claimsEnvironment('claimValidationRule', undefined, '1.31').check(
        'format.dns1123Label().validate(claims.sub) == optional.none()',
      ),
    ).toEqual([]);
    expect(webhookMatchEnvironment(undefined, '1.29').check('isIP(request.user)')[0]?.code).toBe('unavailable_in_release');
    expect(userValidationEnvironment(undefined, '1.32').check('isSemver(user.username)')[0]?.code).toBe('unavailable_in_release');
  });
});
