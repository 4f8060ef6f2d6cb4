// Functions the platform's release-1.37 CEL libraries have beyond the base library.
import { Optional } from '@marcbachmann/cel-js';
import { describe, expect, it } from 'vitest';
import { CelEnvironment } from '../env/environment.js';
import { fromCel } from '../values.js';

const env = new CelEnvironment({ variables: [] });

function run(expr: string): unknown {
  const r = env.compile(expr);
  if (!r.ok) throw new Error(`${expr}: ${JSON.stringify(r.issues)}`);
  const v = r.program.evaluate({});
  return v instanceof Optional ? { optional: v.hasValue() ? fromCel(v.value()) : 'none' } : fromCel(v);
}

describe('named formats', () => {
  it.each([
    ['format.dns1123Label().validate("my-label-name")', { optional: 'none' }],
    ['format.dns1123Label().validate("contains a space").value().size()', 1],
    ['format.dns1123Label().validate("a".repeat(64)).value().size()', 1],
    ['format.dns1123Subdomain().validate("apiextensions.plat.io")', { optional: 'none' }],
    ['format.dns1123Subdomain().validate("Upper.case").hasValue()', true],
    ['format.dns1035Label().validate("1abc").hasValue()', true],
    ['format.qualifiedName().validate("apiextensions.plat.io/v1beta1")', { optional: 'none' }],
    ['format.qualifiedName().validate("a/b/c").hasValue() && format.qualifiedName().validate("/b").hasValue()', true],
    ['format.dns1123LabelPrefix().validate("my-prefix-")', { optional: 'none' }],
    ['format.dns1123SubdomainPrefix().validate("mysubdomain.prefix.-")', { optional: 'none' }],
    ['format.dns1035LabelPrefix().validate("my-prefix-")', { optional: 'none' }],
    ['format.labelValue().validate("") == optional.none() && format.labelValue().validate("x!").hasValue()', true],
    ['format.uri().validate("http://example.com") == optional.none() && format.uri().validate("relative").hasValue()', true],
    [
      'format.uuid().validate("123e4567-e89b-12d3-a456-426614174000") == optional.none() && format.uuid().validate("123").hasValue()',
      true,
    ],
    ['format.byte().validate("aGVsbG8=") == optional.none() && format.byte().validate("aGVsbG8").hasValue()', true],
    ['format.date().validate("2020-02-29") == optional.none() && format.date().validate("2021-02-29").hasValue()', true],
    [
      'format.datetime().validate("2020-01-01T00:00:00Z") == optional.none() && format.datetime().validate("2020-01-32T00:00:00Z").hasValue()',
      true,
    ],
    ['format.named("dns1123Label").value() == format.dns1123Label() && format.dns1123Label() != format.dns1035Label()', true],
    ['format.named("unknown").hasValue()', false],
  ])('%s', (expr, want) => {
    expect(run(expr.replace('"a".repeat(64)', `"${'a'.repeat(64)}"`))).toEqual(want);
  });
});

describe('lists, optionals, types', () => {
  it.each([
    ['[1, 2, 3].includes(2) && !["a"].includes("b") && "model-a".includes("model-a")', true],
    ['[{"n": 3}, {"n": 1}, {"n": 2}].sortBy(e, e.n).map(e, e.n)', [1, 2, 3]],
    ['["bb", "a", "cc"].sortBy(s, size(s))', ['a', 'bb', 'cc']],
    ['[duration("1s"), duration("2m")].sum() == duration("121s")', true],
    [
      '[duration("3s"), duration("1s")].min() == duration("1s") && [duration("3s"), duration("1s")].max() == duration("3s")',
      true,
    ],
    ['[duration("1s"), duration("1m")].isSorted() && ![duration("1m"), duration("1s")].isSorted()', true],
    ['optional.ofNonZeroValue(0) == optional.none() && optional.ofNonZeroValue([1]).hasValue()', true],
    ['optional.of(2).optMap(x, x * 3)', { optional: 6 }],
    ['optional.none().optMap(x, x * 3)', { optional: 'none' }],
    ['optional.of(2).optFlatMap(x, x > 1 ? optional.of(x) : optional.none())', { optional: 2 }],
    ['type(ip("10.0.0.1")) == net.IP && type(cidr("10.0.0.0/8")) == net.CIDR && type(ip("::1")) != net.CIDR', true],
    ['url("https://a.example/x?q=1") == url("https://a.example/x?q=1") && url("https://a/b") != url("https://a/c")', true],
    [
      'quantity("1.5Gi").mul(2) == quantity("3Gi") && quantity("10").divInt(3) == quantity("3") && quantity("-10").divInt(3) == quantity("-3")',
      true,
    ],
    [
      'quantity("1").div(3) == quantity("0.3333") && quantity("2").div(3) == quantity("0.6667") && quantity("2").div(3, 1) == quantity("0.7")',
      true,
    ],
    ['sign(quantity("-5m")) == -1 && quantity("5m").sign() == 1', true],
  ])('%s', (expr, want) => {
    expect(run(expr)).toEqual(want);
  });

  it('rejects optMap over a non-optional', () => {
    const r = env.compile('(1).optMap(x, x)');
    expect(r.ok).toBe(false);
  });
});

describe('quantity division errors', () => {
  it.each(['quantity("1").div(0)', 'quantity("1").divInt(0)', 'quantity("1").div(3, 11)'])('%s fails', (expr) => {
    expect(() => run(expr)).toThrow();
  });
});

describe('image references', () => {
  const digest = `sha256:${'ab'.repeat(32)}`;
  it.each([
    ['image("registry.plat.io/api-server:1.0").registry()', 'registry.plat.io'],
    ['image("registry.plat.io/team/api-server").tag()', 'latest'],
    ['image("nginx").registry() + "/" + image("nginx").repository()', 'index.docker.io/library/nginx'],
    ['image("localhost:5000/app:dev").registry()', 'localhost:5000'],
    [`image("registry.plat.io/app@${digest}").digest()`, digest],
    [`image("registry.plat.io/app:1.0@${digest}").identifier()`, digest],
    [`image("registry.plat.io/app:1.0@${digest}").containsDigest() && !image("app:1.0").containsDigest()`, true],
    ['image("app:1.0").identifier()', '1.0'],
    ['isImage("registry.plat.io//app") || isImage("UPPER/case") || isImage("app:bad tag")', false],
  ])('%s', (expr, want) => {
    expect(run(expr)).toEqual(want);
  });
});
