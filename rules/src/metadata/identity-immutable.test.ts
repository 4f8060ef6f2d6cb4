import { RuleTester } from '@platlint/core/testing';
import rule from './identity-immutable.js';

const endpoints = (metadata: string): string => `apiVersion: v1
kind: Endpoints
metadata: ${metadata}
subsets: []
`;

const stored = endpoints('{name: web, namespace: shop, uid: 6f1c0a7e-1111-4c2b-9d7e-0123456789ab}');

RuleTester.run(rule, {
  valid: [
    { name: 'no stored object: a create', yaml: endpoints('{name: web2, namespace: shop}') },
    { name: 'the same name and namespace, uid left out', yaml: endpoints('{name: web, namespace: shop}'), old: stored },
    { name: 'namespace left out: the request supplies it', yaml: endpoints('{name: web}'), old: stored },
    {
      name: 'several stored objects of the kind and no match by name: no pairing',
      yaml: endpoints('{name: web3, namespace: shop}'),
      old: `${stored}---\n${endpoints('{name: web2, namespace: shop}')}`,
    },
    {
      name: 'a stored object already matched by name is not paired with a second new one',
      yaml: `${endpoints('{name: web, namespace: shop}')}---\n${endpoints('{name: api, namespace: shop}')}`,
      old: stored,
    },
  ],
  invalid: [
    {
      name: 'a rename: the only stored Endpoints is paired though its name differs',
      yaml: endpoints('{name: web-v2, namespace: shop}'),
      old: stored,
      errors: [{ path: 'metadata.name', messageId: 'identityChanged', data: { field: 'name', stored: 'web' }, line: 3 }],
    },
    {
      name: 'another namespace and another uid',
      yaml: endpoints('{name: web, namespace: shop2, uid: 00000000-0000-4000-8000-000000000000}'),
      old: stored,
      errors: [
        { path: 'metadata.namespace', message: /metadata.namespace cannot change on update \(stored: "shop"\)/ },
        { path: 'metadata.uid', message: /remove uid or keep the stored one/ },
      ],
    },
    {
      name: 'stored as a kubectl List',
      yaml: endpoints('{name: api, namespace: shop}'),
      old: `apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Endpoints\n  metadata: {name: web, namespace: shop}\n  subsets: []\n`,
      errors: [{ path: 'metadata.name', message: /stored: "web"/ }],
    },
  ],
});
