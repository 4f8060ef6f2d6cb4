import { formats } from '../kit/names.js';

/** The longest domain part of a signer name: a DNS subdomain. */
const DOMAIN_MAX = 253;
/** The longest signer name: a domain, '/', and a path as long as a DNS label, '.' and a DNS subdomain. */
const SIGNER_NAME_MAX = DOMAIN_MAX + 1 + (253 + 63 + 1);

/**
 * Why the server refuses a certificate signer name, or undefined: `<domain>/<path>`, the domain two
 * or more DNS labels, the path DNS subdomains joined by '.' (ValidateSignerName, kubernetes/kubernetes
 * pkg/apis/core/validation/names.go at 008b3652959ca58af8be3fb5b6ecfe9ae7638282). Projected
 * clusterTrustBundle and podCertificate sources name their signer this way.
 */
export function signerNameProblem(name: string): string | undefined {
  if (name === '') return 'must not be empty';
  const segments = name.split('/');
  if (segments.length !== 2) return 'must be a domain and a path, such as example.com/signer-name';
  const [domain = '', path = ''] = segments;
  if (domain.length > DOMAIN_MAX) return `has a domain of ${domain.length} characters; at most ${DOMAIN_MAX}`;
  const labels = domain.split('.');
  if (labels.some((label) => formats['dns-label'](label) !== undefined))
    return `has a domain "${domain}" that is not DNS labels joined by '.'`;
  if (labels.length < 2) return `has a one-label domain "${domain}"; it needs two or more, such as example.com`;
  if (path.split('.').some((part) => formats['dns-subdomain'](part) !== undefined))
    return `has a path "${path}" that is not lowercase DNS names joined by '.'`;
  if (name.length > SIGNER_NAME_MAX) return `is ${name.length} characters long; at most ${SIGNER_NAME_MAX}`;
  return undefined;
}
