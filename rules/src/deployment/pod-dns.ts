import { defineRule, gateEnabled, isJsonObject } from '@platlint/core';
import type { RuleContext } from '@platlint/core';
import { formats } from '../kit/names.js';
import { forEachObject, type Obj } from '../kit/objects.js';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import docs from './pod-dns.md';

/**
 * A search domain, leniently: lowercase DNS labels that may also hold '_' (the server's relaxed
 * search-path check), with an optional trailing '.'; "." alone is allowed too.
 */
const SEARCH_DOMAIN = /^[a-z0-9_]([-a-z0-9_]*[a-z0-9_])?(\.[a-z0-9_]([-a-z0-9_]*[a-z0-9_])?)*\.?$/;
/** Total length of the search list the resolver takes, spaces between entries counted. */
const MAX_SEARCH_CHARS = 2048;
/** The longest host name a pod can be given by hostnameOverride (validatePodHostName). */
const MAX_HOSTNAME_OVERRIDE = 64;

export default defineRule({
  meta: {
    id: 'deployment/pod-dns',
    description: 'DNS settings of the pod template: nameservers with dnsPolicy None, IP nameservers, DNS host aliases.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (dnsConfig, hostAliases)',
    docs,
    messages: {
      noneWithoutDnsConfig: 'dnsPolicy None takes all DNS settings from dnsConfig; add dnsConfig with at least one nameserver',
      noneWithoutNameservers: 'dnsPolicy None needs at least one nameserver in dnsConfig.nameservers',
      badNameserver: 'nameserver "{{address}}" is not an IP address',
      badSearchDomain: 'search domain "{{domain}}" is not a lowercase DNS domain',
      searchesTooLong: 'the search domains total {{searchChars}} characters; the resolver takes at most {{max}}',
      badHostAlias: 'host name "{{value}}" {{problem}}',
      overrideWithFQDN: 'hostnameOverride cannot be set with setHostnameAsFQDN: true; keep one',
      overrideWithHostNetwork: "hostnameOverride cannot be set with hostNetwork: true, where the pod has the node's host name",
      overrideTooLong: 'hostnameOverride is {{count}} characters long; at most {{max}}',
      badOverride: 'hostnameOverride "{{hostname}}" {{problem}}',
    },
  },
  check(context) {
    const pod = podSpec(context.value);
    if (!pod) return;
    const dnsConfig = pod.dnsConfig;
    const nameservers = isJsonObject(dnsConfig) && Array.isArray(dnsConfig.nameservers) ? dnsConfig.nameservers : [];
    if (pod.dnsPolicy === 'None') {
      if (!isJsonObject(dnsConfig))
        context.report({ path: [...POD_SPEC, 'dnsConfig'], target: 'key', messageId: 'noneWithoutDnsConfig' });
      else if (nameservers.length === 0)
        context.report({
          path: [...POD_SPEC, 'dnsConfig', 'nameservers'],
          target: dnsConfig.nameservers === undefined ? 'key' : 'value',
          messageId: 'noneWithoutNameservers',
        });
    }
    nameservers.forEach((address: unknown, i) => {
      if (typeof address === 'string' && formats.ip(address))
        context.report({ path: [...POD_SPEC, 'dnsConfig', 'nameservers', i], messageId: 'badNameserver', data: { address } });
    });
    const searches = isJsonObject(dnsConfig) && Array.isArray(dnsConfig.searches) ? dnsConfig.searches : [];
    searches.forEach((domain: unknown, i) => {
      if (typeof domain !== 'string' || domain === '.') return;
      // The server drops one trailing '.' before it measures and checks the name.
      const bare = domain.endsWith('.') ? domain.slice(0, -1) : domain;
      if (bare.length > 253 || !SEARCH_DOMAIN.test(domain))
        context.report({ path: [...POD_SPEC, 'dnsConfig', 'searches', i], messageId: 'badSearchDomain', data: { domain } });
    });
    const searchChars =
      searches.reduce((total: number, domain: unknown) => total + (typeof domain === 'string' ? domain.length : 0), 0) +
      Math.max(searches.length - 1, 0);
    if (searchChars > MAX_SEARCH_CHARS)
      context.report({
        path: [...POD_SPEC, 'dnsConfig', 'searches'],
        messageId: 'searchesTooLong',
        data: { searchChars, max: MAX_SEARCH_CHARS },
      });
    if (
      typeof pod.hostnameOverride === 'string' &&
      gateEnabled(context.settings.featureGates, 'HostnameOverride', context.settings.release)
    )
      checkHostnameOverride(context, pod, pod.hostnameOverride);
    forEachObject(pod.hostAliases, (alias, i) => {
      if (!Array.isArray(alias.hostnames)) return;
      alias.hostnames.forEach((hostname: unknown, j) => {
        const problem = typeof hostname === 'string' ? formats['dns-subdomain'](hostname) : undefined;
        if (problem)
          context.report({
            path: [...POD_SPEC, 'hostAliases', i, 'hostnames', j],
            messageId: 'badHostAlias',
            data: { value: String(hostname), problem },
          });
      });
    });
  },
});

/**
 * validatePodHostName (kubernetes/kubernetes pkg/apis/core/validation/validation.go at
 * 64149d1201ab96736d5aa902df411d40a3f6f714): the override replaces the host name outright, so it
 * cannot be combined with the settings that derive the host name otherwise.
 */
function checkHostnameOverride(context: RuleContext, pod: Obj, hostname: string): void {
  const at = [...POD_SPEC, 'hostnameOverride'];
  if (pod.setHostnameAsFQDN === true) context.report({ path: at, target: 'key', messageId: 'overrideWithFQDN' });
  if (pod.hostNetwork === true) context.report({ path: at, target: 'key', messageId: 'overrideWithHostNetwork' });
  if (hostname.length > MAX_HOSTNAME_OVERRIDE)
    context.report({ path: at, messageId: 'overrideTooLong', data: { count: hostname.length, max: MAX_HOSTNAME_OVERRIDE } });
  const problem = formats['dns-subdomain'](hostname);
  if (problem) context.report({ path: at, messageId: 'badOverride', data: { hostname, problem } });
}
