import { defineRule, gateDefault, gateEnabled, gatedFieldsIn } from '@platlint/core';

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
    docs: [
      'Some fields are served only while a feature gate of the platform is enabled. What happens to',
      'such a field while its gate is off depends on the field:',
      '',
      '- the server **refuses** the object (its validation forbids the field): an error. The PodGroup',
      '  fields `parentCompositePodGroupName` (gate CompositePodGroup), `schedulingConstraints`',
      '  (TopologyAwareWorkloadScheduling) and `preemptionPolicy` (PodGroupPreemptionPolicy) are of this',
      '  kind;',
      '- the server **drops** the field and stores the rest: a warning, since what was written is lost.',
      '  Fields not known to be refused are treated so. The server drops the field before it validates',
      '  the object, so platlint checks the object without it: nothing inside a dropped field is an',
      '  error, and the other rules see it absent (an env variable whose only source was `fileKeyRef`',
      '  has none left, which is refused). On an update (`--old`) a gate the stored object already',
      '  uses keeps its fields, as the server keeps them.',
      '',
      'Whether a gate is off comes from `featureGates` in `platlint.config.yaml` when it is set there,',
      'otherwise from the gate\'s default at the linted release (alpha gates are off, beta gates on).',
      'A field whose gate is on by default but not configured gets an `info` naming the gate; a gate',
      'set to `true` in the configuration silences it.',
      '',
      '```yaml',
      'featureGates:',
      '  DRAWorkloadResourceClaims: true',
      '  CompositePodGroup: true',
      '```',
      '',
      'Spec: the spec lists each field\'s gate and says the server drops or rejects such fields while',
      'the gate is off; upstream (API server validation, PodGroup) forbids the three PodGroup fields above.',
      'Gate defaults: DeploymentReplicaSetTerminatingReplicas, GenericWorkload and',
      'DRAWorkloadResourceClaims are beta and on; ShardedListAndWatch, CompositePodGroup,',
      'PodGroupPreemptionPolicy and TopologyAwareWorkloadScheduling are alpha and off.',
      'The defaults are those of the configuration\'s `release`: DeploymentReplicaSetTerminatingReplicas',
      'is off by default before 1.35, when it was alpha.',
    ].join('\n'),
  },
  check(context) {
    const configured = context.settings.featureGates;
    // The value as written: the fields the server drops are what this rule is about.
    for (const { path, gates, refused } of gatedFieldsIn(context.object.written ?? context.value, context.schema)) {
      const field = String(path.filter((s) => typeof s === 'string').at(-1));
      const off = gates.filter((g) => !gateEnabled(configured, g, context.settings.release));
      if (off.length > 0) {
        const why = off.map((g) => `${g} (${configured[g] === false ? 'disabled by the configuration' : 'off by default'})`).join(', ');
        context.report(
          refused
            ? { path, target: 'key', severity: 'error', message: `"${field}" needs feature gate ${why}; with the gate off the server refuses the object` }
            : { path, target: 'key', severity: 'warning', message: `"${field}" needs feature gate ${why}; with the gate off the server drops the field` },
        );
        continue;
      }
      const unconfigured = gates.filter((g) => configured[g] === undefined);
      if (unconfigured.length > 0) {
        const state = unconfigured.map((g) => `${g} (${defaultState(g, context.settings.release)})`).join(', ');
        context.report({ path, target: 'key', severity: 'info', message: `"${field}" is served only with feature gate ${state}; set it in platlint.config.yaml featureGates to say what the cluster runs` });
      }
    }
  },
});
