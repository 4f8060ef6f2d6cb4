// Helpers shared by the probe and lifecycle-hook rules of a pod template; the template's walkers
// (podSpec, containersOf) and readers are the kit's.
import { isJsonObject } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { isInteger, type Obj } from '../kit/objects.js';
import { containersOf } from '../kit/paths.js';
import { portNameProblem } from '../kit/names.js';

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
      const problem = portNameProblem(port);
      if (problem) context.report({ path: [...at, kind, 'port'], messageId: 'handlerPortName', data: { port, problem } });
    }
  }
}
