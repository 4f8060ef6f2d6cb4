// Results that follow the platform where the base library computes something else.
import { describe, expect, it } from 'vitest';
import { CelEnvironment } from '../env/environment.js';
import { fromCel } from '../values.js';

const env = new CelEnvironment({ variables: [] });

function run(expr: string): unknown {
  const r = env.compile(expr);
  if (!r.ok) throw new Error(`${expr}: ${JSON.stringify(r.issues)}`);
  return fromCel(r.program.evaluate({}));
}

function fails(expr: string): boolean {
  const r = env.compile(expr);
  if (!r.ok) return true;
  try {
    r.program.evaluate({});
    return false;
  } catch {
    return true;
  }
}

describe('results as the platform computes them', () => {
  it.each([
    ['"\\u0085\\u00a0 text \\u3000".trim()', 'text'],
    ['"\\ufefftext\\u200b".trim()', '\ufefftext\u200b'],
    ['"ÀB".lowerAscii()', 'Àb'],
    ['"àb".upperAscii()', 'àB'],
    ['duration("0") == duration("0s") && duration("-0") == duration("0s")', true],
    ['duration("1h30m") == duration("5400s") && duration(".5s") == duration("500ms")', true],
    ['duration("2us") == duration("2000ns") && duration("2µs") == duration("2us")', true],
    ['duration(duration("2s")) == duration("2s")', true],
    ['{1: "a", 2: "b"}.transformMap(k, v, k * 10)[2]', 20],
    ['{1: "a"}.exists(k, v, k == 1 && type(k) == int)', true],
    ['{true: 1}.all(k, type(k) == bool)', true],
    ['{"a": 1, "b": 2}.transformMapEntry(k, v, {k + "!": v * 2})', { 'a!': 2, 'b!': 4 }],
    ['{"a": 1, "b": 2}.transformMapEntry(k, v, v > 1, {v: k})[2]', 'b'],
    ['[10, 20].transformMapEntry(i, v, {v: i}).exists(k, type(k) == int)', true],
  ])('%s', (expr, want) => {
    expect(run(expr)).toEqual(want);
  });

  it.each(['duration("1x")', 'duration("")', 'duration("1")', '{"a": 1, "b": 1}.transformMapEntry(k, v, {"same": v})'])(
    'fails: %s',
    (expr) => {
      expect(fails(expr)).toBe(true);
    },
  );
});

describe('string.format, url() and string offsets as the platform computes them', () => {
  it.each([
    ['"%s".format([[1.0, 2.5, 0.000000002]])', '[1.000000, 2.500000, 0.000000]'],
    ['"%s|%s|%s|%s".format([1e-7, 1000000.0, 123456.0, double("Infinity")])', '1e-07|1e+06|123456|+Inf'],
    [
      '"%s".format([[dyn("a"), dyn(b"b"), dyn(null), dyn(double("NaN")), dyn(timestamp("2023-02-03T23:31:20Z")), dyn(duration("2h"))]])',
      '["a", b"b", null, "NaN", timestamp("2023-02-03T23:31:20Z"), duration("7200s")]',
    ],
    ['"%s".format([{"b": 1.5, "a": 2.0}])', '{"a":2.000000, "b":1.500000}'],
    ['"%s".format([type(1)])', 'int'],
    ['"%e".format([1234.5])', '1.234500\u202f×\u202f10⁰³'],
    // cel-go's Scientific writes the precision as a width ("%2e"): six digits, as x/text prints them.
    ['"%.2e".format([-0.000123])', '-1.230000\u202f×\u202f10⁻⁰⁴'],
    ['"%e|%f|%f".format([double("-Infinity"), double("NaN"), "Infinity"])', '-∞|NaN|∞'],
    ['"%.2f|%.3f".format([2.675, 1234567.0])', '2.67|1,234,567.000'],
    ['"%.0f".format([2.5])', '2'],
    ['size("%.300f".format([0.1]))', 302],
    ['"%.150e".format([0.1]).endsWith("10⁻⁰¹")', true],
    ['isURL("https://example.com/a b") && isURL("mailto:a@b") && isURL("*") && isURL("https://a/x#frag")', true],
    [
      '!isURL("https://a b/") && !isURL("http://[::1") && !isURL("http://h:port/") && !isURL("relative") && !isURL(":x") && !isURL("https://a/\\u0001")',
      true,
    ],
    ['url("HTTPS://Example.com:8443/a").getScheme()', 'https'],
    ['"abc".indexOf("", 5) == 5 && "abc".lastIndexOf("", 3) == 3 && "abc".indexOf("c", 2) == 2', true],
    ['"abc".indexOf("c", 3) == -1 && "abc".indexOf("a", 30) == -1 && "abc".lastIndexOf("a", 3) == -1', true],
  ])('%s', (expr, want) => {
    expect(run(expr)).toEqual(want);
  });

  it.each([
    '"abc".indexOf("a", -1)',
    '"abc".lastIndexOf("a", -1)',
    '"%d".format([dyn(1.5)])',
    '"%f".format([dyn(2)])',
    '"%s".format([dyn(optional.of(1))])',
  ])('fails: %s', (expr) => {
    expect(fails(expr)).toBe(true);
  });
});
