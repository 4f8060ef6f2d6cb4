import type { Rule } from '@platlint/core';
import containerImage from './container-image.js';
import containerName from './container-name.js';
import containerPorts from './container-ports.js';
import containerRestartRules from './container-restart-rules.js';
import containersRequired from './containers-required.js';
import envNames from './env-names.js';
import envSources from './env-sources.js';
import hostProcess from './host-process.js';
import httpHeaders from './http-headers.js';
import initContainers from './init-containers.js';
import lifecycleHooks from './lifecycle-hooks.js';
import mountPaths from './mount-paths.js';
import nodeAffinity from './node-affinity.js';
import podAffinity from './pod-affinity.js';
import podDns from './pod-dns.js';
import podOs from './pod-os.js';
import podResources from './pod-resources.js';
import podSecurity from './pod-security.js';
import podTolerations from './pod-tolerations.js';
import portNames from './port-names.js';
import privilegeEscalation from './privilege-escalation.js';
import probeHandler from './probe-handler.js';
import probeSettings from './probe-settings.js';
import progressDeadline from './progress-deadline.js';
import resizePolicy from './resize-policy.js';
import resourceClaims from './resource-claims.js';
import resourceLimits from './resource-limits.js';
import resourceNames from './resource-names.js';
import resourceQuantities from './resource-quantities.js';
import restartPolicy from './restart-policy.js';
import rollingUpdateLimits from './rolling-update-limits.js';
import schedulingGates from './scheduling-gates.js';
import selectorImmutable from './selector-immutable.js';
import selectorMatchesTemplate from './selector-matches-template.js';
import selectorSyntax from './selector-syntax.js';
import strategyRollingUpdate from './strategy-rolling-update.js';
import templateForbiddenFields from './template-forbidden-fields.js';
import templateSelectors from './template-selectors.js';
import topologySpread from './topology-spread.js';
import volumeDevices from './volume-devices.js';
import volumeMounts from './volume-mounts.js';
import volumeNames from './volume-names.js';
import volumePaths from './volume-paths.js';
import volumeSources from './volume-sources.js';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [
  containerImage,
  containerName,
  containerPorts,
  containerRestartRules,
  containersRequired,
  envNames,
  envSources,
  hostProcess,
  httpHeaders,
  initContainers,
  lifecycleHooks,
  mountPaths,
  nodeAffinity,
  podAffinity,
  podDns,
  podOs,
  podResources,
  podSecurity,
  podTolerations,
  portNames,
  privilegeEscalation,
  probeHandler,
  probeSettings,
  progressDeadline,
  resizePolicy,
  resourceClaims,
  resourceLimits,
  resourceNames,
  resourceQuantities,
  restartPolicy,
  rollingUpdateLimits,
  schedulingGates,
  selectorImmutable,
  selectorMatchesTemplate,
  selectorSyntax,
  strategyRollingUpdate,
  templateForbiddenFields,
  templateSelectors,
  topologySpread,
  volumeDevices,
  volumeMounts,
  volumeNames,
  volumePaths,
  volumeSources,
];
