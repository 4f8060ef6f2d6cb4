import { describe, expect, it } from 'vitest';
import { OPERATIONS, operationsForPath } from './operations.js';
import { QUERY_SETS } from './parameters.js';

const at = (path: string): string[] => operationsForPath(path.split('/').slice(1)).map((op) => `${op.method} ${op.name}`);
const find = (method: string, path: string) => OPERATIONS.find((op) => op.method === method && op.path === path);

describe('operation table', () => {
  it('applies the shapes to a namespaced collection and item (Deployment)', () => {
    expect(at('/apis/apps/v1/namespaces/prod/deployments').sort()).toEqual([
      'DELETE delete collection',
      'GET list',
      'POST create',
    ]);
    expect(at('/apis/apps/v1/namespaces/prod/deployments/web').sort()).toEqual([
      'DELETE delete',
      'GET read',
      'PATCH patch',
      'PUT replace',
    ]);
    expect(at('/apis/apps/v1/namespaces/prod/deployments/web/scale').sort()).toEqual([
      'GET read scale',
      'PATCH patch scale',
      'PUT replace scale',
    ]);
    expect(at('/apis/apps/v1/namespaces/prod/deployments/web/status').sort()).toEqual([
      'GET read status',
      'PATCH patch status',
      'PUT replace status',
    ]);
  });

  it('gives each operation the query set of its shape', () => {
    const sets = (method: string, path: string) => find(method, path)?.querySet;
    expect(sets('POST', '/api/v1/namespaces/{namespace}/endpoints')).toBe('QS-write');
    expect(sets('PATCH', '/api/v1/namespaces/{namespace}/endpoints/{name}')).toBe('QS-patch');
    expect(sets('PUT', '/api/v1/namespaces/{namespace}/endpoints/{name}')).toBe('QS-write');
    expect(sets('DELETE', '/api/v1/namespaces/{namespace}/endpoints/{name}')).toBe('QS-delete');
    expect(sets('DELETE', '/api/v1/namespaces/{namespace}/endpoints')).toBe('QS-delete-collection');
    expect(sets('GET', '/api/v1/namespaces/{namespace}/events/{name}')).toBe('QS-read');
    expect(sets('PATCH', '/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale')).toBe('QS-patch');
    expect(find('PATCH', '/apis/apps/v1/namespaces/{namespace}/deployments/{name}')?.parameters).toEqual(
      new Set(QUERY_SETS['QS-patch']),
    );
  });

  it('builds cluster-scoped paths without a namespace segment and without an all-namespaces list', () => {
    expect(at('/apis/flowcontrol.apiserver.plat.io/v1/flowschemas').sort()).toEqual([
      'DELETE delete collection',
      'GET list',
      'POST create',
    ]);
    expect(at('/apis/resource.plat.io/v1/namespaces/x/devicetaintrules')).toEqual([]);
    expect(at('/apis/admissionregistration.plat.io/v1/mutatingadmissionpolicies/p')).toContain('PATCH patch');
    expect(at('/apis/flowcontrol.apiserver.plat.io/v1/watch/flowschemas')).toEqual(['GET watch list']);
  });

  it('has the watch and all-namespaces paths the spec shows for PodGroup and CompositePodGroup', () => {
    expect(at('/apis/scheduling.plat.io/v1beta1/podgroups')).toEqual(['GET list all namespaces']);
    expect(at('/apis/scheduling.plat.io/v1beta1/watch/namespaces/ns/podgroups/pg')).toEqual(['GET watch']);
    expect(at('/apis/scheduling.plat.io/v1beta1/watch/namespaces/ns/podgroups')).toEqual(['GET watch list']);
    expect(at('/apis/scheduling.plat.io/v1beta1/watch/podgroups')).toEqual(['GET watch list all namespaces']);
    expect(at('/apis/scheduling.plat.io/v1alpha3/watch/compositepodgroups')).toEqual(['GET watch list all namespaces']);
    expect(find('GET', '/apis/scheduling.plat.io/v1beta1/watch/podgroups')?.watchPath).toBe(true);
  });

  it('marks what the spec shows apart from the upstream convention', () => {
    expect(find('POST', '/apis/apps/v1/namespaces/{namespace}/deployments')?.shown).toBe(true);
    expect(find('GET', '/apis/apps/v1/namespaces/{namespace}/deployments/{name}')?.shown).toBe(false);
    expect(find('GET', '/api/v1/namespaces/{namespace}/events/{name}')?.shown).toBe(true);
    expect(find('GET', '/apis/scheduling.plat.io/v1beta1/podgroups')?.shown).toBe(true);
    expect(find('POST', '/apis/scheduling.plat.io/v1beta1/namespaces/{namespace}/podgroups')?.shown).toBe(false);
  });

  it('prefers literal segments over a name that happens to match them', () => {
    // The Namespace kind's item path and a namespaced collection share a prefix.
    expect(at('/api/v1/namespaces/default/events')).toEqual(expect.arrayContaining(['POST create']));
    expect(at('/api/v1/namespaces/default')).toContain('GET read');
  });

  it('keeps subresources outside the spec shapes apart, and knows nothing of invented paths', () => {
    expect(at('/api/v1/namespaces/ns/pods/p/eviction')).toEqual(['* other subresource']);
    expect(at('/apis/apps/v1/namespaces/ns/deployments/web/rollback')).toEqual([]);
    expect(at('/apis/apps/v2/namespaces/ns/deployments')).toEqual([]);
  });
});
