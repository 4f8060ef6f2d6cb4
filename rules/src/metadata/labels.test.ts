import { RuleTester } from '@platlint/core/testing';
import rule from './labels.js';

const endpoints = (labels: string): string => `apiVersion: v1
kind: Endpoints
metadata:
  name: web
  namespace: shop
  labels:
${labels}subsets: []
`;

RuleTester.run(rule, {
  valid: [
    {
      name: 'plain and prefixed keys, empty value',
      yaml: endpoints('    app: web\n    app.example.com/tier: front_end.v1\n    Example: ""\n'),
    },
    { name: 'values of 63 characters', yaml: endpoints(`    a: ${'v'.repeat(63)}\n`) },
    { name: 'no labels', yaml: 'apiVersion: v1\nkind: Endpoints\nmetadata: {name: web, namespace: shop}\nsubsets: []\n' },
  ],
  invalid: [
    {
      name: 'bad keys',
      yaml: endpoints('    "app name": web\n    Example.COM/tier: web\n    example.com/: web\n    -app: web\n'),
      errors: [
        {
          path: 'metadata.labels["app name"]',
          messageId: 'badKey',
          data: {
            what: 'label',
            key: 'app name',
            keyProblem: "has a name part that is not alphanumerics with '-', '_' or '.' inside",
          },
          line: 7,
          column: 5,
        },
        {
          path: 'metadata.labels["Example.COM/tier"]',
          messageId: 'badKey',
          data: {
            what: 'label',
            key: 'Example.COM/tier',
            keyProblem: 'has a prefix that has uppercase letters; a DNS subdomain is lowercase',
          },
        },
        {
          path: 'metadata.labels["example.com/"]',
          messageId: 'badKey',
          data: { what: 'label', key: 'example.com/', keyProblem: 'has an empty name part' },
        },
        { path: 'metadata.labels["-app"]', message: /^label key "-app" has a name part that is not alphanumerics/ },
      ],
    },
    {
      name: 'bad values',
      yaml: endpoints(`    tier: front end\n    app: ${'v'.repeat(64)}\n    ver: 1.0-\n`),
      errors: [
        {
          path: 'metadata.labels.tier',
          messageId: 'badValue',
          data: {
            value: 'front end',
            what: 'label',
            key: 'tier',
            valueProblem: "is not a label value: alphanumerics with '-', '_' or '.' inside",
          },
          line: 7,
          column: 11,
        },
        {
          path: 'metadata.labels.app',
          message: /^value "v{64}" of label "app" is 64 characters long; a label value has at most 63$/,
        },
        { path: 'metadata.labels.ver', message: /^value "1.0-" of label "ver" is not a label value/ },
      ],
    },
    {
      name: 'pod template labels and every label selector of a Deployment',
      yaml: `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  selector:
    matchLabels: {"app/": web, tier: "front end"}
    matchExpressions:
    - {key: app, operator: In, values: ["-web"]}
  template:
    metadata:
      labels: {app: web, tier: "front end", "app/": web}
    spec:
      containers: [{name: web, image: nginx:1.27}]
      nodeSelector: {disk type: ssd}
      topologySpreadConstraints:
      - maxSkew: 1
        topologyKey: zone
        whenUnsatisfiable: DoNotSchedule
        labelSelector: {matchLabels: {app: "web!"}}
`,
      errors: [
        {
          path: 'spec.selector.matchLabels["app/"]',
          messageId: 'badKey',
          data: { what: 'selector label', key: 'app/', keyProblem: 'has an empty name part' },
          line: 6,
          column: 19,
        },
        {
          path: 'spec.selector.matchLabels.tier',
          messageId: 'badValue',
          data: {
            value: 'front end',
            what: 'selector label',
            key: 'tier',
            valueProblem: "is not a label value: alphanumerics with '-', '_' or '.' inside",
          },
        },
        {
          path: 'spec.selector.matchExpressions[0].values[0]',
          messageId: 'badSelectorValue',
          data: { value: '-web', problem: "is not a label value: alphanumerics with '-', '_' or '.' inside" },
          line: 8,
        },
        {
          path: 'spec.template.metadata.labels.tier',
          message: /^value "front end" of label "tier" is not a label value/,
          line: 11,
        },
        {
          path: 'spec.template.metadata.labels["app/"]',
          messageId: 'badKey',
          data: { what: 'label', key: 'app/', keyProblem: 'has an empty name part' },
          line: 11,
        },
        {
          path: 'spec.template.spec.nodeSelector["disk type"]',
          message: /^node selector label key "disk type" has a name part that is not alphanumerics/,
          line: 14,
        },
        {
          path: 'spec.template.spec.topologySpreadConstraints[0].labelSelector.matchLabels.app',
          message: /^value "web!" of selector label "app" is not a label value/,
          line: 19,
        },
      ],
    },
  ],
});
