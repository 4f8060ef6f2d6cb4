// What the custom-resource webhook tests share: a CRD of Widgets whose `spec.parts` is a
// list-map keyed by `id`, policies that add a part to Widgets and to two kinds no CRD
// defines (Gadgets under failurePolicy Fail, Gizmos under Ignore), and reviews of them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { answerOf, call, patched, review, type Ca, type ReviewAnswer } from './helpers.js';

export const WIDGET_CRD: Record<string, unknown> = {
  apiVersion: 'apiextensions.plat.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.plat.io' },
  spec: {
    group: 'example.plat.io',
    scope: 'Namespaced',
    names: { kind: 'Widget', plural: 'widgets', singular: 'widget', listKind: 'WidgetList' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                properties: {
                  parts: {
                    type: 'array',
                    'x-kubernetes-list-type': 'map',
                    'x-kubernetes-list-map-keys': ['id'],
                    items: {
                      type: 'object',
                      required: ['id'],
                      properties: { id: { type: 'string' }, size: { type: 'integer', maximum: 10 } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    ],
  },
};

/** A policy adding the part `added` to the objects of `resource` (example.plat.io/v1), and its binding. */
function addPartPolicy(name: string, resource: string, failurePolicy: 'Fail' | 'Ignore'): Record<string, unknown>[] {
  return [
    {
      apiVersion: 'admissionregistration.plat.io/v1',
      kind: 'MutatingAdmissionPolicy',
      metadata: { name },
      spec: {
        matchConstraints: {
          resourceRules: [{ apiGroups: ['example.plat.io'], apiVersions: ['v1'], operations: ['CREATE'], resources: [resource] }],
        },
        failurePolicy,
        reinvocationPolicy: 'Never',
        mutations: [
          {
            patchType: 'ApplyConfiguration',
            applyConfiguration: { expression: 'Object{spec: Object.spec{parts: [Object.spec.parts{id: "added", size: 3}]}}' },
          },
        ],
      },
    },
    {
      apiVersion: 'admissionregistration.plat.io/v1',
      kind: 'MutatingAdmissionPolicyBinding',
      metadata: { name },
      spec: { policyName: name },
    },
  ];
}

export const POLICIES = [
  ...addPartPolicy('widget-parts', 'widgets', 'Fail'),
  ...addPartPolicy('gadget-parts', 'gadgets', 'Fail'),
  ...addPartPolicy('gizmo-parts', 'gizmos', 'Ignore'),
];

/** Writes the policies (and, when given, the CRD) into a state directory. */
export function writeCustomState(dir: string, withCrd: boolean): void {
  writeFileSync(join(dir, 'policies.yaml'), POLICIES.map((o) => stringify(o)).join('---\n'));
  if (withCrd) writeFileSync(join(dir, 'crd.yaml'), stringify(WIDGET_CRD));
}

const PLURALS: Record<string, string> = { Widget: 'widgets', Gadget: 'gadgets', Gizmo: 'gizmos' };

/** An object of `kind` (example.plat.io/v1) with two parts. */
export function customObject(
  kind: string,
  parts: Record<string, unknown>[] = [
    { id: 'a', size: 1 },
    { id: 'b', size: 2 },
  ],
): Record<string, unknown> {
  return { apiVersion: 'example.plat.io/v1', kind, metadata: { name: 'one', namespace: 'shop' }, spec: { parts } };
}

let uid = 0;

/** Sends a CREATE of `object` to `path`; returns the answer and the object after its patch. */
export async function sendCustom(
  port: number,
  ca: Ca,
  object: Record<string, unknown>,
  path: '/mutate' | '/validate' = '/mutate',
): Promise<{ answer: ReviewAnswer; after: { spec: { parts: unknown[] } } }> {
  const kind = String(object.kind);
  const request = {
    uid: `custom-${++uid}`,
    operation: 'CREATE',
    kind: { group: 'example.plat.io', version: 'v1', kind },
    resource: { group: 'example.plat.io', version: 'v1', resource: PLURALS[kind] },
    namespace: 'shop',
    name: 'one',
    userInfo: { username: 'alice' },
    object,
  };
  const answer = answerOf(await call(port, path, { ca: ca.caCert, body: review(request) }));
  return { answer, after: patched(object, answer) as { spec: { parts: unknown[] } } };
}
