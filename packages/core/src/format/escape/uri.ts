// File names as URI references (SARIF's artifactLocation.uri). A relative name goes
// segment by segment through percent-encoding of every character that is not unreserved,
// so `#` and `?` cannot end the path (`a#b?.yaml` read as `a`) and `:` in a first segment
// cannot read as a scheme. An absolute name becomes a file URL as node:url makes it.
import { isAbsolute, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** encodeURIComponent leaves these sub-delimiters alone; they are reserved in RFC 3986 all the same. */
const SUB_DELIMS_LEFT = /[!'()*]/g;

const segment = (s: string): string =>
  encodeURIComponent(s).replace(SUB_DELIMS_LEFT, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function fileUriReference(path: string): string {
  if (isAbsolute(path)) return pathToFileURL(path).href;
  // Windows names may use either separator; elsewhere a backslash is part of a name.
  return path
    .split(sep === '\\' ? /[\\/]/ : '/')
    .map(segment)
    .join('/');
}
