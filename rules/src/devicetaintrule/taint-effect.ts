import { defineRule } from '@platlint/core';

const EFFECTS = ['None', 'NoSchedule', 'NoExecute'] as const;

export default defineRule({
  meta: {
    id: 'devicetaintrule/taint-effect',
    description: 'A device taint effect is None, NoSchedule or NoExecute; the server refuses any other value.',
    kinds: ['DeviceTaintRule.resource.plat.io'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, DeviceTaint.effect; upstream (API server validation, DeviceTaintRule)',
    fixable: true,
    docs: [
      'The effect of a device taint is `None` (informational only), `NoSchedule` (no new pods that use',
      'the device unless they tolerate the taint) or `NoExecute` (also evict running pods that do not',
      'tolerate it). Every other value is an error:',
      '',
      '- `PreferNoSchedule` is an effect of node taints, where the scheduler treats it as a soft',
      '  preference; device taints have no soft preference. Use `NoSchedule` to keep new pods off the',
      '  device, or `None` to only inform.',
      '- A value that differs from a known effect only in case gets a fix that writes the known effect.',
      '- An unknown value (`Quarantine`) and an empty effect are refused as well.',
      '',
      'Spec: document B, DeviceTaint says `PreferNoSchedule` is not valid and that more effects may be',
      'added, consumers treating an unknown one like `None`. That tolerance is for readers of objects a',
      'newer server wrote: upstream (API server validation, DeviceTaintRule) refuses every value outside the three on',
      'write (NotSupported), and on update checks the effect only when it changed.',
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
        message: `"${effect}" is not an effect (effects are case-sensitive); write "${known}"`,
        fix: { text: known },
      });
      return;
    }
    context.report({
      path,
      message: `"${effect}" is not a device taint effect; the server accepts only "None", "NoSchedule" and "NoExecute"`,
    });
  },
});
