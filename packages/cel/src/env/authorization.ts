// AuthorizationConfiguration webhook match conditions: `request` is the v1
// SubjectAccessReview spec.
import { CelEnvironment, type CelLimits } from './environment.js';
import { SUBJECT_ACCESS_REVIEW_SPEC_SCHEMA } from './kube-types.js';

/** `release`: the platform release whose CEL libraries the expressions may use (newest when unset). */
export function webhookMatchEnvironment(limits?: Partial<CelLimits>, release?: string): CelEnvironment {
  return new CelEnvironment(
    {
      variables: [
        { name: 'request', schema: SUBJECT_ACCESS_REVIEW_SPEC_SCHEMA, description: 'the SubjectAccessReview spec (v1)' },
      ],
      result: { types: ['bool'], describe: 'bool' },
      release,
    },
    limits,
  );
}
