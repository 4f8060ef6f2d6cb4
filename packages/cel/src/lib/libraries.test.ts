import { describe, expect, it } from 'vitest';
import { CelEnvironment } from '../env/environment.js';

const env = new CelEnvironment({ variables: [{ name: 'm', type: 'map<string, dyn>' }] });

function run(expr: string, activation: Record<string, unknown> = {}): unknown {
  const r = env.compile(expr);
  if (!r.ok) throw new Error(`${expr}: ${JSON.stringify(r.issues)}`);
  return r.program.evaluate(activation);
}

describe('libraries', () => {
  it.each([
    ['"héllo wörld".indexOf("w")', 6n],
    ['"😀abc".indexOf("b")', 2n],
    ['"abcabc".lastIndexOf("bc")', 4n],
    ['"😀abc".substring(1, 3)', 'ab'],
    ['"abc".charAt(3)', ''],
    ['"a-b-c".replace("-", "+")', 'a+b+c'],
    ['"a-b-c".replace("-", "+", 1)', 'a+b-c'],
    ['"a,b,c".split(",").join("|")', 'a|b|c'],
    ['"  x ".trim()', 'x'],
    ['"abc".reverse()', 'cba'],
    ['"%s has %d items, %.2f%%".format(["cart", 3, 12.375])', 'cart has 3 items, 12.38%'],
    ['strings.quote("a\\nb")', '"a\\nb"'],
    ['[1, 2, 3].isSorted() && ![3, 1].isSorted()', true],
    ['[1, 2, 3].sum()', 6n],
    ['[1.5, 2.5].sum()', 4],
    ['[3, 1, 2].min() + [3, 1, 2].max()', 4n],
    ['["a", "b", "a"].lastIndexOf("a")', 2n],
    ['[1, 2, 3, 4].slice(1, 3)', [2n, 3n]],
    ['[dyn(1), dyn([dyn(2), dyn([3])])].flatten()', [1n, 2n, [3n]]],
    ['[1, 2, 1].distinct()', [1n, 2n]],
    ['sets.contains([1, 2, 3], [3, 1]) && sets.equivalent([1, 2], [2, 1, 1]) && !sets.intersects([1], [2])', true],
    ['"pod-abc-123".find("[0-9]+")', '123'],
    ['"a1b22c333".findAll("[0-9]+")', ['1', '22', '333']],
    ['"a1b22c333".findAll("[0-9]+", 2)', ['1', '22']],
    ['url("https://example.com:8443/a%20b?x=1&x=2").getQuery()["x"]', ['1', '2']],
    ['url("https://[::1]:80/").getHostname()', '::1'],
    ['isURL("/absolute/path") && !isURL("relative")', true],
    ['ip("2001:db8::68").family() == 6 && ip("127.0.0.1").isLoopback()', true],
    ['string(cidr("10.1.2.3/8").masked())', '10.0.0.0/8'],
    ['cidr("10.0.0.0/8").containsCIDR("10.1.0.0/16")', true],
    ['isIP("::ffff:1.2.3.4")', false],
    ['quantity("500m").isLessThan(quantity("1"))', true],
    ['quantity("1.5Gi").asInteger()', 1610612736n],
    ['quantity("1k").add(24).compareTo(quantity("1024"))', 0n],
    ['quantity("1Mi") == quantity("1048576")', true],
    ['isQuantity("1.5x")', false],
    ['semver("1.2.3-alpha").isLessThan(semver("1.2.3"))', true],
    ['semver("v1.2", true).minor()', 2n],
    ['isSemver("1.02.3")', false],
    ['jsonpatch.escapeKey("a/b~c")', 'a~1b~0c'],
    ['m.?missing.orValue("d")', 'd'],
    ['{"a": 1, "b": 2}.transformMap(k, v, v * 10)["b"]', 20n],
    ['[10, 20].exists(i, v, i == 1 && v == 20)', true],
    ['[1, 2, 3].existsOne(x, x > 2)', true],
    ['lists.range(3).map(x, x * x)', [0n, 1n, 4n]],
    ['base64.encode(b"hi")', 'aGk='],
  ])('%s', (expr, want) => {
    expect(run(expr, { m: {} })).toEqual(want);
  });

  it('reports library errors at the call', () => {
    const expr = '"abc".substring(2, 1) == ""';
    const r = env.compile(expr);
    if (!r.ok) throw new Error('compile');
    try {
      r.program.evaluate({});
      throw new Error('no error');
    } catch (e) {
      const range = (e as { range?: { start: number; end: number } }).range;
      expect(range && expr.slice(range.start, range.end)).toBe('"abc".substring(2, 1)');
    }
  });

  it('rejects calls with the wrong argument types at compile time', () => {
    const expr = '"abc".indexOf(1) == 0';
    const r = env.compile(expr);
    expect(r.ok).toBe(false);
    expect(r.issues[0]?.message).toContain('string.indexOf(int)');
  });
});
