import type { Options } from 'ajv';
import type { SchemaNode } from '../schema/tree.js';
import { isFormatName } from './formats.js';

/**
 * Derives the JSON Schema that ajv compiles from a schema tree. Struct types become
 * `definitions` referenced by id, so a type used in many places (ObjectMeta, Container)
 * is compiled once. Objects with known properties reject unknown ones, as strict field
 * validation on the server does.
 */
export interface JsonSchema {
  [keyword: string]: unknown;
}

/** How platlint runs ajv, at run time and when precompiling: every error, our own messages. */
export const AJV_OPTIONS: Options = { allErrors: true, strict: false, allowUnionTypes: true, messages: false, validateFormats: true };

/** Ranges of the integer formats. int64's bounds are the nearest doubles, 2^63 either way. */
export const INT_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  int32: [-2147483648, 2147483647],
  int64: [-(2 ** 63), 2 ** 63],
};

export function toJsonSchema(root: SchemaNode): JsonSchema {
  const definitions: Record<string, JsonSchema> = {};
  const convert = (node: SchemaNode): JsonSchema => {
    const typeId = node['x-platlint']?.typeId;
    if (typeId && node.properties) {
      const key = typeId.replace(/[^A-Za-z0-9_.-]/g, '_');
      if (!(key in definitions)) {
        definitions[key] = {}; // reserve first: types may refer to themselves
        definitions[key] = convertObject(node);
      }
      return { $ref: `#/definitions/${key}` };
    }
    return node.type === 'object' || node.properties || node.additionalProperties ? convertObject(node) : convertValue(node);
  };

  const convertObject = (node: SchemaNode): JsonSchema => {
    const out: JsonSchema = { type: 'object' };
    if (node.properties) {
      out.properties = Object.fromEntries(Object.entries(node.properties).map(([k, v]) => [k, convert(v)]));
      if (!node['x-kubernetes-preserve-unknown-fields']) out.additionalProperties = false;
    } else if (node.additionalProperties) {
      out.additionalProperties = convert(node.additionalProperties);
    }
    if (node.required?.length) out.required = node.required;
    return out;
  };

  const convertValue = (node: SchemaNode): JsonSchema => {
    const out: JsonSchema = {};
    if (node['x-kubernetes-int-or-string']) out.type = node.format === 'quantity' ? ['integer', 'number', 'string'] : ['integer', 'string'];
    else if (node.type) out.type = node.type;
    if (node.type === 'array') {
      if (node.items) out.items = convert(node.items);
      if (node.minItems !== undefined) out.minItems = node.minItems;
      if (node.maxItems !== undefined) out.maxItems = node.maxItems;
    }
    const format = node['x-platlint']?.format ?? node.format;
    if (isFormatName(format)) {
      // An empty optional string is how Go writes "unset": the format does not apply to it.
      if (node['x-platlint']?.emptyIsUnset) Object.assign(out, { if: { const: '' }, else: { format } });
      else out.format = format;
    }
    if (node.enum) out.enum = node.enum;
    if (node.pattern) out.pattern = node.pattern;
    if (node.minLength !== undefined) out.minLength = node.minLength;
    if (node.maxLength !== undefined) out.maxLength = node.maxLength;
    const range = node.format ? INT_RANGES[node.format] : undefined;
    const minimum = node.minimum ?? range?.[0];
    const maximum = node.maximum ?? range?.[1];
    if (minimum !== undefined) out.minimum = minimum;
    if (maximum !== undefined) out.maximum = maximum;
    return out;
  };

  const top = convert(root);
  return { ...top, definitions };
}
