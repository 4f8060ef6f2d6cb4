import type { Rule } from '@platlint/core';
import involvedObject from './involved-object.js';
import involvedObjectNamespace from './involved-object-namespace.js';
import reportingFields from './reporting-fields.js';
import series from './series.js';
import timestampOrder from './timestamp-order.js';
import eventType from './type.js';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [
  eventType,
  series,
  reportingFields,
  involvedObject,
  involvedObjectNamespace,
  timestampOrder,
];
