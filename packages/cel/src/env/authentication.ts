// AuthenticationConfiguration environments: `claims` for claim mappings and claim
// validation rules, `user` for user validation rules (upstream-rules/config-kinds.md).
import { CelEnvironment, type CelLimits, type ResultRule } from './environment.js';
import { USER_INFO_SCHEMA } from './kube-types.js';

export type ClaimsPlace = 'claimValidationRule' | 'username' | 'uid' | 'groups' | 'extra';

const STRING_OR_LIST: ResultRule = { types: ['string', 'list<string>'], describe: 'string or list(string)' };

const RESULTS: Record<ClaimsPlace, ResultRule> = {
  claimValidationRule: { types: ['bool'], describe: 'bool' },
  username: { types: ['string'], describe: 'string' },
  uid: { types: ['string'], describe: 'string' },
  groups: STRING_OR_LIST,
  extra: STRING_OR_LIST,
};

/** `release`: the platform release whose CEL libraries the expressions may use (newest when unset). */
export function claimsEnvironment(place: ClaimsPlace, limits?: Partial<CelLimits>, release?: string): CelEnvironment {
  return new CelEnvironment(
    {
      variables: [{ name: 'claims', type: 'map<string, dyn>', description: 'the claims of the token' }],
      result: RESULTS[place],
      release,
    },
    limits,
  );
}

export function userValidationEnvironment(limits?: Partial<CelLimits>, release?: string): CelEnvironment {
  return new CelEnvironment(
    {
      variables: [{ name: 'user', schema: USER_INFO_SCHEMA, description: 'the user the claims map to' }],
      result: { types: ['bool'], describe: 'bool' },
      release,
    },
    limits,
  );
}
