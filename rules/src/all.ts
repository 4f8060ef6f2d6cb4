import { compareRuleIds, type Rule } from '@platlint/core';
import { rules as admission } from './admission/index.js';
import { rules as config } from './config/index.js';
import { rules as crd } from './crd/index.js';
import { rules as customResource } from './custom-resource/index.js';
import { rules as deployment } from './deployment/index.js';
import { rules as deviceTaintRule } from './devicetaintrule/index.js';
import { rules as endpoints } from './endpoints/index.js';
import { rules as event } from './event/index.js';
import { rules as featureGate } from './feature-gate/index.js';
import { rules as flowSchema } from './flowschema/index.js';
import { rules as metadata } from './metadata/index.js';
import { rules as scheduling } from './scheduling/index.js';

/** Every semantic rule, in id order. Each area lists its own in its index.ts. */
export const rules: readonly Rule[] = [
  ...admission,
  ...config,
  ...crd,
  ...customResource,
  ...deployment,
  ...deviceTaintRule,
  ...endpoints,
  ...event,
  ...featureGate,
  ...flowSchema,
  ...metadata,
  ...scheduling,
].sort((a, b) => compareRuleIds(a.meta.id, b.meta.id));
