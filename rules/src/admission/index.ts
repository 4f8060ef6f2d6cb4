import type { Rule } from '@platlint/core';
import bindingParams from './binding-params.js';
import bindingPolicyExists from './binding-policy-exists.js';
import cel from './cel.js';
import celSchema from './cel-schema.js';
import uniqueMatchConditionNames from './unique-match-condition-names.js';
import noDeleteOperation from './no-delete-operation.js';
import noSelfMatch from './no-self-match.js';
import paramKind from './param-kind.js';
import paramRef from './param-ref.js';
import paramsNeedParamKind from './params-need-paramkind.js';
import patchTypeMember from './patch-type-member.js';
import resourceRules from './resource-rules.js';
import selectorSyntax from './selector-syntax.js';
import variableNames from './variable-names.js';
import variableReferences from './variable-references.js';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [
  bindingParams,
  bindingPolicyExists,
  cel,
  celSchema,
  uniqueMatchConditionNames,
  noDeleteOperation,
  noSelfMatch,
  paramKind,
  paramRef,
  paramsNeedParamKind,
  patchTypeMember,
  resourceRules,
  selectorSyntax,
  variableNames,
  variableReferences,
];
