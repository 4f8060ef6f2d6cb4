import { defineRule, gateEnabled, isJsonObject } from '@platlint/core';
import type { FieldPath, MessageRef, RuleContext } from '@platlint/core';
import { FIELD_REF_MESSAGES, fieldRefFinding, readsAllowedField } from './downward-field.js';
import { descendingPathProblem } from './mount-paths.js';
import { signerNameProblem } from './signer-name.js';
import { hasBacksteps } from '../kit/names.js';
import { forEachObject, type Obj, objectsIn } from '../kit/objects.js';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import docs from './volume-paths.md';

/** Pod fields a downwardAPI file can hold (whole label and annotation maps too, unlike env). */
const FILE_FIELDS = new Set(['metadata.name', 'metadata.namespace', 'metadata.uid', 'metadata.labels', 'metadata.annotations']);

/** Projections a projected source can hold on any server, whatever its feature gates. */
const PROJECTIONS: readonly string[] = ['secret', 'configMap', 'downwardAPI', 'serviceAccountToken'];
/** The files a podCertificate source can write; it needs at least one. */
const CERTIFICATE_PATHS = ['credentialBundlePath', 'keyPath', 'certificateChainPath'] as const;
/**
 * Bounds of a podCertificate's maxExpirationSeconds (kubernetes/kubernetes pkg/apis/certificates
 * types.go: MinMaxExpirationSeconds, MaxMaxExpirationSeconds, KubernetesMaxMaxExpirationSeconds).
 */
const CERTIFICATE_LIFETIME = { min: 60 * 60, max: 91 * 24 * 60 * 60, maxKubernetes: 24 * 60 * 60 } as const;

/** A file path inside a volume: relative, no '..' element and not starting with '..'. */
function filePathProblem(path: string): string | undefined {
  return descendingPathProblem(path) ?? (path.startsWith('..') ? "must not start with '..'" : undefined);
}

export default defineRule({
  meta: {
    id: 'deployment/volume-paths',
    description:
      "Paths of the pod template's volumes stay where they belong, and downwardAPI files read fields a volume can hold.",
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (volume sources)',
    docs,
    messages: {
      ...FIELD_REF_MESSAGES,
      downwardFileSetsBothRefs: 'a downwardAPI file sets both fieldRef and resourceFieldRef; keep one',
      downwardFileNeedsRef: 'a downwardAPI file needs fieldRef or resourceFieldRef',
      hostPathDotDot: `hostPath "{{path}}" must not contain '..'`,
      nfsPathNotAbsolute: 'nfs path "{{path}}" must be an absolute path',
      badGitRepoDirectory: 'gitRepo directory "{{directory}}" {{problem}}',
      projectedPathTwice:
        'path "{{path}}" is already taken by another file of this projected volume; give each file its own path',
      severalProjections: 'a projected source holds one projection, not {{kinds}}; give each its own entry in sources',
      badCertificateSigner: 'signerName "{{value}}" {{signerProblem}}',
      expirationOutOfRange:
        'maxExpirationSeconds {{maxExpirationSeconds}} is out of range: from {{min}} (1 hour) to {{max}}{{kubernetesSigner}}',
      certificateWritesNothing:
        'a podCertificate writes at least one file: set credentialBundlePath, or keyPath and certificateChainPath',
      badCertificatePath: '{{field}} "{{value}}" {{problem}}',
      bundleNameAndSigner: 'a clusterTrustBundle is chosen by name or by signerName, not both; keep one',
      bundleEmptyName: 'name of a clusterTrustBundle must not be empty',
      bundleSelectorWithoutSigner: 'labelSelector only goes with signerName; remove it or choose the bundle by signerName',
      bundleEmptySigner: 'signerName of a clusterTrustBundle must not be empty',
      badBundleSigner: 'signerName "{{signerName}}" {{problem}}',
      bundleNeedsNameOrSigner: 'a clusterTrustBundle needs name or signerName',
      bundleNeedsPath: 'a clusterTrustBundle needs the path of its file in the volume',
      badItemPath: 'path "{{value}}" {{problem}}',
      fieldPathNotReadable:
        'fieldPath "{{fieldPath}}" cannot be written to a downwardAPI file; use metadata.name, metadata.namespace, metadata.uid, metadata.labels or metadata.annotations',
      resourceNeedsContainer: 'a downwardAPI file that reads a resource must name the container in containerName',
    },
  },
  check(context) {
    forEachObject(podSpec(context.value)?.volumes, (volume, i) => {
      const { hostPath, nfs, gitRepo, configMap, secret, downwardAPI, projected } = volume;
      if (isJsonObject(hostPath) && typeof hostPath.path === 'string' && hasBacksteps(hostPath.path)) {
        context.report({
          path: [...POD_SPEC, 'volumes', i, 'hostPath', 'path'],
          messageId: 'hostPathDotDot',
          data: { path: hostPath.path },
        });
      }
      if (isJsonObject(nfs) && typeof nfs.path === 'string' && nfs.path !== '' && !nfs.path.startsWith('/')) {
        context.report({
          path: [...POD_SPEC, 'volumes', i, 'nfs', 'path'],
          messageId: 'nfsPathNotAbsolute',
          data: { path: nfs.path },
        });
      }
      // validateGitRepoVolumeSource: the checkout directory stays inside the volume.
      if (isJsonObject(gitRepo) && typeof gitRepo.directory === 'string') {
        const problem = descendingPathProblem(gitRepo.directory);
        if (problem)
          context.report({
            path: [...POD_SPEC, 'volumes', i, 'gitRepo', 'directory'],
            messageId: 'badGitRepoDirectory',
            data: { directory: gitRepo.directory, problem },
          });
      }
      // Most configMap and secret volumes list no items: nothing to check, and no path to make.
      if (isJsonObject(configMap) && Array.isArray(configMap.items))
        checkItems(context, configMap, [...POD_SPEC, 'volumes', i, 'configMap']);
      if (isJsonObject(secret) && Array.isArray(secret.items)) checkItems(context, secret, [...POD_SPEC, 'volumes', i, 'secret']);
      if (isJsonObject(downwardAPI)) checkDownward(context, downwardAPI, [...POD_SPEC, 'volumes', i, 'downwardAPI']);
      if (isJsonObject(projected)) checkProjected(context, projected, [...POD_SPEC, 'volumes', i, 'projected']);
    });
  },
});

/**
 * validateProjectionSources (pkg/apis/core/validation/validation.go at
 * 000f26050b9be6fb3d79fae95e06b47fc96128cd): one projection per source, and the files of the whole
 * volume at distinct paths. The feature-gated clusterTrustBundle is dropped by the server where its
 * gate is off (pkg/api/pod/util.go, dropDisabledClusterTrustBundleProjection), so it counts only where on.
 */
function checkProjected(context: RuleContext, projected: Obj, at: FieldPath): void {
  const gate = (name: string): boolean => gateEnabled(context.settings.featureGates, name, context.settings.release);
  const bundles = gate('ClusterTrustBundleProjection');
  // pkg/api/pod/util.go drops podCertificate with its gate off, as it does clusterTrustBundle.
  const certificates = gate('PodCertificateProjection');
  const projections = [...PROJECTIONS, ...(bundles ? ['clusterTrustBundle'] : []), ...(certificates ? ['podCertificate'] : [])];
  const paths = new Set<string>();
  const claimPath = (path: unknown, pathAt: FieldPath): void => {
    if (typeof path !== 'string' || path === '') return;
    if (paths.has(path)) context.report({ path: pathAt, messageId: 'projectedPathTwice', data: { path } });
    paths.add(path);
  };
  for (const [source, j] of objectsIn(projected.sources)) {
    const sourceAt = [...at, 'sources', j];
    // Only the projections the server keeps count: unknown keys are dropped (or refused as
    // unknown fields, a schema finding), and feature-gated ones are dropped where their gate is off.
    const kinds = Object.keys(source).filter(
      (kind) => projections.includes(kind) && source[kind] !== undefined && source[kind] !== null,
    );
    if (kinds.length > 1)
      context.report({ path: sourceAt, messageId: 'severalProjections', data: { kinds: kinds.join(' and ') } });
    if (isJsonObject(source.serviceAccountToken))
      checkPath(context, source.serviceAccountToken, [...sourceAt, 'serviceAccountToken']);
    for (const kind of ['configMap', 'secret'] as const) {
      const projection = source[kind];
      if (!isJsonObject(projection)) continue;
      checkItems(context, projection, [...sourceAt, kind]);
      for (const [item, k] of objectsIn(projection.items)) claimPath(item.path, [...sourceAt, kind, 'items', k, 'path']);
    }
    if (isJsonObject(source.downwardAPI)) {
      checkDownward(context, source.downwardAPI, [...sourceAt, 'downwardAPI']);
      for (const [item, k] of objectsIn(source.downwardAPI.items))
        claimPath(item.path, [...sourceAt, 'downwardAPI', 'items', k, 'path']);
    }
    if (bundles && isJsonObject(source.clusterTrustBundle)) {
      checkTrustBundle(context, source.clusterTrustBundle, [...sourceAt, 'clusterTrustBundle']);
      claimPath(source.clusterTrustBundle.path, [...sourceAt, 'clusterTrustBundle', 'path']);
    }
    if (certificates && isJsonObject(source.podCertificate)) {
      const certificateAt = [...sourceAt, 'podCertificate'];
      checkPodCertificate(context, source.podCertificate, certificateAt);
      for (const field of CERTIFICATE_PATHS) claimPath(source.podCertificate[field], [...certificateAt, field]);
    }
  }
}

/**
 * validateProjectionSources on a podCertificate (pkg/apis/core/validation/validation.go at
 * 64149d1201ab96736d5aa902df411d40a3f6f714): a valid signer name, a lifetime bound within the
 * signer's limits, and at least one file to write, each inside the volume. A missing signerName or
 * keyType is a schema finding, and keyType's values are the schema's.
 */
function checkPodCertificate(context: RuleContext, certificate: Obj, at: FieldPath): void {
  const { signerName, maxExpirationSeconds } = certificate;
  const signerProblem = typeof signerName === 'string' ? signerNameProblem(signerName) : undefined;
  if (signerProblem)
    context.report({
      path: [...at, 'signerName'],
      messageId: 'badCertificateSigner',
      data: { value: String(signerName), signerProblem },
    });
  if (typeof maxExpirationSeconds === 'number') {
    const kubernetesSigner = typeof signerName === 'string' && isKubernetesSigner(signerName);
    const max = kubernetesSigner ? CERTIFICATE_LIFETIME.maxKubernetes : CERTIFICATE_LIFETIME.max;
    if (maxExpirationSeconds < CERTIFICATE_LIFETIME.min || maxExpirationSeconds > max) {
      context.report({
        path: [...at, 'maxExpirationSeconds'],
        messageId: 'expirationOutOfRange',
        data: {
          maxExpirationSeconds,
          min: CERTIFICATE_LIFETIME.min,
          max,
          kubernetesSigner: kubernetesSigner ? ' (24 hours for a kubernetes.io signer)' : ' (91 days)',
        },
      });
    }
  }
  const written = CERTIFICATE_PATHS.filter((field) => typeof certificate[field] === 'string' && certificate[field] !== '');
  if (written.length === 0) context.report({ path: at, messageId: 'certificateWritesNothing' });
  for (const field of written) {
    const problem = filePathProblem(certificate[field] as string);
    if (problem)
      context.report({
        path: [...at, field],
        messageId: 'badCertificatePath',
        data: { field, value: String(certificate[field]), problem },
      });
  }
}

/** A signer of the Kubernetes project (IsKubernetesSignerName, names.go): kubernetes.io or a subdomain of it. */
function isKubernetesSigner(signerName: string): boolean {
  const host = signerName.split('/')[0] ?? '';
  return host === 'kubernetes.io' || host.endsWith('.kubernetes.io');
}

/** A cluster trust bundle is chosen by name or by signer name (with an optional selector), not both. */
function checkTrustBundle(context: RuleContext, bundle: Obj, at: FieldPath): void {
  const has = (field: string): boolean => bundle[field] !== undefined && bundle[field] !== null;
  if (has('name') && has('signerName')) {
    context.report({ path: at, messageId: 'bundleNameAndSigner' });
  } else if (has('name')) {
    if (bundle.name === '') context.report({ path: [...at, 'name'], messageId: 'bundleEmptyName' });
    if (has('labelSelector'))
      context.report({ path: [...at, 'labelSelector'], target: 'key', messageId: 'bundleSelectorWithoutSigner' });
  } else if (has('signerName')) {
    if (bundle.signerName === '') context.report({ path: [...at, 'signerName'], messageId: 'bundleEmptySigner' });
    else if (typeof bundle.signerName === 'string') {
      const problem = signerNameProblem(bundle.signerName);
      if (problem)
        context.report({
          path: [...at, 'signerName'],
          messageId: 'badBundleSigner',
          data: { signerName: bundle.signerName, problem },
        });
    }
  } else {
    context.report({ path: at, messageId: 'bundleNeedsNameOrSigner' });
  }
  if (bundle.path === '' || bundle.path === undefined || bundle.path === null) {
    context.report({ path: [...at, 'path'], target: bundle.path === '' ? 'value' : 'key', messageId: 'bundleNeedsPath' });
  } else checkPath(context, bundle, at);
}

/** What the server refuses in a projected file's `path`, or undefined. */
function filePathFinding(item: Obj): MessageRef | undefined {
  const problem = typeof item.path === 'string' && item.path !== '' ? filePathProblem(item.path) : undefined;
  return problem ? { messageId: 'badItemPath', data: { value: String(item.path), problem } } : undefined;
}

function checkPath(context: RuleContext, item: Obj, at: FieldPath): void {
  const finding = filePathFinding(item);
  if (finding) context.report({ path: [...at, 'path'], ...finding });
}

/** checkPath on `items[k]` of the volume source at `source`: the path is made only for a finding. */
function checkItemPath(context: RuleContext, item: Obj, source: FieldPath, k: number): void {
  const finding = filePathFinding(item);
  if (finding) context.report({ path: [...source, 'items', k, 'path'], ...finding });
}

function checkItems(context: RuleContext, source: Obj, at: FieldPath): void {
  forEachObject(source.items, (item, k) => checkItemPath(context, item, at, k));
}

function checkDownward(context: RuleContext, source: Obj, at: FieldPath): void {
  forEachObject(source.items, (item, k) => {
    checkItemPath(context, item, at, k);
    const { fieldRef, resourceFieldRef } = item;
    const hasField = fieldRef !== undefined && fieldRef !== null;
    const hasResource = resourceFieldRef !== undefined && resourceFieldRef !== null;
    if (hasField === hasResource) {
      context.report({ path: [...at, 'items', k], messageId: hasField ? 'downwardFileSetsBothRefs' : 'downwardFileNeedsRef' });
      return;
    }
    if (isJsonObject(fieldRef) && typeof fieldRef.fieldPath === 'string') {
      if (!readsAllowedField(fieldRef.fieldPath, FILE_FIELDS)) {
        context.report({
          path: [...at, 'items', k, 'fieldRef', 'fieldPath'],
          messageId: 'fieldPathNotReadable',
          data: { fieldPath: fieldRef.fieldPath },
        });
      } else {
        const finding = fieldRefFinding(fieldRef);
        if (finding)
          context.report({
            path: [...at, 'items', k, 'fieldRef', ...finding.below],
            messageId: finding.messageId,
            data: finding.data,
          });
      }
    }
    if (
      isJsonObject(resourceFieldRef) &&
      (typeof resourceFieldRef.containerName !== 'string' || resourceFieldRef.containerName === '')
    ) {
      context.report({
        path: [...at, 'items', k, 'resourceFieldRef', 'containerName'],
        target: resourceFieldRef.containerName === undefined ? 'key' : 'value',
        messageId: 'resourceNeedsContainer',
      });
    }
  });
}
