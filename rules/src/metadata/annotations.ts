import { Buffer } from 'node:buffer';
import { defineRule, formats, platlintInfo, schemaAt } from '@platlint/core';
import { OBJECT_META, isJsonObject, valuesOfTypes } from './object-metas.js';

export default defineRule({
  meta: {
    id: 'metadata/annotations',
    description: 'Annotation keys are qualified names and all annotations together stay within 256 KiB.',
    kinds: '*',
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Shared types (ObjectMeta); upstream (API server validation, metadata of every object)',
    docs: [
      'Annotations hold free-form data, but their keys follow the label-key syntax: an optional',
      'DNS-subdomain prefix and `/`, then a name of at most 63 characters, alphanumerics with',
      "'-', '_' and '.' inside; unlike label keys, case does not matter (`Example.com/Owner` is a",
      'valid annotation key). The values may be anything, yet all keys and values together may',
      'take at most 256 KiB (262,144 bytes of UTF-8): the object is stored whole, and large data',
      'belongs in a ConfigMap or in the spec of an object made for it. A bad key is reported on',
      'the key; an oversized total on the `annotations` field. The object\'s own metadata and the',
      'metadata of its pod template (`spec.template.metadata.annotations`) are both checked: the',
      'server validates the template\'s metadata as well. Configuration files have no metadata.',
      '',
      'Spec: document A, Shared types; the syntax and the size limit are what the upstream API',
      'server enforces.',
      '',
      'Fails:',
      '',
      '```yaml',
      'metadata:',
      '  annotations: {"owner team": payments}',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'metadata:',
      '  annotations: {example.com/owner-team: payments}',
      '```',
    ].join('\n'),
  },
  check(context) {
    // The object's own metadata and that of every pod template in it.
    for (const meta of valuesOfTypes(context.value, context.schema, [OBJECT_META])) {
      const annotations = meta.value.annotations;
      if (!isJsonObject(annotations)) continue;
      const at = [...meta.path, 'annotations'];
      // The aggregate limit is a fact of the schema (the overlay's maxTotalBytes on ObjectMeta).
      const node = schemaAt(context.schema, at);
      const limit = node ? platlintInfo(node).maxTotalBytes : undefined;
      let total = 0;
      for (const [key, value] of Object.entries(annotations)) {
        // The server checks annotation keys with case folded: unlike a label key, `Example.com/Owner`
        // is a valid annotation key, so only the lower-cased key is held to the label-key syntax.
        const problem = formats['label-key'](key.toLowerCase());
        if (problem) context.report({ path: [...at, key], target: 'key', message: `annotation key "${key}" ${problem}` });
        total += Buffer.byteLength(key) + (typeof value === 'string' ? Buffer.byteLength(value) : 0);
      }
      if (limit !== undefined && total > limit) {
        context.report({
          path: at,
          target: 'key',
          message: `annotations take ${total} bytes; all keys and values together may take at most ${limit} (${limit / 1024} KiB): move large data elsewhere, such as a ConfigMap`,
        });
      }
    }
  },
});
