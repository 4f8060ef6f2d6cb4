import { describe, expect, it } from 'vitest';
import { catalog } from '../kinds/catalog.js';
import { celExpressionsIn, celFieldsOf, celPlaceAt } from './cel-places.js';
import { CEL_PLACES } from './overlay-types.js';

const lintable = catalog.kinds.filter((k) => k.lintable);
const placesOf = (kind: string) => {
  const info = lintable.find((k) => k.kind === kind)!;
  return celFieldsOf(catalog.schema(info)).map((f) => `${f.path.join('.')} ${f.place}`);
};

describe('CEL places in the schema tree', () => {
  it('marks every expression field of the policy, the authentication and the authorization configuration', () => {
    expect(placesOf('MutatingAdmissionPolicy')).toEqual([
      'spec.variables.*.expression admission.variable',
      'spec.mutations.*.applyConfiguration.expression admission.applyConfiguration',
      'spec.mutations.*.jsonPatch.expression admission.jsonPatch',
      'spec.matchConditions.*.expression admission.matchCondition',
    ]);
    expect(placesOf('AuthenticationConfiguration')).toEqual([
      'jwt.*.claimValidationRules.*.expression authentication.claimValidationRule',
      'jwt.*.claimMappings.username.expression authentication.username',
      'jwt.*.claimMappings.groups.expression authentication.groups',
      'jwt.*.claimMappings.uid.expression authentication.uid',
      'jwt.*.claimMappings.extra.*.valueExpression authentication.extra',
      'jwt.*.userValidationRules.*.expression authentication.userValidationRule',
    ]);
    expect(placesOf('AuthorizationConfiguration')).toEqual([
      'authorizers.*.webhook.matchConditions.*.expression authorization.webhookMatchCondition',
    ]);
  });

  it('uses every environment name, and marks nothing in the other kinds', () => {
    const used = new Set(lintable.flatMap((k) => celFieldsOf(catalog.schema(k)).map((f) => f.place)));
    expect([...used].sort()).toEqual([...CEL_PLACES].sort());
    const others = lintable.filter(
      (k) => !['MutatingAdmissionPolicy', 'AuthenticationConfiguration', 'AuthorizationConfiguration'].includes(k.kind),
    );
    expect(others.flatMap((k) => celFieldsOf(catalog.schema(k)))).toEqual([]);
  });

  it('tells the environment of a field, and keeps a shared type unmarked where it is not CEL', () => {
    const authn = catalog.schema(lintable.find((k) => k.kind === 'AuthenticationConfiguration')!);
    expect(celPlaceAt(authn, ['jwt', 0, 'claimMappings', 'groups', 'expression'])).toBe('authentication.groups');
    expect(celPlaceAt(authn, ['jwt', 0, 'claimMappings', 'username', 'expression'])).toBe('authentication.username');
    expect(celPlaceAt(authn, ['jwt', 0, 'claimMappings', 'username', 'claim'])).toBeUndefined();
    expect(
      celPlaceAt(catalog.schema(lintable.find((k) => k.kind === 'MutatingAdmissionPolicy')!), [
        'spec',
        'matchConditions',
        0,
        'name',
      ]),
    ).toBeUndefined();
  });

  it('finds the expressions of a value in document order, skipping what is not a string', () => {
    const policy = catalog.schema(lintable.find((k) => k.kind === 'MutatingAdmissionPolicy')!);
    const spec = {
      mutations: [{ patchType: 'JSONPatch', jsonPatch: { expression: 'a' } }, { applyConfiguration: { expression: 'b' } }],
      matchConditions: [
        { name: 'x', expression: 'c' },
        { name: 'y', expression: 7 },
      ],
    };
    expect(celExpressionsIn(policy, { spec })).toEqual([
      { path: ['spec', 'mutations', 0, 'jsonPatch', 'expression'], place: 'admission.jsonPatch', expression: 'a' },
      {
        path: ['spec', 'mutations', 1, 'applyConfiguration', 'expression'],
        place: 'admission.applyConfiguration',
        expression: 'b',
      },
      { path: ['spec', 'matchConditions', 0, 'expression'], place: 'admission.matchCondition', expression: 'c' },
    ]);
    expect(celExpressionsIn(policy, { spec: { matchConditions: { 0: { expression: 'x' } } } })).toEqual([]);
  });

  it('answers an object asked about with another schema by that schema, each time', () => {
    const policy = catalog.schema(lintable.find((k) => k.kind === 'MutatingAdmissionPolicy')!);
    const authz = catalog.schema(lintable.find((k) => k.kind === 'AuthorizationConfiguration')!);
    const value = {
      spec: { matchConditions: [{ name: 'x', expression: 'p' }] },
      authorizers: [{ webhook: { matchConditions: [{ expression: 'a' }] } }],
    };
    const asPolicy = [{ path: ['spec', 'matchConditions', 0, 'expression'], place: 'admission.matchCondition', expression: 'p' }];
    const asAuthz = [
      {
        path: ['authorizers', 0, 'webhook', 'matchConditions', 0, 'expression'],
        place: 'authorization.webhookMatchCondition',
        expression: 'a',
      },
    ];
    expect(celExpressionsIn(policy, value)).toEqual(asPolicy);
    expect(celExpressionsIn(authz, value)).toEqual(asAuthz);
    expect(celExpressionsIn(policy, value)).toEqual(asPolicy);
    // Below a path, the expressions carry it.
    expect(celExpressionsIn(policy, value, ['items', 3])).toEqual([{ ...asPolicy[0], path: ['items', 3, ...asPolicy[0]!.path] }]);
  });
});
