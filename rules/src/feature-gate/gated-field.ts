import { defineRule, fieldSchema, gateDefault, gateEnabled, getOwn, mayHold, platlintInfo } from '@platlint/core';
import type { FieldPath, SchemaNode } from '@platlint/core';
import docs from './gated-field.md';

/**
 * Walks the object alongside its schema and lists every field that exists only behind a
 * feature gate. The gates come from the schema tree (the reference's markers and the spec
 * overlay), so the rule has no list of its own. Subtrees whose schema holds no gated field
 * are not entered: the walk runs on every object of a run.
 */
function gatedFields(value: unknown, node: SchemaNode, path: FieldPath, found: GatedField[] = []): GatedField[] {
  if (value === null || typeof value !== 'object') return found;
  if (Array.isArray(value)) {
    if (node.items && mayHold(node.items, isGated)) for (let i = 0; i < value.length; i++) gatedFields(value[i], node.items, [...path, i], found);
    return found;
  }
  // Keys, not entries, and no path array per key: the walk runs on every object of a run.
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const childNode = fieldSchema(node, key);
    if (!childNode) continue;
    const info = platlintInfo(childNode);
    if (info.featureGates?.length && node.properties && getOwn(node.properties, key)) found.push({ path: [...path, key], gates: info.featureGates, refused: info.gateOff === 'refused' });
    if (mayHold(childNode, isGated)) gatedFields(record[key], childNode, [...path, key], found);
  }
  return found;
}

interface GatedField {
  path: FieldPath;
  gates: readonly string[];
  refused: boolean;
}

function isGated(node: SchemaNode): boolean {
  return Boolean(platlintInfo(node).featureGates?.length);
}

function defaultState(gate: string, release: string): string {
  const on = gateDefault(gate, release);
  return on === undefined ? 'assumed on' : on ? 'on by default' : 'off by default';
}

export default defineRule({
  meta: {
    id: 'feature-gate/gated-field',
    description: 'A field behind a feature gate that is off: an error where the server refuses it, a warning where it drops it.',
    kinds: '*',
    severity: 'warning',
    enforcedBy: 'server',
    source: 'API document A, Versioning; B Versioning (feature gates of each field); upstream (API server validation, PodGroup)',
    docs,
    messages: {
      refused: '"{{field}}" needs feature gate {{why}}; with the gate off the server refuses the object',
      dropped: '"{{field}}" needs feature gate {{why}}; with the gate off the server drops the field',
      servedOnly: '"{{field}}" is served only with feature gate {{state}}; set it in platlint.config.yaml featureGates to say what the cluster runs',
    },
  },
  check(context) {
    const configured = context.settings.featureGates;
    for (const { path, gates, refused } of gatedFields(context.value, context.schema, [])) {
      const field = String(path.filter((s) => typeof s === 'string').at(-1));
      const off = gates.filter((g) => !gateEnabled(configured, g, context.settings.release));
      if (off.length > 0) {
        const why = off.map((g) => `${g} (${configured[g] === false ? 'disabled by the configuration' : 'off by default'})`).join(', ');
        context.report(
          refused
            ? { path, target: 'key', severity: 'error', messageId: 'refused', data: { field, why } }
            : { path, target: 'key', severity: 'warning', messageId: 'dropped', data: { field, why } },
        );
        continue;
      }
      const unconfigured = gates.filter((g) => configured[g] === undefined);
      if (unconfigured.length > 0) {
        const state = unconfigured.map((g) => `${g} (${defaultState(g, context.settings.release)})`).join(', ');
        context.report({ path, target: 'key', severity: 'info', messageId: 'servedOnly', data: { field, state } });
      }
    }
  },
});
