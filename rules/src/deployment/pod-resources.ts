import { defineRule, gateEnabled, isJsonObject } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { nameProblem } from './resource-names.js';
import {
  addAmounts,
  compareQuantities,
  HUGEPAGES,
  INDIVISIBLE_HUGE_PAGES,
  isExtended,
  maxAmounts,
  overcommitAllowed,
  parseQuantity,
  type Quantity,
  reportIndivisibleHugePages,
} from '../kit/quantities.js';
import { type Obj, objectsIn } from '../kit/objects.js';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import docs from './pod-resources.md';

/** Resources a pod may set for itself (upstream component-helpers IsSupportedPodLevelResource). */
function supportedAtPodLevel(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name.startsWith(HUGEPAGES);
}

const CPU_OR_MEMORY = new Set(['cpu', 'memory']);

export default defineRule({
  meta: {
    id: 'deployment/pod-resources',
    description:
      "The pod template's own resources and overhead name resources the server supports, with valid quantities that cover what the containers ask for.",
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (validatePodResources, validatePodResourceConsistency, validateOverhead)',
    docs,
    messages: {
      ...INDIVISIBLE_HUGE_PAGES,
      windowsPodResources: 'a Windows pod cannot set resources for the whole pod; set them in its containers',
      podClaims: "claims cannot be set in the pod's own resources; list them in the resources of the containers that use them",
      notPodLevel: '"{{name}}" cannot be set for the whole pod; pod-level resources are cpu, memory and {{hugepages}}<size>',
      negative: '{{name}} {{value}} is negative; a quantity is 0 or more',
      hugePagesWithoutLimit:
        '{{name}} is requested for the pod but has no pod limit; huge pages need a limit equal to the request',
      hugePagesRequestNotLimit:
        '{{name}} request {{value}} differs from the pod limit {{limit}}; huge pages are requested at exactly their limit',
      requestAboveLimit: '{{name}} request {{value}} is above the pod limit {{limit}}; lower the request or raise the limit',
      hugePagesAlone: "huge pages in the pod's resources need a cpu or memory request or limit beside them; add one",
      requestBelowContainers:
        'pod {{name}} request {{value}} is below what its containers request together; raise it to at least their total',
      limitBelowContainers:
        "pod {{name}} limit {{value}} is below what its containers' {{name}} limits come to together; raise it to at least their total",
      containerAbovePodLimit:
        "{{name}} limit {{value}} is above the pod's own limit {{limit}}; a container cannot use more than its pod",
      badOverheadName: 'overhead resource name "{{name}}" {{problem}}',
      overheadNegative: 'overhead {{name}} {{value}} is negative; a quantity is 0 or more',
      overheadNotWholeNumber: 'overhead {{name}} {{value}} is not a whole number; an extended resource is counted in whole units',
      overheadHugePagesAlone: 'huge pages in the overhead need cpu or memory beside them; add one',
    },
  },
  check(context) {
    const pod = podSpec(context.value);
    if (!pod) return;
    if (isJsonObject(pod.overhead)) checkOverhead(context, pod.overhead);
    // Without the gate the server drops spec.resources before validating (feature-gate/gated-field says so).
    if (
      !isJsonObject(pod.resources) ||
      !gateEnabled(context.settings.featureGates, 'PodLevelResources', context.settings.release)
    )
      return;
    const at = [...POD_SPEC, 'resources'];
    const resources = pod.resources;
    // validatePodResources stops at this one error for a Windows pod.
    if (isJsonObject(pod.os) && pod.os.name === 'windows') {
      context.report({ path: at, target: 'key', messageId: 'windowsPodResources' });
      return;
    }
    if (resources.claims !== undefined && resources.claims !== null) {
      context.report({ path: [...at, 'claims'], target: 'key', messageId: 'podClaims' });
    }
    const requests = isJsonObject(resources.requests) ? resources.requests : {};
    const limits = isJsonObject(resources.limits) ? resources.limits : {};
    checkPodLevelAmounts(context, requests, limits, at);
    checkContainersFit(context, pod, requests, limits, at);
  },
});

/** validatePodResourceRequirements: names, quantities and requests against limits. */
function checkPodLevelAmounts(context: RuleContext, requests: Obj, limits: Obj, at: FieldPath): void {
  let hugePages = false;
  let cpuOrMemory = false;
  for (const [side, amounts] of [
    ['limits', limits],
    ['requests', requests],
  ] as const) {
    for (const [name, raw] of Object.entries(amounts)) {
      const where = [...at, side, name];
      if (!supportedAtPodLevel(name)) {
        context.report({ path: where, target: 'key', messageId: 'notPodLevel', data: { name, hugepages: HUGEPAGES } });
        continue;
      }
      if (name.startsWith(HUGEPAGES)) hugePages = true;
      if (CPU_OR_MEMORY.has(name)) cpuOrMemory = true;
      const quantity = parseQuantity(raw);
      if (!quantity) continue;
      if (quantity.num < 0n) context.report({ path: where, messageId: 'negative', data: { name, value: String(raw) } });
      else if (name.startsWith(HUGEPAGES)) reportIndivisibleHugePages(context, name, raw, quantity, where);
    }
  }
  for (const [name, requested] of Object.entries(requests)) {
    if (!supportedAtPodLevel(name)) continue;
    const request = parseQuantity(requested);
    if (!(name in limits)) {
      if (!overcommitAllowed(name))
        context.report({ path: [...at, 'limits'], target: 'key', messageId: 'hugePagesWithoutLimit', data: { name } });
      continue;
    }
    const limit = parseQuantity(limits[name]);
    if (!request || !limit) continue;
    const order = compareQuantities(request, limit);
    if (order !== 0 && !overcommitAllowed(name))
      context.report({
        path: [...at, 'requests', name],
        messageId: 'hugePagesRequestNotLimit',
        data: { name, value: String(requested), limit: String(limits[name]) },
      });
    else if (order > 0)
      context.report({
        path: [...at, 'requests', name],
        messageId: 'requestAboveLimit',
        data: { name, value: String(requested), limit: String(limits[name]) },
      });
  }
  if (hugePages && !cpuOrMemory) context.report({ path: at, messageId: 'hugePagesAlone' });
}

/** Requests or limits: the two lists of a container's resources. */
type Side = 'requests' | 'limits';

/**
 * What a container requests or is limited to, by resource, as the template states it: a
 * Deployment's template is not defaulted the way a Pod is (upstream SetDefaults_Pod fills requests
 * from limits "on a v1.Pod and not a v1.PodTemplate"), so a limit alone does not count as a request.
 */
function amountsOf(container: Obj, side: Side): Map<string, Quantity> {
  const out = new Map<string, Quantity>();
  const amounts = isJsonObject(container.resources) && isJsonObject(container.resources[side]) ? container.resources[side] : {};
  for (const [name, raw] of Object.entries(amounts)) {
    const quantity = parseQuantity(raw);
    if (quantity) out.set(name, quantity);
  }
  return out;
}

/**
 * What the containers need together (upstream component-helpers AggregateContainerRequests and
 * AggregateContainerLimits, one formula for both): the regular containers and the sidecars (init
 * containers that keep running) add up; each other init container runs alone beside the sidecars
 * started before it, and the larger of the two counts.
 */
function aggregate(pod: Obj, side: Side): Map<string, Quantity> {
  const total = new Map<string, Quantity>();
  for (const [container] of objectsIn(pod.containers)) addAmounts(total, amountsOf(container, side));
  const sidecars = new Map<string, Quantity>();
  const initPeak = new Map<string, Quantity>();
  for (const [container] of objectsIn(pod.initContainers)) {
    const own = amountsOf(container, side);
    if (container.restartPolicy === 'Always') {
      addAmounts(sidecars, own);
      maxAmounts(initPeak, sidecars);
    } else {
      const running = new Map(sidecars);
      addAmounts(running, own);
      maxAmounts(initPeak, running);
    }
  }
  addAmounts(total, sidecars);
  maxAmounts(total, initPeak);
  return total;
}

/**
 * validatePodResourceConsistency (kubernetes/kubernetes pkg/apis/core/validation/validation.go):
 * the pod's requests cover the containers' together, its huge-page limits cover the containers'
 * huge-page limits together, and no regular container's limit is above the pod's. Each comparison
 * skips a resource the pod does not name itself, as upstream does.
 */
function checkContainersFit(context: RuleContext, pod: Obj, requests: Obj, limits: Obj, at: FieldPath): void {
  for (const [name, needed] of aggregate(pod, 'requests')) {
    if (!(name in requests) || !supportedAtPodLevel(name)) continue;
    const podRequest = parseQuantity(requests[name]);
    if (podRequest && compareQuantities(needed, podRequest) > 0) {
      context.report({
        path: [...at, 'requests', name],
        messageId: 'requestBelowContainers',
        data: { name, value: String(requests[name]) },
      });
    }
  }
  // Huge pages are not overcommitted, so their limits are summed as requests are.
  for (const [name, needed] of aggregate(pod, 'limits')) {
    if (!name.startsWith(HUGEPAGES) || !(name in limits)) continue;
    const podLimit = parseQuantity(limits[name]);
    if (podLimit && compareQuantities(needed, podLimit) > 0) {
      context.report({
        path: [...at, 'limits', name],
        messageId: 'limitBelowContainers',
        data: { name, value: String(limits[name]) },
      });
    }
  }
  // Only the regular containers: init containers and sidecars are not compared one by one.
  for (const [container, i] of objectsIn(pod.containers)) {
    const own = isJsonObject(container.resources) && isJsonObject(container.resources.limits) ? container.resources.limits : {};
    for (const [name, raw] of Object.entries(own)) {
      if (!(name in limits)) continue;
      const limit = parseQuantity(raw);
      const podLimit = parseQuantity(limits[name]);
      if (limit && podLimit && compareQuantities(limit, podLimit) > 0) {
        context.report({
          path: [...POD_SPEC, 'containers', i, 'resources', 'limits', name],
          messageId: 'containerAbovePodLimit',
          data: { name, value: String(raw), limit: String(limits[name]) },
        });
      }
    }
  }
}

/** validateOverhead: the overhead is checked as container limits are. */
function checkOverhead(context: RuleContext, overhead: Obj): void {
  const at = [...POD_SPEC, 'overhead'];
  let hugePages = false;
  let cpuOrMemory = false;
  for (const [name, raw] of Object.entries(overhead)) {
    const where = [...at, name];
    const found = nameProblem(name);
    if (found) {
      context.report({ path: where, target: 'key', messageId: 'badOverheadName', data: { name, problem: found.problem } });
      continue;
    }
    if (name.startsWith(HUGEPAGES)) hugePages = true;
    if (CPU_OR_MEMORY.has(name)) cpuOrMemory = true;
    const quantity = parseQuantity(raw);
    if (!quantity) continue;
    if (quantity.num < 0n) context.report({ path: where, messageId: 'overheadNegative', data: { name, value: String(raw) } });
    else if (isExtended(name) && quantity.num % quantity.den !== 0n)
      context.report({ path: where, messageId: 'overheadNotWholeNumber', data: { name, value: String(raw) } });
  }
  if (hugePages && !cpuOrMemory) context.report({ path: at, messageId: 'overheadHugePagesAlone' });
}
