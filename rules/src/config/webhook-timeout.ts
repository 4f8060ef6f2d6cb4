import { defineRule, platlintInfo, schemaAt } from '@platlint/core';
import { AUTHZ, durationNs, webhooks } from './shared.js';

/** A documentation example: an authorization configuration whose one webhook has this timeout. */
function example(timeout: string): string[] {
  return [
    '```yaml',
    'apiVersion: apiserver.plat.io/v1beta1',
    'kind: AuthorizationConfiguration',
    'authorizers:',
    '  - type: Webhook',
    '    name: policy',
    '    webhook:',
    `      timeout: ${timeout}`,
    '      authorizedTTL: 5m',
    '      unauthorizedTTL: 30s',
    '      subjectAccessReviewVersion: v1',
    '      matchConditionSubjectAccessReviewVersion: v1',
    '      failurePolicy: NoOpinion',
    '      connectionInfo:',
    '        type: PlatConfigFile',
    '        platConfigFile: /etc/platform/authz/webhook.kubeconfig',
    '```',
  ];
}

export default defineRule({
  meta: {
    id: 'config/webhook-timeout',
    description: 'A webhook authorizer timeout must be greater than 0s and at most 30s.',
    kinds: [AUTHZ],
    severity: 'error',
    enforcedBy: 'server',
    fixable: true,
    source: 'API document C, AuthorizationConfiguration (WebhookConfiguration.timeout; Limits)',
    docs: [
      'Every request waits for the webhook authorizer, so its `timeout` is capped at `30s`; a zero',
      'or negative timeout would fail every call. Exactly `30s` is fine. A missing timeout is',
      'reported structurally (`schema/required`; there is no default) and a value that is not a',
      'duration by `schema/format`.',
      '',
      'Fails:',
      '',
      ...example('45s'),
      '',
      ...example('0s'),
      '',
      'Passes:',
      '',
      ...example('3s'),
      '',
      ...example('30s'),
      '',
      'Upstream agrees.',
    ].join('\n'),
  },
  check(context) {
    for (const { webhook, path } of webhooks(context)) {
      const at = [...path, 'timeout'];
      const ns = durationNs(webhook.timeout);
      if (ns === undefined) continue;
      // The maximum is a fact of the schema (the overlay's maxDuration), not of this rule.
      const node = schemaAt(context.schema, at);
      const max = node ? platlintInfo(node).maxDuration : undefined;
      const maxNs = max === undefined ? undefined : durationNs(max);
      if (ns <= 0) context.report({ path: at, message: `timeout ${String(webhook.timeout)} must be greater than 0s` });
      else if (max !== undefined && maxNs !== undefined && ns > maxNs) context.report({ path: at, message: `timeout ${String(webhook.timeout)} is above the maximum of ${max}`, fix: { text: max } });
    }
  },
});
