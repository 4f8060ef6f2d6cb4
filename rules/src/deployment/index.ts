import type { Rule } from '@platlint/core';
import containerImage from './container-image.js';
import containerName from './container-name.js';
import containerPorts from './container-ports.js';
import containersRequired from './containers-required.js';
import envNames from './env-names.js';
import portNames from './port-names.js';
import probeHandler from './probe-handler.js';
import probeSettings from './probe-settings.js';
import progressDeadline from './progress-deadline.js';
import resourceLimits from './resource-limits.js';
import resourceNames from './resource-names.js';
import restartPolicy from './restart-policy.js';
import rollingUpdateLimits from './rolling-update-limits.js';
import selectorImmutable from './selector-immutable.js';
import selectorMatchesTemplate from './selector-matches-template.js';
import selectorSyntax from './selector-syntax.js';
import strategyRollingUpdate from './strategy-rolling-update.js';
import templateForbiddenFields from './template-forbidden-fields.js';
import volumeMounts from './volume-mounts.js';
import volumeNames from './volume-names.js';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [
  containerImage,
  containerName,
  containerPorts,
  containersRequired,
  envNames,
  portNames,
  probeHandler,
  probeSettings,
  progressDeadline,
  resourceLimits,
  resourceNames,
  restartPolicy,
  rollingUpdateLimits,
  selectorImmutable,
  selectorMatchesTemplate,
  selectorSyntax,
  strategyRollingUpdate,
  templateForbiddenFields,
  volumeMounts,
  volumeNames,
];
