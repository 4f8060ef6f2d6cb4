// The overlay of deviceTaintRule (document B).
import type { Overlay, SpecRef } from '../../overlay-types.js';
import { objectEnvelope, listType } from './envelope.js';

const DTR: SpecRef = 'B DeviceTaintRule';

export const deviceTaintRules: Overlay = {
  'resource/v1.DeviceTaintRule': {
    description:
      'Puts one taint on every device that matches a selector, with the same effect as if the DRA driver had published the taint in its ResourceSlice. Cluster-scoped.',
    spec: DTR,
    fields: {
      ...objectEnvelope('DeviceTaintRule', DTR),
      spec: { description: 'Which devices to taint and with what; changing it bumps metadata.generation.', spec: DTR },
      status: { description: 'Observed state of the rule, such as eviction progress.', spec: DTR },
    },
  },
  'resource/v1.DeviceTaintRuleList': listType('DeviceTaintRule', DTR),
  'resource/v1.DeviceTaintRuleSpec': {
    description: 'Desired state of a DeviceTaintRule. Any change increments metadata.generation.',
    spec: DTR,
    fields: {
      deviceSelector: {
        description:
          'Which devices receive the taint; every criterion that is set must match. An empty selector matches all devices, a missing one matches none.',
        spec: DTR,
      },
      taint: { description: 'The taint put on every matching device.', spec: DTR },
    },
  },
  'resource/v1.DeviceTaintSelector': {
    description: 'Criteria for picking devices; all criteria that are set must match.',
    spec: DTR,
    fields: {
      device: {
        description:
          'Only the device with this name (as in slice.spec.devices[].name). Adding driver and pool may avoid ambiguity. A DNS label upstream.',
        format: 'dns-label',
        spec: DTR,
      },
      driver: {
        description: 'Only devices of this driver (slice.spec.driver). Upstream: a DNS subdomain of at most 63 characters.',
        format: 'dns-subdomain',
        maxLength: 63,
        spec: DTR,
      },
      pool: {
        description:
          'Only devices in this pool. Adding the driver may avoid ambiguity, but selecting a pool name across drivers can be useful. Upstream: DNS subdomains joined by `/`, at most 253 characters.',
        maxLength: 253,
        spec: DTR,
      },
    },
  },
  'resource/v1.DeviceTaint': {
    description:
      'A taint on a device. It affects claims that do not tolerate it and, through them, the pods that use those claims.',
    spec: DTR,
    fields: {
      effect: {
        description:
          '`None` is informational only; `NoSchedule` keeps new pods that use the device from being scheduled unless they tolerate it; `NoExecute` also evicts running pods that do not tolerate it. `PreferNoSchedule` is not valid. Consumers treat an unknown effect (written by a newer server) like `None`, but the server refuses any other value on write (the devicetaintrule/taint-effect rule checks it).',
        knownValues: ['None', 'NoSchedule', 'NoExecute'],
        spec: DTR,
      },
      key: { description: 'Taint key, in label-key syntax.', format: 'label-key', spec: DTR },
      timeAdded: {
        description:
          'When the taint was added, or (in a DeviceTaintRule only) when its effect last changed. Filled in automatically when unset.',
        spec: DTR,
      },
      value: { description: 'Taint value, in label-value syntax.', format: 'label-value', maxLength: 63, spec: DTR },
    },
  },
  'resource/v1.DeviceTaintRuleStatus': {
    description: 'Observed state of a DeviceTaintRule.',
    spec: DTR,
    fields: {
      conditions: {
        description:
          'Latest observations, merged by `type`. `EvictionInProgress` is True while pods still need eviction; its message reports pending and evicted pods. At most 8 on a status-subresource write; the server drops status sent with a create or update, so a manifest is not held to the limit.',
        spec: DTR,
      },
    },
  },
};
