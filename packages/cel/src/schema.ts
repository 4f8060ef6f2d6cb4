// The subset of OpenAPI v3 structural schemas (as CRDs and native kinds use them) that
// CEL typing needs. The core package's schema tree is structurally compatible.

export interface StructuralSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  format?: string;
  description?: string;
  properties?: Readonly<Record<string, StructuralSchema>>;
  required?: readonly string[];
  additionalProperties?: StructuralSchema | boolean;
  items?: StructuralSchema;
  enum?: readonly unknown[];
  maxItems?: number;
  maxLength?: number;
  maxProperties?: number;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: readonly string[];
  'x-kubernetes-map-type'?: 'atomic' | 'granular';
  'x-kubernetes-embedded-resource'?: boolean;
}

export type SchemaShape =
  'struct' | 'map' | 'list' | 'int' | 'double' | 'string' | 'bool' | 'int-or-string' | 'quantity' | 'timestamp' | 'dyn';

export function shapeOf(s: StructuralSchema | undefined): SchemaShape {
  if (!s) return 'dyn';
  if (s['x-kubernetes-int-or-string']) return s.format === 'quantity' ? 'quantity' : 'int-or-string';
  switch (s.type) {
    case 'object':
      if (s.properties && Object.keys(s.properties).length > 0) return 'struct';
      if (s.additionalProperties && typeof s.additionalProperties === 'object') return 'map';
      if (s.properties) return 'struct';
      return 'dyn';
    case 'array':
      return 'list';
    case 'integer':
      return 'int';
    case 'number':
      return 'double';
    case 'boolean':
      return 'bool';
    case 'string':
      if (s.format === 'quantity') return 'quantity';
      return 'string';
    default:
      return 'dyn';
  }
}

export function mapValueSchema(s: StructuralSchema): StructuralSchema | undefined {
  return typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
}
