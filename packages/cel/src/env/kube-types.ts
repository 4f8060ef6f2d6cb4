// Structural schemas of the request-shaped variables (AdmissionRequest, UserInfo,
// SubjectAccessReviewSpec, the namespace view) so those variables are type-checked too.
import type { StructuralSchema } from '../schema.js';

const str: StructuralSchema = { type: 'string' };
const strings: StructuralSchema = { type: 'array', items: str };
const free: StructuralSchema = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
const obj = (properties: Record<string, StructuralSchema>): StructuralSchema => ({ type: 'object', properties });

export const USER_INFO_SCHEMA: StructuralSchema = obj({
  username: str,
  uid: str,
  groups: strings,
  extra: { type: 'object', additionalProperties: strings },
});

const gvk = obj({ group: str, version: str, kind: str });
const gvr = obj({ group: str, version: str, resource: str });

export const ADMISSION_REQUEST_SCHEMA: StructuralSchema = obj({
  uid: str,
  kind: gvk,
  resource: gvr,
  subResource: str,
  requestKind: gvk,
  requestResource: gvr,
  requestSubResource: str,
  name: str,
  namespace: str,
  operation: str,
  userInfo: USER_INFO_SCHEMA,
  dryRun: { type: 'boolean' },
  options: free,
});

export const NAMESPACE_SCHEMA: StructuralSchema = obj({
  apiVersion: str,
  kind: str,
  metadata: obj({
    name: str,
    uid: str,
    labels: { type: 'object', additionalProperties: str },
    annotations: { type: 'object', additionalProperties: str },
    creationTimestamp: { type: 'string', format: 'date-time' },
    deletionTimestamp: { type: 'string', format: 'date-time' },
  }),
  spec: obj({ finalizers: strings }),
  status: obj({
    phase: str,
    conditions: {
      type: 'array',
      items: obj({
        type: str,
        status: str,
        reason: str,
        message: str,
        lastTransitionTime: { type: 'string', format: 'date-time' },
      }),
    },
  }),
});

const requirement = obj({ key: str, operator: str, values: strings });
const selector = (extra: Record<string, StructuralSchema>) =>
  obj({ rawSelector: str, requirements: { type: 'array', items: requirement }, ...extra });

export const SUBJECT_ACCESS_REVIEW_SPEC_SCHEMA: StructuralSchema = obj({
  resourceAttributes: obj({
    namespace: str,
    verb: str,
    group: str,
    version: str,
    resource: str,
    subresource: str,
    name: str,
    fieldSelector: selector({}),
    labelSelector: selector({}),
  }),
  nonResourceAttributes: obj({ path: str, verb: str }),
  user: str,
  groups: strings,
  extra: { type: 'object', additionalProperties: strings },
  uid: str,
});
