// Library results restated from upstream, each row naming the upstream file and function it
// restates: the words of the named-format library's validate(), and cross-type numeric
// equality in the sets library and list membership.
import { describe, expect, it } from 'vitest';
import { CelEnvironment } from '../env/environment.js';
import { fromCel } from '../values.js';

const env = new CelEnvironment({ variables: [] });

function run(expr: string): unknown {
  const r = env.compile(expr);
  if (!r.ok) throw new Error(`${expr}: ${JSON.stringify(r.issues)}`);
  return fromCel(r.program.evaluate({}));
}

const validate = (format: string, value: string): unknown =>
  run(`format.${format}().validate(${JSON.stringify(value)}).orValue(["valid"])`);

// k8s.io/apimachinery pkg/util/validation/validation.go at 008b3652959ca58af8be3fb5b6ecfe9ae7638282
// (IsDNS1123Label, IsDNS1123Subdomain, IsDNS1035Label, MaxLenError, RegexError), reached through
// pkg/api/validation/generic.go (NameIsDNSLabel, NameIsDNSSubdomain, NameIsDNS1035Label, maskTrailingDash).
const LABEL =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_1035 =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
// pkg/api/validate/content kube.go (IsLabelKey, IsLabelValue) and errors.go (MaxLenError: bytes).
const NAME_PART =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

describe("named formats: validate() in the platform's words (apiserver pkg/cel/library/format.go, ConstantFormats)", () => {
  it.each([
    ['dns1123Label', 'my-name', ['valid']],
    ['dns1123Label', 'My_Name', [LABEL]],
    ['dns1123Label', 'a.b', ['must not contain dots']],
    ['dns1123Label', 'a'.repeat(64), ['must be no more than 63 characters']],
    ['dns1123LabelPrefix', 'web-', ['valid']],
    ['dns1123Subdomain', '-a', [SUBDOMAIN]],
    ['dns1123Subdomain', 'a'.repeat(254), ['must be no more than 253 characters']],
    ['dns1123SubdomainPrefix', 'example.com-', ['valid']],
    ['dns1035Label', '1a', [LABEL_1035]],
    ['dns1035LabelPrefix', 'a-', ['valid']],
    // IsLabelKey: an empty name part draws both its messages; a bad prefix is prefixed.
    ['qualifiedName', 'example.com/', ['name part must be non-empty', NAME_PART]],
    ['qualifiedName', '/name', ['prefix part must be non-empty']],
    ['qualifiedName', 'Bad_/name', [`prefix part ${SUBDOMAIN}`]],
    [
      'qualifiedName',
      'a/b/c',
      [
        "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
      ],
    ],
    ['qualifiedName', 'a'.repeat(64), ['name part must be no more than 63 bytes']],
    ['labelValue', '-', [LABEL_VALUE]],
    // Go counts bytes: 32 two-byte letters are 64 bytes.
    ['labelValue', 'é'.repeat(32), ['must be no more than 63 bytes', LABEL_VALUE]],
    ['uuid', 'x', ['does not match the UUID format']],
    ['byte', '!', ['invalid base64']],
    ['date', '2021-02-30', ['invalid date']],
    ['datetime', 'yesterday', ['invalid datetime']],
    // uri: Go net/url ParseRequestURI's error, `parse "<s>": <why>` (url.go Error.Error, parse, parseHost, unescape).
    ['uri', 'relative/path', ['parse "relative/path": invalid URI for request']],
    ['uri', '', ['parse "": empty url']],
    ['uri', ':x', ['parse ":x": missing protocol scheme']],
    ['uri', 'http://host:port/', ['parse "http://host:port/": invalid port ":port" after host']],
    ['uri', 'http://[::1/', ['parse "http://[::1/": missing \']\' in host']],
    ['uri', 'http://ho^st/', ['parse "http://ho^st/": invalid character "^" in host name']],
    ['uri', '/a%zz', ['parse "/a%zz": invalid URL escape "%zz"']],
    ['uri', 'http://a b@host/', ['parse "http://a b@host/": net/url: invalid userinfo']],
    ['uri', 'http://example.com/a?b', ['valid']],
  ])('format.%s().validate(%j)', (format, value, expected) => expect(validate(format, value)).toEqual(expected));
});

describe('cross-type numeric equality (cel-go ext/sets.go doc examples; lists.textproto "in")', () => {
  it.each([
    // ext/sets.go setsContains/setsEquivalent/setsIntersects use list Contains, CEL equality across numbers.
    ['sets.contains([1], [1.0])', true],
    ['sets.contains([dyn(1), dyn(2.0), dyn(3u)], [dyn(1.0), dyn(2u), dyn(3)])', true],
    ['sets.equivalent([dyn(1)], [dyn(1u), dyn(1.0)])', true],
    ['sets.equivalent([dyn(1), dyn(2), dyn(3)], [dyn(3u), dyn(2.0), dyn(1)])', true],
    ['sets.intersects([[1], [2, 3]], [dyn([1, 2]), dyn([dyn(2), dyn(3.0)])])', true],
    ['sets.intersects([1], [1.5])', false],
    // cel-spec lists.textproto, section in: the checker wants one element type, dyn() mixes them.
    ['dyn(3.0) in [5, 4, 3, 2, 1]', true],
    ['dyn(3) in [5.0, 4.0, 3.0, 2.0, 1.0]', true],
  ])('%s', (expr, expected) => expect(run(expr)).toBe(expected));
});

// cel-go's grammar (parser/gen/CEL.g4, relation: `in` is an operator): `x in {...}` after a
// closing parenthesis is map membership, never a construction of a type named "in".
describe('membership in a map literal', () => {
  it.each([
    ['dyn(1) in {1: 2}', true],
    ['(2) in {1: 2}', false],
    ['dyn(1) in {"a": 2}', false],
    ['"a".size() in {1: true}', true],
  ])('%s', (expr, expected) => expect(run(expr)).toBe(expected));
});

// string.format as the platform runs it: cel-go ext/formatting.go (strings version 2, which
// k8s.io/apiserver pkg/cel/environment/base.go configures), printing through golang.org/x/text/message.
describe('string.format of maps and %e (cel-go ext/formatting.go)', () => {
  const N = '\u202f';
  it.each([
    // formatMap: keys written as CEL literals (strings quoted, int, uint and bool bare), pairs sorted by that text.
    ['"%s".format([{1: "a", 2: "b"}])', '{1:"a", 2:"b"}'],
    ['"%s".format([{2: 1, 10: 2}])', '{10:2, 2:1}'],
    ['"%s".format([{true: 1, false: 2}])', '{false:2, true:1}'],
    ['"%s".format([{"b": 1, "a": 2}])', '{"a":2, "b":1}'],
    ['"%s".format([{"1": "x"}])', '{"1":"x"}'],
    ['"%s".format([dyn({dyn(1): "a", dyn("b"): 2, dyn(true): 3})])', '{"b":2, 1:"a", true:3}'],
    ['"%s".format([{"\\uffff": 1, "\\U0001F600": 2}])', '{"\uffff":1, "\u{1F600}":2}'],
    // stringFormatter.Scientific: fmt.Sprintf("%%%de", *precision), a width, never a precision.
    ['"%.3e".format([1234.5678])', `1.234568${N}×${N}10⁰³`],
    ['"%.20e".format([1234.5678])', `     1.234568${N}×${N}10⁰³`],
    ['"%.20e".format([-1.5e-10])', `   -1.500000${N}×${N}10⁻¹⁰`],
    ['"%.20e".format(["NaN"])', `${' '.repeat(17)}NaN`],
    ['"%e".format([1e100])', `1.000000${N}×${N}10¹⁰⁰`],
  ])('%s', (expr, expected) => expect(run(expr)).toBe(expected));

  it('keeps a width modulo 65536, as the printer does (%.70000e pads to 4464 characters)', () => {
    expect([...(run('"%.70000e".format([1.5])') as string)].length).toBe(70000 % 65536);
  });
});

// cel-spec lists.textproto (section "in") and fields.textproto: membership compares numbers
// across int, uint and double, as cel-go's Int/Uint/Double Equal and baseMap.Contains do.
describe('membership across numeric types', () => {
  it.each([
    ['dyn(3u) in [5, 4, 3, 2, 1]', true],
    ['dyn(3u) in [5.0, 4.0, 3.0, 2.0, 1.0]', true],
    ['dyn(3) in [5u, 4u, 3u, 2u, 1u]', true],
    ['dyn(3.0) in [5u, 4u, 3u, 2u, 1u]', true],
    ['dyn(3.5) in [3, 4]', false],
    ['dyn(3.0) in {1: 1, 2: 2, 3: 3}', true],
    ['dyn(2u) in {1: "a", 2: "b"}', true],
    ['dyn(3.1) in {1: 1, 3: 3}', false],
    // A string key is no number: cel-go finds no int 3 in {"3": ...}.
    ['dyn(3) in dyn({"3": 1})', false],
    ['"3" in {"3": 1}', true],
  ])('%s', (expr, expected) => expect(run(expr)).toBe(expected));
});
