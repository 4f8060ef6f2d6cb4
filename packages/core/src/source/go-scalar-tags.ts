import type { ScalarTag } from 'yaml';
import { goJsonText } from './utf8.js';

/**
 * The two YAML 1.1 tags whose values the platform's reader turns into strings, where `yaml`
 * would make bytes and a date. The platform reads YAML with sigs.k8s.io/yaml: go-yaml v2
 * decodes into an interface{} (decode.go, decoder.scalar), then yaml.go (yamlToJSON,
 * convertToJSONableObject) passes strings on untouched and json.Marshal writes the JSON the
 * server decodes. Neither tag is ever resolved implicitly here: they carry no `test`.
 */

/** Go's base64.StdEncoding, as DecodeString takes it: line breaks skipped, `=` padding required. */
const STD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * `!!binary`: go-yaml decodes the base64 into a Go string of those bytes (and refuses the
 * document when it is not base64); json.Marshal writes it as text, bad UTF-8 as U+FFFD.
 */
export const binaryAsText: ScalarTag = {
  tag: 'tag:yaml.org,2002:binary',
  default: false,
  identify: () => false,
  resolve(source, onError) {
    const base64 = source.replace(/[\r\n]/g, '');
    if (!STD_BASE64.test(base64)) {
      onError('!!binary value is not base64 (the standard alphabet, with = padding); the platform refuses the document');
      return source;
    }
    return goJsonText(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  },
};

/**
 * `!!timestamp`: go-yaml keeps a timestamp decoded into an interface{} as the scalar's own text
 * ("for backward compatibility", decode.go decoder.scalar), and refuses the document when the
 * text is not one (resolve.go resolve: "cannot decode ... as a !!timestamp").
 */
export const timestampAsText: ScalarTag = {
  tag: 'tag:yaml.org,2002:timestamp',
  default: false,
  identify: () => false,
  resolve(source, onError) {
    if (isGoTimestamp(source)) return source;
    onError(
      `"${source}" is not a timestamp the platform reads (such as 2024-01-31, 2024-01-31 12:00:00 or 2024-01-31T12:00:00Z); the platform refuses the document`,
    );
    return source;
  },
};

/**
 * True when go-yaml v2 reads the text as a timestamp (resolve.go parseTimestamp): one of its
 * time.Parse layouts matches whole, with Go's checks of each field's range. Layouts:
 * "2006-1-2T15:4:5.999999999Z07:00" (also with a lower-case t), "2006-1-2 15:4:5.999999999"
 * and "2006-1-2": a four-digit year, other fields of one or two digits, an optional fraction
 * after `.` or `,`, and after T a zone, Z or ±hh:mm.
 */
export function isGoTimestamp(text: string): boolean {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:([Tt ])(\d{1,2}):(\d{1,2}):(\d{1,2})(?:[.,]\d+)?(Z|[+-](\d\d):(\d\d))?)?$/.exec(text);
  if (!m) return false;
  const [, year, month, day, separator, hour, minute, second, zone, zoneHour, zoneMinute] = m;
  // A zone follows T or t and nothing else; T or t needs one.
  if (separator !== undefined && (separator === ' ') !== (zone === undefined)) return false;
  const y = Number(year);
  const mo = Number(month);
  if (mo < 1 || mo > 12) return false;
  const d = Number(day);
  if (d < 1 || d > daysIn(mo, y)) return false;
  if (separator !== undefined && (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59)) return false;
  // Go lets an offset reach 24 hours and 60 minutes (time/format.go: "some people do write offsets of 24 hours").
  return zoneHour === undefined || (Number(zoneHour) <= 24 && Number(zoneMinute) <= 60);
}

function daysIn(month: number, year: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
