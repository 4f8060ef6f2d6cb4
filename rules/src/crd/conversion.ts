import { defineRule } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { CRD, dns1035Problem, objAt, stringAt, type Obj } from './shape.js';
import docs from './conversion.md';

/** The ConversionReview versions the server speaks (upstream acceptedConversionReviewVersions). */
const REVIEW_VERSIONS = ['v1', 'v1beta1'];

export default defineRule({
  meta: {
    id: 'crd/conversion',
    description: 'spec.conversion names the None or Webhook strategy, and a webhook says where it is and which ConversionReview versions it speaks.',
    kinds: [CRD],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (apiextensions-apiserver pkg/apis/apiextensions/validation validation.go: validateCustomResourceConversion, validateConversionReviewVersions; apiserver pkg/util/webhook validation.go ValidateWebhookURL, ValidateWebhookService)',
    docs,
  },
  check(context) {
    const spec = objAt(context.value, 'spec');
    const conversion = objAt(spec, 'conversion');
    if (!conversion) return;
    const at = (...path: (string | number)[]): FieldPath => ['spec', 'conversion', ...path];
    const strategy = stringAt(conversion, 'strategy') ?? '';
    if (strategy === '') context.reportMissing(at('strategy'), 'spec.conversion.strategy is required: None or Webhook');
    else if (strategy !== 'None' && strategy !== 'Webhook') context.report({ path: at('strategy'), message: `"${strategy}" is not a conversion strategy: use None or Webhook` });
    if (strategy !== '' && strategy !== 'None' && spec?.preserveUnknownFields === true) context.report({ path: at('strategy'), message: 'must be None when spec.preserveUnknownFields is true' });
    const webhook = objAt(conversion, 'webhook');
    if (strategy !== 'Webhook') {
      if (conversion.webhook !== undefined && conversion.webhook !== null) context.report({ path: at('webhook'), target: 'key', message: 'must not be set unless the strategy is Webhook' });
      return;
    }
    if (!webhook) {
      context.reportMissing(at('webhook'), 'the Webhook strategy needs webhook.clientConfig and webhook.conversionReviewVersions');
      return;
    }
    clientConfig(context, objAt(webhook, 'clientConfig'), at('webhook', 'clientConfig'));
    reviewVersions(context, webhook.conversionReviewVersions, at('webhook', 'conversionReviewVersions'));
  },
});

function clientConfig(context: RuleContext, config: Obj | undefined, path: FieldPath): void {
  if (!config) {
    context.reportMissing(path, 'the Webhook strategy needs a clientConfig: a url or a service');
    return;
  }
  const url = stringAt(config, 'url');
  const service = objAt(config, 'service');
  if ((url === undefined) === (service === undefined)) {
    context.report({ path, target: 'key', message: 'exactly one of url and service is required' });
    return;
  }
  if (url !== undefined) {
    const problem = urlProblem(url);
    if (problem) context.report({ path: [...path, 'url'], message: problem });
  } else if (service) {
    for (const field of ['name', 'namespace']) if (!stringAt(service, field)) context.reportMissing([...path, 'service', field], `the service needs a ${field}`);
    const servicePath = stringAt(service, 'path');
    if (servicePath !== undefined && !servicePath.startsWith('/')) context.report({ path: [...path, 'service', 'path'], message: `"${servicePath}" must start with "/"` });
    const port = service.port;
    if (typeof port === 'number' && (!Number.isInteger(port) || port < 1 || port > 65535)) context.report({ path: [...path, 'service', 'port'], message: `${port} is not a port: use 1-65535` });
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
    context.reportMissing(path, `the Webhook strategy needs conversionReviewVersions, the ConversionReview versions the webhook speaks (${REVIEW_VERSIONS.join(', ')})`);
    return;
  }
  const seen = new Set<unknown>();
  versions.forEach((version: unknown, i) => {
    if (seen.has(version)) context.report({ path: [...path, i], message: `repeats ${JSON.stringify(version)}` });
    seen.add(version);
    const problem = typeof version === 'string' ? dns1035Problem(version) : undefined;
    if (problem) context.report({ path: [...path, i], message: `"${String(version)}" ${problem}` });
  });
  if (!versions.some((v) => typeof v === 'string' && REVIEW_VERSIONS.includes(v))) context.report({ path, message: `must include ${REVIEW_VERSIONS.join(' or ')}: the server speaks no other ConversionReview version` });
}
