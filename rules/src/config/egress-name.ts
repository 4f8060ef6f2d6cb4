import { defineRule } from '@platlint/core';
import { EGRESS, forRepeats, obj, quote } from './shared.js';
import { listOf } from '../kit/objects.js';
import docs from './egress-name.md';

const DESTINATIONS = ['controlplane', 'etcd', 'cluster'];

/** The destination a name selects, as the server reads it: `master` (exactly) is renamed, then case is ignored. */
const destination = (name: string): string => (name === 'master' ? 'controlplane' : name.toLowerCase());

export default defineRule({
  meta: {
    id: 'config/egress-name',
    description: 'Egress selection names are controlplane, etcd or cluster (ignoring case), each once; master is deprecated.',
    kinds: [EGRESS],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document C, EgressSelectorConfiguration (EgressSelection.name); upstream (API server configuration loading, EgressSelectorConfiguration)',
    fixable: true,
    docs,
    messages: {
      emptyName: 'name is empty; use controlplane, etcd or cluster',
      unknownDestination: 'name {{name}} is not an egress destination; use controlplane, etcd or cluster',
      repeated: 'egressSelections[{{firstIndex}}] already configures {{destination}}; each destination is listed once',
      masterDeprecated: 'name master is deprecated; use controlplane',
    },
  },
  check(context) {
    // A missing name is reported structurally (schema/required).
    const entries = listOf(context.value.egressSelections).flatMap((s, i) => {
      const name = obj(s)?.name;
      return typeof name === 'string' ? [{ name, i }] : [];
    });
    const repeated = new Set<number>();
    forRepeats(
      entries,
      ({ name }) => destination(name),
      (later, first) => {
        repeated.add(later.i);
        context.report({
          path: ['egressSelections', later.i, 'name'],
          messageId: 'repeated',
          data: { firstIndex: first.i, destination: first.name === 'master' ? 'controlplane (as master)' : quote(first.name) },
        });
      },
    );
    for (const { name, i } of entries) {
      const path = ['egressSelections', i, 'name'];
      if (name === 'master')
        context.report({ path, severity: 'warning', messageId: 'masterDeprecated', fix: { text: 'controlplane' } });
      else if (!repeated.has(i) && !DESTINATIONS.includes(destination(name))) {
        context.report({
          path,
          ...(name === '' ? { messageId: 'emptyName' } : { messageId: 'unknownDestination', data: { name: quote(name) } }),
        });
      }
    }
  },
});
