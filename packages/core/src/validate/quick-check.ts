import { ajvFormats } from './formats.js';
import type { JsonSchema } from './json-schema.js';

/**
 * A yes/no check of a value against the JSON Schema that ajv compiles (json-schema.ts), made
 * from that same schema, so the two cannot drift apart.
 *
 * Why: ajv's code tests every property a schema names (`data.x !== undefined`), and the pod
 * spec, its containers and volumes name dozens each, nearly all absent; it also builds each
 * nested call's JSON pointer as it goes. This check walks the keys a value has instead and
 * builds nothing. Most manifests are valid, so ajv only runs (and words the findings) when
 * this check says no.
 *
 * The contract is one-way: `true` only where ajv finds no error. Where this check is unsure it
 * says no and ajv decides, so findings stay ajv's: a keyword it does not know, a property
 * named like one of Object.prototype (ajv's `data.x` would find it there), a property whose
 * value is `undefined`.
 */
export type QuickCheck = (value: unknown) => boolean;

const NEVER: QuickCheck = () => false;

/** Keywords this check knows; a schema with any other one is always left to ajv. */
const KNOWN = new Set([
  '$ref',
  'type',
  'properties',
  'additionalProperties',
  'required',
  'items',
  'minItems',
  'maxItems',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'enum',
  'if',
  'else',
  'allOf',
]);

const DEFINITION_REF = '#/definitions/';

/**
 * A compiled schema: the value classes its `type` allows (a bit each, all of them without a
 * `type`) and the check of its other keywords. Kept apart so that a mapping's loop tests a
 * field's type without a call: most fields are plain strings and numbers.
 */
interface Compiled {
  types: number;
  rest: QuickCheck | undefined;
}

const STRING = 1;
const INTEGER = 2;
const FRACTION = 4;
const BOOLEAN = 8;
const NULL = 16;
const MAPPING = 32;
const LIST = 64;
/** Anything else (undefined, NaN, an infinity, a function): no `type` allows it. */
const OTHER = 128;
const ANY = STRING | INTEGER | FRACTION | BOOLEAN | NULL | MAPPING | LIST | OTHER;

/** ajv's type tests by name: an integer or number is finite, an object is neither null nor a list. */
const TYPE_BITS: Readonly<Record<string, number>> = {
  string: STRING,
  integer: INTEGER,
  number: INTEGER | FRACTION,
  boolean: BOOLEAN,
  null: NULL,
  object: MAPPING,
  array: LIST,
};

function classOf(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return STRING;
    case 'number':
      return Number.isInteger(value) ? INTEGER : Number.isFinite(value) ? FRACTION : OTHER;
    case 'boolean':
      return BOOLEAN;
    case 'object':
      return value === null ? NULL : Array.isArray(value) ? LIST : MAPPING;
    default:
      return OTHER;
  }
}

const REFUSED: Compiled = { types: 0, rest: undefined };

function passes(compiled: Compiled, value: unknown): boolean {
  return (compiled.types & classOf(value)) !== 0 && (compiled.rest === undefined || compiled.rest(value));
}

function asCheck(compiled: Compiled): QuickCheck {
  if (compiled.types === 0) return NEVER;
  return (value) => passes(compiled, value);
}

/** The quick check of a schema made by toJsonSchema (its struct types under `definitions`). */
export function quickCheckOf(root: JsonSchema): QuickCheck {
  const { definitions, ...top } = root;
  const defs = (definitions ?? {}) as Record<string, JsonSchema>;
  // Types refer to themselves (JSONSchemaProps): a definition is compiled once, and a
  // reference made before it is finished goes through its cell.
  const cells = new Map<string, Compiled>();
  const refTo = (key: string): Compiled => {
    let cell = cells.get(key);
    if (!cell) {
      const schema = Object.hasOwn(defs, key) ? defs[key] : undefined;
      cell = { types: ANY, rest: undefined };
      cells.set(key, cell);
      const done = schema ? compile(schema) : REFUSED;
      cell.types = done.types;
      cell.rest = done.rest;
      if (done.types === 0) return REFUSED;
    }
    return cell;
  };

  const compile = (schema: JsonSchema): Compiled => {
    if (Object.keys(schema).some((keyword) => !KNOWN.has(keyword))) return REFUSED;
    if (schema.$ref !== undefined) {
      if (Object.keys(schema).length !== 1 || typeof schema.$ref !== 'string' || !schema.$ref.startsWith(DEFINITION_REF)) {
        return REFUSED;
      }
      return refTo(schema.$ref.slice(DEFINITION_REF.length));
    }
    const types = typeBits(schema.type);
    if (types === 0) return REFUSED;
    const checks: QuickCheck[] = [];
    const add = (check: QuickCheck | undefined): void => {
      if (check) checks.push(check);
    };
    add(objectCheck(schema, compile));
    add(arrayCheck(schema, compile));
    add(stringCheck(schema));
    add(numberCheck(schema));
    add(enumCheck(schema.enum));
    add(conditionalCheck(schema, compile));
    if (schema.allOf !== undefined) {
      if (!Array.isArray(schema.allOf)) return REFUSED;
      for (const part of schema.allOf as JsonSchema[]) checks.push(asCheck(compile(part)));
    }
    if (checks.includes(NEVER)) return REFUSED;
    return { types, rest: allOf(checks) };
  };

  return asCheck(compile(top));
}

function allOf(checks: QuickCheck[]): QuickCheck | undefined {
  if (checks.length <= 1) return checks[0];
  return (value) => {
    for (const check of checks) if (!check(value)) return false;
    return true;
  };
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeBits(type: unknown): number {
  if (type === undefined) return ANY;
  let bits = 0;
  for (const name of Array.isArray(type) ? type : [type]) {
    if (typeof name !== 'string' || !Object.hasOwn(TYPE_BITS, name)) return 0;
    bits |= TYPE_BITS[name] as number;
  }
  return bits;
}

/** `properties`, `additionalProperties` and `required`, which ajv applies to mappings only. */
function objectCheck(schema: JsonSchema, compile: (schema: JsonSchema) => Compiled): QuickCheck | undefined {
  const { properties, additionalProperties, required } = schema;
  if (properties === undefined && additionalProperties === undefined && required === undefined) return undefined;
  const named = new Map<string, Compiled>();
  if (properties !== undefined) {
    if (!isMapping(properties)) return NEVER;
    for (const [name, property] of Object.entries(properties)) {
      // ajv reads `data.name`, which an object's prototype answers for these names.
      if (name in Object.prototype || !isMapping(property)) return NEVER;
      const compiled = compile(property);
      if (compiled.types === 0) return NEVER;
      named.set(name, compiled);
    }
  }
  // Unknown keys: refused (false), each value checked, or let through (undefined).
  let others: Compiled | false | undefined;
  if (additionalProperties === false) others = false;
  else if (isMapping(additionalProperties)) {
    others = compile(additionalProperties);
    if (others.types === 0) return NEVER;
  } else if (additionalProperties !== undefined && additionalProperties !== true) return NEVER;
  if (required !== undefined && (!Array.isArray(required) || required.some((name) => typeof name !== 'string'))) return NEVER;
  const needed = (required ?? []) as string[];
  return (value) => {
    if (!isMapping(value)) return true;
    for (const name of needed) if (!Object.hasOwn(value, name)) return false;
    for (const key in value) {
      const compiled = named.get(key) ?? others;
      if (compiled === false) return false;
      if (compiled !== undefined && !passes(compiled, value[key])) return false;
    }
    return true;
  };
}

/** `items`, `minItems` and `maxItems`, which ajv applies to lists only. */
function arrayCheck(schema: JsonSchema, compile: (schema: JsonSchema) => Compiled): QuickCheck | undefined {
  const { items, minItems, maxItems } = schema;
  if (items === undefined && minItems === undefined && maxItems === undefined) return undefined;
  if (items !== undefined && !isMapping(items)) return NEVER;
  const item = items === undefined ? undefined : compile(items);
  if (item?.types === 0) return NEVER;
  const min = typeof minItems === 'number' ? minItems : minItems === undefined ? 0 : NaN;
  const max = typeof maxItems === 'number' ? maxItems : maxItems === undefined ? Infinity : NaN;
  if (Number.isNaN(min) || Number.isNaN(max)) return NEVER;
  return (value) => {
    if (!Array.isArray(value)) return true;
    if (value.length < min || value.length > max) return false;
    if (item) for (let i = 0; i < value.length; i++) if (!passes(item, value[i])) return false;
    return true;
  };
}

/** `format`, `pattern`, `minLength` and `maxLength`, which ajv applies to strings only. */
function stringCheck(schema: JsonSchema): QuickCheck | undefined {
  const { format, pattern, minLength, maxLength } = schema;
  if (format === undefined && pattern === undefined && minLength === undefined && maxLength === undefined) return undefined;
  let formatTest: ((value: string) => boolean) | undefined;
  if (format !== undefined) {
    if (typeof format !== 'string' || !Object.hasOwn(ajvFormats, format)) return NEVER;
    formatTest = ajvFormats[format]?.validate;
  }
  if (pattern !== undefined && typeof pattern !== 'string') return NEVER;
  // ajv's patterns are unicode (its unicodeRegExp option, on by default).
  const regExp = pattern === undefined ? undefined : new RegExp(pattern, 'u');
  const min = typeof minLength === 'number' ? minLength : minLength === undefined ? 0 : NaN;
  const max = typeof maxLength === 'number' ? maxLength : maxLength === undefined ? Infinity : NaN;
  if (Number.isNaN(min) || Number.isNaN(max)) return NEVER;
  return (value) => {
    if (typeof value !== 'string') return true;
    // Lengths count code points, as ajv's do; a string's UTF-16 length is never fewer.
    if (value.length < min) return false;
    if ((min > 0 || value.length > max) && !withinLength(codePoints(value), min, max)) return false;
    if (formatTest && !formatTest(value)) return false;
    return regExp === undefined || regExp.test(value);
  };
}

function withinLength(length: number, min: number, max: number): boolean {
  return length >= min && length <= max;
}

/** A string's length in code points: a surrogate pair counts once, a lone surrogate once. */
function codePoints(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    count++;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return count;
}

/** `minimum` and `maximum`, which ajv applies to numbers only (NaN is out of every range). */
function numberCheck(schema: JsonSchema): QuickCheck | undefined {
  const { minimum, maximum } = schema;
  if (minimum === undefined && maximum === undefined) return undefined;
  const min = typeof minimum === 'number' ? minimum : minimum === undefined ? -Infinity : NaN;
  const max = typeof maximum === 'number' ? maximum : maximum === undefined ? Infinity : NaN;
  if (Number.isNaN(min) || Number.isNaN(max)) return NEVER;
  return (value) => typeof value !== 'number' || (value >= min && value <= max);
}

/** `enum` of scalars, which ajv compares with `===`; a list or mapping in it is left to ajv. */
function enumCheck(values: unknown): QuickCheck | undefined {
  if (values === undefined) return undefined;
  if (!Array.isArray(values) || values.some((v) => (typeof v === 'object' && v !== null) || Number.isNaN(v))) return NEVER;
  const allowed = new Set<unknown>(values);
  return (value) => allowed.has(value);
}

/** `if: {const: X}` with `else`: how json-schema.ts exempts an empty optional string. */
function conditionalCheck(schema: JsonSchema, compile: (schema: JsonSchema) => Compiled): QuickCheck | undefined {
  const { if: condition, else: otherwise } = schema;
  if (condition === undefined && otherwise === undefined) return undefined;
  if (!isMapping(condition) || Object.keys(condition).join() !== 'const') return NEVER;
  const constant = condition.const;
  if (typeof constant === 'object' && constant !== null) return NEVER;
  if (otherwise === undefined) return undefined;
  if (!isMapping(otherwise)) return NEVER;
  const check = asCheck(compile(otherwise));
  return check === NEVER ? NEVER : (value) => value === constant || check(value);
}
