import { defineRule } from '@platlint/core';
import { FS_KIND, targetRules } from './shape.js';
import docs from './non-resource-url.md';

/** Why a non-resource URL prefix is malformed, or undefined when it is fine. */
function problemOf(url: string): string | undefined {
  if (url === '') return 'must not be empty';
  if (url === '/') return undefined;
  if (!url.startsWith('/')) return 'must start with "/"';
  if (/\s/.test(url)) return 'must not contain white space';
  if (url.includes('//')) return 'must not contain "//"';
  const stars = url.split('*').length - 1;
  if (stars > 1 || (stars === 1 && !url.endsWith('/*')))
    return 'may hold "*" only as a final "/*" after a complete path (e.g. "/healthz/*")';
  return undefined;
}

export default defineRule({
  meta: {
    id: 'flowschema/non-resource-url',
    description: 'FlowSchema nonResourceURLs are well-formed URL prefixes ("/path", "/path/*" or a lone "*").',
    kinds: [FS_KIND],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, FlowSchema (NonResourcePolicyRule); upstream (API server validation, FlowSchema)',
    fixable: true,
    docs,
    messages: {
      badUrl: 'non-resource URL "{{url}}" {{problem}}',
    },
  },
  check(context) {
    for (const target of targetRules(context.value, 'nonResourceRules')) {
      const urls = target.value.nonResourceURLs;
      if (!Array.isArray(urls) || urls.includes('*')) continue; // "*" is wildcard-alone's matter
      urls.forEach((url, n) => {
        if (typeof url !== 'string') return;
        const problem = problemOf(url);
        if (!problem) return;
        const path = [...target.path, 'nonResourceURLs', n];
        const fixed = `/${url}`;
        const fix = !url.startsWith('/') && url !== '' && problemOf(fixed) === undefined ? { text: fixed } : undefined;
        context.report({ path, messageId: 'badUrl', data: { url, problem }, ...(fix ? { fix } : {}) });
      });
    }
  },
});
