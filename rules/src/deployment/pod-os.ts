import { defineRule, isJsonObject } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { containersOf, POD_SPEC, podSpec } from '../kit/paths.js';
import type { Obj } from '../kit/objects.js';
import docs from './pod-os.md';

/**
 * Linux-only settings of the pod's security context, refused for a Windows pod (validateWindows,
 * pkg/apis/core/validation/validation.go at 000f26050b9be6fb3d79fae95e06b47fc96128cd).
 */
const LINUX_POD_FIELDS = [
  'seLinuxOptions',
  'seccompProfile',
  'appArmorProfile',
  'fsGroup',
  'fsGroupChangePolicy',
  'sysctls',
  'runAsUser',
  'runAsGroup',
  'supplementalGroups',
  'supplementalGroupsPolicy',
  'seLinuxChangePolicy',
] as const;
/** Pod fields refused for a Windows pod once set, whatever their value (the server keeps them as pointers). */
const LINUX_POD_SETTINGS = ['hostUsers', 'shareProcessNamespace'] as const;
/** Host namespaces a Windows pod cannot join: refused when true. */
const LINUX_HOST_NAMESPACES = ['hostPID', 'hostIPC'] as const;
/** Linux-only settings of a container's security context. */
const LINUX_CONTAINER_FIELDS = [
  'seLinuxOptions',
  'seccompProfile',
  'appArmorProfile',
  'capabilities',
  'readOnlyRootFilesystem',
  'privileged',
  'allowPrivilegeEscalation',
  'procMount',
  'runAsUser',
  'runAsGroup',
] as const;

export default defineRule({
  meta: {
    id: 'deployment/pod-os',
    description: 'A pod template that names its OS sets no security settings of the other one.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (spec.os)',
    docs,
    messages: {
      fieldOfOtherOs: '{{field}} cannot be set for a {{os}} pod; remove it or change spec.os.name',
    },
  },
  check(context) {
    const pod = podSpec(context.value);
    const os = pod && isJsonObject(pod.os) ? pod.os.name : undefined;
    if (!pod || (os !== 'windows' && os !== 'linux')) return;
    const podFields = os === 'windows' ? LINUX_POD_FIELDS : (['windowsOptions'] as const);
    const containerFields = os === 'windows' ? LINUX_CONTAINER_FIELDS : (['windowsOptions'] as const);
    if (isJsonObject(pod.securityContext)) refuse(context, pod.securityContext, podFields, [...POD_SPEC, 'securityContext'], os);
    if (os === 'windows') {
      refuse(context, pod, LINUX_POD_SETTINGS, POD_SPEC, os);
      refuse(
        context,
        pod,
        LINUX_HOST_NAMESPACES.filter((field) => pod[field] === true),
        POD_SPEC,
        os,
      );
    }
    for (const { container, path } of containersOf(context.value)) {
      if (isJsonObject(container.securityContext))
        refuse(context, container.securityContext, containerFields, [...path, 'securityContext'], os);
    }
  },
});

function refuse(context: RuleContext, security: Obj, fields: readonly string[], at: FieldPath, os: string): void {
  for (const field of fields) {
    const value = security[field];
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    context.report({ path: [...at, field], target: 'key', messageId: 'fieldOfOtherOs', data: { field, os } });
  }
}
