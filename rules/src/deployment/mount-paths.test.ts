import { RuleTester } from '@platlint/core/testing';
import { deploymentWithContainer } from './fixtures.js';
import rule from './mount-paths.js';

const mounts = (entries: string, security = ''): string =>
  `${deploymentWithContainer(`        volumeMounts: ${entries}\n${security}`)}      volumes: [{name: a, emptyDir: {}}, {name: b, emptyDir: {}}]\n`;
const at = 'spec.template.spec.containers[0].volumeMounts';

RuleTester.run(rule, {
  valid: [
    { yaml: mounts('[{name: a, mountPath: /a, subPath: x/y}, {name: b, mountPath: /b, subPathExpr: $(POD_NAME)}]') },
    {
      yaml: mounts(
        '[{name: a, mountPath: /a, mountPropagation: Bidirectional}]',
        '        securityContext: {privileged: true}\n',
      ),
    },
    { yaml: mounts('[{name: a, mountPath: /a, readOnly: true, recursiveReadOnly: IfPossible}]') },
  ],
  invalid: [
    {
      yaml: mounts('[{name: a, mountPath: /data}, {name: b, mountPath: /data}]'),
      errors: [{ path: `${at}[1].mountPath`, messageId: 'mountPathTaken', data: { mountPath: '/data' } }],
    },
    {
      yaml: mounts('[{name: a, mountPath: /a, subPath: /etc}]'),
      errors: [
        {
          path: `${at}[0].subPath`,
          messageId: 'badSubPath',
          data: { field: 'subPath', value: '/etc', problem: 'must be a relative path' },
        },
      ],
    },
    {
      yaml: mounts('[{name: a, mountPath: /a, subPathExpr: x/../..}]'),
      errors: [
        {
          path: `${at}[0].subPathExpr`,
          messageId: 'badSubPath',
          data: { field: 'subPathExpr', value: 'x/../..', problem: "must not contain '..'" },
        },
      ],
    },
    {
      yaml: mounts('[{name: a, mountPath: /a, subPath: x, subPathExpr: z}]'),
      errors: [{ path: `${at}[0].subPathExpr`, messageId: 'subPathAndExpr' }],
    },
    {
      yaml: mounts('[{name: a, mountPath: /a, mountPropagation: Bidirectional}]'),
      errors: [{ path: `${at}[0].mountPropagation`, messageId: 'bidirectionalNeedsPrivileged' }],
    },
    {
      yaml: mounts('[{name: a, mountPath: /a, recursiveReadOnly: Enabled}]'),
      errors: [
        {
          path: `${at}[0].recursiveReadOnly`,
          messageId: 'recursiveReadOnlyNeedsReadOnly',
          data: { recursiveReadOnly: 'Enabled' },
        },
      ],
    },
  ],
});
