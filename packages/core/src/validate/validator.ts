import { Ajv } from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { PathSegment } from '../source/field-path.js';
import { getOwn } from '../source/own-property.js';
import type { SchemaNode } from '../schema/tree.js';
import { schemaAt } from '../schema/tree.js';
import { ajvFormats, formats, isFormatName } from './formats.js';
import { AJV_OPTIONS, integerWidth, intRangeOf, toJsonSchema } from './json-schema.js';
import { precompiled } from './precompiled.js';
import { quickCheckOf, type QuickCheck } from './quick-check.js';
import { crdFormatNouns } from '../custom-resources/formats.js';

/** A structural finding, before it is placed in the source. */
export interface StructuralFinding {
  ruleId:
    | 'schema/required'
    | 'schema/unknown-field'
    | 'schema/type'
    | 'schema/enum'
    | 'schema/format'
    | 'schema/range'
    | 'schema/length'
    | 'schema/duplicate'
    | 'schema/value';
  /** The field the finding is about (for a missing field: the missing field's path). */
  path: PathSegment[];
  /** Where to point: the field's key (unknown and missing fields) or its value. */
  target: 'key' | 'value' | 'parent-key';
  message: string;
  /** A replacement value for the field, when there is an obvious one. */
  replacement?: string;
}

let ajv: Ajv | undefined;
const compiled = new WeakMap<SchemaNode, ValidateFunction>();

/**
 * The validator of a kind's schema: precompiled at build time when the CLI bundle carries
 * them (compiling the pod template alone takes a third of a second), otherwise compiled on
 * first use and kept.
 */
function validatorFor(schema: SchemaNode): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    const typeId = schema['x-platlint']?.typeId;
    validate = (typeId ? precompiled?.[typeId] : undefined) ?? runtimeAjv().compile(toJsonSchema(schema));
    compiled.set(schema, validate);
  }
  return validate;
}

function runtimeAjv(): Ajv {
  if (!ajv) {
    ajv = new Ajv(AJV_OPTIONS);
    for (const [name, format] of Object.entries(ajvFormats)) ajv.addFormat(name, format);
  }
  return ajv;
}

const quickChecks = new WeakMap<SchemaNode, QuickCheck>();

/** The yes/no check of a kind's schema (quick-check.ts), made on first use and kept. */
function quickCheckFor(schema: SchemaNode): QuickCheck {
  let check = quickChecks.get(schema);
  if (!check) quickChecks.set(schema, (check = quickCheckOf(toJsonSchema(schema))));
  return check;
}

export function validateStructure(schema: SchemaNode, value: unknown): StructuralFinding[] {
  // Most values are valid: the quick check says so at a fraction of ajv's cost, and ajv runs
  // (and its errors become the findings) only where it says no.
  if (quickCheckFor(schema)(value)) return [];
  const validate = validatorFor(schema);
  if (validate(value)) return [];
  return findingsOf(validate.errors ?? [], schema, value);
}

/** ajv's errors as findings; `root` is the schema tree the value was checked against (for hints). */
export function findingsOf(errors: readonly ErrorObject[], root: SchemaNode, value: unknown): StructuralFinding[] {
  return errors.map((error) => toFinding(error, root, value)).filter((f): f is StructuralFinding => f !== undefined);
}

function toFinding(error: ErrorObject, root: SchemaNode, value: unknown): StructuralFinding | undefined {
  const path = instancePath(error.instancePath, value);
  const node = schemaAt(root, path);
  const actual = valueAt(value, path);
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const missing = String(p.missingProperty);
      return {
        ruleId: 'schema/required',
        path: [...path, missing],
        target: 'parent-key',
        message: `missing required field "${missing}"`,
      };
    }
    case 'additionalProperties': {
      const field = String(p.additionalProperty);
      const known = Object.keys(node?.properties ?? {});
      const suggestion = closest(field, known);
      const hint = suggestion ? `; did you mean "${suggestion}"?` : '';
      return {
        ruleId: 'schema/unknown-field',
        path: [...path, field],
        target: 'key',
        message: `unknown field "${field}"${hint}`,
      };
    }
    case 'type':
      return {
        ruleId: 'schema/type',
        path,
        target: 'value',
        message: `must be ${describeType(p.type)}, not ${describeValue(actual)}`,
      };
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map(String);
      const caseMatch = typeof actual === 'string' ? allowed.find((a) => a.toLowerCase() === actual.toLowerCase()) : undefined;
      const finding: StructuralFinding = {
        ruleId: 'schema/enum',
        path,
        target: 'value',
        message:
          `${describeValue(actual)} is not allowed here; use one of ${allowed.join(', ')}` +
          (caseMatch ? ` (values are case-sensitive: "${caseMatch}")` : ''),
      };
      if (caseMatch) finding.replacement = caseMatch;
      return finding;
    }
    case 'format': {
      const name = String(p.format);
      if (name.startsWith('crd:'))
        return {
          ruleId: 'schema/format',
          path,
          target: 'value',
          message: `${describeValue(actual)} is not ${crdFormatNouns[name.slice(4) as keyof typeof crdFormatNouns] ?? `a valid ${name.slice(4)}`}`,
        };
      const reason = isFormatName(name) && typeof actual === 'string' ? formats[name](actual) : undefined;
      return {
        ruleId: 'schema/format',
        path,
        target: 'value',
        message: `${describeValue(actual)} ${reason ?? `is not a valid ${name}`}`,
      };
    }
    case 'pattern':
      return {
        ruleId: 'schema/format',
        path,
        target: 'value',
        message: `${describeValue(actual)} does not match the pattern ${String(p.pattern)}`,
      };
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return {
        ruleId: 'schema/range',
        path,
        target: 'value',
        message: `${String(actual)} is out of range: must be ${error.keyword === 'exclusiveMinimum' ? 'more' : 'less'} than ${String(p.limit)}`,
      };
    case 'multipleOf':
      return {
        ruleId: 'schema/range',
        path,
        target: 'value',
        message: `${String(actual)} must be a multiple of ${String(p.multipleOf)}`,
      };
    case 'minProperties':
    case 'maxProperties': {
      const count = actual && typeof actual === 'object' ? Object.keys(actual).length : 0;
      const bound = error.keyword === 'minProperties' ? `at least ${String(p.limit)}` : `at most ${String(p.limit)}`;
      return { ruleId: 'schema/length', path, target: 'value', message: `has ${count} entries; must have ${bound}` };
    }
    case 'uniqueItems':
      return {
        ruleId: 'schema/duplicate',
        path: [...path, Number(p.i)],
        target: 'value',
        message: `repeats item ${String(p.j)}: the items must be unique`,
      };
    case 'anyOf':
    case 'oneOf':
    case 'not':
      return {
        ruleId: 'schema/value',
        path,
        target: 'value',
        message:
          error.keyword === 'not'
            ? 'matches a schema it must not match'
            : error.keyword === 'anyOf'
              ? 'matches none of the schemas it must match one of'
              : 'must match exactly one of its schemas',
      };
    case 'minimum':
    case 'maximum': {
      const limit = Number(p.limit);
      // Name the integer width only when its range, not a spec limit, is what was crossed.
      const widthLimit: readonly number[] = intRangeOf(node) ?? [];
      const kind = widthLimit.includes(limit) ? ` (${integerWidth(node)})` : '';
      const bound = error.keyword === 'minimum' ? `at least ${limit}` : `at most ${limit}`;
      return {
        ruleId: 'schema/range',
        path,
        target: 'value',
        message: `${String(actual)} is out of range: must be ${bound}${kind}`,
      };
    }
    case 'minLength':
    case 'maxLength': {
      const limit = Number(p.limit);
      const length = typeof actual === 'string' ? [...actual].length : 0;
      const bound = error.keyword === 'minLength' ? `at least ${limit}` : `at most ${limit}`;
      return { ruleId: 'schema/length', path, target: 'value', message: `is ${length} characters long; must be ${bound}` };
    }
    case 'minItems':
    case 'maxItems': {
      const limit = Number(p.limit);
      const count = Array.isArray(actual) ? actual.length : 0;
      if (error.keyword === 'minItems')
        return { ruleId: 'schema/length', path, target: 'value', message: `has ${count} items; needs at least ${limit}` };
      return { ruleId: 'schema/length', path, target: 'value', message: `has ${count} items; at most ${limit} are allowed` };
    }
    default:
      return undefined;
  }
}

/** ajv's JSON pointer, turned into segments with numbers where the value is a list. */
function instancePath(pointer: string, root: unknown): PathSegment[] {
  if (pointer === '') return [];
  const out: PathSegment[] = [];
  let current = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const segment: PathSegment = Array.isArray(current) ? Number(key) : key;
    out.push(segment);
    current = current !== null && typeof current === 'object' ? getOwn(current, key) : undefined;
  }
  return out;
}

function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let current = root;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = getOwn(current, String(segment));
  }
  return current;
}

function describeType(type: unknown): string {
  const names = (Array.isArray(type) ? type : [type]).map((t) =>
    t === 'object' ? 'a mapping' : t === 'array' ? 'a list' : `a${t === 'integer' ? 'n' : ''} ${String(t)}`,
  );
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? 'something else');
}

export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `"${value.length > 60 ? `${value.slice(0, 57)}...` : value}"`;
  if (typeof value === 'boolean') return `the boolean ${value}`;
  return `the number ${value}`;
}

/** The known name nearest to a misspelling, if it is near enough to be a likely typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = word.toLowerCase();
  const limit = Math.max(1, Math.floor(word.length / 3));
  for (const candidate of candidates) {
    // Lengths further apart than the limit cannot be near enough: skip the full comparison,
    // so a very long unknown key costs no more than its own length.
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const d = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= limit ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      // Adjacent swaps count as one edit: the commonest typo.
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] as number) + 1);
      row[j] = d;
    }
    before = previous;
    previous = row;
  }
  return previous[b.length] as number;
}
