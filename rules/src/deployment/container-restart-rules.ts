import { defineRule, gateEnabled, isJsonObject } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import docs from './container-restart-rules.md';
import { forEachObject, isSet, listAt, type Obj } from '../kit/objects.js';
import { containersOf } from '../kit/paths.js';

/** Restart policies a container may name once ContainerRestartRules is on. */
const POLICIES = ['Always', 'Never', 'OnFailure'];
const OPERATORS = ['In', 'NotIn'];
const ACTIONS = ['Restart'];
const ACTIONS_WITH_RESTART_ALL = ['Restart', 'RestartAllContainers'];
/** Limits of validateContainerRestartPolicy: rules per container, exit codes per rule. */
const MAX_RULES = 20;
const MAX_EXIT_CODES = 255;

export default defineRule({
  meta: {
    id: 'deployment/container-restart-rules',
    description: "A container's own restartPolicy and restartPolicyRules are ones the server accepts.",
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (validateContainerRestartPolicy, validateInitContainerRestartPolicy)',
    docs,
    messages: {
      initRestartPolicyDropped:
        'restartPolicy {{restartPolicy}} on an init container needs feature gate ContainerRestartRules; with the gate off the server drops it (only Always, a sidecar, is kept)',
      rulesOnSidecar: 'restartPolicyRules are not allowed on a sidecar (an init container with restartPolicy: Always)',
      rulesWithoutPolicy: 'restartPolicyRules need a restartPolicy beside them; set restartPolicy (Always, Never or OnFailure)',
      unknownPolicy: 'restartPolicy {{restartPolicy}} is not one of {{policies}}',
      tooManyRules: '{{count}} restart rules; a container has at most {{max}}',
      unknownAction: 'action "{{action}}" is not one of {{actions}}',
      ruleNeedsExitCodes: 'a restart rule needs exitCodes, the exit codes it applies to',
      unknownOperator: 'operator "{{operator}}" is not In or NotIn',
      tooManyExitCodes: '{{count}} exit codes; a rule lists at most {{max}}',
    },
  },
  check(context) {
    const gate = (name: string): boolean => gateEnabled(context.settings.featureGates, name, context.settings.release);
    const rulesOn = gate('ContainerRestartRules');
    const restartAll = gate('RestartAllContainers');
    for (const { container, list, path } of containersOf(context.value)) {
      if (list === 'containers') {
        if (rulesOn) checkPolicyAndRules(context, container, path, restartAll);
        continue;
      }
      const { restartPolicy } = container;
      if (!rulesOn) {
        // Without the gate the server drops, before validating, an init container's policy other than
        // Always (and every rule): pkg/api/pod/util.go dropContainerRestartRules. Lost, not refused.
        if (isSet(restartPolicy) && restartPolicy !== 'Always')
          context.report({
            path: [...path, 'restartPolicy'],
            severity: 'warning',
            messageId: 'initRestartPolicyDropped',
            data: { restartPolicy: JSON.stringify(restartPolicy) },
          });
        continue;
      }
      if (restartPolicy === 'Always' && !restartAll) {
        if (ruleCount(container) > 0)
          context.report({ path: [...path, 'restartPolicyRules'], target: 'key', messageId: 'rulesOnSidecar' });
        continue;
      }
      checkPolicyAndRules(context, container, path, restartAll);
    }
  },
});

/**
 * validateContainerRestartPolicy (kubernetes/kubernetes pkg/apis/core/validation/validation.go at
 * 64149d1201ab96736d5aa902df411d40a3f6f714). A missing action or operator is a schema finding.
 */
function checkPolicyAndRules(context: RuleContext, container: Obj, at: FieldPath, restartAll: boolean): void {
  const { restartPolicy } = container;
  const count = ruleCount(container);
  if (!isSet(restartPolicy)) {
    if (count > 0) context.report({ path: [...at, 'restartPolicyRules'], target: 'key', messageId: 'rulesWithoutPolicy' });
  } else if (typeof restartPolicy !== 'string' || !POLICIES.includes(restartPolicy)) {
    context.report({
      path: [...at, 'restartPolicy'],
      messageId: 'unknownPolicy',
      data: { restartPolicy: JSON.stringify(restartPolicy), policies: POLICIES.join(', ') },
    });
  }
  if (count > MAX_RULES)
    context.report({
      path: [...at, 'restartPolicyRules'],
      messageId: 'tooManyRules',
      data: { count, max: MAX_RULES },
    });
  const actions = restartAll ? ACTIONS_WITH_RESTART_ALL : ACTIONS;
  forEachObject(container.restartPolicyRules, (rule, j) => {
    const ruleAt = [...at, 'restartPolicyRules', j];
    if (typeof rule.action === 'string' && !actions.includes(rule.action))
      context.report({
        path: [...ruleAt, 'action'],
        messageId: 'unknownAction',
        data: { action: rule.action, actions: actions.join(', ') },
      });
    if (!isJsonObject(rule.exitCodes)) {
      context.report({ path: ruleAt, messageId: 'ruleNeedsExitCodes' });
      return;
    }
    const { operator, values } = rule.exitCodes;
    if (typeof operator === 'string' && !OPERATORS.includes(operator))
      context.report({ path: [...ruleAt, 'exitCodes', 'operator'], messageId: 'unknownOperator', data: { operator } });
    if (Array.isArray(values) && values.length > MAX_EXIT_CODES)
      context.report({
        path: [...ruleAt, 'exitCodes', 'values'],
        messageId: 'tooManyExitCodes',
        data: { count: values.length, max: MAX_EXIT_CODES },
      });
  });
}

function ruleCount(container: Obj): number {
  return listAt(container, 'restartPolicyRules')?.length ?? 0;
}
