import { isJsonObject } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';

/** The mapping guard of core, for the rules of this area. */
export { isJsonObject };

/** Helpers shared by the pod-template rules of a Deployment. */

import type { Obj } from '../kit/objects.js';

export type { Obj };

export const POD_SPEC: FieldPath = ['spec', 'template', 'spec'];

/** The pod spec of the template, when it is a mapping (other shapes are structural errors). */
export function podSpec(deployment: Obj): Obj | undefined {
  const spec = deployment.spec;
  if (!isJsonObject(spec) || !isJsonObject(spec.template)) return undefined;
  return isJsonObject(spec.template.spec) ? spec.template.spec : undefined;
}

export interface ContainerAt {
  container: Obj;
  path: FieldPath;
}

/**
 * Regular containers first, then init containers: upstream checks init containers against
 * the names of the regular ones, so a clash is reported on the init container.
 */
export function containersOf(deployment: Obj): ContainerAt[] {
  const pod = podSpec(deployment);
  if (!pod) return [];
  const out: ContainerAt[] = [];
  for (const list of ['containers', 'initContainers'] as const) {
    const items = pod[list];
    if (!Array.isArray(items)) continue;
    items.forEach((container: unknown, i) => {
      if (isJsonObject(container)) out.push({ container, path: [...POD_SPEC, list, i] });
    });
  }
  return out;
}

const PROBES = ['livenessProbe', 'readinessProbe', 'startupProbe'] as const;

export interface ProbeAt {
  probe: Obj;
  kind: (typeof PROBES)[number];
  path: FieldPath;
}

/** Every probe of every container that is a mapping, container by container. */
export function probesOf(deployment: Obj): ProbeAt[] {
  const out: ProbeAt[] = [];
  for (const { container, path } of containersOf(deployment)) {
    for (const kind of PROBES) {
      const probe = container[kind];
      if (isJsonObject(probe)) out.push({ probe, kind, path: [...path, kind] });
    }
  }
  return out;
}

/** Entries of a list field of an object that are mappings, with their index. */
export function objectsIn(value: unknown): [Obj, number][] {
  if (!Array.isArray(value)) return [];
  // A plain loop: most rules of a Deployment call this on its containers, and flatMap's array
  // per item made it the costliest line of the rules in a profile of 10,000 documents.
  const out: [Obj, number][] = [];
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (isJsonObject(item)) out.push([item, i]);
  }
  return out;
}

/** A 32-bit-or-wider YAML integer (floats and strings are schema/type findings). */
export function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/**
 * An IANA service name as ports use it: 1 to 15 characters of lowercase letters, digits and
 * '-', at least one letter, no '-' at either end and no "--". Returns what is wrong.
 */
export function serviceNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'must not be empty';
  if (name.length > 15) return `is ${name.length} characters long; a port name has at most 15`;
  if (!/^[a-z0-9-]+$/.test(name)) return "may only hold lowercase letters, digits and '-'";
  if (!/[a-z]/.test(name)) return 'needs at least one letter';
  if (name.startsWith('-') || name.endsWith('-')) return "must not begin or end with '-'";
  if (name.includes('--')) return 'must not contain "--"';
  return undefined;
}

/** How a probe or a lifecycle hook names itself in the findings of checkOneHandler. */
export interface HandlerWording {
  /** When none of the handler fields is set. */
  none: string;
  /** When several are: the sentence after "sets a and b; ". */
  many: string;
  /** `probe` or `hook`, before "port". */
  owner: string;
}

/** The messages checkOneHandler reports by id, in a rule's own wording: spread them into its meta.messages. */
export function handlerMessages(words: HandlerWording): Record<string, string> {
  return {
    noHandler: `{{name}} ${words.none}`,
    manyHandlers: `{{name}} sets {{handlers}}; ${words.many}`,
    handlerPortOutOfRange: `${words.owner} port {{port}} is out of range; use a port from 1 to 65535 or a port name`,
    handlerPortName: `${words.owner} port name "{{port}}" {{problem}}`,
  };
}

/**
 * A probe or lifecycle hook runs exactly one of its handlers, and the port of an httpGet or
 * tcpSocket handler is 1 to 65535 or a port name. Findings on extra handlers land where each is
 * written, after the first in source order. The rule's meta.messages hold `handlerMessages`.
 */
export function checkOneHandler(
  context: RuleContext,
  handler: Obj,
  at: FieldPath,
  handlers: ReadonlySet<string>,
  name: string,
): void {
  const set = Object.keys(handler).filter((h) => handlers.has(h) && handler[h] !== undefined && handler[h] !== null);
  if (set.length === 0) context.report({ path: at, target: 'key', messageId: 'noHandler', data: { name } });
  for (const extra of set.slice(1))
    context.report({
      path: [...at, extra],
      target: 'key',
      messageId: 'manyHandlers',
      data: { name, handlers: set.join(' and ') },
    });
  for (const kind of ['httpGet', 'tcpSocket'] as const) {
    const action = handler[kind];
    if (!isJsonObject(action)) continue;
    const port = action.port;
    if (isInteger(port) && (port < 1 || port > 65535)) {
      context.report({ path: [...at, kind, 'port'], messageId: 'handlerPortOutOfRange', data: { port } });
    } else if (typeof port === 'string') {
      const problem = serviceNameProblem(port);
      if (problem) context.report({ path: [...at, kind, 'port'], messageId: 'handlerPortName', data: { port, problem } });
    }
  }
}
