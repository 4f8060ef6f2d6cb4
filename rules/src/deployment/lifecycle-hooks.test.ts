import { RuleTester } from '@platlint/core/testing';
import { deploymentWithContainer } from './fixtures.js';
import rule from './lifecycle-hooks.js';

const hooks = (lifecycle: string): string => deploymentWithContainer(`        lifecycle: ${lifecycle}\n`);
const at = 'spec.template.spec.containers[0].lifecycle';

RuleTester.run(rule, {
  valid: [
    { yaml: hooks('{postStart: {exec: {command: [a]}}, preStop: {sleep: {seconds: 0}}}') },
    { yaml: hooks('{preStop: {httpGet: {path: /quit, port: admin}}}') },
  ],
  invalid: [
    { yaml: hooks('{preStop: {}}'), errors: [{ path: `${at}.preStop`, messageId: 'noHandler', data: { name: 'preStop' } }] },
    {
      yaml: hooks('{postStart: {exec: {command: [a]}, sleep: {seconds: 1}}}'),
      errors: [
        { path: `${at}.postStart.sleep`, messageId: 'manyHandlers', data: { name: 'postStart', handlers: 'exec and sleep' } },
      ],
    },
    {
      yaml: hooks('{preStop: {httpGet: {port: 0}}}'),
      errors: [{ path: `${at}.preStop.httpGet.port`, messageId: 'handlerPortOutOfRange', data: { port: 0 } }],
    },
    {
      yaml: hooks('{preStop: {tcpSocket: {port: Admin_Port}}}'),
      errors: [
        {
          path: `${at}.preStop.tcpSocket.port`,
          messageId: 'handlerPortName',
          data: { port: 'Admin_Port', problem: "may only hold lowercase letters, digits and '-'" },
        },
      ],
    },
  ],
});
