// createState copies what it is given, except objects already frozen whole, which successive
// states (the webhook's live state rebuilds one per API change) share with their parsed form.
import { describe, expect, it } from 'vitest';
import { deepFreeze, type JsonObject } from '../json.js';
import { createState } from './state.js';

const policy = (): JsonObject => ({
  apiVersion: 'admissionregistration.plat.io/v1',
  kind: 'MutatingAdmissionPolicy',
  metadata: { name: 'p' },
  spec: { matchConstraints: { resourceRules: [] }, mutations: [] },
});

describe('createState', () => {
  it('copies and freezes objects it is handed unfrozen, leaving the caller its own', () => {
    const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop', labels: { env: 'prod' } } };
    const state = createState([ns]);
    expect(state.namespaces.get('shop')).not.toBe(ns);
    expect(Object.isFrozen(state.namespaces.get('shop')?.metadata)).toBe(true);
    ns.metadata.labels.env = 'dev';
    expect(state.namespaces.get('shop')).toMatchObject({ metadata: { labels: { env: 'prod' } } });
  });

  it('shares deeply frozen objects and their parsed policies between states', () => {
    const p = deepFreeze(policy());
    const ns = deepFreeze({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } });
    const first = createState([p, ns]);
    const second = createState([p, ns]);
    expect(second.namespaces.get('shop')).toBe(ns);
    expect(second.policies[0]?.object).toBe(p);
    expect(second.policies[0]).toBe(first.policies[0]);
  });

  it('copies an object frozen only at its top, whose parts could still change', () => {
    const shallow = Object.freeze({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop', labels: { env: 'prod' } } });
    expect(createState([shallow]).namespaces.get('shop')).not.toBe(shallow);
  });
});
