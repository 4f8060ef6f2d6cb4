// AdmissionReview v1 of the platform (`admission.plat.io/v1`): reading the request the API
// server sends and writing the response it expects. Everything a client can get wrong is
// a ReviewError with a message that says what and where, answered with 400.
import { isJsonObject as isRecord } from '@platlint/core';
import type { Json, JsonObject } from '../json.js';
import type { AdmissionAnswer, AdmissionRequest, DenialStatus, Operation } from '../types.js';
import { findJsonSyntaxError } from './json-error.js';

export const REVIEW_API_VERSION = 'admission.plat.io/v1';
export const REVIEW_KIND = 'AdmissionReview';

/** The warning a dry-run request gets: nothing this webhook does outlives the answer. */
export const DRY_RUN_WARNING = 'dryRun: this webhook has no side effects, so the answer is the same as for a real request';

const OPERATIONS: readonly Operation[] = ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'];

export class ReviewError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReviewError';
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes and parses a body; the error names the offset, line and column of a syntax error. */
export function parseJsonBody(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new ReviewError('request body is not valid UTF-8');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    let located;
    try {
      located = findJsonSyntaxError(text);
    } catch {
      // Our scanner failing (it should not) must not hide V8's own message.
      located = undefined;
    }
    if (located)
      throw new ReviewError(
        `request body is not valid JSON: ${located.message} at position ${located.offset} (line ${located.line}, column ${located.column})`,
      );
    throw new ReviewError(`request body is not valid JSON: ${(error as Error).message}`);
  }
}

function requireString(o: Record<string, unknown>, field: string, where: string, allowEmpty: boolean): string {
  const v = o[field];
  if (typeof v !== 'string' || (!allowEmpty && v === ''))
    throw new ReviewError(`${where}.${field} must be a ${allowEmpty ? '' : 'non-empty '}string`);
  return v;
}

function optionalString(o: Record<string, unknown>, field: string, where: string): string | undefined {
  const v = o[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new ReviewError(`${where}.${field} must be a string`);
  return v;
}

function triple<K extends string>(
  o: Record<string, unknown>,
  field: string,
  keys: readonly [string, string, K],
  required: boolean,
): Record<string, string> | undefined {
  const v = o[field];
  if (v === undefined || v === null) {
    if (required) throw new ReviewError(`request.${field} is required`);
    return undefined;
  }
  if (!isRecord(v)) throw new ReviewError(`request.${field} must be an object`);
  const out: Record<string, string> = {};
  // group may be empty (the core group); version and kind/resource may not.
  // The message is built only for a value that fails (this runs for every request).
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const value = v[k];
    if (typeof value !== 'string' || (i > 0 && value === ''))
      throw new ReviewError(`request.${field}.${k} must be a ${i === 0 ? '' : 'non-empty '}string`);
    out[k] = value;
  }
  return out;
}

const OPTIONAL_STRINGS = ['subResource', 'requestSubResource', 'name', 'namespace'] as const;
const OBJECTS = ['object', 'oldObject'] as const;

/** Checks the envelope and the fields the engine reads; returns the request as the engine takes it. */
export function readReview(body: unknown): AdmissionRequest & { uid: string } {
  if (!isRecord(body))
    throw new ReviewError(
      `body must be a JSON object (an AdmissionReview), not ${Array.isArray(body) ? 'an array' : body === null ? 'null' : typeof body}`,
    );
  if (body.apiVersion !== REVIEW_API_VERSION)
    throw new ReviewError(`apiVersion must be "${REVIEW_API_VERSION}", got ${JSON.stringify(body.apiVersion) ?? 'nothing'}`);
  if (body.kind !== REVIEW_KIND)
    throw new ReviewError(`kind must be "${REVIEW_KIND}", got ${JSON.stringify(body.kind) ?? 'nothing'}`);
  const r = body.request;
  if (r === undefined || r === null)
    throw new ReviewError('request is missing: an AdmissionReview sent to a webhook carries the request to decide');
  if (!isRecord(r)) throw new ReviewError('request must be an object');
  const uid = requireString(r, 'uid', 'request', false);
  const operation = r.operation;
  if (typeof operation !== 'string' || !(OPERATIONS as readonly string[]).includes(operation))
    throw new ReviewError(`request.operation must be one of ${OPERATIONS.join(', ')}`);
  const kind = triple(r, 'kind', ['group', 'version', 'kind'], true);
  const resource = triple(r, 'resource', ['group', 'version', 'resource'], true);
  const request: AdmissionRequest & { uid: string } = {
    uid,
    kind: kind as unknown as AdmissionRequest['kind'],
    resource: resource as unknown as AdmissionRequest['resource'],
    operation: operation as Operation,
  };
  const requestKind = triple(r, 'requestKind', ['group', 'version', 'kind'], false);
  const requestResource = triple(r, 'requestResource', ['group', 'version', 'resource'], false);
  if (requestKind) request.requestKind = requestKind as unknown as AdmissionRequest['kind'];
  if (requestResource) request.requestResource = requestResource as unknown as AdmissionRequest['resource'];
  for (const field of OPTIONAL_STRINGS) {
    const v = optionalString(r, field, 'request');
    if (v !== undefined) request[field] = v;
  }
  if (r.userInfo !== undefined && r.userInfo !== null) {
    if (!isRecord(r.userInfo)) throw new ReviewError('request.userInfo must be an object');
    request.userInfo = r.userInfo as AdmissionRequest['userInfo'];
  }
  for (const field of OBJECTS) {
    const v = r[field];
    if (v === undefined || v === null) continue;
    if (!isRecord(v)) throw new ReviewError(`request.${field} must be an object`);
    request[field] = v as JsonObject;
  }
  if (r.dryRun !== undefined && r.dryRun !== null) {
    if (typeof r.dryRun !== 'boolean') throw new ReviewError('request.dryRun must be a boolean');
    request.dryRun = r.dryRun;
  }
  if (r.options !== undefined && r.options !== null) request.options = r.options as Json;
  return request;
}

export interface ReviewResponse {
  uid: string;
  allowed: boolean;
  patchType?: 'JSONPatch';
  patch?: string;
  status?: DenialStatus;
  warnings?: string[];
  auditAnnotations?: Record<string, string>;
}

/** The response envelope; the patch is present only when the object changed. */
export function reviewResponse(result: AdmissionAnswer, dryRun: boolean): JsonObject {
  const response: ReviewResponse = { uid: result.uid, allowed: result.allowed };
  if (result.allowed && result.patch.length > 0) {
    response.patchType = 'JSONPatch';
    response.patch = Buffer.from(JSON.stringify(result.patch)).toString('base64');
  }
  if (!result.allowed && result.status) response.status = result.status;
  const warnings = dryRun ? [...result.warnings, DRY_RUN_WARNING] : result.warnings;
  if (warnings.length > 0) response.warnings = warnings;
  if (Object.keys(result.auditAnnotations).length > 0) response.auditAnnotations = result.auditAnnotations;
  return { apiVersion: REVIEW_API_VERSION, kind: REVIEW_KIND, response: response as unknown as JsonObject };
}

const RESPONSE_PREFIX = `{"apiVersion":${JSON.stringify(REVIEW_API_VERSION)},"kind":${JSON.stringify(REVIEW_KIND)},"response":{"uid":`;

/**
 * `JSON.stringify(reviewResponse(result, dryRun))`, byte for byte, built by concatenation:
 * the envelope is fixed, so only the fields that vary are stringified.
 */
export function reviewResponseBody(result: AdmissionAnswer, dryRun: boolean): string {
  let body = `${RESPONSE_PREFIX}${JSON.stringify(result.uid)},"allowed":${result.allowed ? 'true' : 'false'}`;
  if (result.allowed && result.patch.length > 0)
    body += `,"patchType":"JSONPatch","patch":"${Buffer.from(JSON.stringify(result.patch)).toString('base64')}"`;
  if (!result.allowed && result.status) body += `,"status":${JSON.stringify(result.status)}`;
  const warnings = dryRun ? [...result.warnings, DRY_RUN_WARNING] : result.warnings;
  if (warnings.length > 0) body += `,"warnings":${JSON.stringify(warnings)}`;
  if (Object.keys(result.auditAnnotations).length > 0) body += `,"auditAnnotations":${JSON.stringify(result.auditAnnotations)}`;
  return `${body}}}`;
}
