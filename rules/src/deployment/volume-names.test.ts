import { RuleTester } from '@platlint/core/testing';
import rule from './volume-names.js';

const deployment = (volumes: string): string => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: app, image: nginx:1.27}]
      volumes:
${volumes}`;

RuleTester.run(rule, {
  valid: [
    { yaml: deployment('      - {name: cache, emptyDir: {}}\n      - {name: tmp-1, emptyDir: {}}\n') },
    // The v1 defaults turn a volume without a source into an emptyDir before validation.
    {
      name: 'a volume without a type becomes an emptyDir',
      yaml: deployment('      - {name: cache, emptyDir: {}}\n      - name: scratch\n      - {name: conf, configMap: }\n'),
    },
    // The server lowercases a CSI driver name before its DNS-subdomain check.
    { name: 'a CSI driver name with capitals', yaml: deployment('      - {name: data, csi: {driver: CSI.Example.com}}\n') },
  ],
  invalid: [
    {
      name: 'a CSI driver name that is not a DNS subdomain even in lowercase',
      yaml: deployment('      - {name: data, csi: {driver: csi_driver}}\n'),
      errors: [
        {
          path: 'spec.template.spec.volumes[0].csi.driver',
          messageId: 'csiDriverName',
          data: {
            driver: 'csi_driver',
            problem:
              "is not a DNS subdomain: use lowercase letters, digits, '-' and '.', each part starting and ending with a letter or digit",
          },
        },
      ],
    },
    {
      name: 'malformed and duplicate names',
      yaml: deployment(
        '      - {name: Cache, emptyDir: {}}\n      - {name: tmp, emptyDir: {}}\n      - {name: tmp, emptyDir: {}}\n',
      ),
      errors: [
        {
          path: 'spec.template.spec.volumes[0].name',
          messageId: 'badVolumeName',
          data: { name: 'Cache', problem: 'has uppercase letters; a DNS label is lowercase' },
          line: 11,
          column: 16,
        },
        { path: 'spec.template.spec.volumes[2].name', messageId: 'volumeNameTwice', data: { name: 'tmp' }, line: 13 },
      ],
    },
    {
      name: 'a volume with two types',
      yaml: deployment('      - {name: cache, emptyDir: {}}\n      - {name: conf, configMap: {name: c}, emptyDir: {}}\n'),
      errors: [
        {
          path: 'spec.template.spec.volumes[1]',
          messageId: 'severalSources',
          data: { volume: '"conf" ', count: 2, set: 'emptyDir, configMap' },
          line: 12,
        },
      ],
    },
  ],
});
