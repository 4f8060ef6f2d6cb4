import { defineRule, formats, isJsonObject } from '@platlint/core';
import { objectsIn, POD_SPEC, podSpec } from './pod.js';
import docs from './pod-dns.md';

/**
 * A search domain, leniently: lowercase DNS labels that may also hold '_' (the server's relaxed
 * search-path check), with an optional trailing '.'; "." alone is allowed too.
 */
const SEARCH_DOMAIN = /^[a-z0-9_]([-a-z0-9_]*[a-z0-9_])?(\.[a-z0-9_]([-a-z0-9_]*[a-z0-9_])?)*\.?$/;
/** Total length of the search list the resolver takes, spaces between entries counted. */
const MAX_SEARCH_CHARS = 2048;

export default defineRule({
  meta: {
    id: 'deployment/pod-dns',
    description: 'DNS settings of the pod template: nameservers with dnsPolicy None, IP nameservers, DNS host aliases.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (dnsConfig, hostAliases)',
    docs,
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
    const searches = isJsonObject(dnsConfig) && Array.isArray(dnsConfig.searches) ? dnsConfig.searches : [];
    searches.forEach((domain: unknown, i) => {
      if (typeof domain !== 'string' || domain === '.') return;
      // The server drops one trailing '.' before it measures and checks the name.
      const bare = domain.endsWith('.') ? domain.slice(0, -1) : domain;
      if (bare.length > 253 || !SEARCH_DOMAIN.test(domain)) context.report({ path: [...POD_SPEC, 'dnsConfig', 'searches', i], message: `search domain "${domain}" is not a lowercase DNS domain` });
    });
    const searchChars = searches.reduce((total: number, domain: unknown) => total + (typeof domain === 'string' ? domain.length : 0), 0) + Math.max(searches.length - 1, 0);
    if (searchChars > MAX_SEARCH_CHARS) context.report({ path: [...POD_SPEC, 'dnsConfig', 'searches'], message: `the search domains total ${searchChars} characters; the resolver takes at most ${MAX_SEARCH_CHARS}` });
    for (const [alias, i] of objectsIn(pod.hostAliases)) {
      if (!Array.isArray(alias.hostnames)) continue;
      alias.hostnames.forEach((hostname: unknown, j) => {
        const problem = typeof hostname === 'string' ? formats['dns-subdomain'](hostname) : undefined;
        if (problem) context.report({ path: [...POD_SPEC, 'hostAliases', i, 'hostnames', j], message: `host name "${String(hostname)}" ${problem}` });
      });
    }
  },
});
