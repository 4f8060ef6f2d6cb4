import type { Options } from 'ajv';
import type { SchemaNode } from '../schema/tree.js';
import { isFormatName } from './formats.js';
import { standardFormats } from './standard-formats.js';

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
export const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  allowUnionTypes: true,
  messages: false,
  validateFormats: true,
};

/** Ranges of the integer formats. int64's bounds are the nearest doubles, 2^63 either way. */
export const INT_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  int32: [-2147483648, 2147483647],
  int64: [-(2 ** 63), 2 ** 63],
};

/**
 * The integer width a field decodes into: its int32 or int64 format, or int32 for an
 * IntOrString (whose number is a Go int32; a quantity is not one). Beyond it the server
 * cannot decode the request.
 */
export function integerWidth(node: SchemaNode | undefined): 'int32' | 'int64' | undefined {
  if (node?.format === 'int32' || node?.format === 'int64') return node.format;
  if (node?.['x-kubernetes-int-or-string'] && node.format !== 'quantity') return 'int32';
  return undefined;
}

/** The range of integerWidth(node), if any. */
export function intRangeOf(node: SchemaNode | undefined): readonly [number, number] | undefined {
  const width = integerWidth(node);
  return width ? INT_RANGES[width] : undefined;
}

/**
 * `platlint`: formats by our own names, which the validator checks with precise messages.
 * `standard`: each format written as standard JSON Schema (./standard-formats.ts), so that
 * other validators read the schema as platlint does.
 */
export interface JsonSchemaOptions {
  formats?: 'platlint' | 'standard';
}

export function toJsonSchema(root: SchemaNode, options: JsonSchemaOptions = {}): JsonSchema {
  const standard = options.formats === 'standard';
  const definitions: Record<string, JsonSchema> = {};
  /** `required`: the field is listed as required by its object (an empty value does not count as unset then). */
  const convert = (node: SchemaNode, required = false): JsonSchema => {
    const typeId = node['x-platlint']?.typeId;
    if (typeId && node.properties) {
      const key = typeId.replace(/[^A-Za-z0-9_.-]/g, '_');
      if (!(key in definitions)) {
        definitions[key] = {}; // reserve first: types may refer to themselves
        definitions[key] = convertObject(node);
      }
      return { $ref: `#/definitions/${key}` };
    }
    return node.type === 'object' || node.properties || node.additionalProperties
      ? convertObject(node)
      : convertValue(node, required);
  };

  const convertObject = (node: SchemaNode): JsonSchema => {
    const out: JsonSchema = { type: 'object' };
    if (node.properties) {
      out.properties = Object.fromEntries(
        Object.entries(node.properties).map(([k, v]) => [k, convert(v, node.required?.includes(k) === true)]),
      );
      if (!node['x-kubernetes-preserve-unknown-fields']) out.additionalProperties = false;
    } else if (node.additionalProperties) {
      out.additionalProperties = convert(node.additionalProperties);
    }
    if (node.required?.length) out.required = node.required;
    return out;
  };

  const convertValue = (node: SchemaNode, required = false): JsonSchema => {
    const out: JsonSchema = {};
    const format = node['x-platlint']?.format ?? node.format;
    const fragment = standard && isFormatName(format) ? standardFormats[format] : undefined;
    // A standard fragment of an int-or-string format states its own types (`anyOf`).
    const typed = fragment?.anyOf === undefined;
    if (node['x-kubernetes-int-or-string']) {
      if (typed) out.type = node.format === 'quantity' ? ['integer', 'number', 'string'] : ['integer', 'string'];
    } else if (node.type) out.type = node.type;
    if (node.type === 'array') {
      if (node.items) out.items = convert(node.items);
      if (node.minItems !== undefined) out.minItems = node.minItems;
      if (node.maxItems !== undefined) out.maxItems = node.maxItems;
    }
    if (isFormatName(format)) {
      const check: JsonSchema = fragment ? withoutType(fragment, out.type) : { format };
      // An empty optional string is how Go writes "unset": the format does not apply to it.
      if (node['x-platlint']?.emptyIsUnset) Object.assign(out, { if: { const: '' }, else: check });
      else if (fragment) out.allOf = [check];
      else out.format = format;
    }
    if (node.enum) {
      // An empty optional string is unset to Go (the v1 defaults then fill in restartPolicy,
      // protocol, imagePullPolicy...), so "" is not outside the set; a required field stays strict.
      if (node['x-platlint']?.emptyIsUnset && !required && !node.enum.includes('')) {
        if (out.else) out.else = { ...(out.else as JsonSchema), enum: node.enum };
        else Object.assign(out, { if: { const: '' }, else: { enum: node.enum } });
      } else out.enum = node.enum;
    }
    if (node.pattern) out.pattern = node.pattern;
    if (node.minLength !== undefined) out.minLength = node.minLength;
    if (node.maxLength !== undefined) out.maxLength = node.maxLength;
    const range = intRangeOf(node);
    const minimum = node.minimum ?? range?.[0];
    const maximum = node.maximum ?? range?.[1];
    if (minimum !== undefined) out.minimum = minimum;
    if (maximum !== undefined) out.maximum = maximum;
    return out;
  };

  const top = convert(root);
  return { ...top, definitions };
}

/** A fragment without the `type` its field already states. */
function withoutType(fragment: JsonSchema, type: unknown): JsonSchema {
  if (fragment.type === undefined || fragment.type !== type) return fragment;
  const { type: _, ...rest } = fragment;
  return rest;
}
