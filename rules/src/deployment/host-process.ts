import { defineRule, isJsonObject } from '@platlint/core';
import { forEachObject, type Obj } from '../kit/objects.js';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import docs from './host-process.md';

/** securityContext.windowsOptions.hostProcess of a pod or container, when set to a boolean. */
function hostProcessOf(owner: Obj): boolean | undefined {
  const context = owner.securityContext;
  const options = isJsonObject(context) ? context.windowsOptions : undefined;
  return isJsonObject(options) && typeof options.hostProcess === 'boolean' ? options.hostProcess : undefined;
}

const CONTAINER_LISTS = ['initContainers', 'containers'] as const;

export default defineRule({
  meta: {
    id: 'deployment/host-process',
    description:
      'Windows HostProcess containers: the pod and its containers agree, every container is one or none is, and the pod uses the host network.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (validateWindowsHostProcessPod)',
    docs,
    messages: {
      contradictsPod:
        "hostProcess {{own}} contradicts the pod's hostProcess {{podValue}}; set the same value or leave it to the pod",
      mixedContainers:
        '{{hostProcess}} of {{containers}} containers are HostProcess containers; a pod with any must have only HostProcess containers',
      needsHostNetwork: 'a pod with HostProcess containers must set hostNetwork: true',
    },
  },
  check(context) {
    const pod = podSpec(context.value);
    if (!pod) return;
    const podValue = hostProcessOf(pod);
    let containers = 0;
    let hostProcess = 0;
    for (const list of CONTAINER_LISTS) {
      forEachObject(pod[list], (container, i) => {
        containers++;
        const own = hostProcessOf(container);
        if (podValue !== undefined && own !== undefined && own !== podValue) {
          context.report({
            path: [...POD_SPEC, list, i, 'securityContext', 'windowsOptions', 'hostProcess'],
            messageId: 'contradictsPod',
            data: { own, podValue },
          });
        }
        if (own ?? podValue) hostProcess++;
      });
    }
    if (hostProcess === 0) return;
    if (hostProcess !== containers) {
      context.report({ path: POD_SPEC, messageId: 'mixedContainers', data: { hostProcess, containers } });
    }
    if (pod.hostNetwork !== true) {
      context.report({
        path: [...POD_SPEC, 'hostNetwork'],
        target: pod.hostNetwork === undefined ? 'key' : 'value',
        messageId: 'needsHostNetwork',
      });
    }
  },
});
