// What the invocations of one request share and nothing changes: the CEL `request`, the
// namespace object, the kind facts of the kind matched. Each is built when first asked for.
import type { JsonObject } from '../json.js';
import type { KindFacts } from '../state/kinds.js';
import type { AdmissionRequest, GroupVersionKind, GroupVersionResource } from '../types.js';
import type { PreparedState } from './prepared-state.js';

export class RequestContext {
  /** The kind facts last looked up: invocations of a request mostly ask for the kind they were matched as, one object. */
  private facts?: { kind: GroupVersionKind; facts: KindFacts | undefined };
  /** The CEL `request` last built, for the kind and resource it was built for. */
  private celRequest?: { kind: GroupVersionKind; resource: GroupVersionResource; value: JsonObject };
  /** The CEL `namespaceObject`, once a pass has asked for it. */
  private namespace?: JsonObject | null;

  constructor(
    readonly prepared: PreparedState,
    readonly request: AdmissionRequest,
  ) {}

  kindFacts(kind: GroupVersionKind): KindFacts | undefined {
    if (this.facts?.kind !== kind) this.facts = { kind, facts: this.prepared.kindFacts(kind) };
    return this.facts.facts;
  }

  /**
   * The namespace the expressions see as `namespaceObject`: the same in both passes, as it
   * depends on the request's namespace and kind only. As in upstream's
   * mutating/dispatcher.go (dispatchInvocations), a Namespace request has none of its own.
   */
  namespaceObject(): JsonObject | null {
    if (this.namespace !== undefined) return this.namespace;
    const r = this.request;
    const name = r.namespace ?? '';
    // Offline, a namespace the state does not hold is taken as an unlabelled one.
    this.namespace =
      name === '' || (r.kind.group === '' && r.kind.version === 'v1' && r.kind.kind === 'Namespace')
        ? null
        : (this.prepared.state.namespaces.get(name) ?? { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    return this.namespace;
  }

  /**
   * The CEL `request` of an invocation. Invocations matched as the same kind and resource see
   * the same one (nothing changes it; CEL reads it through a wrapper), so it is built once per
   * admission rather than once per invocation.
   */
  celRequestFor(kind: GroupVersionKind, resource: GroupVersionResource): JsonObject {
    const last = this.celRequest;
    if (last && sameKind(last.kind, kind) && sameResource(last.resource, resource)) return last.value;
    const r = this.request;
    const value: JsonObject = {
      uid: r.uid ?? '',
      kind: { ...kind },
      resource: { ...resource },
      subResource: r.subResource ?? '',
      requestKind: { ...(r.requestKind ?? r.kind) },
      requestResource: { ...(r.requestResource ?? r.resource) },
      requestSubResource: r.requestSubResource ?? r.subResource ?? '',
      name: r.name ?? '',
      namespace: r.namespace ?? '',
      operation: r.operation,
      userInfo: { ...(r.userInfo ?? {}) } as JsonObject,
      dryRun: r.dryRun ?? false,
    };
    if (r.options !== undefined) value.options = r.options;
    this.celRequest = { kind, resource, value };
    return value;
  }
}

function sameResource(a: GroupVersionResource, b: GroupVersionResource): boolean {
  return a.group === b.group && a.version === b.version && a.resource === b.resource;
}

export function sameKind(a: GroupVersionKind, b: GroupVersionKind): boolean {
  return a.group === b.group && a.version === b.version && a.kind === b.kind;
}
