import { RuleTester } from '@platlint/core/testing';
import rule from './volume-mounts.js';

const deployment = (mount: string, volumes: string): string => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      initContainers:
      - name: init
        image: busybox:1.36
        volumeMounts: [{name: cache, mountPath: /cache}]
      containers:
      - name: app
        image: nginx:1.27
        volumeMounts: [{name: ${mount}, mountPath: /data}]
${volumes}`;

RuleTester.run(rule, {
  valid: [{ yaml: deployment('data', '      volumes: [{name: cache, emptyDir: {}}, {name: data, emptyDir: {}}]\n') }],
  invalid: [
    {
      name: 'a mount naming a missing volume',
      yaml: deployment('ca-certs', '      volumes: [{name: cache, emptyDir: {}}, {name: ca, emptyDir: {}}]\n'),
      errors: [
        {
          path: 'spec.template.spec.containers[0].volumeMounts[0].name',
          messageId: 'unknownVolume',
          data: { name: 'ca-certs' },
          line: 16,
          column: 31,
        },
      ],
    },
    {
      name: 'no volumes at all',
      yaml: deployment('data', ''),
      errors: [
        {
          path: 'spec.template.spec.initContainers[0].volumeMounts[0].name',
          messageId: 'unknownVolume',
          data: { name: 'cache' },
        },
        { path: 'spec.template.spec.containers[0].volumeMounts[0].name', messageId: 'unknownVolume', data: { name: 'data' } },
      ],
    },
  ],
});
