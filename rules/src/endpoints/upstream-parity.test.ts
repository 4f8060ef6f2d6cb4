import { describe, expect, it } from 'vitest';
import { parityErrors } from '../parity/fixtures.js';
import type { ParityCase } from '../parity/fixtures.js';

/**
 * Endpoints cases restated from the upstream validation tests (TestValidateEndpointsCreate,
 * TestValidateEndpointsUpdate, the ObjectMeta tests): what the API server accepts draws no
 * error, what it refuses draws exactly the errors listed.
 */
const ep = (subsets: string, meta = 'name: mysvc, namespace: namespace'): string =>
  `apiVersion: v1\nkind: Endpoints\nmetadata: {${meta}}\nsubsets: ${subsets}\n`;

const cases: Record<string, ParityCase> = {
  'empty subsets': { upstream: 'EndpointsCreate success: empty subsets', yaml: ep('[]') },
  'no ports': { upstream: 'EndpointsCreate success: no ports', yaml: ep('[{addresses: [{ip: 10.10.1.1}]}]') },
  'ready and not-ready addresses, named ports': {
    upstream: 'EndpointsCreate success: multiple ports',
    yaml: ep(
      '[{addresses: [{ip: 10.10.1.1}], notReadyAddresses: [{ip: 10.10.1.2}], ports: [{name: a, port: 8675, protocol: TCP}, {name: b, port: 309, protocol: UDP}, {name: c, port: 80, protocol: SCTP}]}]',
    ),
  },
  'IPv6 addresses': {
    upstream: 'EndpointsCreate success: IPv6',
    yaml: ep('[{addresses: [{ip: "2001:db8::1"}, {ip: "fd00::10"}]}]'),
  },
  'a single port needs no name': {
    upstream: 'EndpointsCreate success: single unnamed port',
    yaml: ep('[{addresses: [{ip: 10.10.1.1}], ports: [{port: 80}]}]'),
  },
  'protocol is defaulted to TCP': {
    upstream: 'defaults: EndpointPort protocol',
    yaml: ep('[{addresses: [{ip: 10.10.1.1}], ports: [{name: a, port: 80}, {name: b, port: 81}]}]'),
  },
  'duplicate port names are not checked': {
    upstream: 'validateEndpointSubsets: names are not compared',
    yaml: ep('[{addresses: [{ip: 10.10.1.1}], ports: [{name: a, port: 80}, {name: a, port: 81}]}]'),
  },
  'hostname and nodeName': {
    upstream: 'EndpointsCreate success: hostname, nodeName',
    yaml: ep('[{addresses: [{ip: 10.10.1.1, hostname: web-0, nodeName: node.example}]}]'),
  },
  'appProtocol as a plain name or a prefixed one': {
    upstream: 'EndpointsCreate success: valid appProtocol',
    yaml: ep(
      '[{addresses: [{ip: 10.10.1.1}], ports: [{name: a, port: 80, appProtocol: HTTP}, {name: b, port: 81, appProtocol: example.com/Custom_Proto}, {name: c, port: 82, appProtocol: kubernetes.io/h2c}]}]',
    ),
  },
  'a leading-zero IPv4 address is accepted (legacy parsing)': {
    upstream: 'IsValidIPForLegacyField: leading zeros allowed with a warning',
    yaml: ep('[{addresses: [{ip: 010.010.001.001}]}]'),
  },
  'a dotted name': { upstream: 'ValidateEndpointsName: DNS subdomain', yaml: ep('[]', 'name: my.svc, namespace: ns') },
  'generateName without name': { upstream: 'ObjectMeta: generateName', yaml: ep('[]', 'generateName: my-svc-, namespace: ns') },

  'a subset without addresses': {
    upstream: 'EndpointsCreate failure: empty addresses',
    yaml: ep('[{ports: [{name: a, port: 93}]}]'),
    errors: ['endpoints/subset-addresses @ subsets[0]'],
  },
  'an empty subset': {
    upstream: 'EndpointsCreate failure: empty subset',
    yaml: ep('[{}]'),
    errors: ['endpoints/subset-addresses @ subsets[0]'],
  },
  'two ports, one without a name': {
    upstream: 'EndpointsCreate failure: missing port name with multiple ports',
    yaml: ep('[{addresses: [{ip: 10.10.1.1}], ports: [{port: 93, protocol: TCP}, {name: b, port: 76, protocol: TCP}]}]'),
    errors: ['endpoints/port-name @ subsets[0].ports[0].name'],
  },
  'an invalid port name': {
    upstream: 'EndpointsCreate failure: invalid port name',
    yaml: ep('[{addresses: [{ip: 10.10.1.1}], ports: [{name: Pots, port: 8675}]}]'),
    errors: ['schema/format @ subsets[0].ports[0].name'],
  },
  'port 0 and port 65536': {
    upstream: 'EndpointsCreate failure: invalid port',
    yaml: ep('[{addresses: [{ip: 10.10.1.1}], ports: [{name: a, port: 0}, {name: b, port: 65536}]}]'),
    errors: ['schema/range @ subsets[0].ports[0].port', 'schema/range @ subsets[0].ports[1].port'],
  },
  'an unsupported protocol': {
    upstream: 'EndpointsCreate failure: invalid protocol',
    yaml: ep('[{addresses: [{ip: 10.10.1.1}], ports: [{name: a, port: 93, protocol: Protocol}]}]'),
    errors: ['schema/enum @ subsets[0].ports[0].protocol'],
  },
  'a bad IP': {
    upstream: 'EndpointsCreate failure: invalid ip',
    yaml: ep('[{addresses: [{ip: "[2001:0db8:85a3:0042:1000:8a2e:0370:7334]"}]}]'),
    errors: ['schema/format @ subsets[0].addresses[0].ip'],
  },
  'an IPv4 address of three parts': {
    upstream: 'EndpointsCreate failure: invalid ip',
    yaml: ep('[{addresses: [{ip: 1.2.3}]}]'),
    errors: ['schema/format @ subsets[0].addresses[0].ip'],
  },
  'a bad hostname': {
    upstream: 'EndpointsCreate failure: invalid hostname',
    yaml: ep('[{addresses: [{ip: 10.10.1.1, hostname: -1-2-3}]}]'),
    errors: ['schema/format @ subsets[0].addresses[0].hostname'],
  },
  'a bad nodeName': {
    upstream: 'EndpointsCreate failure: invalid nodeName',
    yaml: ep('[{addresses: [{ip: 10.10.1.1, nodeName: "a..b"}]}]'),
    errors: ['schema/format @ subsets[0].addresses[0].nodeName'],
  },
  'a bad appProtocol': {
    upstream: 'EndpointsCreate failure: invalid appProtocol',
    yaml: ep('[{addresses: [{ip: 10.10.1.1}], ports: [{name: a, port: 93, appProtocol: "lots-of[invalid]-{chars}"}]}]'),
    errors: ['schema/format @ subsets[0].ports[0].appProtocol'],
  },
  'loopback, link-local, link-local multicast and unspecified addresses': {
    upstream: 'EndpointsCreate failure: Address is loopback / link-local / link-local multicast (ValidateNonSpecialIP)',
    yaml: ep(
      '[{addresses: [{ip: 127.0.0.1}, {ip: "::1"}, {ip: 169.254.169.254}, {ip: "fe80::1"}, {ip: 224.0.0.1}, {ip: "ff02::1"}, {ip: 0.0.0.0}, {ip: "::"}]}]',
    ),
    errors: [0, 1, 2, 3, 4, 5, 6, 7].map((i) => `endpoints/ip-address @ subsets[0].addresses[${i}].ip`),
  },
  'a special address among the not-ready ones': {
    upstream: 'ValidateNonSpecialIP on notReadyAddresses',
    yaml: ep('[{notReadyAddresses: [{ip: 127.0.0.2}]}]'),
    errors: ['endpoints/ip-address @ subsets[0].notReadyAddresses[0].ip'],
  },
  'a name with upper-case letters': {
    upstream: 'ValidateEndpointsName',
    yaml: ep('[]', 'name: MySvc, namespace: ns'),
    errors: ['metadata/name-format @ metadata.name'],
  },
  'a namespace that is not a DNS label': {
    upstream: 'ObjectMeta: namespace',
    yaml: ep('[]', 'name: mysvc, namespace: no.dots'),
    errors: ['schema/format @ metadata.namespace'],
  },

  'update: addresses, ports and nodeName may change': {
    upstream: 'EndpointsUpdate success: change nodeName and subsets',
    old: ep('[{addresses: [{ip: 10.1.2.3, nodeName: node-1}], ports: [{name: a, port: 80}]}]'),
    yaml: ep('[{addresses: [{ip: 10.1.2.4, nodeName: node-2}], ports: [{name: a, port: 8080}]}]'),
  },
  'update: an invalid subset is still refused': {
    upstream: 'EndpointsUpdate failure: invalid updated subsets',
    old: ep('[{addresses: [{ip: 10.1.2.3}]}]'),
    yaml: ep('[{addresses: [{ip: 127.0.0.1}]}]'),
    errors: ['endpoints/ip-address @ subsets[0].addresses[0].ip'],
  },
};

describe('Endpoints: parity with the upstream validation', () => {
  it.each(Object.entries(cases))('%s', (_, c) => {
    expect(parityErrors(c)).toEqual([...(c.errors ?? [])].sort());
  });
});
