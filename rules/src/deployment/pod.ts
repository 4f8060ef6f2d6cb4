// Helpers shared by the probe and lifecycle-hook rules of a pod template; the template's walkers
// (podSpec, containersOf) and readers are the kit's.
import { isJsonObject } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { countSet, isInteger, isSet, oncePerValue, type Obj } from '../kit/objects.js';
import { containersOf } from '../kit/paths.js';
import { portNameProblem } from '../kit/names.js';

const PROBES = ['livenessProbe', 'readinessProbe', 'startupProbe'] as const;
const HOOKS = ['postStart', 'preStop'] as const;
/** The handlers that name a port. */
const PORT_ACTIONS = ['httpGet', 'tcpSocket'] as const;

/** A probe or a lifecycle hook of a container that is a mapping, with the path its findings go to. */
export interface HandlerAt<Kind extends string> {
  readonly handler: Obj;
  readonly kind: Kind;
  readonly path: FieldPath;
}

export type ProbeAt = HandlerAt<(typeof PROBES)[number]>;
export type HookAt = HandlerAt<(typeof HOOKS)[number]>;

/**
 * Every probe of every container that is a mapping, container by container. Several rules ask
 * for the same workload's probes (and hooks): like the kit's containersOf, the list is made once
 * per workload value and shared, read-only, so each path is made once, not once per rule.
 */
export const probesOf: (deployment: Obj) => readonly ProbeAt[] = oncePerValue((deployment) => listHandlers(deployment, PROBES));

/** Every lifecycle hook (postStart, preStop) of every container that is a mapping; made once per workload, as probesOf. */
export const hooksOf: (deployment: Obj) => readonly HookAt[] = oncePerValue((deployment) =>
  listHandlers(deployment, HOOKS, 'lifecycle'),
);

/** The mappings under each of `kinds` in each container (or in its `lifecycle`), each with its path. */
function listHandlers<Kind extends string>(
  deployment: Obj,
  kinds: readonly Kind[],
  holder?: 'lifecycle',
): readonly HandlerAt<Kind>[] {
  const out: HandlerAt<Kind>[] = [];
  for (const { container, path } of containersOf(deployment)) {
    const from = holder ? container[holder] : container;
    if (!isJsonObject(from)) continue;
    for (const kind of kinds) {
      const handler = from[kind];
      if (isJsonObject(handler)) out.push({ handler, kind, path: holder ? [...path, holder, kind] : [...path, kind] });
    }
  }
  return out;
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
  handlers: readonly string[],
  name: string,
): void {
  const count = countSet(handler, handlers);
  if (count === 0) context.report({ path: at, target: 'key', messageId: 'noHandler', data: { name } });
  if (count > 1) {
    // In the order they are written, which is the handler's key order, not the list's.
    const set = Object.keys(handler).filter((h) => handlers.includes(h) && isSet(handler[h]));
    for (const extra of set.slice(1))
      context.report({
        path: [...at, extra],
        target: 'key',
        messageId: 'manyHandlers',
        data: { name, handlers: set.join(' and ') },
      });
  }
  for (const kind of PORT_ACTIONS) {
    const action = handler[kind];
    if (!isJsonObject(action)) continue;
    const port = action.port;
    if (isInteger(port) && (port < 1 || port > 65535)) {
      context.report({ path: [...at, kind, 'port'], messageId: 'handlerPortOutOfRange', data: { port } });
    } else if (typeof port === 'string') {
      const problem = portNameProblem(port);
      if (problem) context.report({ path: [...at, kind, 'port'], messageId: 'handlerPortName', data: { port, problem } });
    }
  }
}
