// The platform's named-format library: `format.dns1123Label()` and the other named
// formats, `format.named("...")` (an optional format), and `<format>.validate(s)`, which
// is optional.none() for a valid string and otherwise an optional list of problems.
// Which strings pass and fail, and the problems' words, follow the platform.
import type { Environment } from '@marcbachmann/cel-js';
import { Optional } from '@marcbachmann/cel-js';
import { charge } from '../budget.js';
import { goQuote } from './format-platform.js';
import { parseRequestURI } from './url.js';

class NamedFormat {
  static celType = 'kubernetes.NamedFormat';
  constructor(
    readonly name: string,
    readonly validate: (s: string) => string[],
  ) {}
}

// The patterns and messages are the platform's facts (k8s.io/apimachinery pkg/util/validation
// validation.go IsDNS1123Label, IsDNS1123Subdomain, IsDNS1035Label, MaxLenError, RegexError at
// 008b3652; pkg/api/validate/content kube.go IsLabelKey, IsLabelValue and errors.go
// MaxLenError, which counts bytes; pkg/api/validation generic.go NameIsDNSLabel and
// maskTrailingDash; apiserver pkg/cel/library/format.go ConstantFormats for the others).
const LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const SUBDOMAIN_FMT = `${LABEL_FMT}(\\.${LABEL_FMT})*`;
const LABEL_1035_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const LABEL_KEY_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_VALUE_FMT = `(${LABEL_KEY_FMT})?`;
const whole = (fmt: string): RegExp => new RegExp(`^${fmt}$`);
const LABEL = whole(LABEL_FMT);
const SUBDOMAIN = whole(SUBDOMAIN_FMT);
const LABEL_1035 = whole(LABEL_1035_FMT);
const LABEL_KEY = whole(LABEL_KEY_FMT);
const LABEL_VALUE = whole(LABEL_VALUE_FMT);
const UUID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):?(\d{2}))?$/;

const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const LABEL_1035_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const LABEL_KEY_MSG =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const EMPTY = 'must be non-empty';

/** Lengths are Go's: bytes of UTF-8. */
const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');
/** util/validation counts characters in its words; content, the newer package, says bytes. */
const tooLong = (max: number, unit: 'characters' | 'bytes'): string => `must be no more than ${max} ${unit}`;

function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${fmt}')`;
}

function dns1123Label(s: string): string[] {
  const out = bytes(s) > 63 ? [tooLong(63, 'characters')] : [];
  if (!LABEL.test(s))
    out.push(SUBDOMAIN.test(s) ? 'must not contain dots' : regexError(LABEL_MSG, LABEL_FMT, 'my-name', '123-abc'));
  return out;
}

function dns1123Subdomain(s: string, unit: 'characters' | 'bytes' = 'characters'): string[] {
  const out = bytes(s) > 253 ? [tooLong(253, unit)] : [];
  if (!SUBDOMAIN.test(s)) out.push(regexError(SUBDOMAIN_MSG, SUBDOMAIN_FMT, 'example.com'));
  return out;
}

function dns1035Label(s: string): string[] {
  const out = bytes(s) > 63 ? [tooLong(63, 'characters')] : [];
  if (!LABEL_1035.test(s)) out.push(regexError(LABEL_1035_MSG, LABEL_1035_FMT, 'my-name', 'abc-123'));
  return out;
}

// A prefix for generated names may end in "-": the platform replaces the last two
// characters by one letter before checking, so "web-" checks as "wa".
function asPrefix(check: (s: string) => string[]): (s: string) => string[] {
  return (s) => check(s.length > 1 && s.endsWith('-') ? `${s.slice(0, -2)}a` : s);
}

function qualifiedName(s: string): string[] {
  const parts = s.split('/');
  if (parts.length > 2) {
    return [
      `a valid label key ${regexError(LABEL_KEY_MSG, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  const out: string[] = [];
  const name = parts[parts.length - 1] as string;
  if (parts.length === 2) {
    const prefix = parts[0] as string;
    if (prefix.length === 0) out.push(`prefix part ${EMPTY}`);
    else out.push(...dns1123Subdomain(prefix, 'bytes').map((m) => `prefix part ${m}`));
  }
  if (name.length === 0) out.push(`name part ${EMPTY}`);
  else if (bytes(name) > 63) out.push(`name part ${tooLong(63, 'bytes')}`);
  if (!LABEL_KEY.test(name)) out.push(`name part ${regexError(LABEL_KEY_MSG, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc')}`);
  return out;
}

function labelValue(s: string): string[] {
  const out = bytes(s) > 63 ? [tooLong(63, 'bytes')] : [];
  if (!LABEL_VALUE.test(s)) out.push(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  return out;
}

// url.ParseRequestURI's error: `parse "<s>": <why>` (Go net/url Error.Error).
function uri(s: string): string[] {
  const u = parseRequestURI(s);
  return typeof u === 'string' ? [`parse ${goQuote(s)}: ${u}`] : [];
}

function validDate(y: string, m: string, d: string): boolean {
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

function date(s: string): string[] {
  const m = FULL_DATE.exec(s);
  return m && validDate(m[1] as string, m[2] as string, m[3] as string) ? [] : ['invalid date'];
}

function dateTime(s: string): string[] {
  const m = DATE_TIME.exec(s);
  const ok =
    m &&
    validDate(m[1] as string, m[2] as string, m[3] as string) &&
    Number(m[4]) < 24 &&
    Number(m[5]) < 60 &&
    Number(m[6]) < 60 &&
    (m[7] === undefined || (Number(m[7]) < 24 && Number(m[8]) < 60));
  return ok ? [] : ['invalid datetime'];
}

/** Every named format of the platform, by the name `format.named()` takes. */
const NAMED_FORMATS: ReadonlyMap<string, NamedFormat> = new Map(
  (
    [
      ['dns1123Label', dns1123Label],
      ['dns1123Subdomain', (s: string) => dns1123Subdomain(s)],
      ['dns1035Label', dns1035Label],
      ['qualifiedName', qualifiedName],
      ['dns1123LabelPrefix', asPrefix(dns1123Label)],
      ['dns1123SubdomainPrefix', asPrefix((s) => dns1123Subdomain(s))],
      ['dns1035LabelPrefix', asPrefix(dns1035Label)],
      ['labelValue', labelValue],
      ['uri', uri],
      ['uuid', (s: string) => (UUID.test(s) ? [] : ['does not match the UUID format'])],
      ['byte', (s: string) => (BASE64.test(s) ? [] : ['invalid base64'])],
      ['date', date],
      ['datetime', dateTime],
    ] as const
  ).map(([name, check]) => [name, new NamedFormat(name, check)]),
);

export function installNamedFormats(env: Environment, namespace: string): void {
  const F = NamedFormat.celType;
  env.registerType(F, { ctor: NamedFormat, fields: {} });
  for (const [name, format] of NAMED_FORMATS) env.registerFunction(`${namespace}.${name}(): ${F}`, () => format);
  env.registerFunction(`${namespace}.named(string): optional<${F}>`, (_ns: unknown, name: string) => {
    const f = NAMED_FORMATS.get(name);
    return f ? Optional.of(f) : Optional.none();
  });
  env.registerFunction(`${F}.validate(string): optional<list<string>>`, (f: NamedFormat, s: string) => {
    charge(1 + (s.length >> 4));
    const problems = f.validate(s);
    return problems.length ? Optional.of(problems) : Optional.none();
  });
  env.registerOperator(`${F} == ${F}`, (a: NamedFormat, b: NamedFormat) => a.name === b.name);
}
