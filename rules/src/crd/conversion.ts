import { defineRule } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { CRD } from './shape.js';
import { dns1035Problem } from '../kit/names.js';
import { type Obj, objAt, stringAt } from '../kit/objects.js';
import docs from './conversion.md';

/** The ConversionReview versions the server speaks (upstream acceptedConversionReviewVersions). */
const REVIEW_VERSIONS = ['v1', 'v1beta1'];

export default defineRule({
  meta: {
    id: 'crd/conversion',
    description:
      'spec.conversion names the None or Webhook strategy, and a webhook says where it is and which ConversionReview versions it speaks.',
    kinds: [CRD],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'upstream (apiextensions-apiserver pkg/apis/apiextensions/validation validation.go: validateCustomResourceConversion, validateConversionReviewVersions; apiserver pkg/util/webhook validation.go ValidateWebhookURL, ValidateWebhookService)',
    docs,
    messages: {
      badUrl: '{{problem}}',
      strategyRequired: 'spec.conversion.strategy is required: None or Webhook',
      notConversionStrategy: '"{{strategy}}" is not a conversion strategy: use None or Webhook',
      noneWithPreserveUnknownFields: 'must be None when spec.preserveUnknownFields is true',
      webhookWithoutWebhookStrategy: 'must not be set unless the strategy is Webhook',
      webhookMissing: 'the Webhook strategy needs webhook.clientConfig and webhook.conversionReviewVersions',
      clientConfigMissing: 'the Webhook strategy needs a clientConfig: a url or a service',
      urlOrService: 'exactly one of url and service is required',
      serviceField: 'the service needs a {{field}}',
      servicePathNotAbsolute: '"{{servicePath}}" must start with "/"',
      badServicePort: '{{port}} is not a port: use 1-65535',
      reviewVersionsMissing:
        'the Webhook strategy needs conversionReviewVersions, the ConversionReview versions the webhook speaks ({{versions}})',
      repeatedReviewVersion: 'repeats {{version}}',
      badReviewVersion: '"{{version}}" {{problem}}',
      noKnownReviewVersion: 'must include {{versions}}: the server speaks no other ConversionReview version',
    },
  },
  check(context) {
    const spec = objAt(context.value, 'spec');
    const conversion = objAt(spec, 'conversion');
    if (!conversion) return;
    const at = (...path: (string | number)[]): FieldPath => ['spec', 'conversion', ...path];
    const strategy = stringAt(conversion, 'strategy') ?? '';
    if (strategy === '') context.reportMissing(at('strategy'), { messageId: 'strategyRequired' });
    else if (strategy !== 'None' && strategy !== 'Webhook')
      context.report({ path: at('strategy'), messageId: 'notConversionStrategy', data: { strategy } });
    if (strategy !== '' && strategy !== 'None' && spec?.preserveUnknownFields === true)
      context.report({ path: at('strategy'), messageId: 'noneWithPreserveUnknownFields' });
    const webhook = objAt(conversion, 'webhook');
    if (strategy !== 'Webhook') {
      if (conversion.webhook !== undefined && conversion.webhook !== null)
        context.report({ path: at('webhook'), target: 'key', messageId: 'webhookWithoutWebhookStrategy' });
      return;
    }
    if (!webhook) {
      context.reportMissing(at('webhook'), { messageId: 'webhookMissing' });
      return;
    }
    clientConfig(context, objAt(webhook, 'clientConfig'), at('webhook', 'clientConfig'));
    reviewVersions(context, webhook.conversionReviewVersions, at('webhook', 'conversionReviewVersions'));
  },
});

function clientConfig(context: RuleContext, config: Obj | undefined, path: FieldPath): void {
  if (!config) {
    context.reportMissing(path, { messageId: 'clientConfigMissing' });
    return;
  }
  const url = stringAt(config, 'url');
  const service = objAt(config, 'service');
  if ((url === undefined) === (service === undefined)) {
    context.report({ path, target: 'key', messageId: 'urlOrService' });
    return;
  }
  if (url !== undefined) {
    const problem = urlProblem(url);
    if (problem) context.report({ path: [...path, 'url'], messageId: 'badUrl', data: { problem } });
  } else if (service) {
    for (const field of ['name', 'namespace'])
      if (!stringAt(service, field))
        context.reportMissing([...path, 'service', field], { messageId: 'serviceField', data: { field } });
    const servicePath = stringAt(service, 'path');
    if (servicePath !== undefined && !servicePath.startsWith('/'))
      context.report({ path: [...path, 'service', 'path'], messageId: 'servicePathNotAbsolute', data: { servicePath } });
    const port = service.port;
    if (typeof port === 'number' && (!Number.isInteger(port) || port < 1 || port > 65535))
      context.report({ path: [...path, 'service', 'port'], messageId: 'badServicePort', data: { port } });
  }
}

/** Upstream ValidateWebhookURL with forceHttps. */
function urlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `"${text}" is not a URL`;
  }
  if (url.protocol !== 'https:') return `"${text}" must use https`;
  if (url.hostname === '') return `"${text}" must name a host`;
  if (url.username || url.password) return `"${text}" must not carry a user name or password`;
  if (text.includes('#')) return `"${text}" must not have a fragment`;
  if (text.includes('?')) return `"${text}" must not have a query`;
  return undefined;
}

function reviewVersions(context: RuleContext, value: unknown, path: FieldPath): void {
  const versions = Array.isArray(value) ? value : [];
  if (versions.length === 0) {
    context.reportMissing(path, { messageId: 'reviewVersionsMissing', data: { versions: REVIEW_VERSIONS.join(', ') } });
    return;
  }
  const seen = new Set<unknown>();
  versions.forEach((version: unknown, i) => {
    if (seen.has(version))
      context.report({ path: [...path, i], messageId: 'repeatedReviewVersion', data: { version: JSON.stringify(version) } });
    seen.add(version);
    const problem = typeof version === 'string' ? dns1035Problem(version) : undefined;
    if (problem)
      context.report({ path: [...path, i], messageId: 'badReviewVersion', data: { version: String(version), problem } });
  });
  if (!versions.some((v) => typeof v === 'string' && REVIEW_VERSIONS.includes(v)))
    context.report({ path, messageId: 'noKnownReviewVersion', data: { versions: REVIEW_VERSIONS.join(' or ') } });
}
