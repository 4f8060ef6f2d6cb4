import { defineRule } from '@platlint/core';
import { formats } from '../kit/names.js';
import docs from './pool-name.md';

export default defineRule({
  meta: {
    id: 'devicetaintrule/pool-name',
    description: 'A device selector pool is DNS subdomains joined by "/".',
    kinds: ['DeviceTaintRule.resource.plat.io'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, DeviceTaintRule); API document B, DeviceTaintRule (DeviceTaintSelector.pool)',
    docs,
    messages: {
      empty: 'the pool name is empty; name a pool, or leave the field out to match devices of every pool',
      emptyPart:
        "pool \"{{pool}}\" has an empty part; a pool name is DNS subdomains joined by '/', without a leading, trailing or doubled '/'",
      badPart: 'pool "{{pool}}": the part "{{part}}" {{problem}}',
      badName: 'pool "{{pool}}" {{problem}}',
    },
  },
  check(context) {
    const spec = context.value.spec as { deviceSelector?: { pool?: unknown } } | undefined;
    const pool = spec?.deviceSelector?.pool;
    if (typeof pool !== 'string') return;
    const path = ['spec', 'deviceSelector', 'pool'];
    if (pool === '') {
      context.report({ path, messageId: 'empty' });
      return;
    }
    const parts = pool.split('/');
    if (parts.some((part) => part === '')) {
      context.report({ path, messageId: 'emptyPart', data: { pool } });
      return;
    }
    for (const part of parts) {
      // Length is checked structurally, for the whole pool name.
      const problem = part.length > 253 ? undefined : formats['dns-subdomain'](part);
      // One finding per pool: the first bad part is enough to say what to fix.
      if (problem) {
        context.report({
          path,
          ...(parts.length > 1
            ? { messageId: 'badPart', data: { pool, part, problem } }
            : { messageId: 'badName', data: { pool, problem } }),
        });
        return;
      }
    }
  },
});
