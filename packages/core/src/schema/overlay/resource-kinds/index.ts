/**
 * Overlay for the HTTP resource kinds: spec document A (shared envelope, Endpoints, Event,
 * Deployment, Scale), document B (CompositePodGroup, PodGroup, DeviceTaintRule, FlowSchema and
 * the PriorityLevelConfiguration it points at) and the MutatingAdmissionPolicy part of
 * document C. Descriptions are written in our own words. Facts taken from the upstream
 * validation summaries (reference/upstream-rules/resource-kinds.md) rather than the spec say so
 * in their description. Cross-field rules are left to the semantic rules.
 */
import type { Overlay } from '../../overlay-types.js';
import { shared } from './meta.js';
import { endpoints } from './endpoints.js';
import { events } from './event.js';
import { deployments } from './deployment.js';
import { podTemplate } from './pod-template.js';
import { compositePodGroups, podGroups } from './scheduling.js';
import { deviceTaintRules } from './device-taint-rule.js';
import { flowSchemas } from './flowschema.js';
import { mutatingAdmissionPolicies } from './mutating-admission-policy.js';

export const resourceKindsOverlay: Overlay = {
  ...shared,
  ...endpoints,
  ...events,
  ...deployments,
  ...podTemplate,
  ...compositePodGroups,
  ...podGroups,
  ...deviceTaintRules,
  ...flowSchemas,
  ...mutatingAdmissionPolicies,
};
