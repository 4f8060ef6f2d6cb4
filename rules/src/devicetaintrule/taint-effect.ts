import { defineRule } from '@platlint/core';

const EFFECTS = ['None', 'NoSchedule', 'NoExecute'] as const;

export default defineRule({
  meta: {
    id: 'devicetaintrule/taint-effect',
    description: 'A device taint effect is None, NoSchedule or NoExecute; PreferNoSchedule is invalid and unknown effects act like None.',
    kinds: ['DeviceTaintRule.resource.plat.io'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, DeviceTaintRule (DeviceTaint.effect)',
    fixable: true,
    docs: [
      'The effect of a device taint is `None` (informational only), `NoSchedule` (no new pods that use',
      'the device unless they tolerate the taint) or `NoExecute` (also evict running pods that do not',
      'tolerate it).',
      '',
      '- `PreferNoSchedule` is an error. It is an effect of node taints, where the scheduler treats it',
      '  as a soft preference; device taints have no soft preference, so the spec rules it out. Use',
      '  `NoSchedule` to keep new pods off the device, or `None` to only inform.',
      '- Any other value is a warning, not an error: more effects may be added, and consumers treat an',
      '  effect they do not know like `None`, so such a taint keeps no pod away. When the value differs',
      '  from a known effect only in case, the fix writes the known effect.',
      '- An empty effect is an error: the field is required.',
      '',
      'Spec: document B, DeviceTaint ("`PreferNoSchedule` is not valid. More effects may be added;',
      'consumers treat unknown effects like `None`"). Upstream (API server validation, DeviceTaintRule) rejects every',
      'value outside the three (NotSupported), and checks the effect on update only when it changed.',
      '',
      'Fails:',
      '```yaml',
      'taint:',
      '  key: example.com/maintenance',
      '  effect: PreferNoSchedule',
      '```',
      'Passes:',
      '```yaml',
      'taint:',
      '  key: example.com/maintenance',
      '  effect: NoSchedule',
      '```',
    ].join('\n'),
  },
  check(context) {
    const spec = context.value.spec as { taint?: { effect?: unknown } } | undefined;
    const effect = spec?.taint?.effect;
    if (typeof effect !== 'string' || (EFFECTS as readonly string[]).includes(effect)) return; // absent or not a string: structural findings
    const path = ['spec', 'taint', 'effect'];
    if (effect.trim() === '') {
      context.report({ path, message: 'the effect is empty; use "None", "NoSchedule" or "NoExecute"' });
      return;
    }
    if (effect.toLowerCase() === 'prefernoschedule') {
      context.report({
        path,
        message: `"${effect}" is not valid for a device taint: it is a soft preference of node taints, and device taints have none; use "NoSchedule" to keep new pods off the device, or "None" to only inform`,
      });
      return;
    }
    const known = EFFECTS.find((e) => e.toLowerCase() === effect.toLowerCase());
    if (known) {
      context.report({
        path,
        severity: 'warning',
        message: `"${effect}" is not a known effect (effects are case-sensitive), so it would be treated like "None"; write "${known}"`,
        fix: { text: known },
      });
      return;
    }
    context.report({
      path,
      severity: 'warning',
      message: `"${effect}" is not an effect this release knows; consumers treat it like "None", so the taint keeps no pod away (use "NoSchedule" or "NoExecute" for that)`,
    });
  },
});
