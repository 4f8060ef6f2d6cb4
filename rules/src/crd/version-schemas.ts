// The schema of each version of a CRD with its problems as a schema, computed once per lint of
// the object and shared by the `crd/*` rules: defaults and CEL rules are checked only on a
// schema without such problems, as the server does (upstream apiextensions validation.go
// validateCustomResourceDefinitionValidation builds the CEL context only for a valid
// structural schema, and ValidateDefaults runs only after ValidateStructural passes).
import type { FieldPath } from '@platlint/core';
import { type SchemaProblem, schemaProblems } from './schema-problems.js';
import { schemaOf, statusEnabled, type VersionAt, versionsOf } from './shape.js';
import type { Obj } from '../kit/objects.js';

export interface VersionSchema {
  version: VersionAt;
  raw: Obj;
  path: FieldPath;
  problems: readonly SchemaProblem[];
}

const cache = new WeakMap<Obj, VersionSchema[]>();

export function versionSchemas(crd: Obj): VersionSchema[] {
  let out = cache.get(crd);
  if (!out) {
    out = versionsOf(crd).flatMap((version) => {
      const schema = schemaOf(version);
      return schema
        ? [
            {
              version,
              raw: schema.raw,
              path: schema.path,
              problems: schemaProblems(schema.raw, schema.path, statusEnabled(version)),
            },
          ]
        : [];
    });
    cache.set(crd, out);
  }
  return out;
}
