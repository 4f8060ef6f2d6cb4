import { defineRule, isJsonObject } from '@platlint/core';
import { containersOf } from '../kit/paths.js';
import { forEachObject } from '../kit/objects.js';
import { hasBacksteps } from '../kit/names.js';

const SUB_PATHS = ['subPath', 'subPathExpr'] as const;
import docs from './mount-paths.md';

/**
 * Why a path is not one that stays inside its volume: relative, with no '..' element. Only '/'
 * separates elements: the server runs on Linux, where a backslash is part of a name.
 */
export function descendingPathProblem(path: string): string | undefined {
  if (path.startsWith('/')) return 'must be a relative path';
  if (hasBacksteps(path)) return "must not contain '..'";
  return undefined;
}

export default defineRule({
  meta: {
    id: 'deployment/mount-paths',
    description:
      'Volume mounts of a container use distinct mount paths, sub-paths inside the volume, and propagation the container may use.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (volume mounts)',
    docs,
    messages: {
      mountPathTaken: 'another volume is already mounted at "{{mountPath}}" in this container; mount paths must be unique',
      badSubPath: '{{field}} "{{value}}" {{problem}}, inside the volume',
      subPathAndExpr: 'subPath and subPathExpr cannot both be set; keep one',
      bidirectionalNeedsPrivileged: 'Bidirectional mount propagation is only allowed in a privileged container',
      recursiveReadOnlyNeedsReadOnly: 'recursiveReadOnly {{recursiveReadOnly}} needs readOnly: true',
      recursiveReadOnlyNeedsMountPropagationNone: 'recursiveReadOnly {{recursiveReadOnly}} needs mountPropagation None',
    },
  },
  check(context) {
    for (const { container, path } of containersOf(context.value)) {
      if (!Array.isArray(container.volumeMounts)) continue;
      const privileged = isJsonObject(container.securityContext) && container.securityContext.privileged === true;
      const seen = new Set<string>();
      forEachObject(container.volumeMounts, (mount, i) => {
        const { mountPath, subPath, subPathExpr, mountPropagation, recursiveReadOnly } = mount;
        if (typeof mountPath === 'string' && mountPath !== '') {
          if (seen.has(mountPath))
            context.report({ path: [...path, 'volumeMounts', i, 'mountPath'], messageId: 'mountPathTaken', data: { mountPath } });
          seen.add(mountPath);
        }
        for (const field of SUB_PATHS) {
          const value = mount[field];
          const problem = typeof value === 'string' && value !== '' ? descendingPathProblem(value) : undefined;
          if (problem)
            context.report({
              path: [...path, 'volumeMounts', i, field],
              messageId: 'badSubPath',
              data: { field, value: String(value), problem },
            });
        }
        if (typeof subPath === 'string' && subPath !== '' && typeof subPathExpr === 'string' && subPathExpr !== '') {
          context.report({ path: [...path, 'volumeMounts', i, 'subPathExpr'], messageId: 'subPathAndExpr' });
        }
        if (mountPropagation === 'Bidirectional' && !privileged) {
          context.report({ path: [...path, 'volumeMounts', i, 'mountPropagation'], messageId: 'bidirectionalNeedsPrivileged' });
        }
        if (typeof recursiveReadOnly === 'string' && recursiveReadOnly !== 'Disabled' && recursiveReadOnly !== '') {
          if (mount.readOnly !== true)
            context.report({
              path: [...path, 'volumeMounts', i, 'recursiveReadOnly'],
              messageId: 'recursiveReadOnlyNeedsReadOnly',
              data: { recursiveReadOnly },
            });
          else if (
            mountPropagation !== undefined &&
            mountPropagation !== null &&
            mountPropagation !== 'None' &&
            mountPropagation !== ''
          ) {
            context.report({
              path: [...path, 'volumeMounts', i, 'recursiveReadOnly'],
              messageId: 'recursiveReadOnlyNeedsMountPropagationNone',
              data: { recursiveReadOnly },
            });
          }
        }
      });
    }
  },
});
