// AuthorizationConfiguration webhook match conditions: `request` is the v1
// SubjectAccessReview spec.
import { CelEnvironment, type CelLimits } from './environment.js';
import { SUBJECT_ACCESS_REVIEW_SPEC_SCHEMA } from './kube-types.js';

export function webhookMatchEnvironment(limits?: Partial<CelLimits>): CelEnvironment {
  return new CelEnvironment(
    {
      variables: [{ name: 'request', schema: SUBJECT_ACCESS_REVIEW_SPEC_SCHEMA, description: 'the SubjectAccessReview spec (v1)' }],
      result: { types: ['bool'], describe: 'bool' },
    },
    limits,
  );
}
