// A Deployment-like structural schema shared by the tests.
import type { StructuralSchema } from '../schema.js';

const str: StructuralSchema = { type: 'string' };
const labels: StructuralSchema = { type: 'object', additionalProperties: str };
const metadata: StructuralSchema = {
  type: 'object',
  properties: { name: str, generateName: str, namespace: str, labels, annotations: labels },
};
const container: StructuralSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: str,
    image: str,
    args: { type: 'array', items: str },
    ports: { type: 'array', items: { type: 'object', properties: { containerPort: { type: 'integer', format: 'int32' } } } },
    resources: {
      type: 'object',
      properties: {
        limits: {
          type: 'object',
          additionalProperties: { 'x-kubernetes-int-or-string': true, type: 'string', format: 'quantity' },
        },
      },
    },
  },
};

export const DEPLOYMENT: StructuralSchema = {
  type: 'object',
  properties: {
    apiVersion: str,
    kind: str,
    metadata,
    spec: {
      type: 'object',
      properties: {
        replicas: { type: 'integer', format: 'int32' },
        ratio: { type: 'number', format: 'double' },
        maxSurge: { 'x-kubernetes-int-or-string': true },
        template: {
          type: 'object',
          properties: {
            metadata,
            spec: {
              type: 'object',
              properties: {
                containers: {
                  type: 'array',
                  items: container,
                  'x-kubernetes-list-type': 'map',
                  'x-kubernetes-list-map-keys': ['name'],
                },
              },
            },
          },
        },
      },
    },
  },
};
