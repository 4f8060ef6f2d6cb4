import { defineRule } from '@platlint/core';
import { isObject } from '../kit/objects.js';
import docs from './owner-references.md';

/**
 * Kinds the garbage collector refuses as owners (apiVersion and kind as written): a core Event is
 * short-lived and may be dropped at any time, so nothing may depend on one.
 */
const BANNED_OWNERS = new Set(['v1/Event']);

export default defineRule({
  meta: {
    id: 'metadata/owner-references',
    description:
      'Owner references carry a parseable apiVersion, at most one is the controller, and a core Event is never an owner.',
    kinds: '*',
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, metadata of every object); API document A, Shared types (ObjectMeta)',
    docs,
    messages: {
      badApiVersion: 'apiVersion "{{apiVersion}}" of the owner "{{owner}}" is not "<group>/<version>" or "<version>"',
      eventOwner: 'a core Event cannot own other objects; remove this owner reference to "{{owner}}"',
      secondController:
        'only one owner reference may be the controller, and "{{controller}}" already is; set controller: false on "{{owner}}" or remove one of them',
    },
  },
  check(context) {
    if (context.kind.scope === 'config') return;
    const metadata = context.value.metadata;
    const refs = isObject(metadata) ? metadata.ownerReferences : undefined;
    if (!Array.isArray(refs)) return;
    let controller: string | undefined;
    for (const [i, ref] of refs.entries()) {
      if (!isObject(ref)) continue;
      const owner = `${String(ref.kind)}/${String(ref.name)}`;
      // The server parses apiVersion as `version` or `group/version`: more than one '/' fails to
      // parse, and `group/` leaves the version empty.
      if (typeof ref.apiVersion === 'string' && (ref.apiVersion.split('/').length > 2 || ref.apiVersion.endsWith('/'))) {
        context.report({
          path: ['metadata', 'ownerReferences', i, 'apiVersion'],
          messageId: 'badApiVersion',
          data: { apiVersion: ref.apiVersion, owner },
        });
      }
      if (
        typeof ref.apiVersion === 'string' &&
        typeof ref.kind === 'string' &&
        BANNED_OWNERS.has(`${ref.apiVersion}/${ref.kind}`)
      ) {
        context.report({ path: ['metadata', 'ownerReferences', i, 'kind'], messageId: 'eventOwner', data: { owner } });
      }
      if (ref.controller !== true) continue;
      if (controller === undefined) controller = owner;
      else
        context.report({
          path: ['metadata', 'ownerReferences', i, 'controller'],
          messageId: 'secondController',
          data: { controller, owner },
        });
    }
  },
});
