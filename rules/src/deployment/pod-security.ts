import { defineRule, isJsonObject } from '@platlint/core';
import type { FieldPath, MessageRef, ReportDescriptor, RuleContext } from '@platlint/core';
import { hasBacksteps } from '../kit/names.js';
import { containersOf, POD_SPEC, podSpec } from '../kit/paths.js';
import type { Obj } from '../kit/objects.js';
import docs from './pod-security.md';

/** A sysctl name: dot- or slash-separated segments of lowercase alphanumerics, '_' and '-' inside. */
const SYSCTL = /^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$/;

export default defineRule({
  meta: {
    id: 'deployment/pod-security',
    description: 'Security settings of the pod template: process namespace sharing, group ids, sysctls and seccomp profiles.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (security context)',
    docs,
    messages: {
      sharedPidAndHostPid: 'shareProcessNamespace and hostPID cannot both be true; keep one of them',
      hostNamespaceWithoutHostUsers:
        "{{field}} cannot be true when hostUsers is false; the pod's own user namespace cannot share the host's",
      groupIdOutOfRange: 'group id {{id}} is out of range; use 0 to 2147483647',
      badSysctlName: `"{{name}}" is not a sysctl name: lowercase segments separated by '.' or '/', each starting and ending with a letter or digit`,
      sysctlTwice: 'sysctl "{{name}}" is set twice; keep one entry',
      sysctlOnHostNamespace: `sysctl "{{name}}" cannot be set with {{shared}}: true, which shares the host's {{namespace}} namespace`,
      localhostNeedsProfile: 'a Localhost {{field}} needs localhostProfile, the profile on the node',
      appArmorEmptyProfile: 'a Localhost appArmorProfile needs a non-empty localhostProfile',
      profileNotLocalhost: 'localhostProfile only applies to type Localhost, not {{type}}; remove it',
      badLocalhostProfile: `localhostProfile "{{local}}" must be a relative path without '..'`,
    },
  },
  check(context) {
    const pod = podSpec(context.value);
    if (!pod) return;
    if (pod.shareProcessNamespace === true && pod.hostPID === true) {
      context.report({ path: [...POD_SPEC, 'shareProcessNamespace'], messageId: 'sharedPidAndHostPid' });
    }
    // A pod in its own user namespace cannot join the host's other namespaces.
    if (pod.hostUsers === false) {
      for (const field of ['hostNetwork', 'hostPID', 'hostIPC'] as const) {
        if (pod[field] === true)
          context.report({ path: [...POD_SPEC, field], messageId: 'hostNamespaceWithoutHostUsers', data: { field } });
      }
    }
    const security = pod.securityContext;
    if (isJsonObject(security)) {
      const at = [...POD_SPEC, 'securityContext'];
      if (Array.isArray(security.supplementalGroups)) {
        security.supplementalGroups.forEach((id: unknown, i) => {
          if (typeof id === 'number' && (id < 0 || id > 2147483647))
            context.report({ path: [...at, 'supplementalGroups', i], messageId: 'groupIdOutOfRange', data: { id } });
        });
      }
      checkSysctls(context, security, at, pod);
      checkProfiles(context, security, POD_SPEC);
    }
    for (const { container, path } of containersOf(context.value)) {
      if (isJsonObject(container.securityContext)) checkProfiles(context, container.securityContext, path);
    }
  },
});

function checkSysctls(context: RuleContext, security: Obj, at: FieldPath, pod: Obj): void {
  if (!Array.isArray(security.sysctls)) return;
  const seen = new Set<string>();
  security.sysctls.forEach((sysctl: unknown, i) => {
    if (!isJsonObject(sysctl) || typeof sysctl.name !== 'string') return;
    const name = sysctl.name;
    const path = [...at, 'sysctls', i, 'name'];
    if (name.length > 253 || !SYSCTL.test(name)) context.report({ path, messageId: 'badSysctlName', data: { name } });
    else if (seen.has(name)) context.report({ path, messageId: 'sysctlTwice', data: { name } });
    seen.add(name);
    const namespace = sysctlNamespace(name);
    const shared = namespace === 'net' ? 'hostNetwork' : namespace === 'ipc' ? 'hostIPC' : undefined;
    if (shared && pod[shared] === true)
      context.report({
        path,
        messageId: 'sysctlOnHostNamespace',
        data: { name, shared, namespace: namespace === 'net' ? 'network' : 'IPC' },
      });
  });
}

/** IPC sysctls named one by one (kernel.shm and kernel.msg stand for the older wildcard forms). */
const IPC_SYSCTLS = new Set([
  'kernel.sem',
  'kernel.shmall',
  'kernel.shmmax',
  'kernel.shmmni',
  'kernel.shm_rmid_forced',
  'kernel.shm',
  'kernel.msgmax',
  'kernel.msgmnb',
  'kernel.msgmni',
  'kernel.msg',
]);

/**
 * The kernel namespace a sysctl belongs to (component-helpers node/util/sysctl, GetNamespace, as
 * ValidateHostSysctl reads it): a slash-separated name is read as its dotted form, and a '*' ends it.
 */
function sysctlNamespace(name: string): 'net' | 'ipc' | undefined {
  const separator = /[./]/.exec(name)?.[0];
  const dotted = separator === '/' ? name.replace(/[./]/g, (c) => (c === '/' ? '.' : '/')) : name;
  const star = dotted.indexOf('*');
  const key = star === -1 ? dotted : dotted.slice(0, star);
  if (IPC_SYSCTLS.has(key) || key.startsWith('fs.mqueue.')) return 'ipc';
  return key.startsWith('net.') ? 'net' : undefined;
}

const PROFILES = ['seccompProfile', 'appArmorProfile'] as const;

/** Checks both profiles of the securityContext of the pod or container at `owner`. */
function checkProfiles(context: RuleContext, security: Obj, owner: FieldPath): void {
  for (const field of PROFILES) {
    const profile = security[field];
    const finding = isJsonObject(profile) ? profileFinding(profile, field) : undefined;
    if (finding) context.report({ path: [...owner, 'securityContext', field, 'localhostProfile'], ...finding });
  }
}

/** What the server refuses in a profile's type and localhostProfile, reported at localhostProfile. */
function profileFinding(
  profile: Obj,
  field: (typeof PROFILES)[number],
): (MessageRef & Pick<ReportDescriptor, 'target'>) | undefined {
  const local = profile.localhostProfile;
  // The server tells an absent profile path from an empty one: only absent is refused.
  const hasLocal = local !== undefined && local !== null;
  if (profile.type === 'Localhost' && !hasLocal)
    return { target: local === undefined ? 'key' : 'value', messageId: 'localhostNeedsProfile', data: { field } };
  if (field === 'appArmorProfile' && profile.type === 'Localhost' && typeof local === 'string' && local.trim() === '') {
    // AppArmor names a loaded profile, so unlike a seccomp path it cannot be empty.
    return { messageId: 'appArmorEmptyProfile' };
  }
  if (profile.type !== 'Localhost' && typeof profile.type === 'string' && hasLocal)
    return { messageId: 'profileNotLocalhost', data: { type: profile.type } };
  if (field === 'seccompProfile' && typeof local === 'string' && (local.startsWith('/') || hasBacksteps(local))) {
    // The path is relative to the kubelet's seccomp directory and must stay inside it.
    return { messageId: 'badLocalhostProfile', data: { local } };
  }
  return undefined;
}
