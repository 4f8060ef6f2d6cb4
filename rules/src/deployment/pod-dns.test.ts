import { RuleTester } from '@platlint/core/testing';
import { deploymentWithPod } from './fixtures.js';
import rule from './pod-dns.js';

const at = 'spec.template.spec';

RuleTester.run(rule, {
  valid: [
    { yaml: deploymentWithPod('      dnsPolicy: None\n      dnsConfig: {nameservers: [10.0.0.10, "2001:db8::1"]}\n') },
    { yaml: deploymentWithPod('      dnsConfig: {searches: [svc.example.com, example.org., _srv.example.com, "."]}\n') },
    // 253 characters and a trailing '.': the server measures the name without the dot.
    {
      name: 'a 253-character search domain with a trailing dot',
      yaml: deploymentWithPod(
        `      dnsConfig: {searches: [${['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(61)].join('.')}.]}\n`,
      ),
    },
    { yaml: deploymentWithPod('      hostAliases: [{ip: 10.1.2.3, hostnames: [db, db.example.com]}]\n') },
  ],
  invalid: [
    {
      yaml: deploymentWithPod('      dnsConfig: {searches: [Example.COM]}\n'),
      errors: [{ path: `${at}.dnsConfig.searches[0]`, messageId: 'badSearchDomain', data: { domain: 'Example.COM' } }],
    },
    {
      yaml: deploymentWithPod(
        `      dnsConfig: {searches: [${Array.from({ length: 11 }, (_, i) => `${String(i)}${'a'.repeat(62)}.${'b'.repeat(63)}.${'c'.repeat(63)}.example.com`).join(', ')}]}\n`,
      ),
      errors: [{ path: `${at}.dnsConfig.searches`, messageId: 'searchesTooLong', data: { searchChars: 2244, max: 2048 } }],
    },
    {
      yaml: deploymentWithPod('      dnsPolicy: None\n'),
      errors: [{ path: `${at}.dnsConfig`, messageId: 'noneWithoutDnsConfig' }],
    },
    {
      yaml: deploymentWithPod('      dnsPolicy: None\n      dnsConfig: {searches: [a.example.com]}\n'),
      errors: [{ path: `${at}.dnsConfig.nameservers`, messageId: 'noneWithoutNameservers' }],
    },
    {
      yaml: deploymentWithPod('      dnsConfig: {nameservers: [dns.example.com]}\n'),
      errors: [{ path: `${at}.dnsConfig.nameservers[0]`, messageId: 'badNameserver', data: { address: 'dns.example.com' } }],
    },
    {
      yaml: deploymentWithPod('      hostAliases: [{ip: 10.1.2.3, hostnames: [DB_Host]}]\n'),
      errors: [
        {
          path: `${at}.hostAliases[0].hostnames[0]`,
          messageId: 'badHostAlias',
          data: { value: 'DB_Host', problem: 'has uppercase letters; a DNS subdomain is lowercase' },
        },
      ],
    },
  ],
});
