// The platform's named-format library: `format.dns1123Label()` and the other named
// formats, `format.named("...")` (an optional format), and `<format>.validate(s)`, which
// is optional.none() for a valid string and otherwise an optional list of problems.
// The problems are worded by us; which strings pass and fail follows the platform.
import type { Environment } from '@marcbachmann/cel-js';
import { Optional } from '@marcbachmann/cel-js';
import { charge } from '../budget.js';
import { parseURL } from './url.js';

class NamedFormat {
  static celType = 'kubernetes.NamedFormat';
  constructor(
    readonly name: string,
    readonly validate: (s: string) => string[],
  ) {}
}

const LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL_1035 = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const UUID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):?(\d{2}))?$/;

const tooLong = (max: number): string => `must be at most ${max} characters long`;

function pattern(re: RegExp, what: string): (s: string) => string | null {
  return (s) => (re.test(s) ? null : `${what} (regular expression '${re.source.slice(1, -1)}')`);
}

const labelShape = pattern(LABEL, 'must be a lowercase RFC 1123 label: lowercase letters, digits and "-", starting and ending with a letter or digit');
const subdomainShape = pattern(SUBDOMAIN, 'must be a lowercase RFC 1123 subdomain: lowercase letters, digits, "-" and ".", starting and ending with a letter or digit');
const label1035Shape = pattern(LABEL_1035, 'must be a DNS-1035 label: lowercase letters, digits and "-", starting with a letter and ending with a letter or digit');
const nameShape = pattern(NAME_PART, 'letters, digits, "-", "_" and ".", starting and ending with a letter or digit');
const labelValueShape = pattern(LABEL_VALUE, 'must be empty or letters, digits, "-", "_" and ".", starting and ending with a letter or digit');

function bounded(max: number, shape: (s: string) => string | null): (s: string) => string[] {
  return (s) => {
    const out: string[] = [];
    if (s.length > max) out.push(tooLong(max));
    const bad = shape(s);
    if (bad) out.push(bad);
    return out;
  };
}

// A prefix for generated names may end in "-": the platform replaces the last two
// characters by one letter before checking, so "web-" checks as "wa".
function asPrefix(check: (s: string) => string[]): (s: string) => string[] {
  return (s) => check(s.length > 1 && s.endsWith('-') ? `${s.slice(0, -2)}a` : s);
}

function qualifiedName(s: string): string[] {
  const parts = s.split('/');
  let name = s;
  const out: string[] = [];
  if (parts.length === 2) {
    const [prefix, rest] = parts as [string, string];
    name = rest;
    if (prefix.length === 0) out.push('prefix part must not be empty');
    else for (const p of bounded(253, subdomainShape)(prefix)) out.push(`prefix part ${p}`);
  } else if (parts.length > 2) {
    return ['a qualified name is a name part with an optional DNS subdomain prefix and "/"; it has more than one "/"'];
  }
  if (name.length === 0) out.push('name part must not be empty');
  else if (name.length > 63) out.push(`name part ${tooLong(63)}`);
  const bad = name.length > 0 ? nameShape(name) : null;
  if (bad) out.push(`name part must be ${bad}`);
  return out;
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
  return m && validDate(m[1] as string, m[2] as string, m[3] as string) ? [] : ['is not a date (YYYY-MM-DD)'];
}

function dateTime(s: string): string[] {
  const m = DATE_TIME.exec(s);
  const ok = m && validDate(m[1] as string, m[2] as string, m[3] as string) && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60 && (m[7] === undefined || (Number(m[7]) < 24 && Number(m[8]) < 60));
  return ok ? [] : ['is not an RFC 3339 date-time'];
}

const dns1123Label = bounded(63, labelShape);
const dns1123Subdomain = bounded(253, subdomainShape);
const dns1035Label = bounded(63, label1035Shape);

/** Every named format of the platform, by the name `format.named()` takes. */
const NAMED_FORMATS: ReadonlyMap<string, NamedFormat> = new Map(
  (
    [
      ['dns1123Label', dns1123Label],
      ['dns1123Subdomain', dns1123Subdomain],
      ['dns1035Label', dns1035Label],
      ['qualifiedName', qualifiedName],
      ['dns1123LabelPrefix', asPrefix(dns1123Label)],
      ['dns1123SubdomainPrefix', asPrefix(dns1123Subdomain)],
      ['dns1035LabelPrefix', asPrefix(dns1035Label)],
      ['labelValue', bounded(63, labelValueShape)],
      ['uri', (s: string) => (parseURL(s) ? [] : [`"${s}" is not an absolute URI or an absolute path`])],
      ['uuid', (s: string) => (UUID.test(s) ? [] : ['is not a UUID'])],
      ['byte', (s: string) => (BASE64.test(s) ? [] : ['is not base64 (standard alphabet, padded)'])],
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
