// The Kubernetes authorizer library (`authorizer.group('apps').resource('deployments')
// .check('create').allowed()`), evaluated against a pluggable authorizer. A linter has no
// cluster to ask, so the default authorizer denies every check and says it is offline.
import type { Environment } from '@marcbachmann/cel-js';
import { charge } from '../budget.js';

export interface AuthorizationAttributes {
  /** The principal the check runs as (the request user, or a service account). */
  user?: string;
  groups?: string[];
  verb: string;
  /** Non-resource checks. */
  path?: string;
  apiGroup?: string;
  resource?: string;
  subresource?: string;
  namespace?: string;
  name?: string;
  fieldSelector?: string;
  labelSelector?: string;
}

export interface AuthorizationDecision {
  decision: 'allow' | 'deny' | 'noOpinion';
  reason?: string;
  error?: string;
}

export interface CelAuthorizer {
  authorize(attributes: AuthorizationAttributes): AuthorizationDecision;
}

export const offlineAuthorizer: CelAuthorizer = Object.freeze({
  authorize(): AuthorizationDecision {
    return { decision: 'deny', reason: 'offline: no authorizer is configured, every authorization check is denied' };
  },
});

type Principal = Pick<AuthorizationAttributes, 'user' | 'groups'>;

class DecisionValue {
  static celType = 'kubernetes.authorization.Decision';
  constructor(readonly result: AuthorizationDecision) {}
}

class PathCheckValue {
  static celType = 'kubernetes.authorization.PathCheck';
  constructor(
    readonly authz: CelAuthorizer,
    readonly principal: Principal,
    readonly path: string,
  ) {}
}

class GroupCheckValue {
  static celType = 'kubernetes.authorization.GroupCheck';
  constructor(
    readonly authz: CelAuthorizer,
    readonly principal: Principal,
    readonly group: string,
  ) {}
}

class ResourceCheckValue {
  static celType = 'kubernetes.authorization.ResourceCheck';
  constructor(
    readonly authz: CelAuthorizer,
    readonly principal: Principal,
    readonly attrs: Omit<AuthorizationAttributes, 'verb' | 'user' | 'groups'>,
  ) {}

  with(patch: Partial<AuthorizationAttributes>): ResourceCheckValue {
    return new ResourceCheckValue(this.authz, this.principal, { ...this.attrs, ...patch });
  }
}

export interface RequestResource {
  group?: string;
  resource?: string;
  subresource?: string;
  namespace?: string;
  name?: string;
}

export class AuthorizerValue {
  static celType = 'kubernetes.authorization.Authorizer';
  #principal: Principal | (() => Principal);
  #request: RequestResource | null | (() => RequestResource | null);
  // Principal and request may be given lazily: most expressions never ask.
  constructor(
    readonly authz: CelAuthorizer,
    principal: Principal | (() => Principal),
    request: RequestResource | null | (() => RequestResource | null),
  ) {
    this.#principal = principal;
    this.#request = request;
  }

  get principal(): Principal {
    if (typeof this.#principal === 'function') this.#principal = this.#principal();
    return this.#principal;
  }

  get request(): RequestResource | null {
    if (typeof this.#request === 'function') this.#request = this.#request();
    return this.#request;
  }

  // Read as a field by the base library.
  get requestResource(): ResourceCheckValue | undefined {
    const r = this.request;
    if (!r) return undefined;
    return new ResourceCheckValue(this.authz, this.principal, {
      apiGroup: r.group ?? '',
      resource: r.resource ?? '',
      subresource: r.subresource ?? '',
      namespace: r.namespace ?? '',
      name: r.name ?? '',
    });
  }
}

function decide(authz: CelAuthorizer, attrs: AuthorizationAttributes): DecisionValue {
  charge(1);
  try {
    return new DecisionValue(authz.authorize(attrs));
  } catch (e) {
    return new DecisionValue({ decision: 'noOpinion', error: e instanceof Error ? e.message : String(e) });
  }
}

export function installAuthorizer(env: Environment): void {
  const A = 'kubernetes.authorization';
  env.registerType(`${A}.Decision`, { ctor: DecisionValue, fields: {} });
  env.registerType(`${A}.PathCheck`, { ctor: PathCheckValue, fields: {} });
  env.registerType(`${A}.ResourceCheck`, { ctor: ResourceCheckValue, fields: {} });
  env.registerType(`${A}.GroupCheck`, { ctor: GroupCheckValue, fields: {} });
  env.registerType(`${A}.Authorizer`, { ctor: AuthorizerValue, fields: { requestResource: `${A}.ResourceCheck` } });

  env.registerFunction(
    `${A}.Authorizer.path(string): ${A}.PathCheck`,
    (a: AuthorizerValue, p: string) => new PathCheckValue(a.authz, a.principal, p),
  );
  env.registerFunction(
    `${A}.Authorizer.group(string): ${A}.GroupCheck`,
    (a: AuthorizerValue, g: string) => new GroupCheckValue(a.authz, a.principal, g),
  );
  env.registerFunction(
    `${A}.Authorizer.serviceAccount(string, string): ${A}.Authorizer`,
    (a: AuthorizerValue, ns: string, name: string) =>
      new AuthorizerValue(
        a.authz,
        {
          user: `system:serviceaccount:${ns}:${name}`,
          groups: ['system:serviceaccounts', `system:serviceaccounts:${ns}`, 'system:authenticated'],
        },
        a.request,
      ),
  );
  env.registerFunction(
    `${A}.GroupCheck.resource(string): ${A}.ResourceCheck`,
    (g: GroupCheckValue, r: string) => new ResourceCheckValue(g.authz, g.principal, { apiGroup: g.group, resource: r }),
  );
  env.registerFunction(`${A}.ResourceCheck.subresource(string): ${A}.ResourceCheck`, (r: ResourceCheckValue, s: string) =>
    r.with({ subresource: s }),
  );
  env.registerFunction(`${A}.ResourceCheck.namespace(string): ${A}.ResourceCheck`, (r: ResourceCheckValue, s: string) =>
    r.with({ namespace: s }),
  );
  env.registerFunction(`${A}.ResourceCheck.name(string): ${A}.ResourceCheck`, (r: ResourceCheckValue, s: string) =>
    r.with({ name: s }),
  );
  env.registerFunction(`${A}.ResourceCheck.fieldSelector(string): ${A}.ResourceCheck`, (r: ResourceCheckValue, s: string) =>
    r.with({ fieldSelector: s }),
  );
  env.registerFunction(`${A}.ResourceCheck.labelSelector(string): ${A}.ResourceCheck`, (r: ResourceCheckValue, s: string) =>
    r.with({ labelSelector: s }),
  );
  env.registerFunction(`${A}.ResourceCheck.check(string): ${A}.Decision`, (r: ResourceCheckValue, verb: string) =>
    decide(r.authz, { ...r.principal, ...r.attrs, verb }),
  );
  env.registerFunction(`${A}.PathCheck.check(string): ${A}.Decision`, (p: PathCheckValue, verb: string) =>
    decide(p.authz, { ...p.principal, path: p.path, verb }),
  );
  env.registerFunction(`${A}.Decision.allowed(): bool`, (d: DecisionValue) => d.result.decision === 'allow');
  env.registerFunction(`${A}.Decision.reason(): string`, (d: DecisionValue) => d.result.reason ?? '');
  env.registerFunction(`${A}.Decision.errored(): bool`, (d: DecisionValue) => !!d.result.error);
  env.registerFunction(`${A}.Decision.error(): string`, (d: DecisionValue) => d.result.error ?? '');
}

export const AUTHORIZER_TYPE = 'kubernetes.authorization.Authorizer';
