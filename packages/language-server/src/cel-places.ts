import { admissionEnvironment, claimsEnvironment, userValidationEnvironment, webhookMatchEnvironment } from '@platlint/cel';
import type { CelEnvironment, StructuralSchema } from '@platlint/cel';
import type { FieldPath, KindMatch } from '@platlint/core';

/**
 * The fields that hold CEL, by kind, and the environment each is compiled in: the same
 * places and environments the rules admission/cel, config/authentication-cel and
 * config/authorization-cel check (see their docs).
 */
type PlaceName = 'matchCondition' | 'variable' | 'applyConfiguration' | 'jsonPatch' | 'claimValidationRule' | 'username' | 'groups' | 'uid' | 'extra' | 'user' | 'webhookMatch';

interface Place {
  groupKind: string;
  /** The path with every index written as `*`. */
  pattern: string;
  name: PlaceName;
}

const POLICY = 'MutatingAdmissionPolicy.admissionregistration.plat.io';
const AUTHN = 'AuthenticationConfiguration.apiserver.plat.io';
const AUTHZ = 'AuthorizationConfiguration.apiserver.plat.io';

const PLACES: readonly Place[] = [
  { groupKind: POLICY, pattern: 'spec.matchConditions.*.expression', name: 'matchCondition' },
  { groupKind: POLICY, pattern: 'spec.variables.*.expression', name: 'variable' },
  { groupKind: POLICY, pattern: 'spec.mutations.*.applyConfiguration.expression', name: 'applyConfiguration' },
  { groupKind: POLICY, pattern: 'spec.mutations.*.jsonPatch.expression', name: 'jsonPatch' },
  { groupKind: AUTHN, pattern: 'jwt.*.claimValidationRules.*.expression', name: 'claimValidationRule' },
  { groupKind: AUTHN, pattern: 'jwt.*.claimMappings.username.expression', name: 'username' },
  { groupKind: AUTHN, pattern: 'jwt.*.claimMappings.groups.expression', name: 'groups' },
  { groupKind: AUTHN, pattern: 'jwt.*.claimMappings.uid.expression', name: 'uid' },
  { groupKind: AUTHN, pattern: 'jwt.*.claimMappings.extra.*.valueExpression', name: 'extra' },
  { groupKind: AUTHN, pattern: 'jwt.*.userValidationRules.*.expression', name: 'user' },
  { groupKind: AUTHZ, pattern: 'authorizers.*.webhook.matchConditions.*.expression', name: 'webhookMatch' },
];

export interface CelVariable {
  name: string;
  description: string;
  schema: StructuralSchema | undefined;
}

/** The CEL place of a field, if it holds an expression. */
export function celPlaceOf(match: KindMatch, path: FieldPath): PlaceName | undefined {
  const inner = match.isList && path[0] === 'items' ? path.slice(2) : path;
  const pattern = inner.map((s) => (typeof s === 'number' ? '*' : s)).join('.');
  return PLACES.find((p) => p.groupKind === match.info.groupKind && p.pattern === pattern)?.name;
}

const environments = new Map<PlaceName, CelEnvironment>();

function environment(place: PlaceName): CelEnvironment {
  let env = environments.get(place);
  if (!env) {
    switch (place) {
      case 'matchCondition':
      case 'variable':
      case 'applyConfiguration':
      case 'jsonPatch':
        env = admissionEnvironment(place, { hasParams: true, variables: [] });
        break;
      case 'user':
        env = userValidationEnvironment();
        break;
      case 'webhookMatch':
        env = webhookMatchEnvironment();
        break;
      default:
        env = claimsEnvironment(place);
    }
    environments.set(place, env);
  }
  return env;
}

/** The variables an expression at this place can read. */
export function celVariables(place: PlaceName): CelVariable[] {
  return environment(place).spec.variables.map((v) => ({ name: v.name, description: v.description ?? '', schema: v.schema }));
}

/** The fields of a variable's schema along a member path (`request.userInfo.`), when it is typed. */
export function celMembers(place: PlaceName, root: string, members: readonly string[]): { name: string; description: string; type: string }[] {
  let schema = celVariables(place).find((v) => v.name === root)?.schema;
  for (const member of members) schema = schema?.properties?.[member];
  return Object.entries(schema?.properties ?? {}).map(([name, node]) => ({ name, description: node.description ?? '', type: node.type ?? 'dyn' }));
}
