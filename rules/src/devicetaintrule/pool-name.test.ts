import { RuleTester } from '@platlint/core/testing';
import rule from './pool-name.js';

const withPool = (pool: string): string => `apiVersion: resource.plat.io/v1
kind: DeviceTaintRule
metadata:
  name: gpu-maintenance
spec:
  deviceSelector:
    driver: gpu.example.com
    pool: ${pool}
  taint:
    key: example.com/maintenance
    effect: NoSchedule
`;

RuleTester.run(rule, {
  valid: [
    { name: 'one DNS label', yaml: withPool('gpu-node-07') },
    { name: 'DNS subdomains joined by slashes', yaml: withPool('rack-12.fpga.example.com/pool-a/b') },
    { name: 'no pool at all', yaml: withPool('gpu-node-07').replace('    pool: gpu-node-07\n', '') },
  ],
  invalid: [
    {
      name: 'an empty pool',
      yaml: withPool('""'),
      errors: [{ path: 'spec.deviceSelector.pool', messageId: 'empty', line: 8, column: 11 }],
    },
    {
      name: 'a doubled slash',
      yaml: withPool('rack-12//pool-a'),
      errors: [{ path: 'spec.deviceSelector.pool', messageId: 'emptyPart', data: { pool: 'rack-12//pool-a' } }],
    },
    {
      name: 'a trailing slash',
      yaml: withPool('rack-12/'),
      errors: [{ path: 'spec.deviceSelector.pool', message: /^pool "rack-12\/" has an empty part/ }],
    },
    {
      name: 'a part with uppercase letters',
      yaml: withPool('rack-12/Pool_A'),
      errors: [
        {
          path: 'spec.deviceSelector.pool',
          messageId: 'badPart',
          data: { pool: 'rack-12/Pool_A', part: 'Pool_A', problem: 'has uppercase letters; a DNS subdomain is lowercase' },
        },
      ],
    },
    {
      name: 'a single part with an underscore',
      yaml: withPool('pool_a'),
      errors: [
        {
          path: 'spec.deviceSelector.pool',
          messageId: 'badName',
          data: {
            pool: 'pool_a',
            problem:
              "is not a DNS subdomain: use lowercase letters, digits, '-' and '.', each part starting and ending with a letter or digit",
          },
        },
      ],
    },
  ],
});
