import { RuleTester } from '@platlint/core/testing';
import { deploymentWithPod } from './fixtures.js';
import rule from './volume-paths.js';

const volume = (source: string): string => deploymentWithPod(`      volumes:\n      - name: v\n        ${source}\n`);
const at = 'spec.template.spec.volumes[0]';

RuleTester.run(rule, {
  valid: [
    { yaml: volume('hostPath: {path: /var/log}') },
    { yaml: volume('nfs: {server: nfs.example.com, path: /exports}') },
    { yaml: volume('configMap: {name: c, items: [{key: k, path: conf/app.yaml}]}') },
    {
      yaml: volume(
        'downwardAPI: {items: [{path: labels, fieldRef: {fieldPath: metadata.labels}}, {path: cpu, resourceFieldRef: {containerName: app, resource: limits.cpu}}]}',
      ),
    },
    {
      yaml: volume(
        'projected: {sources: [{secret: {name: s, items: [{key: k, path: k}]}}, {serviceAccountToken: {path: token}}]}',
      ),
    },
  ],
  invalid: [
    {
      yaml: volume('hostPath: {path: /var/../etc}'),
      errors: [{ path: `${at}.hostPath.path`, messageId: 'hostPathDotDot', data: { path: '/var/../etc' } }],
    },
    {
      yaml: volume('nfs: {server: nfs.example.com, path: exports}'),
      errors: [{ path: `${at}.nfs.path`, messageId: 'nfsPathNotAbsolute', data: { path: 'exports' } }],
    },
    {
      yaml: volume('secret: {secretName: s, items: [{key: k, path: /k}]}'),
      errors: [
        {
          path: `${at}.secret.items[0].path`,
          messageId: 'badItemPath',
          data: { value: '/k', problem: 'must be a relative path' },
        },
      ],
    },
    {
      yaml: volume('configMap: {name: c, items: [{key: k, path: ..data}]}'),
      errors: [
        {
          path: `${at}.configMap.items[0].path`,
          messageId: 'badItemPath',
          data: { value: '..data', problem: "must not start with '..'" },
        },
      ],
    },
    {
      yaml: volume('downwardAPI: {items: [{path: ip, fieldRef: {fieldPath: status.podIP}}]}'),
      errors: [
        {
          path: `${at}.downwardAPI.items[0].fieldRef.fieldPath`,
          messageId: 'fieldPathNotReadable',
          data: { fieldPath: 'status.podIP' },
        },
      ],
    },
    {
      yaml: volume('downwardAPI: {items: [{path: cpu, resourceFieldRef: {resource: limits.cpu}}]}'),
      errors: [{ path: `${at}.downwardAPI.items[0].resourceFieldRef.containerName`, messageId: 'resourceNeedsContainer' }],
    },
    {
      yaml: volume('projected: {sources: [{configMap: {name: a}, secret: {name: b}}]}'),
      errors: [{ path: `${at}.projected.sources[0]`, messageId: 'severalProjections', data: { kinds: 'configMap and secret' } }],
    },
    // A key that is no projection is dropped by the server (or is a schema finding), not a second projection.
    {
      yaml: volume('projected: {sources: [{configMap: {name: a, items: [{key: k, path: /k}]}, comment: shared}]}'),
      errors: [
        {
          path: `${at}.projected.sources[0].configMap.items[0].path`,
          messageId: 'badItemPath',
          data: { value: '/k', problem: 'must be a relative path' },
        },
      ],
    },
    {
      yaml: volume('projected: {sources: [{serviceAccountToken: {path: ../token}}]}'),
      errors: [
        {
          path: `${at}.projected.sources[0].serviceAccountToken.path`,
          messageId: 'badItemPath',
          data: { value: '../token', problem: "must not contain '..'" },
        },
      ],
    },
    {
      yaml: volume('projected: {sources: [{downwardAPI: {items: [{path: x}]}}]}'),
      errors: [{ path: `${at}.projected.sources[0].downwardAPI.items[0]`, messageId: 'downwardFileNeedsRef' }],
    },
  ],
});
