// The AdmissionReview both webhook benchmarks send: a Deployment padded with environment
// variables to 4 KB, as real ones carry.
export function reviewBody() {
  const env = [];
  const review = (object) =>
    JSON.stringify({
      apiVersion: 'admission.plat.io/v1',
      kind: 'AdmissionReview',
      request: {
        uid: '705ab4f5-6393-11e8-b7cc-42010a800002',
        kind: { group: 'apps', version: 'v1', kind: 'Deployment' },
        resource: { group: 'apps', version: 'v1', resource: 'deployments' },
        namespace: 'shop',
        name: 'web',
        operation: 'CREATE',
        userInfo: { username: 'alice', uid: 'a1', groups: ['dev', 'system:authenticated'] },
        object,
        options: { apiVersion: 'meta.k8s.io/v1', kind: 'CreateOptions' },
      },
    });
  const object = () => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'shop', labels: { app: 'web', tier: 'frontend' } },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web', tier: 'frontend' } },
        spec: {
          containers: [
            {
              name: 'app',
              image: 'registry.example/shop/web:1.42.0',
              ports: [{ containerPort: 8080, name: 'http' }],
              env,
              resources: { requests: { cpu: '250m', memory: '256Mi' }, limits: { memory: '512Mi' } },
              readinessProbe: { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5 },
            },
          ],
        },
      },
    },
  });
  while (Buffer.byteLength(review(object())) < 4096 - 60)
    env.push({ name: `SETTING_${env.length}`, value: `value-${env.length}-${'x'.repeat(20)}` });
  return review(object());
}
