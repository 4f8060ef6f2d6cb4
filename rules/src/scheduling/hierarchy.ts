import type { LintObject, RuleContext } from '@platlint/core';
import { COMPOSITE_POD_GROUP, spec } from './shared.js';
import { isObject } from '../kit/objects.js';
import type { Obj } from '../kit/objects.js';

/** The limit the spec sets on a hierarchy of groups (document B, Limits). */
export const MAX_DEPTH = 4;

export function namespaceOf(value: Obj): string {
  const metadata = isObject(value.metadata) ? value.metadata : {};
  return typeof metadata.namespace === 'string' ? metadata.namespace : '';
}

export function parentOf(value: Obj): string | undefined {
  const parent = spec(value)?.parentCompositePodGroupName;
  return typeof parent === 'string' && parent !== '' ? parent : undefined;
}

export function workloadOf(value: Obj): string | undefined {
  const ref = spec(value)?.workloadRef;
  return isObject(ref) && typeof ref.workloadName === 'string' ? ref.workloadName : undefined;
}

/** The CompositePodGroup of the run of that name in the namespace (the first of a name wins). */
export function compositeNamed(context: RuleContext, name: string, namespace: string): LintObject | undefined {
  return context.index.named(COMPOSITE_POD_GROUP, name, namespace)[0];
}

export interface Ancestry {
  /** Parent first, then its parent, as far as the run holds them. */
  ancestors: LintObject[];
  /** The name that closes a loop, when the chain runs into one. */
  loopsAt?: string;
  /** The parent name the run does not hold, where the chain stops. */
  missing?: string;
}

/** Follows parentCompositePodGroupName upwards from the object being checked. */
export function ancestry(context: RuleContext): Ancestry {
  const namespace = namespaceOf(context.value);
  const ancestors: LintObject[] = [];
  const seen = new Set<LintObject>([context.object]);
  let parent = parentOf(context.value);
  while (parent !== undefined) {
    const next = compositeNamed(context, parent, namespace);
    if (!next) return { ancestors, missing: parent };
    if (seen.has(next)) return { ancestors, loopsAt: parent };
    seen.add(next);
    ancestors.push(next);
    parent = parentOf(next.value);
  }
  return { ancestors };
}
