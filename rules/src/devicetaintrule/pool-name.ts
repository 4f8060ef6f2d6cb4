import { defineRule, formats } from '@platlint/core';

export default defineRule({
  meta: {
    id: 'devicetaintrule/pool-name',
    description: 'A device selector pool is DNS subdomains joined by "/".',
    kinds: ['DeviceTaintRule.resource.plat.io'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, DeviceTaintRule); API document B, DeviceTaintRule (DeviceTaintSelector.pool)',
    docs: [
      '`spec.deviceSelector.pool` selects the devices of one pool, as named in ResourceSlices. A pool',
      "name is one or more DNS subdomains joined by '/' (for example `node-7` or",
      '`rack-12.example.com/pool-a`), at most 253 characters in all. An empty pool, an empty part',
      "(`a//b`, a leading or trailing '/') or a part that is not a DNS subdomain is rejected by the",
      'server. The overall length is checked structurally. To select devices of every pool, leave the',
      'field out.',
      '',
      'Spec: document B, DeviceTaintSelector (the format is not shown there; it comes from upstream,',
      'API server validation, DeviceTaintRule).',
      '',
      'Fails:',
      '```yaml',
      'deviceSelector:',
      '  pool: Rack_12/pool-a',
      '```',
      'Passes:',
      '```yaml',
      'deviceSelector:',
      '  pool: rack-12/pool-a',
      '```',
    ].join('\n'),
  },
  check(context) {
    const spec = context.value.spec as { deviceSelector?: { pool?: unknown } } | undefined;
    const pool = spec?.deviceSelector?.pool;
    if (typeof pool !== 'string') return;
    const path = ['spec', 'deviceSelector', 'pool'];
    if (pool === '') {
      context.report({ path, message: 'the pool name is empty; name a pool, or leave the field out to match devices of every pool' });
      return;
    }
    const parts = pool.split('/');
    if (parts.some((part) => part === '')) {
      context.report({ path, message: `pool "${pool}" has an empty part; a pool name is DNS subdomains joined by '/', without a leading, trailing or doubled '/'` });
      return;
    }
    for (const part of parts) {
      // Length is checked structurally, for the whole pool name.
      const problem = part.length > 253 ? undefined : formats['dns-subdomain'](part);
      // One finding per pool: the first bad part is enough to say what to fix.
      if (problem) {
        context.report({ path, message: parts.length > 1 ? `pool "${pool}": the part "${part}" ${problem}` : `pool "${pool}" ${problem}` });
        return;
      }
    }
  },
});
