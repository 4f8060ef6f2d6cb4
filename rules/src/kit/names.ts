// Checks of names: DNS labels and subdomains, and the other name grammars rules share. Each
// returns what is wrong (a phrase that follows the name in a message) or undefined.
//
// Core's `formats` is the first place to look: 'dns-label' (DNS-1123), 'dns-subdomain',
// 'label-key' (a qualified name), 'label-value', 'path-segment', 'ip', ... are the checks the
// schema's `format` keyword runs, so a rule that uses them words its finding as the schema
// check does. The functions below are for the places upstream checks with a grammar core's
// formats do not hold, or where a rule's parity cases need upstream's own wording.
export { formats } from '@platlint/core';
export type { FormatName } from '@platlint/core';

const BACKSTEP = /(?:^|\/)\.\.(?:\/|$)/;

/**
 * Whether a file path has a `..` element, '/' alone separating elements (the server runs on
 * Linux, where a backslash is part of a name): upstream validatePathNoBacksteps
 * (pkg/apis/core/validation/validation.go), which splits the path on '/'. A pattern rather
 * than a split: mount, volume and env file paths of every workload of a run are checked.
 */
export function hasBacksteps(path: string): boolean {
  return BACKSTEP.test(path);
}

/** A DNS-1035 label: a letter first, then lowercase letters, digits and '-', not ending in '-' (upstream apimachinery IsDNS1035Label). */
export const DNS_1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

/** What is wrong with a DNS-1035 label, or undefined (upstream apimachinery IsDNS1035Label). */
export function dns1035Problem(value: string): string | undefined {
  if (value.length > 63) return `must be no more than 63 characters (it has ${value.length})`;
  if (!DNS_1035_LABEL.test(value))
    return "must be a DNS-1035 label: lowercase letters, digits and '-', starting with a letter and ending with a letter or digit";
  return undefined;
}

/**
 * What is wrong with a DNS-1123 subdomain, or undefined (upstream apimachinery IsDNS1123Subdomain),
 * in the wording of the CustomResourceDefinition parity cases; elsewhere `formats['dns-subdomain']`.
 */
export function dns1123SubdomainProblem(value: string): string | undefined {
  if (value.length > 253) return `must be no more than 253 characters (it has ${value.length})`;
  if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(value))
    return "must be a DNS subdomain: dot-separated lowercase letters, digits and '-', each part starting and ending with a letter or digit";
  return undefined;
}

/**
 * A port name (container port names, a probe's or hook's named port), an IANA service name in
 * lowercase (upstream apimachinery validation.go, IsValidPortName): 1 to 15 characters of
 * lowercase letters, digits and '-', at least one letter, no '-' at either end and no "--".
 * Returns what is wrong. (endpoints/app-protocol checks RFC 6335's case-insensitive form.)
 */
export function portNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'must not be empty';
  if (name.length > 15) return `is ${name.length} characters long; a port name has at most 15`;
  if (!/^[a-z0-9-]+$/.test(name)) return "may only hold lowercase letters, digits and '-'";
  if (!/[a-z]/.test(name)) return 'needs at least one letter';
  if (name.startsWith('-') || name.endsWith('-')) return "must not begin or end with '-'";
  if (name.includes('--')) return 'must not contain "--"';
  return undefined;
}
