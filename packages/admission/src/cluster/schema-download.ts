// What `platlint schema pull` reads from a cluster: the OpenAPI v3 index (/openapi/v3, upstream
// kube-openapi pkg/handler3 handler.go, OpenAPIV3Discovery: `paths` of group-versions, each with
// a `serverRelativeURL`), every group-version's document, and the CustomResourceDefinitions.
// Requests go through the same client as `serve --kubeconfig` (bounded reads, JSON checked,
// lists in pages), so a misbehaving server or proxy is refused with what it sent instead.
import { ApiClient, ApiError } from './api-client.js';
import { loadKubeConfig } from './connection.js';
import { listAll, PAGE_SIZE } from './list-pager.js';
import { isObject } from '../json.js';

/** A pull that could not be completed: the message says which request, and why. */
export class SchemaDownloadError extends Error {}

export interface DownloadedSchemas {
  /** The index as served. */
  index: Record<string, unknown>;
  /** Each group-version's document, by its index path (`api/v1`, `apis/apps/v1`). */
  documents: { path: string; body: unknown }[];
  /** The CustomResourceDefinitions, as listed (items of the list, in its order). */
  definitions: Record<string, unknown>[];
}

export const CRD_LIST_PATH = '/apis/apiextensions.plat.io/v1/customresourcedefinitions';

/** A group-version document of a large API (core's is a few MB) stays well below this. */
const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;
const MAX_INDEX_BYTES = 4 * 1024 * 1024;
const LIMITS = { pageSize: PAGE_SIZE, maxPageBytes: 32 * 1024 * 1024 };

export async function downloadSchemas(kubeconfig: string, options: { timeoutMs?: number } = {}): Promise<DownloadedSchemas> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  let client: ApiClient;
  try {
    client = new ApiClient(loadKubeConfig({ kubeconfig }));
  } catch (error) {
    throw new SchemaDownloadError((error as Error).message);
  }
  const signal = new AbortController().signal;
  const get = async (path: string, query: Record<string, string>, what: string, maxBytes: number): Promise<unknown> => {
    try {
      return await client.getJson(path, query, maxBytes, { what, timeoutMs, signal });
    } catch (error) {
      throw new SchemaDownloadError(`${what}: ${(error as Error).message}`);
    }
  };
  const index = await get('/openapi/v3', {}, 'the OpenAPI index (/openapi/v3)', MAX_INDEX_BYTES);
  if (!isObject(index) || !isObject(index.paths))
    throw new SchemaDownloadError('the OpenAPI index (/openapi/v3) has no paths: is this a platform API server with OpenAPI v3?');
  const documents: DownloadedSchemas['documents'] = [];
  for (const [path, entry] of Object.entries(index.paths)) {
    const relative =
      isObject(entry) && typeof entry.serverRelativeURL === 'string' ? entry.serverRelativeURL : `/openapi/v3/${path}`;
    const url = new URL(relative, 'http://server');
    // Only the server's own documents are read: the index does not send the client elsewhere.
    if (url.origin !== 'http://server' || !url.pathname.startsWith('/openapi/v3/'))
      throw new SchemaDownloadError(
        `the OpenAPI index names ${JSON.stringify(relative)} for ${path}, which is no document of /openapi/v3`,
      );
    const body = await get(
      url.pathname,
      Object.fromEntries(url.searchParams),
      `the OpenAPI document of ${path}`,
      MAX_DOCUMENT_BYTES,
    );
    documents.push({ path, body });
  }
  let definitions: Record<string, unknown>[];
  try {
    const listed = await listAll(
      client,
      CRD_LIST_PATH,
      { ...LIMITS, timeoutMs },
      'the list of CustomResourceDefinitions',
      signal,
    );
    definitions = listed.items.filter(isObject);
  } catch (error) {
    // A server without custom resources (404) has none to save.
    if (error instanceof ApiError && error.code === 404) definitions = [];
    else throw new SchemaDownloadError(`the list of CustomResourceDefinitions: ${(error as Error).message}`);
  }
  return { index, documents, definitions };
}
