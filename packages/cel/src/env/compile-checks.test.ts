// Literals the platform refuses when it compiles an expression; each issue points at the
// offending literal.
import { describe, expect, it } from 'vitest';
import { admissionEnvironment } from './admission.js';
import { CelEnvironment } from './environment.js';

const env = new CelEnvironment({ variables: [{ name: 'names', type: 'list<string>' }] });

function issueAt(expr: string): { code: string; text: string; message: string } {
  const r = env.compile(expr);
  if (r.ok) throw new Error(`${expr} compiled`);
  const i = r.issues[0] as { code: string; message: string; start: number; end: number };
  return { code: i.code, text: expr.slice(i.start, i.end), message: i.message };
}

describe('compile-time checks of literals', () => {
  it.each([
    ['duration("1x") > duration("1s")', '"1x"'],
    ['duration("1") > duration("1s")', '"1"'],
    ['timestamp("2024-13-01T00:00:00Z") > timestamp("2024-01-01T00:00:00Z")', '"2024-13-01T00:00:00Z"'],
    ['timestamp("2024-01-01") > timestamp("2024-01-01T00:00:00Z")', '"2024-01-01"'],
    ['"%s and %s".format(["a"]) == ""', '["a"]'],
    ['"%s".format(["a", "b"]) == ""', '["a", "b"]'],
    ['"%q".format(["a"]) == ""', '"%q"'],
    ['"abc".find("[") == ""', '"["'],
    ['size("abc".findAll("(", 2)) == 0', '"("'],
    ['names.sum() == ""', 'names.sum()'],
    ['[{"a": 1}].max() == {}', '[{"a": 1}].max()'],
    ['size([1, "a"]) == 2', '"a"'],
    ['size({"a": 1, "b": "x"}) == 2', '"x"'],
    ['size({1: 1, "b": 2}) == 2', '"b"'],
    ['size([1.0, 2]) == 2', '2'],
    ['size([1, dyn("a")]) == 2', 'dyn("a")'],
    ['"%d items".format(["three"]) == ""', '"three"'],
    ['"%f".format([2]) == ""', '2'],
    ['"%s".format([optional.of(1)]) == ""', 'optional.of(1)'],
  ])('%s is refused at %s', (expr, at) => {
    expect(issueAt(expr).text).toBe(at);
  });

  it.each([
    'duration("0") == duration("0s")',
    'duration("1h2m3.5s") > duration("1ms")',
    'timestamp("2024-02-29T23:59:59.123+02:00") > timestamp("2024-01-01T00:00:00Z")',
    '"%s is %d, %.2f%%, %s".format(["a", 1, 1.5, [1, "x", {"k": 2.0}]]) != ""',
    '"%s".format(names) != ""',
    'size([dyn(1), dyn("a")]) == 2',
    'size([[1], []]) == 2',
    '[1, 2].sum() == 3 && [1, 2].min() + 1 == 2 && ["a", "b"].max() == "b"',
  ])('accepts %s', (expr) => {
    expect(env.check(expr)).toEqual([]);
  });

  it('leaves constructions alone: their fields may have different types', () => {
    const patches = admissionEnvironment('jsonPatch');
    expect(patches.check('[JSONPatch{op: "add", path: "/a", value: 1}, JSONPatch{op: "add", path: "/b", value: "x"}]')).toEqual(
      [],
    );
  });

  it('accepts mixed literals where plain CEL is asked for', () => {
    const plain = new CelEnvironment({ variables: [], heterogeneousLiterals: true });
    expect(plain.check('size([1, "a"]) == 2')).toEqual([]);
  });
});

describe('libraries by release', () => {
  it.each([
    ['1.30', 'format.dns1123Label().validate("a") == optional.none()', 'format.dns1123Label()', '1.31'],
    ['1.31', '[1, 2].all(i, v, v > 0)', '[1, 2].all(i, v, v > 0)', '1.32'],
    ['1.32', 'semver("1.0.0").major() == 1', 'semver("1.0.0")', '1.33'],
    ['1.36', '[1].includes(1)', '[1].includes(1)', '1.37'],
    ['1.36', 'math.greatest(1, 2) == 2', 'math.greatest(1, 2)', '1.37'],
    ['1.29', 'ip("10.0.0.1").family() == 4', 'ip("10.0.0.1")', '1.30'],
  ])('release %s refuses %s', (release, expr, at, since) => {
    const old = admissionEnvironment('matchCondition', { release });
    const r = old.compile(expr);
    expect(r.ok).toBe(false);
    const i = r.issues[0] as { code: string; message: string; start: number; end: number };
    expect(i.code).toBe('unavailable_in_release');
    expect(expr.slice(i.start, i.end)).toBe(at);
    expect(i.message).toContain(`from release ${since}`);
    expect(admissionEnvironment('matchCondition', { release: since }).check(expr)).toEqual([]);
  });

  it('refuses mixed literals with dyn elements from release 1.29 on (type equivalence), not before (assignability)', () => {
    expect(admissionEnvironment('matchCondition', { release: '1.28' }).check('size([1, dyn("a")]) == 2')).toEqual([]);
    expect(admissionEnvironment('matchCondition', { release: '1.28' }).check('size([1, "a"]) == 2')[0]?.code).toBe(
      'heterogeneous_literal',
    );
    expect(admissionEnvironment('matchCondition', { release: '1.29' }).check('size([1, dyn("a")]) == 2')[0]?.code).toBe(
      'heterogeneous_literal',
    );
  });

  it('validates duration literals from release 1.29 on', () => {
    expect(admissionEnvironment('matchCondition', { release: '1.28' }).check('duration("5x") > duration("1s")')).toEqual([]);
    expect(admissionEnvironment('matchCondition', { release: '1.29' }).check('duration("5x") > duration("1s")')[0]?.message).toBe(
      'invalid duration "5x"',
    );
  });
});
