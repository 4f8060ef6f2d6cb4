import { defineRule, formats } from '@platlint/core';

export default defineRule({
  meta: {
    id: 'metadata/labels',
    description: 'Label keys are qualified names and label values valid label values.',
    kinds: '*',
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Shared types (ObjectMeta); upstream (API server validation, metadata of every object)',
    docs: [
      'Labels are what selectors match, so the server holds them to a strict syntax:',
      '',
      '- a key is a qualified name: an optional prefix that is a DNS subdomain, then `/`, then a',
      "  name of at most 63 characters, alphanumerics with '-', '_' and '.' inside",
      '  (`app.example.com/tier`, `tier`);',
      '- a value is empty or at most 63 characters of the same shape as the name part.',
      '',
      'A bad key is reported on the key, a bad value on the value. Values that are not strings',
      'are the `schema/type` check. Only the object\'s own `metadata.labels` is checked here;',
      'labels inside pod templates are checked with the template.',
      '',
      'Spec: document A, Shared types ("label name" and "label value" syntax); upstream enforces',
      'the same.',
      '',
      'Fails:',
      '',
      '```yaml',
      'metadata:',
      '  labels: {"app name": web, tier: "front end"}',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'metadata:',
      '  labels: {app.example.com/name: web, tier: front-end}',
      '```',
    ].join('\n'),
  },
  check(context) {
    const labels = (context.value.metadata as { labels?: unknown } | undefined)?.labels;
    if (labels === null || typeof labels !== 'object' || Array.isArray(labels)) return;
    for (const [key, value] of Object.entries(labels as Record<string, unknown>)) {
      const keyProblem = formats['label-key'](key);
      if (keyProblem) context.report({ path: ['metadata', 'labels', key], target: 'key', message: `label key "${key}" ${keyProblem}` });
      if (typeof value !== 'string') continue;
      const valueProblem = formats['label-value'](value);
      if (valueProblem) context.report({ path: ['metadata', 'labels', key], message: `value "${value}" of label "${key}" ${valueProblem}` });
    }
  },
});
