import { defineRule, formats, isJsonObject } from '@platlint/core';
import { docsDeploymentWithPodFields, objectsIn, POD_SPEC, podSpec } from './pod.js';

export default defineRule({
  meta: {
    id: 'deployment/pod-dns',
    description: 'DNS settings of the pod template: nameservers with dnsPolicy None, IP nameservers, DNS host aliases.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (dnsConfig, hostAliases)',
    docs: [
      'Name resolution inside the pods of the template:',
      '',
      '- `dnsPolicy: None` gives the pod no cluster DNS at all, so `dnsConfig` must name at least one',
      '  nameserver.',
      '- Every `dnsConfig.nameservers` entry is an IPv4 or IPv6 address.',
      '- Every host name of a `hostAliases` entry is a DNS subdomain (lowercase).',
      '',
      'Fails:',
      '',
      ...docsDeploymentWithPodFields('      dnsPolicy: None'),
      '',
      'Passes:',
      '',
      ...docsDeploymentWithPodFields('      dnsPolicy: None', '      dnsConfig: {nameservers: [10.0.0.10]}'),
    ].join('\n'),
  },
  check(context) {
    const pod = podSpec(context.value);
    if (!pod) return;
    const dnsConfig = pod.dnsConfig;
    const nameservers = isJsonObject(dnsConfig) && Array.isArray(dnsConfig.nameservers) ? dnsConfig.nameservers : [];
    if (pod.dnsPolicy === 'None') {
      if (!isJsonObject(dnsConfig)) context.report({ path: [...POD_SPEC, 'dnsConfig'], target: 'key', message: 'dnsPolicy None takes all DNS settings from dnsConfig; add dnsConfig with at least one nameserver' });
      else if (nameservers.length === 0) context.report({ path: [...POD_SPEC, 'dnsConfig', 'nameservers'], target: dnsConfig.nameservers === undefined ? 'key' : 'value', message: 'dnsPolicy None needs at least one nameserver in dnsConfig.nameservers' });
    }
    nameservers.forEach((address: unknown, i) => {
      if (typeof address === 'string' && formats.ip(address)) context.report({ path: [...POD_SPEC, 'dnsConfig', 'nameservers', i], message: `nameserver "${address}" is not an IP address` });
    });
    for (const [alias, i] of objectsIn(pod.hostAliases)) {
      if (!Array.isArray(alias.hostnames)) continue;
      alias.hostnames.forEach((hostname: unknown, j) => {
        const problem = typeof hostname === 'string' ? formats['dns-subdomain'](hostname) : undefined;
        if (problem) context.report({ path: [...POD_SPEC, 'hostAliases', i, 'hostnames', j], message: `host name "${String(hostname)}" ${problem}` });
      });
    }
  },
});
