import { defineRule } from '@platlint/core';
import { EGRESS, obj } from './shared.js';
import { isSet, listOf } from '../kit/objects.js';
import docs from './egress-transport.md';

export default defineRule({
  meta: {
    id: 'config/egress-transport',
    description: 'The transport of an egress connection matches its proxyProtocol.',
    kinds: [EGRESS],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document C, EgressSelectorConfiguration (Connection, Transport); upstream (API server configuration loading, EgressSelectorConfiguration)',
    docs,
    messages: {
      grpcOverTcp: 'a GRPC connection needs uds: GRPC is not supported over tcp; use uds with the socket of the proxy',
      grpcWithoutUds: 'a GRPC connection needs uds (a unix domain socket)',
      directWithTransport: 'a Direct connection takes no transport; remove it or use HTTPConnect or GRPC',
      transportMissing: 'a {{protocol}} connection needs a transport (tcp or uds) to reach the proxy',
      both: 'transport sets both tcp and uds; an HTTPConnect connection uses one of them',
      neither: 'transport needs tcp or uds',
      tcpWithGrpc: 'tcp is ignored by a GRPC connection, which uses uds; remove it',
    },
  },
  check(context) {
    listOf(context.value.egressSelections).forEach((s, i) => {
      const connection = obj(obj(s)?.connection);
      if (!connection) return;
      const protocol = connection.proxyProtocol;
      const at = ['egressSelections', i, 'connection'];
      const transport = obj(connection.transport);
      if (protocol === 'Direct') {
        if (isSet(connection.transport))
          context.report({ path: [...at, 'transport'], messageId: 'directWithTransport', target: 'key' });
        return;
      }
      if (protocol !== 'HTTPConnect' && protocol !== 'GRPC') return;
      if (!transport) {
        if (!isSet(connection.transport))
          context.report({ path: [...at, 'transport'], messageId: 'transportMissing', data: { protocol }, target: 'missing' });
        return;
      }
      const tcp = isSet(transport.tcp);
      const uds = isSet(transport.uds);
      if (protocol === 'HTTPConnect') {
        if (tcp && uds) context.report({ path: [...at, 'transport', 'tcp'], messageId: 'both', target: 'key' });
        else if (!tcp && !uds) context.report({ path: [...at, 'transport', 'tcp'], messageId: 'neither', target: 'missing' });
      } else if (!uds) {
        // Reported at the missing uds, as the server does, also when a lone tcp is written.
        context.report({
          path: [...at, 'transport', 'uds'],
          messageId: tcp ? 'grpcOverTcp' : 'grpcWithoutUds',
          target: 'missing',
        });
      } else if (tcp) {
        context.report({ path: [...at, 'transport', 'tcp'], severity: 'warning', messageId: 'tcpWithGrpc', target: 'key' });
      }
    });
  },
});
