import { defineRule } from '@platlint/core';
import { EGRESS, forRepeats, list, obj } from './shared.js';

export default defineRule({
  meta: {
    id: 'config/egress-name',
    description: 'Egress selection names are unique (master counts as controlplane); master is deprecated.',
    kinds: [EGRESS],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, EgressSelectorConfiguration (EgressSelection.name); upstream (API server configuration loading, EgressSelectorConfiguration)',
    fixable: true,
    docs: [
      'Each destination (`controlplane`, `etcd`, `cluster`) has one egress selection. `master` is',
      'the deprecated spelling of `controlplane`: it draws a warning with a fix to `controlplane`,',
      'and `master` beside `controlplane` is a repeat. Names are compared ignoring case (a wrongly',
      'cased name is also reported structurally by `schema/enum`). A repeat is reported at the',
      'later entry.',
      '',
      'Fails: `[{name: master, ...}, {name: controlplane, ...}]`',
      'Passes: `[{name: controlplane, ...}, {name: cluster, ...}]`',
      '',
      'Upstream converts `master` silently when it reads the file; the spec marks it deprecated.',
    ].join('\n'),
  },
  check(context) {
    const entries = list(context.value.egressSelections).flatMap((s, i) => {
      const name = obj(s)?.name;
      return typeof name === 'string' ? [{ name, i }] : [];
    });
    for (const { name, i } of entries) {
      if (name === 'master') context.report({ path: ['egressSelections', i, 'name'], severity: 'warning', message: 'name master is deprecated; use controlplane', fix: { text: 'controlplane' } });
    }
    forRepeats(
      entries,
      ({ name }) => (name === 'master' ? 'controlplane' : name.toLowerCase()),
      (later, first) =>
        context.report({ path: ['egressSelections', later.i, 'name'], message: `egressSelections[${first.i}] already configures ${first.name === 'master' ? 'controlplane (as master)' : JSON.stringify(first.name)}; each destination is listed once` }),
    );
  },
});
