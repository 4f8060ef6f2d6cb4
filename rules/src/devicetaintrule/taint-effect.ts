import { defineRule } from '@platlint/core';
import docs from './taint-effect.md';

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
    docs,
    messages: {
      empty: 'the effect is empty; use "None", "NoSchedule" or "NoExecute"',
      preferNoSchedule:
        '"{{effect}}" is not valid for a device taint: it is a soft preference of node taints, and device taints have none; use "NoSchedule" to keep new pods off the device, or "None" to only inform',
      caseOnly: '"{{effect}}" is not an effect (effects are case-sensitive); write "{{known}}"',
      unknownEffect: '"{{effect}}" is not a device taint effect; the server accepts only "None", "NoSchedule" and "NoExecute"',
    },
  },
  check(context) {
    const spec = context.value.spec as { taint?: { effect?: unknown } } | undefined;
    const effect = spec?.taint?.effect;
    if (typeof effect !== 'string' || (EFFECTS as readonly string[]).includes(effect)) return; // absent or not a string: structural findings
    const path = ['spec', 'taint', 'effect'];
    if (effect.trim() === '') {
      context.report({ path, messageId: 'empty' });
      return;
    }
    if (effect.toLowerCase() === 'prefernoschedule') {
      context.report({
        path,
        messageId: 'preferNoSchedule',
        data: { effect },
      });
      return;
    }
    const known = EFFECTS.find((e) => e.toLowerCase() === effect.toLowerCase());
    if (known) {
      context.report({
        path,
        messageId: 'caseOnly',
        data: { effect, known },
        fix: { text: known },
      });
      return;
    }
    context.report({
      path,
      messageId: 'unknownEffect',
      data: { effect },
    });
  },
});
