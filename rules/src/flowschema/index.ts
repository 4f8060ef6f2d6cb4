import type { Rule } from '@platlint/core';
import builtinPriorityLevel from './builtin-priority-level.js';
import builtinSchema from './builtin-schema.js';
import concurrencyShares from './concurrency-shares.js';
import limitResponseQueuing from './limit-response-queuing.js';
import nonResourceUrl from './non-resource-url.js';
import precedenceReserved from './precedence-reserved.js';
import priorityLevelExists from './priority-level-exists.js';
import priorityLevelMember from './priority-level-member.js';
import queuingLimits from './queuing-limits.js';
import resourceRuleNamespaces from './resource-rule-namespaces.js';
import ruleHasTargets from './rule-has-targets.js';
import subjectMember from './subject-member.js';
import subjectName from './subject-name.js';
import subjectsMatchEveryone from './subjects-match-everyone.js';
import supportedVerbs from './supported-verbs.js';
import wildcardAlone from './wildcard-alone.js';

/** The rules of this area (FlowSchema and PriorityLevelConfiguration); rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [
  builtinPriorityLevel,
  builtinSchema,
  concurrencyShares,
  limitResponseQueuing,
  nonResourceUrl,
  precedenceReserved,
  priorityLevelExists,
  priorityLevelMember,
  queuingLimits,
  resourceRuleNamespaces,
  ruleHasTargets,
  subjectMember,
  subjectName,
  subjectsMatchEveryone,
  supportedVerbs,
  wildcardAlone,
];
