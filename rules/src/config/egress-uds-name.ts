import { defineRule } from '@platlint/core';
import { EGRESS, list, obj } from './shared.js';

export default defineRule({
  meta: {
    id: 'config/egress-uds-name',
    description: 'udsName is a non-empty socket path without a unix:// prefix.',
    kinds: [EGRESS],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, EgressSelectorConfiguration (UDSTransport.udsName); upstream (API server configuration loading, EgressSelectorConfiguration)',
    fixable: true,
    docs: [
      '`udsName` is the file path of the proxy\'s unix domain socket. An empty name is refused by',
      'the server (an error). It is used as a path, so a `unix://` prefix makes it name a file',
      'that does not exist; the fix removes the prefix.',
      '',
      'Fails: `udsName: ""`',
      'Passes: `udsName: /run/konnectivity.socket`',
      '',
      'The spec says the name has no `unix://` prefix; the server does not check that when it',
      'loads the file (the dial fails later), so the prefix is a warning.',
    ].join('\n'),
  },
  check(context) {
    list(context.value.egressSelections).forEach((s, i) => {
      const name = obj(obj(obj(obj(s)?.connection)?.transport)?.uds)?.udsName;
      if (typeof name !== 'string') return;
      const path = ['egressSelections', i, 'connection', 'transport', 'uds', 'udsName'];
      if (name === '') context.report({ path, message: 'udsName is empty; give the path of the proxy socket' });
      else if (name.startsWith('unix://')) {
        const bare = name.slice('unix://'.length);
        context.report({ path, severity: 'warning', message: `udsName must be the socket path without "unix://"; write ${JSON.stringify(bare)}`, fix: bare === '' ? undefined : { text: bare } });
      }
    });
  },
});
