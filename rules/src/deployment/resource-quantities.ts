import { defineRule, isJsonObject } from '@platlint/core';
import { HUGEPAGES, INDIVISIBLE_HUGE_PAGES, isExtended, parseQuantity, reportIndivisibleHugePages } from '../kit/quantities.js';
import { containersOf, POD_SPEC, podSpec } from '../kit/paths.js';
import { forEachObject } from '../kit/objects.js';
import type { FieldPath } from '@platlint/core';
import docs from './resource-quantities.md';

/** Resources that give a container a QoS class; huge pages need one of them beside them. */
const CPU_OR_MEMORY = new Set(['cpu', 'memory']);
const AMOUNT_LISTS = ['limits', 'requests'] as const;

export default defineRule({
  meta: {
    id: 'deployment/resource-quantities',
    description:
      'Container resource quantities and emptyDir size limits are not negative, extended resources and huge pages are whole units, and huge pages come with cpu or memory.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (container resources)',
    docs,
    messages: {
      sizeLimitNegative: 'sizeLimit {{value}} is negative; a quantity is 0 or more',
      negative: '{{name}} {{value}} is negative; a quantity is 0 or more',
      notWholeNumber: '{{name}} {{value}} is not a whole number; an extended resource is counted in whole units',
      hugePagesNeedCpu: 'huge pages need a cpu or memory request or limit beside them; add one',
      ...INDIVISIBLE_HUGE_PAGES,
    },
  },
  check(context) {
    forEachObject(podSpec(context.value)?.volumes, (volume, i) => {
      const limit = isJsonObject(volume.emptyDir) ? volume.emptyDir.sizeLimit : undefined;
      const quantity = parseQuantity(limit);
      if (quantity && quantity.num < 0n)
        context.report({
          path: [...POD_SPEC, 'volumes', i, 'emptyDir', 'sizeLimit'],
          messageId: 'sizeLimitNegative',
          data: { value: String(limit) },
        });
    });
    for (const { container, path } of containersOf(context.value)) {
      const resources = container.resources;
      if (!isJsonObject(resources)) continue;
      let hugePages = false;
      let cpuOrMemory = false;
      for (const list of AMOUNT_LISTS) {
        const amounts = resources[list];
        if (!isJsonObject(amounts)) continue;
        for (const name in amounts) {
          const raw = amounts[name];
          if (name.startsWith(HUGEPAGES)) hugePages = true;
          if (CPU_OR_MEMORY.has(name)) cpuOrMemory = true;
          // Malformed quantities are schema/format findings.
          const quantity = parseQuantity(raw);
          if (!quantity) continue;
          const at = (): FieldPath => [...path, 'resources', list, name];
          if (quantity.num < 0n) context.report({ path: at(), messageId: 'negative', data: { name, value: String(raw) } });
          else if (name.startsWith(HUGEPAGES)) reportIndivisibleHugePages(context, name, raw, quantity, at());
          else if (isExtended(name) && quantity.num % quantity.den !== 0n) {
            context.report({ path: at(), messageId: 'notWholeNumber', data: { name, value: String(raw) } });
          }
        }
      }
      // validateResourceRequirements asks this of each container's own resources, whatever the
      // pod-level resources say (pkg/apis/core/validation/validation.go at
      // 64149d1201ab96736d5aa902df411d40a3f6f714, as at 000f26050b9be6fb3d79fae95e06b47fc96128cd).
      if (hugePages && !cpuOrMemory) {
        context.report({ path: [...path, 'resources'], messageId: 'hugePagesNeedCpu' });
      }
    }
  },
});
