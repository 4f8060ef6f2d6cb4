// MutatingAdmissionPolicy environments: match conditions, variables, apply
// configurations and JSON patches (spec document C and upstream-rules/mutating-admission).
import {
  AUTHORIZER_TYPE,
  AuthorizerValue,
  offlineAuthorizer,
  type CelAuthorizer,
  type RequestResource,
} from '../lib/authorizer.js';
import type { StructuralSchema } from '../schema.js';
import { fromCel } from '../values.js';
import {
  CelEnvironment,
  type CelLimits,
  type CelProgram,
  type EvaluateOptions,
  type ResultRule,
  type VariableDecl,
} from './environment.js';
import { ADMISSION_REQUEST_SCHEMA, NAMESPACE_SCHEMA } from './kube-types.js';

export type AdmissionPlace = 'matchCondition' | 'variable' | 'applyConfiguration' | 'jsonPatch';

export interface AdmissionEnvironmentOptions {
  /** Schema of the matched kind; absent when the match is broad (then `object` is dyn). */
  objectSchema?: StructuralSchema | undefined;
  /** The policy has a paramKind: `params` is declared. */
  hasParams?: boolean;
  /** Schema of the param kind, if known; otherwise `params` is dyn. */
  paramSchema?: StructuralSchema | undefined;
  /** Earlier variables, in order, with their result types (`CelProgram.type`). */
  variables?: { name: string; type: string }[];
  limits?: Partial<CelLimits>;
  /** The platform release to compile for (the linter's `release` setting). */
  release?: string | undefined;
}

const RESULTS: Record<AdmissionPlace, ResultRule | undefined> = {
  matchCondition: { types: ['bool'], describe: 'bool' },
  variable: undefined,
  applyConfiguration: { types: ['Object'], describe: 'Object' },
  jsonPatch: { types: ['list<JSONPatch>'], describe: 'list(JSONPatch)' },
};

const VARIABLES_TYPE = 'platlint.Variables';

// Where no kind schema is known, every `Object...` name builds an untyped object. Upstream
// declares these names in JSON patch expressions too (a patch value may be built with
// `Object.spec.template.spec.containers{...}`). One constant, so that environments share a base.
const UNTYPED_OBJECT: StructuralSchema = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };

// `variables.<name>` evaluates on first read and is cached for the admission request.
export class LazyVariables extends Map<string, unknown> {
  static celType = VARIABLES_TYPE;
  constructor(private readonly thunks: Readonly<Record<string, () => unknown>>) {
    super();
  }

  override get(name: string): unknown {
    if (super.has(name)) return super.get(name);
    const thunk = this.thunks[name];
    if (!thunk) return undefined;
    const v = thunk();
    super.set(name, v);
    return v;
  }
}

/** Bind compiled variables to one activation; each is evaluated lazily, at most once. */
export function lazyVariables(
  programs: readonly { name: string; program: CelProgram }[],
  activation: Record<string, unknown>,
  options?: EvaluateOptions,
): LazyVariables {
  const thunks: Record<string, () => unknown> = {};
  const scope: Record<string, unknown> = { ...activation };
  const vars = new LazyVariables(thunks);
  scope.variables = vars;
  for (const { name, program } of programs) thunks[name] = () => program.evaluate(scope, options);
  return vars;
}

function requestResourceOf(request: unknown): RequestResource | null {
  const r = fromCel(request);
  if (!r || typeof r !== 'object' || Array.isArray(r)) return null;
  const res = (r.resource ?? {}) as Record<string, string>;
  return {
    group: res.group,
    resource: res.resource,
    subresource: r.subResource as string,
    namespace: r.namespace as string,
    name: r.name as string,
  };
}

function userOf(request: unknown): { user?: string; groups?: string[] } {
  const r = fromCel(request) as { userInfo?: { username?: string; groups?: string[] } } | null;
  return { user: r?.userInfo?.username ?? '', groups: r?.userInfo?.groups ?? [] };
}

// `object` and `oldObject` carry the whole schema of the matched kind, metadata included.
// Upstream narrows metadata to name and generateName only for a schema that declares no
// metadata at all (a custom resource without one): those two are always readable.
function withRootMetadata(root: StructuralSchema): StructuralSchema {
  if (root.properties?.metadata) return root;
  const metadata: StructuralSchema = {
    type: 'object',
    properties: { name: { type: 'string' }, generateName: { type: 'string' } },
  };
  return { ...root, properties: { ...root.properties, metadata } };
}

export function admissionEnvironment(place: AdmissionPlace, options: AdmissionEnvironmentOptions = {}): CelEnvironment {
  const objectSchema = options.objectSchema ? withRootMetadata(options.objectSchema) : undefined;
  const variables: VariableDecl[] = [
    { name: 'object', schema: objectSchema, description: 'the object from the incoming request; null for DELETE' },
    { name: 'oldObject', schema: objectSchema, description: 'the existing object; null for CREATE' },
    { name: 'request', schema: ADMISSION_REQUEST_SCHEMA, fixedSchema: true, description: 'attributes of the admission request' },
    {
      name: 'namespaceObject',
      schema: NAMESPACE_SCHEMA,
      fixedSchema: true,
      description: 'the namespace of the object; null for cluster-scoped objects',
    },
    { name: 'authorizer', type: AUTHORIZER_TYPE, description: 'authorization checks for the request principal' },
  ];
  if (options.hasParams)
    variables.push({ name: 'params', schema: options.paramSchema, description: 'the parameter resource of the binding' });
  const earlier = place === 'matchCondition' ? undefined : (options.variables ?? []);
  if (earlier) variables.push({ name: 'variables', type: VARIABLES_TYPE, description: 'composited variables, evaluated lazily' });

  return new CelEnvironment(
    {
      variables,
      result: RESULTS[place],
      construct:
        place === 'applyConfiguration'
          ? (options.objectSchema ?? UNTYPED_OBJECT)
          : place === 'jsonPatch'
            ? UNTYPED_OBJECT
            : undefined,
      jsonPatch: place === 'jsonPatch',
      release: options.release,
      setup: (env) => {
        if (!earlier) return;
        const fields: Record<string, string> = {};
        for (const v of earlier) fields[v.name] = v.type;
        env.registerType(VARIABLES_TYPE, { ctor: LazyVariables, fields });
      },
      defaults: (activation, opts, owned) => {
        if (activation.authorizer !== undefined) return activation;
        const authz = (opts.authorizer as CelAuthorizer | undefined) ?? offlineAuthorizer;
        const request = activation.request;
        const out = owned ? activation : { ...activation };
        out.authorizer = new AuthorizerValue(
          authz,
          () => userOf(request),
          () => requestResourceOf(request),
        );
        return out;
      },
    },
    options.limits,
  );
}
