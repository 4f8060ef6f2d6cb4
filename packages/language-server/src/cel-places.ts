import { celEnvironmentFor } from '@platlint/cel';
import type { CelEnvironment, StructuralSchema } from '@platlint/cel';
import { platlintInfo } from '@platlint/core';
import type { CelPlace, FieldPath, KindMatch } from '@platlint/core';
import { schemaFor } from './schema-lookup.js';

/**
 * CEL in the editor: whether a field holds an expression and in which environment is read
 * from the schema tree (`x-platlint.cel`), where the rules that compile the expressions read it.
 */
export interface CelVariable {
  name: string;
  description: string;
  schema: StructuralSchema | undefined;
}

/** The CEL place of a field, if it holds an expression. */
export function celPlaceOf(match: KindMatch, path: FieldPath): CelPlace | undefined {
  const node = schemaFor(match, path);
  return node ? platlintInfo(node).cel : undefined;
}

const environments = new Map<CelPlace, CelEnvironment>();

function environment(place: CelPlace): CelEnvironment {
  let env = environments.get(place);
  if (!env) {
    // Admission expressions may read params whatever the policy says: the editor offers it.
    env = celEnvironmentFor(place, { admission: { hasParams: true, variables: [] } });
    environments.set(place, env);
  }
  return env;
}

/** The variables an expression at this place can read. */
export function celVariables(place: CelPlace): CelVariable[] {
  return environment(place).spec.variables.map((v) => ({ name: v.name, description: v.description ?? '', schema: v.schema }));
}

/** The fields of a variable's schema along a member path (`request.userInfo.`), when it is typed. */
export function celMembers(
  place: CelPlace,
  root: string,
  members: readonly string[],
): { name: string; description: string; type: string }[] {
  let schema = celVariables(place).find((v) => v.name === root)?.schema;
  for (const member of members) schema = schema?.properties?.[member];
  return Object.entries(schema?.properties ?? {}).map(([name, node]) => ({
    name,
    description: node.description ?? '',
    type: node.type ?? 'dyn',
  }));
}
