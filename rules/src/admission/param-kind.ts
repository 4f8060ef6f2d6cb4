import { defineRule } from '@platlint/core';
import { POLICY, specOf } from './shared.js';
import { isObject } from '../kit/objects.js';
import { DNS_1035_LABEL, formats } from '../kit/names.js';
import docs from './param-kind.md';

// A version, and a kind once lower-cased, are DNS-1035 labels (kit/names DNS_1035_LABEL).
function versionProblem(apiVersion: string): string | undefined {
  const parts = apiVersion.split('/');
  if (parts.length > 2) return 'has more than one "/"; write group/version, or version alone for the core group';
  const [group, version] = parts.length === 2 ? parts : [undefined, parts[0]];
  // The server checks the group only when it is non-empty, so "/v1" is the core group's v1.
  if (group) {
    const problem = formats['dns-subdomain'](group);
    if (problem) return `has a group that ${problem}`;
  }
  if (!version || version.length > 63 || !DNS_1035_LABEL.test(version))
    return 'has a version that is not a DNS-1035 label (lowercase letters, digits and "-", starting with a letter)';
  return undefined;
}

export default defineRule({
  meta: {
    id: 'admission/param-kind',
    description: "A policy's paramKind names both apiVersion (group/version or version) and kind.",
    kinds: [POLICY],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, MutatingAdmissionPolicy)',
    docs,
    messages: {
      apiVersionMissing: 'paramKind needs an apiVersion (group/version, or version for the core group)',
      badApiVersion: 'paramKind.apiVersion "{{apiVersion}}" {{problem}}',
      kindMissing: 'paramKind needs a kind',
      badKind: 'paramKind.kind "{{kind}}" is not a valid kind: letters, digits and "-", starting with a letter',
    },
  },
  check(context) {
    const paramKind = specOf(context)?.paramKind;
    if (!isObject(paramKind)) return;
    const at = ['spec', 'paramKind'];
    const { apiVersion, kind } = paramKind;
    if (typeof apiVersion !== 'string' || apiVersion === '') {
      context.report({ path: [...at, 'apiVersion'], messageId: 'apiVersionMissing' });
    } else {
      const problem = versionProblem(apiVersion);
      if (problem) context.report({ path: [...at, 'apiVersion'], messageId: 'badApiVersion', data: { apiVersion, problem } });
    }
    if (typeof kind !== 'string' || kind === '') {
      context.report({ path: [...at, 'kind'], messageId: 'kindMissing' });
    } else if (kind.length > 63 || !DNS_1035_LABEL.test(kind.toLowerCase())) {
      context.report({ path: [...at, 'kind'], messageId: 'badKind', data: { kind } });
    }
  },
});
