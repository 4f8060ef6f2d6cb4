import { defineRule } from '@platlint/core';
import { containersOf } from '../kit/paths.js';
import { forEachObject } from '../kit/objects.js';
import { portNameProblem } from '../kit/names.js';
import docs from './port-names.md';

export default defineRule({
  meta: {
    id: 'deployment/port-names',
    description: 'Container port names are IANA service names, unique within their container.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream (API server validation, Deployment)',
    docs,
    messages: {
      badPortName: 'port name "{{name}}" {{problem}}',
      portNameTwice: 'port name "{{name}}" is used twice in this container; give each port its own name',
    },
  },
  check(context) {
    for (const { container, path } of containersOf(context.value)) {
      const seen = new Set<string>();
      forEachObject(container.ports, (port, i) => {
        const name = port.name;
        // An empty name is no name to the server (the field is optional), as with an absent one.
        if (typeof name !== 'string' || name === '') return;
        const problem = portNameProblem(name);
        if (problem) context.report({ path: [...path, 'ports', i, 'name'], messageId: 'badPortName', data: { name, problem } });
        else if (seen.has(name))
          context.report({ path: [...path, 'ports', i, 'name'], messageId: 'portNameTwice', data: { name } });
        seen.add(name);
      });
    }
  },
});
