import { defineRule } from '@platlint/core';
import { EGRESS, obj } from './shared.js';
import { listOf } from '../kit/objects.js';
import docs from './egress-uds-name.md';

export default defineRule({
  meta: {
    id: 'config/egress-uds-name',
    description: 'udsName is a non-empty socket path without a unix:// prefix.',
    kinds: [EGRESS],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document C, EgressSelectorConfiguration (UDSTransport.udsName); upstream (API server configuration loading, EgressSelectorConfiguration)',
    fixable: true,
    docs,
    messages: {
      empty: 'udsName is empty; give the path of the proxy socket',
      unixPrefix: 'udsName must be the socket path without "unix://"; write {{bare}}',
    },
  },
  check(context) {
    listOf(context.value.egressSelections).forEach((s, i) => {
      const name = obj(obj(obj(obj(s)?.connection)?.transport)?.uds)?.udsName;
      if (typeof name !== 'string') return;
      const path = ['egressSelections', i, 'connection', 'transport', 'uds', 'udsName'];
      if (name === '') context.report({ path, messageId: 'empty' });
      else if (name.startsWith('unix://')) {
        const bare = name.slice('unix://'.length);
        context.report({
          path,
          severity: 'warning',
          messageId: 'unixPrefix',
          data: { bare: JSON.stringify(bare) },
          fix: bare === '' ? undefined : { text: bare },
        });
      }
    });
  },
});
