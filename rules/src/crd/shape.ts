// Loose readers of a CustomResourceDefinition for the `crd/*` rules. A rule runs on whatever
// the file holds, so every step checks its type and gives up quietly where the shape is wrong.
import type { FieldPath } from '@platlint/core';
import { objAt, objectsIn, stringAt, type Obj } from '../kit/objects.js';

export const CRD = 'CustomResourceDefinition.apiextensions.plat.io';

/** One entry of `spec.versions`, with its place. */
export interface VersionAt {
  index: number;
  path: FieldPath;
  value: Obj;
  name: string | undefined;
}

export function versionsOf(crd: Obj): VersionAt[] {
  return objectsIn(objAt(crd, 'spec')?.versions).map(([value, index]) => ({
    index,
    path: ['spec', 'versions', index],
    value,
    name: stringAt(value, 'name'),
  }));
}

/** A version's `openAPIV3Schema`, with its path, when it has one. */
export function schemaOf(version: VersionAt): { raw: Obj; path: FieldPath } | undefined {
  const raw = objAt(objAt(version.value, 'schema'), 'openAPIV3Schema');
  return raw ? { raw, path: [...version.path, 'schema', 'openAPIV3Schema'] } : undefined;
}

/** Whether a version has the status subresource (its schema's root is then restricted). */
export const statusEnabled = (version: VersionAt): boolean => objAt(objAt(version.value, 'subresources'), 'status') !== undefined;
