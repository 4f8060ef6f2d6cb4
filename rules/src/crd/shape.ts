// Loose readers of a CustomResourceDefinition for the `crd/*` rules. A rule runs on whatever
// the file holds, so every step checks its type and gives up quietly where the shape is wrong.
import { isJsonObject } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { objAt, stringAt, type Obj } from '../kit/objects.js';

/** The kit's readers, as this area's rules import them. */
export { objAt, stringAt, type Obj };

export const CRD = 'CustomResourceDefinition.apiextensions.plat.io';

/** One entry of `spec.versions`, with its place. */
export interface VersionAt {
  index: number;
  path: FieldPath;
  value: Obj;
  name: string | undefined;
}

export function versionsOf(crd: Obj): VersionAt[] {
  const list = objAt(crd, 'spec')?.versions;
  if (!Array.isArray(list)) return [];
  return list.flatMap((value: unknown, index) =>
    isJsonObject(value) ? [{ index, path: ['spec', 'versions', index], value, name: stringAt(value, 'name') }] : [],
  );
}

/** A version's `openAPIV3Schema`, with its path, when it has one. */
export function schemaOf(version: VersionAt): { raw: Obj; path: FieldPath } | undefined {
  const raw = objAt(objAt(version.value, 'schema'), 'openAPIV3Schema');
  return raw ? { raw, path: [...version.path, 'schema', 'openAPIV3Schema'] } : undefined;
}

/** What is wrong with a DNS-1035 label (a letter first, then lowercase letters, digits and '-'), or undefined (upstream apimachinery IsDNS1035Label). */
export function dns1035Problem(value: string): string | undefined {
  if (value.length > 63) return `must be no more than 63 characters (it has ${value.length})`;
  if (!/^[a-z]([-a-z0-9]*[a-z0-9])?$/.test(value))
    return "must be a DNS-1035 label: lowercase letters, digits and '-', starting with a letter and ending with a letter or digit";
  return undefined;
}

/** What is wrong with a DNS-1123 subdomain, or undefined (upstream apimachinery IsDNS1123Subdomain). */
export function dns1123SubdomainProblem(value: string): string | undefined {
  if (value.length > 253) return `must be no more than 253 characters (it has ${value.length})`;
  if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(value))
    return "must be a DNS subdomain: dot-separated lowercase letters, digits and '-', each part starting and ending with a letter or digit";
  return undefined;
}

/** Whether a version has the status subresource (its schema's root is then restricted). */
export const statusEnabled = (version: VersionAt): boolean => objAt(objAt(version.value, 'subresources'), 'status') !== undefined;
