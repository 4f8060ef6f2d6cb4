import type { Rule } from '@platlint/core';
import annotations from './annotations.js';
import clusterScopedNamespace from './cluster-scoped-namespace.js';
import finalizers from './finalizers.js';
import identityImmutable from './identity-immutable.js';
import labels from './labels.js';
import listItemKind from './list-item-kind.js';
import nameFormat from './name-format.js';
import ownerReferences from './owner-references.js';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [
  nameFormat,
  clusterScopedNamespace,
  labels,
  annotations,
  listItemKind,
  identityImmutable,
  ownerReferences,
  finalizers,
];
