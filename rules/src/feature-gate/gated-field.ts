import { defineRule, gateDefault, gateEnabled, gatedFieldsIn } from '@platlint/core';
import docs from './gated-field.md';

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
      servedOnly:
        '"{{field}}" is served only with feature gate {{state}}; set it in platlint.config.yaml featureGates to say what the cluster runs',
    },
  },
  check(context) {
    const configured = context.settings.featureGates;
    // The value as written: the fields the server drops are what this rule is about.
    for (const { path, gates, refused } of gatedFieldsIn(context.object.written ?? context.value, context.schema)) {
      const field = String(path.filter((s) => typeof s === 'string').at(-1));
      const off = gates.filter((g) => !gateEnabled(configured, g, context.settings.release));
      if (off.length > 0) {
        const why = off
          .map((g) => `${g} (${configured[g] === false ? 'disabled by the configuration' : 'off by default'})`)
          .join(', ');
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
