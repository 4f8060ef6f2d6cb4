import { defineRule } from '@platlint/core';
import { isJsonObject } from './object-metas.js';

/**
 * Kinds the garbage collector refuses as owners (apiVersion and kind as written): a core Event is
 * short-lived and may be dropped at any time, so nothing may depend on one.
 */
const BANNED_OWNERS = new Set(['v1/Event']);

export default defineRule({
  meta: {
    id: 'metadata/owner-references',
    description: 'Owner references carry a parseable apiVersion, at most one is the controller, and a core Event is never an owner.',
    kinds: '*',
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, metadata of every object); API document A, Shared types (ObjectMeta)',
    docs: [
      '`metadata.ownerReferences` tells the garbage collector what an object depends on. Beyond the',
      'required `apiVersion`, `kind`, `name` and `uid` of each entry (structural checks), the server',
      'refuses:',
      '',
      '- more than one entry with `controller: true`: an object has at most one managing controller;',
      '- an owner of kind `Event` in the core group (`apiVersion: v1`): events are pruned at any',
      '  time, so an object owned by one could vanish with it.',
      '',
      'A second controller is reported on that entry\'s `controller` field; a banned owner on its',
      '`kind`. Only the object\'s own metadata is checked.',
      '',
      'Spec: document A, Shared types; the checks are what the upstream API server enforces.',
      '',
      'Fails:',
      '',
      '```yaml',
      'apiVersion: flowcontrol.apiserver.plat.io/v1',
      'kind: FlowSchema',
      'metadata:',
      '  name: team-a',
      '  ownerReferences:',
      '  - {apiVersion: apps/v1, kind: Deployment, name: web-1, uid: 6f1c, controller: true}',
      '  - {apiVersion: apps/v1, kind: Deployment, name: web-2, uid: 7a2d, controller: true}',
      'spec: {priorityLevelConfiguration: {name: global}}',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'apiVersion: flowcontrol.apiserver.plat.io/v1',
      'kind: FlowSchema',
      'metadata:',
      '  name: team-a',
      '  ownerReferences:',
      '  - {apiVersion: apps/v1, kind: Deployment, name: web-1, uid: 6f1c, controller: true}',
      '  - {apiVersion: apps/v1, kind: Deployment, name: web-2, uid: 7a2d}',
      'spec: {priorityLevelConfiguration: {name: global}}',
      '```',
    ].join('\n'),
  },
  check(context) {
    if (context.kind.scope === 'config') return;
    const metadata = context.value.metadata;
    const refs = isJsonObject(metadata) ? metadata.ownerReferences : undefined;
    if (!Array.isArray(refs)) return;
    let controller: string | undefined;
    for (const [i, ref] of refs.entries()) {
      if (!isJsonObject(ref)) continue;
      const owner = `${String(ref.kind)}/${String(ref.name)}`;
      // The server parses apiVersion as `version` or `group/version`: more than one '/' fails to
      // parse, and `group/` leaves the version empty.
      if (typeof ref.apiVersion === 'string' && (ref.apiVersion.split('/').length > 2 || ref.apiVersion.endsWith('/'))) {
        context.report({ path: ['metadata', 'ownerReferences', i, 'apiVersion'], message: `apiVersion "${ref.apiVersion}" of the owner "${owner}" is not "<group>/<version>" or "<version>"` });
      }
      if (typeof ref.apiVersion === 'string' && typeof ref.kind === 'string' && BANNED_OWNERS.has(`${ref.apiVersion}/${ref.kind}`)) {
        context.report({ path: ['metadata', 'ownerReferences', i, 'kind'], message: `a core Event cannot own other objects; remove this owner reference to "${owner}"` });
      }
      if (ref.controller !== true) continue;
      if (controller === undefined) controller = owner;
      else context.report({ path: ['metadata', 'ownerReferences', i, 'controller'], message: `only one owner reference may be the controller, and "${controller}" already is; set controller: false on "${owner}" or remove one of them` });
    }
  },
});
