import { afterAll, describe, expect, it } from 'vitest';
import { allDiagnostics, lintJson, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const template = `{{- if .Values.enabled }}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "web.fullname" . }}
  labels:
    {{- include "web.labels" . | nindent 4 }}
spec:
  replicas: {{ .Values.replicas }}
{{- end }}
`;

const crd = `apiVersion: apiextensions.plat.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions:
  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}
`;

describe('a Helm chart in the linted tree', () => {
  it('has its templates and metadata skipped, once said each, and its crds linted', () => {
    const dir = tempDir({
      // A chart of Helm 2: `apiVersion: v1` and no kind, which a manifest would be refused for.
      'chart/Chart.yaml': 'apiVersion: v1\nname: web\nversion: 1.0.0\n',
      'chart/values.yaml': 'enabled: true\nreplicas: 2\n',
      'chart/templates/deployment.yaml': template,
      'chart/templates/_helpers.tpl': '{{- define "web.fullname" -}}web{{- end }}\n',
      'chart/crds/widgets.yaml': crd,
      // Grafana's provisioning files say `apiVersion: 1`: another tool's YAML.
      'grafana/datasources.yaml': 'apiVersion: 1\ndatasources:\n- name: Loki\n  type: loki\n',
    });
    const { report, status } = lintJson(['.'], { cwd: dir });
    expect(allDiagnostics(report).map((d) => [d.file, d.ruleId, d.severity])).toEqual([
      ['chart/Chart.yaml', 'document/not-manifest', 'info'],
      ['chart/templates/deployment.yaml', 'file/helm-template', 'info'],
      ['chart/values.yaml', 'document/not-manifest', 'info'],
      ['grafana/datasources.yaml', 'document/not-manifest', 'info'],
    ]);
    expect(report.files.map((f) => f.path)).toContain('chart/crds/widgets.yaml');
    expect(status).toBe(0);
  });

  it('has its templates left unread: none of their documents is counted, however many they hold', () => {
    const many = Array.from({ length: 50 }, () => template).join('---\n');
    const dir = tempDir({
      'chart/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 1.0.0\n',
      'chart/templates/deployments.yaml': many,
      'chart/crds/widgets.yaml': crd,
    });
    for (const workers of ['1', '2']) {
      const { report } = lintJson(['.', '--workers', workers], { cwd: dir });
      // The CRD's one document: the template's fifty and Chart.yaml's are another tool's to read.
      expect(report.summary.documents).toBe(1);
      expect(allDiagnostics(report).map((d) => [d.file, d.ruleId])).toEqual([
        ['chart/Chart.yaml', 'document/not-manifest'],
        ['chart/templates/deployments.yaml', 'file/helm-template'],
      ]);
    }
  });

  it('still has a broken crd reported: only templates are skipped', () => {
    const dir = tempDir({
      'chart/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 1.0.0\n',
      'chart/crds/widgets.yaml': crd.replace('scope: Namespaced', 'scope: Everywhere'),
    });
    const { report, status } = lintJson(['chart/crds/widgets.yaml'], { cwd: dir });
    expect(allDiagnostics(report).some((d) => d.severity === 'error')).toBe(true);
    expect(status).toBe(1);
  });
});
