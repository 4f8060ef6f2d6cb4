import { defineRule, featureGateDefaults, platlintInfo } from '@platlint/core';
import type { FieldPath, SchemaNode } from '@platlint/core';

/**
 * Walks the object alongside its schema and reports every field that exists only behind
 * a feature gate. The gates come from the schema tree (the reference's markers and the
 * spec overlay), so the rule has no list of its own.
 */
function* gatedFields(value: unknown, node: SchemaNode | undefined, path: FieldPath): Generator<{ path: FieldPath; gates: readonly string[] }> {
  if (!node || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* gatedFields(value[i], node.items, [...path, i]);
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    const childNode = node.properties?.[key] ?? node.additionalProperties;
    const gates = childNode ? platlintInfo(childNode).featureGates : undefined;
    if (gates?.length && node.properties?.[key]) yield { path: [...path, key], gates };
    yield* gatedFields(child, childNode, [...path, key]);
  }
}

export default defineRule({
  meta: {
    id: 'feature-gate/gated-field',
    description: 'A field that only exists while a feature gate is enabled.',
    kinds: '*',
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document A, Versioning; API document B, Versioning (feature gates of each field)',
    docs: [
      'Some fields are served only while a feature gate of the platform is enabled: with the gate',
      'off, the server drops them or rejects the object. platlint cannot see the cluster\'s gates, so',
      'such a field is a warning that names its gate. Say what the target cluster runs in',
      '`platlint.config.yaml`: a gate set to `true` silences the warning, a gate set to `false` turns',
      'it into an error.',
      '',
      '```yaml',
      'featureGates:',
      '  DRAWorkloadResourceClaims: true',
      '  CompositePodGroup: false',
      '```',
      '',
      'The gates and their defaults come from the spec (for example DeploymentReplicaSetTerminatingReplicas',
      'is beta and on by default; ShardedListAndWatch and CompositePodGroup are alpha and off).',
    ].join('\n'),
  },
  check(context) {
    const configured = context.settings.featureGates;
    for (const { path, gates } of gatedFields(context.value, context.schema, [])) {
      const disabled = gates.filter((g) => configured[g] === false);
      const unknown = gates.filter((g) => configured[g] === undefined);
      const field = path.filter((s) => typeof s === 'string').at(-1);
      if (disabled.length > 0) {
        context.report({ path, target: 'key', severity: 'error', message: `"${String(field)}" needs feature gate ${disabled.join(', ')}, which the configuration disables; the server would drop or reject it` });
      } else if (unknown.length > 0) {
        const state = unknown.map((g) => `${g} (${featureGateDefaults[g] === false ? 'off' : featureGateDefaults[g] === true ? 'on' : 'state unknown'} by default)`).join(', ');
        context.report({ path, target: 'key', message: `"${String(field)}" is served only with feature gate ${state}; set it in platlint.config.yaml featureGates to say what the cluster runs` });
      }
    }
  },
});
