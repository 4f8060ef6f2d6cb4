// `platlint mutate`: run objects from files through the state as if they were being
// created (or updated, with their old versions), building each AdmissionRequest from the
// object itself.
import { admit, type AdmitOptions } from '../admit.js';
import { isObject, metadataString, type Json, type JsonObject } from '../json.js';
import { kindFactsByApiVersion, splitApiVersion } from '../state/kinds.js';
import type { State } from '../state/state.js';
import type { AdmissionRequest, AdmissionResult, UserInfo } from '../types.js';

export interface MutateOptions extends AdmitOptions {
  operation?: 'CREATE' | 'UPDATE';
  /** Stored versions for UPDATE, paired with the objects by kind, namespace and name. */
  oldObjects?: readonly Json[];
  userInfo?: UserInfo;
}

export interface MutateOutcome {
  /** The object as given. */
  input: JsonObject;
  request: AdmissionRequest;
  result: AdmissionResult;
  /** Why the request could not be built (not an object, no apiVersion/kind); nothing ran. */
  error?: string;
}

function identity(o: JsonObject): string {
  return `${String(o.apiVersion)}/${String(o.kind)}/${metadataString(o, 'namespace')}/${metadataString(o, 'name')}`;
}

/** The AdmissionRequest the API server would send for this object. */
export function requestFor(
  state: State,
  object: JsonObject,
  options: MutateOptions = {},
  oldObject?: JsonObject,
): AdmissionRequest {
  const apiVersion = String(object.apiVersion ?? '');
  const kind = String(object.kind ?? '');
  const { group, version } = splitApiVersion(apiVersion);
  const facts = kindFactsByApiVersion(state, apiVersion, kind);
  // Unknown kinds get the usual lower-case plural, which is what their rules would name.
  const resource = facts?.resource ?? `${kind.toLowerCase()}s`;
  const namespaced = facts?.namespaced ?? true;
  const isNamespace = group === '' && kind === 'Namespace';
  const namespace = isNamespace
    ? metadataString(object, 'name')
    : namespaced
      ? metadataString(object, 'namespace') || 'default'
      : '';
  const operation = options.operation ?? (oldObject ? 'UPDATE' : 'CREATE');
  const request: AdmissionRequest = {
    uid: `platlint-${identity(object)}`,
    kind: { group, version, kind },
    resource: { group, version, resource },
    subResource: '',
    name: metadataString(object, 'name'),
    namespace,
    operation,
    userInfo: options.userInfo ?? {},
    object,
  };
  if (operation === 'UPDATE' && oldObject) request.oldObject = oldObject;
  return request;
}

export function mutateObjects(state: State, objects: readonly Json[], options: MutateOptions = {}): MutateOutcome[] {
  const olds = new Map<string, JsonObject>();
  for (const o of options.oldObjects ?? []) if (isObject(o)) olds.set(identity(o), o);
  return objects.map((raw) => {
    if (!isObject(raw) || typeof raw.apiVersion !== 'string' || typeof raw.kind !== 'string') {
      const input = isObject(raw) ? raw : {};
      const request: AdmissionRequest = {
        kind: { group: '', version: '', kind: '' },
        resource: { group: '', version: '', resource: '' },
        operation: options.operation ?? 'CREATE',
      };
      return {
        input,
        request,
        result: { uid: '', allowed: true, object: raw, patch: [], warnings: [], auditAnnotations: {}, outcomes: [] },
        error: 'not a Kubernetes-style object: apiVersion and kind are required',
      };
    }
    const request = requestFor(state, raw, options, olds.get(identity(raw)));
    return { input: raw, request, result: admit(state, request, options) };
  });
}
