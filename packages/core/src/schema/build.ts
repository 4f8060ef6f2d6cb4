import type { FieldEntry, ScalarName, TypeEntry } from './api-types.js';
import type { CelPlace, FieldOverlay, FormatName, Overlay, TypeOverlay } from './overlay-types.js';
import type { PlatlintInfo, SchemaNode } from './tree.js';

/**
 * Builds schema trees from the structural type table (api-types.json plus the
 * configuration kinds) and the spec overlay. Each type becomes one shared node; each
 * field a shallow copy of its type's node with the field's own facts added.
 */
export class SchemaBuilder {
  private readonly nodes = new Map<string, SchemaNode>();

  constructor(
    private readonly types: Record<string, TypeEntry>,
    private readonly overlay: Overlay,
  ) {}

  /** The node of a type id; built once, shared afterwards (recursive types included). */
  typeNode(typeId: string): SchemaNode {
    const known = this.nodes.get(typeId);
    if (known) return known;
    const entry = this.types[typeId];
    if (!entry) throw new Error(`unknown type id ${typeId}`);
    const typeOverlay = this.overlay[typeId];
    const node: SchemaNode = {};
    this.nodes.set(typeId, node);
    switch (entry.kind) {
      case 'struct':
        this.fillStruct(node, entry.fields, typeOverlay);
        if (entry.structType === 'atomic') node['x-kubernetes-map-type'] = 'atomic';
        if (entry.union)
          addInfo(node, {
            union: 'exactlyOne',
            unionMembers: Object.keys(entry.fields).filter((f) => entry.fields[f]?.unionMember),
          });
        if (entry.deprecated)
          addInfo(node, { deprecated: typeof entry.deprecated === 'string' ? entry.deprecated : 'deprecated upstream' });
        break;
      case 'scalar':
        Object.assign(
          node,
          scalarNode(entry.base as ScalarName, entry.precision === 'microseconds' ? 'micro-time' : entry.format),
        );
        if (entry.enum && entry.enumMarker) node.enum = entry.enum;
        else if (entry.enum || entry.knownValues)
          addInfo(node, { knownValues: [...(entry.enum ?? []), ...(entry.knownValues ?? [])] });
        break;
      case 'map':
      case 'alias':
      case 'array':
        Object.assign(node, this.shapeNode(entry.of));
        break;
      case 'object':
        node.type = 'object';
        node['x-kubernetes-preserve-unknown-fields'] = true;
        break;
    }
    addInfo(node, { typeId });
    if (typeOverlay) applyTypeOverlay(node, typeOverlay);
    return node;
  }

  private fillStruct(node: SchemaNode, fields: Record<string, FieldEntry>, typeOverlay: TypeOverlay | undefined): void {
    node.type = 'object';
    // Filled in place so that copies made while recursing share the finished object.
    const properties: Record<string, SchemaNode> = {};
    const required: string[] = [];
    node.properties = properties;
    node.required = required;
    const groups = new Map<string, string[]>();
    for (const [name, field] of Object.entries(fields)) {
      const fieldOverlay = typeOverlay?.fields?.[name];
      properties[name] = this.fieldNode(field, fieldOverlay);
      const isRequired = fieldOverlay?.required ?? field.optional === false;
      if (isRequired) required.push(name);
      const group = field.zeroOrOneOf ?? field.oneOf;
      if (group) groups.set(group, [...(groups.get(group) ?? []), name]);
    }
    if (required.length === 0) delete node.required;
    for (const [, members] of groups) addInfo(node, { union: 'atMostOne', unionMembers: members });
  }

  private fieldNode(field: FieldEntry, fieldOverlay: FieldOverlay | undefined): SchemaNode {
    const node: SchemaNode = { ...this.shapeNode(field) };
    applyFieldFacts(node, field);
    if (fieldOverlay) applyFieldOverlay(node, fieldOverlay);
    return node;
  }

  /** The node for a field's shape: array, map, reference or scalar. */
  private shapeNode(field: FieldEntry): SchemaNode {
    if (field.array) {
      const element = field.items ? this.shapeNode(field.items) : this.elementNode(field);
      const node: SchemaNode = { type: 'array', items: element, 'x-kubernetes-list-type': field.listType ?? 'atomic' };
      if (field.listMapKeys) node['x-kubernetes-list-map-keys'] = field.listMapKeys;
      return node;
    }
    if (field.map) {
      const value = field.values ? this.shapeNode(field.values) : this.elementNode(field);
      const node: SchemaNode = { type: 'object', additionalProperties: value };
      if (field.mapType) node['x-kubernetes-map-type'] = field.mapType;
      return node;
    }
    return this.elementNode(field);
  }

  private elementNode(field: FieldEntry): SchemaNode {
    if (field.ref) return this.typeNode(field.ref);
    return scalarNode(field.type ?? 'string');
  }
}

function scalarNode(base: ScalarName | 'string', format?: string): SchemaNode {
  switch (base) {
    case 'bool':
      return { type: 'boolean' };
    case 'int32':
      return { type: 'integer', format: 'int32' };
    case 'int64':
      return { type: 'integer', format: 'int64' };
    case 'float64':
      return { type: 'number', format: 'double' };
    case 'bytes':
      return { type: 'string', format: 'byte' };
    case 'int-or-string':
      return { 'x-kubernetes-int-or-string': true };
    default:
      if (format === 'quantity')
        return { 'x-kubernetes-int-or-string': true, format: 'quantity', 'x-platlint': { format: 'quantity' } };
      if (format === 'date-time' || format === 'micro-time')
        return { type: 'string', format: 'date-time', 'x-platlint': { format } };
      return { type: 'string' };
  }
}

/** Upstream format names mapped onto ours. */
const UPSTREAM_FORMATS: Record<string, FormatName> = {
  'k8s-long-name': 'dns-subdomain',
  'k8s-short-name': 'dns-label',
  'k8s-path-segment-name': 'path-segment',
  'k8s-label-key': 'label-key',
  'k8s-prefixed-label-key': 'label-key',
  'date-time': 'date-time',
};

const LIMITS = ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const;

/** Upstream markers and the spec overlay state limits the same way; later ones win. */
function copyLimits(node: SchemaNode, from: Partial<Record<(typeof LIMITS)[number], number>>): void {
  for (const limit of LIMITS) if (from[limit] !== undefined) node[limit] = from[limit];
}

function applyFieldFacts(node: SchemaNode, field: FieldEntry): void {
  if (field.listType && node.type === 'array') node['x-kubernetes-list-type'] = field.listType;
  if (field.default !== undefined) node.default = field.default;
  const v = field.validation;
  if (v) {
    copyLimits(node, v);
    if (v.pattern !== undefined) node.pattern = v.pattern;
    if (v.enum) node.enum = v.enum;
    if (v.maxBytes !== undefined) addInfo(node, { maxBytes: v.maxBytes });
    const format = v.format ? UPSTREAM_FORMATS[v.format] : undefined;
    if (format) setFormat(node, format);
  }
  const info: PlatlintInfo = {};
  if (field.optional && !field.pointer && !field.array && !field.map && node.type === 'string') info.emptyIsUnset = true;
  if (field.featureGates) info.featureGates = field.featureGates;
  // `ifDisabled(Gate)=+k8s:forbidden`: validation refuses the field while its gate is off.
  if (field.forbiddenWhen?.some((when) => when.startsWith('ifDisabled('))) info.gateOff = 'refused';
  if (field.immutable) info.immutable = true;
  if (field.deprecated) info.deprecated = typeof field.deprecated === 'string' ? field.deprecated : 'deprecated upstream';
  if (Object.keys(info).length > 0) addInfo(node, info);
}

function applyFieldOverlay(node: SchemaNode, o: FieldOverlay): void {
  if (o.description !== undefined) node.description = o.description;
  if (o.default !== undefined) node.default = o.default;
  copyLimits(node, o);
  if (o.enum) node.enum = o.enum;
  if (o.format) setFormat(node, o.format);
  const info: PlatlintInfo = {};
  if (o.knownValues) {
    // The spec leaves the set open: keep the values for completion, stop validating them.
    info.knownValues = o.knownValues;
    if (!o.enum) delete node.enum;
  }
  if (o.deprecated) info.deprecated = o.deprecated;
  if (o.featureGates) info.featureGates = o.featureGates;
  if (o.gateOff) info.gateOff = o.gateOff;
  if (o.immutable !== undefined) info.immutable = o.immutable;
  if (o.maxDuration !== undefined) info.maxDuration = o.maxDuration;
  if (o.maxTotalBytes !== undefined) info.maxTotalBytes = o.maxTotalBytes;
  if (o.cel) info.cel = o.cel;
  if (o.spec) info.spec = o.spec;
  addInfo(node, info);
  if (o.celMembers) markCelMembers(node, o.celMembers);
}

/** Marks members of this field's struct as CEL, on copies: the type's own nodes stay unmarked. */
function markCelMembers(node: SchemaNode, members: Readonly<Record<string, CelPlace>>): void {
  const properties = { ...node.properties };
  for (const [name, cel] of Object.entries(members)) {
    const member = properties[name];
    if (!member) throw new Error(`overlay: celMembers names "${name}", which the field's type does not have`);
    properties[name] = { ...member };
    addInfo(properties[name], { cel });
  }
  node.properties = properties;
}

function applyTypeOverlay(node: SchemaNode, o: TypeOverlay): void {
  if (o.description) node.description = o.description;
  const info: PlatlintInfo = {};
  if (o.deprecated) info.deprecated = o.deprecated;
  if (o.featureGates) info.featureGates = o.featureGates;
  if (o.spec) info.spec = o.spec;
  addInfo(node, info);
}

function setFormat(node: SchemaNode, format: FormatName): void {
  if (format === 'int-or-percent') {
    node['x-kubernetes-int-or-string'] = true;
    delete node.type;
  }
  node.format = format;
  addInfo(node, { format });
}

/** Adds platlint facts without mutating a shared info object. */
function addInfo(node: SchemaNode, info: PlatlintInfo): void {
  node['x-platlint'] = { ...node['x-platlint'], ...info };
}
