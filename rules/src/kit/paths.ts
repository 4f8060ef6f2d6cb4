// Field paths, for the `path` of a report and for walking a pod template. A path is a list of
// keys and indexes (core's FieldPath); a finding's place in the file comes from it, so a helper
// that walks a list returns each entry's path as written, not a path rebuilt later.
import { isJsonObject } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { forEachObject, oncePerValue, type Obj } from './objects.js';

/**
 * Core's path text (`spec.containers[0].image`) and its reader: for a message that names
 * another place ("already used by containers[0]"), never for `report({ path })`, which takes
 * the list.
 */
export { formatPath, parsePath } from '@platlint/core';
export type { FieldPath, PathSegment } from '@platlint/core';

/**
 * A path as upstream's messages write it (apimachinery pkg/util/validation/field/path.go,
 * Path.String): names joined by '.', indexes in brackets, and no key quoted, where formatPath
 * quotes one that is not a plain name. For a message that repeats the server's wording.
 */
export function upstreamPathText(path: FieldPath): string {
  return path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

/** Where a workload's pod template keeps its pod spec (Deployment, ReplicaSet, StatefulSet, ...). */
export const POD_SPEC: FieldPath = ['spec', 'template', 'spec'];

/** The pod spec of the template, when it is a mapping (other shapes are structural errors). */
export function podSpec(workload: Obj): Obj | undefined {
  const spec = workload.spec;
  if (!isJsonObject(spec) || !isJsonObject(spec.template)) return undefined;
  return isJsonObject(spec.template.spec) ? spec.template.spec : undefined;
}

/** One container of a pod template with the path its findings go to. */
export interface ContainerAt {
  readonly container: Obj;
  /** Which list holds it: regular containers run together, init containers one after another. */
  readonly list: 'containers' | 'initContainers';
  readonly path: FieldPath;
}

/**
 * The containers of a pod template, regular ones first, then init containers: upstream checks
 * init containers against the names of the regular ones, so a clash is reported on the init
 * container. Ephemeral containers are not walked: a template may not have any
 * (deployment/template-forbidden-fields says so).
 *
 * About twenty rules ask for the same workload's containers: the list is made once per
 * workload value and shared, read-only (lint values are not mutated, so it holds for the
 * value's life, as metadata/object-metas.ts and core's gated-fields.ts assume).
 */
export const containersOf: (workload: Obj) => readonly ContainerAt[] = oncePerValue(listContainers);

const CONTAINER_LISTS = ['containers', 'initContainers'] as const;

function listContainers(workload: Obj): readonly ContainerAt[] {
  const pod = podSpec(workload);
  if (!pod) return [];
  const out: ContainerAt[] = [];
  for (const list of CONTAINER_LISTS) {
    forEachObject(pod[list], (container, i) => out.push({ container, list, path: [...POD_SPEC, list, i] }));
  }
  return out;
}

/**
 * The `fieldPath` of an x-kubernetes-validations rule (`.a.b`, `.list[0]`, `['a.b']`), relative
 * to the rule's place, as segments; undefined when it is not written in that grammar (upstream
 * apiextensions-apiserver pkg/apiserver/schema/cel/validation.go, ValidFieldPath). A CRD
 * rule checks that it names a place of the schema; a custom resource's finding goes there.
 */
export function parseValidationFieldPath(text: string): FieldPath | undefined {
  const out: (string | number)[] = [];
  const token = /\.([A-Za-z_][\w-]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]/y;
  let at = 0;
  while (at < text.length) {
    token.lastIndex = at;
    const m = token.exec(text);
    if (!m) return undefined;
    out.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (m[3] as string).replace(/\\(.)/g, '$1')));
    at = token.lastIndex;
  }
  return out;
}
