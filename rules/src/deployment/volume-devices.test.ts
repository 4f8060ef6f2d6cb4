import { RuleTester } from '@platlint/core/testing';
import { deploymentWithContainer } from './fixtures.js';
import rule from './volume-devices.js';

const volumes =
  '      volumes: [{name: data, persistentVolumeClaim: {claimName: d}}, {name: scratch, ephemeral: {volumeClaimTemplate: {spec: {accessModes: [ReadWriteOnce], volumeMode: Block, resources: {requests: {storage: 1Gi}}}}}}, {name: cache, emptyDir: {}}]\n';
const devices = (fields: string): string => `${deploymentWithContainer(fields)}${volumes}`;
const at = 'spec.template.spec.containers[0]';

RuleTester.run(rule, {
  valid: [
    {
      yaml: devices(
        '        volumeDevices: [{name: data, devicePath: /dev/xvda}, {name: scratch, devicePath: /dev/xvdb}]\n        volumeMounts: [{name: cache, mountPath: /cache}]\n',
      ),
    },
  ],
  invalid: [
    {
      yaml: devices('        volumeDevices: [{name: missing, devicePath: /dev/a}]\n'),
      errors: [{ path: `${at}.volumeDevices[0].name`, messageId: 'unknownVolume', data: { name: 'missing' } }],
    },
    {
      yaml: devices('        volumeDevices: [{name: cache, devicePath: /dev/a}]\n'),
      errors: [{ path: `${at}.volumeDevices[0].name`, messageId: 'notAClaim', data: { name: 'cache' } }],
    },
    {
      yaml: devices('        volumeDevices: [{name: data, devicePath: /dev/a}, {name: data, devicePath: /dev/b}]\n'),
      errors: [{ path: `${at}.volumeDevices[1].name`, messageId: 'deviceTwice', data: { name: 'data' } }],
    },
    {
      yaml: devices(
        '        volumeDevices: [{name: data, devicePath: /dev/a}]\n        volumeMounts: [{name: data, mountPath: /data}]\n',
      ),
      errors: [{ path: `${at}.volumeDevices[0].name`, messageId: 'deviceAlsoMounted', data: { name: 'data' } }],
    },
    {
      yaml: devices('        volumeDevices: [{name: data, devicePath: /dev/a}, {name: scratch, devicePath: /dev/a}]\n'),
      errors: [{ path: `${at}.volumeDevices[1].devicePath`, messageId: 'devicePathTwice', data: { devicePath: '/dev/a' } }],
    },
    {
      yaml: devices(
        '        volumeDevices: [{name: data, devicePath: /cache}]\n        volumeMounts: [{name: cache, mountPath: /cache}]\n',
      ),
      errors: [{ path: `${at}.volumeDevices[0].devicePath`, messageId: 'devicePathIsMountPath', data: { devicePath: '/cache' } }],
    },
    {
      yaml: devices('        volumeDevices: [{name: data, devicePath: /dev/../etc}]\n'),
      errors: [{ path: `${at}.volumeDevices[0].devicePath`, messageId: 'devicePathDotDot', data: { devicePath: '/dev/../etc' } }],
    },
  ],
});
