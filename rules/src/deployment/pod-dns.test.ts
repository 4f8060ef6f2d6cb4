import { RuleTester } from '@platlint/core/testing';
import { deploymentWithPod } from './fixtures.js';
import rule from './pod-dns.js';

const at = 'spec.template.spec';

RuleTester.run(rule, {
  valid: [
    { yaml: deploymentWithPod('      dnsPolicy: None\n      dnsConfig: {nameservers: [10.0.0.10, "2001:db8::1"]}\n') },
    { yaml: deploymentWithPod('      dnsConfig: {searches: [svc.example.com]}\n') },
    { yaml: deploymentWithPod('      hostAliases: [{ip: 10.1.2.3, hostnames: [db, db.example.com]}]\n') },
  ],
  invalid: [
    { yaml: deploymentWithPod('      dnsPolicy: None\n'), errors: [{ path: `${at}.dnsConfig`, message: /add dnsConfig/ }] },
    { yaml: deploymentWithPod('      dnsPolicy: None\n      dnsConfig: {searches: [a.example.com]}\n'), errors: [{ path: `${at}.dnsConfig.nameservers`, message: /at least one nameserver/ }] },
    { yaml: deploymentWithPod('      dnsConfig: {nameservers: [dns.example.com]}\n'), errors: [{ path: `${at}.dnsConfig.nameservers[0]`, message: 'nameserver "dns.example.com" is not an IP address' }] },
    { yaml: deploymentWithPod('      hostAliases: [{ip: 10.1.2.3, hostnames: [DB_Host]}]\n'), errors: [{ path: `${at}.hostAliases[0].hostnames[0]`, message: /^host name "DB_Host"/ }] },
  ],
});
