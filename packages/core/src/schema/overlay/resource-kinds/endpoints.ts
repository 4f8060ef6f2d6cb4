// The overlay of endpoints (document A).
import type { Overlay } from '../../overlay-types.js';
import { objectEnvelope, listType } from './envelope.js';

const ENDPOINTS_DEPRECATED =
  'Endpoints is deprecated since release 1.33; use EndpointSlice of discovery.plat.io/v1, which holds the complete endpoint information.';

export const endpoints: Overlay = {
  'core/v1.Endpoints': {
    description: 'Legacy record of the addresses and ports that back a service. Deprecated in favor of EndpointSlice.',
    deprecated: ENDPOINTS_DEPRECATED,
    spec: 'A Endpoints',
    fields: {
      ...objectEnvelope('Endpoints', 'A Endpoints'),
      subsets: {
        description: 'Groups of addresses sharing a set of ports; the endpoints of the service are the union over all subsets.',
        spec: 'A Endpoints',
      },
    },
  },
  'core/v1.EndpointsList': { ...listType('Endpoints', 'A Endpoints'), deprecated: ENDPOINTS_DEPRECATED },
  'core/v1.EndpointSubset': {
    description:
      'Addresses that share the same ports. The endpoints it stands for are every address combined with every port. An address may not be both ready and not ready in one subset.',
    spec: 'A Endpoints',
    fields: {
      addresses: {
        description:
          'Addresses whose ports are ready; safe for load balancers and clients to use. Upstream requires this or notReadyAddresses to be non-empty.',
        spec: 'A Endpoints',
      },
      notReadyAddresses: {
        description:
          'Addresses whose ports are not ready yet (still starting, or recently failed a readiness or liveness probe).',
        spec: 'A Endpoints',
      },
      ports: {
        description: 'Ports offered on every address of the subset.',
        spec: 'A Endpoints',
      },
    },
  },
  'core/v1.EndpointAddress': {
    description: 'One endpoint address: an IP and, optionally, the host, node and object behind it.',
    spec: 'A Endpoints',
    fields: {
      ip: {
        description:
          'IP of the endpoint. Must not be a loopback, link-local or link-local multicast address (nor unspecified, upstream).',
        format: 'ip',
        spec: 'A Endpoints',
      },
      hostname: {
        description: 'Host name of this endpoint. Upstream requires a DNS label.',
        format: 'dns-label',
        spec: 'A Endpoints',
      },
      nodeName: {
        description: 'Node that hosts the endpoint; lets clients pick endpoints local to a node.',
        format: 'dns-subdomain',
        spec: 'A Endpoints',
      },
      targetRef: {
        description: 'The object (usually a Pod) that provides this endpoint.',
        spec: 'A Endpoints',
      },
    },
  },
  'core/v1.EndpointPort': {
    description: 'One port offered by the addresses of a subset.',
    spec: 'A Endpoints',
    fields: {
      name: {
        description:
          'Port name, equal to the name of the matching ServicePort. A DNS label; required when the subset lists more than one port.',
        format: 'dns-label',
        spec: 'A Endpoints',
      },
      port: {
        description: 'Port number of the endpoint (1 to 65535, enforced upstream).',
        minimum: 1,
        maximum: 65535,
        spec: 'A Endpoints',
      },
      protocol: {
        description: 'Transport protocol of the port.',
        default: 'TCP',
        spec: 'A Endpoints',
      },
      appProtocol: {
        description:
          'Application protocol hint in label-key syntax: an IANA service name without prefix, one of `plat.io/h2c`, `plat.io/ws`, `plat.io/wss`, or an implementation-specific prefixed name.',
        format: 'label-key',
        knownValues: ['plat.io/h2c', 'plat.io/ws', 'plat.io/wss'],
        spec: 'A Endpoints',
      },
    },
  },
};
