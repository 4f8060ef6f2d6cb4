import { Buffer } from 'node:buffer';
import { defineRule, fieldSchema, platlintInfo } from '@platlint/core';
import { OBJECT_META_TYPE, valuesOfTypes } from './object-metas.js';
import { isObject } from '../kit/objects.js';
import { formats } from '../kit/names.js';
import docs from './annotations.md';

export default defineRule({
  meta: {
    id: 'metadata/annotations',
    description: 'Annotation keys are qualified names and all annotations together stay within 256 KiB.',
    kinds: '*',
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Shared types (ObjectMeta); upstream (API server validation, metadata of every object)',
    docs,
    messages: {
      badKey: 'annotation key "{{key}}" {{problem}}',
      tooLarge:
        'annotations take {{total}} bytes; all keys and values together may take at most {{limit}} ({{kib}} KiB): move large data elsewhere, such as a ConfigMap',
    },
  },
  check(context) {
    // The object's own metadata and that of every pod template in it.
    for (const meta of valuesOfTypes(context.value, context.schema, [OBJECT_META_TYPE])) {
      const annotations = meta.value.annotations;
      if (!isObject(annotations)) continue;
      // The aggregate limit is a fact of the schema (the overlay's maxTotalBytes on ObjectMeta).
      const node = fieldSchema(meta.node, 'annotations');
      const limit = node ? platlintInfo(node).maxTotalBytes : undefined;
      let total = 0;
      // for...in, and a path only for a finding: this runs on every object of a run (lint
      // values are plain objects, so it lists their own keys, in Object.entries' order).
      for (const key in annotations) {
        // The server checks annotation keys with case folded: unlike a label key, `Example.com/Owner`
        // is a valid annotation key, so only the lower-cased key is held to the label-key syntax.
        const problem = formats['label-key'](key.toLowerCase());
        if (problem)
          context.report({
            path: [...meta.path, 'annotations', key],
            target: 'key',
            messageId: 'badKey',
            data: { key, problem },
          });
        const value = annotations[key];
        total += Buffer.byteLength(key) + (typeof value === 'string' ? Buffer.byteLength(value) : 0);
      }
      if (limit !== undefined && total > limit) {
        context.report({
          path: [...meta.path, 'annotations'],
          target: 'key',
          messageId: 'tooLarge',
          data: { total, limit, kib: limit / 1024 },
        });
      }
    }
  },
});
