/**
 * Test manifests shared by the Deployment rules' tests: a valid Deployment with one container
 * named "app", with `containerFields` (YAML, indented for the container) appended to it.
 */
export const deploymentWithContainer = (containerFields: string): string => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: app
        image: nginx:1.27
${containerFields}`;

/** The same Deployment with `podFields` (YAML, indented for the pod spec) after its container. */
export const deploymentWithPod = (podFields: string): string => `${deploymentWithContainer('')}${podFields}`;
