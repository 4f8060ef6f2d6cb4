// A list read in pages, as client-go's pager reads it (tools/pager/pager.go, ListPager.List):
// `limit` objects at a time (500 by default), each further page asked with the `continue`
// token of the one before and no resourceVersion; when the token has expired (410) partway,
// the list is read again whole. Each page is read with a ceiling and must be what a list is
// (an object of kind `…List` with an `items` array and a resourceVersion); anything else is
// refused, so a proxy's page is never taken for an empty list.
import { isObject } from '../json.js';
import { ApiError, type ApiClient } from './api-client.js';

export const PAGE_SIZE = 500;

export interface ListLimits {
  pageSize: number;
  /** The largest page body read; a page over it fails the list. */
  maxPageBytes: number;
  /** Time one page may take. */
  timeoutMs: number;
}

export interface Listed {
  /** Every item of every page, unchecked: the caller checks and keeps them one by one. */
  items: unknown[];
  resourceVersion: string;
  pages: number;
}

interface Page {
  items: unknown[];
  resourceVersion: string;
  continueToken: string;
}

/** The parts of a list page, or an ApiError saying what the body was instead. */
function pageOf(body: unknown, what: string): Page {
  if (!isObject(body))
    throw new ApiError(
      `${what} is not a list: its body is ${Array.isArray(body) ? 'an array' : body === null ? 'null' : typeof body}, not an object`,
    );
  if (typeof body.kind !== 'string' || !body.kind.endsWith('List'))
    throw new ApiError(`${what} is not a list: its kind is ${JSON.stringify(body.kind ?? null)}`);
  if (!Array.isArray(body.items)) throw new ApiError(`${what} is not a list: it has no items array`);
  const metadata = isObject(body.metadata) ? body.metadata : {};
  if (typeof metadata.resourceVersion !== 'string' || metadata.resourceVersion === '')
    throw new ApiError(`${what} has no metadata.resourceVersion to watch from`);
  return {
    items: body.items,
    resourceVersion: metadata.resourceVersion,
    continueToken: typeof metadata.continue === 'string' ? metadata.continue : '',
  };
}

export async function listAll(
  client: ApiClient,
  path: string,
  limits: ListLimits,
  what: string,
  signal: AbortSignal,
): Promise<Listed> {
  const items: unknown[] = [];
  let resourceVersion = '';
  let token = '';
  let pages = 0;
  for (;;) {
    const query: Record<string, string> = { limit: String(limits.pageSize), ...(token ? { continue: token } : {}) };
    const pageWhat = `${what}${pages > 0 ? ` (page ${pages + 1})` : ''}`;
    let page: Page;
    try {
      page = pageOf(
        await client.getJson(path, query, limits.maxPageBytes, { what: pageWhat, timeoutMs: limits.timeoutMs, signal }),
        pageWhat,
      );
    } catch (error) {
      // The token expired between pages: the list is read again from its start, in one
      // piece (pager.go's FullListIfExpired), still under the page ceiling.
      if (token && error instanceof ApiError && error.code === 410) {
        const whole = pageOf(
          await client.getJson(path, {}, limits.maxPageBytes, { what, timeoutMs: limits.timeoutMs, signal }),
          what,
        );
        return { items: whole.items, resourceVersion: whole.resourceVersion, pages: pages + 1 };
      }
      throw error;
    }
    pages += 1;
    // One at a time: spreading a page into push() overflows the stack past ~120,000 items.
    for (const item of page.items) items.push(item);
    // The list's resourceVersion is the first page's: the later pages belong to the same snapshot.
    if (pages === 1) resourceVersion = page.resourceVersion;
    if (!page.continueToken) return { items, resourceVersion, pages };
    if (page.continueToken === token)
      throw new ApiError(`${pageWhat} handed back the continue token it was asked with; the list would never end`);
    token = page.continueToken;
  }
}
