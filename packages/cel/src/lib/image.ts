// The platform's image library (release 1.33): `image("registry.plat.io/app:1.0")` parses an
// image reference as go-containerregistry's name.ParseReference does without strict mode: a
// tag reference first, else a digest reference; Docker Hub and "latest" by default.
import type { Environment } from '@marcbachmann/cel-js';
import { charge } from '../budget.js';
import { fail } from './macro.js';

class ImageValue {
  static celType = 'kubernetes.Image';
  constructor(
    readonly registry: string,
    readonly repository: string,
    readonly tag: string,
    readonly digest: string,
  ) {}

  /** The digest when there is one, else the tag. */
  get identifier(): string {
    return this.digest || this.tag;
  }
}

const DEFAULT_REGISTRY = 'index.docker.io';
const DEFAULT_TAG = 'latest';
const TAG = /^[A-Za-z0-9_.-]{1,128}$/;
const REPOSITORY = /^[a-z0-9_.\-/]{2,255}$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
// A registry is a host name or address with an optional port.
const REGISTRY = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]+)?$/;

function repositoryOf(name: string): { registry: string; repository: string } | null {
  const slash = name.indexOf('/');
  let registry = '';
  let repository = name;
  if (slash >= 0 && /[.:]/.test(name.slice(0, slash))) {
    registry = name.slice(0, slash);
    repository = name.slice(slash + 1);
  }
  if (!REPOSITORY.test(repository) || repository.split('/').some((part) => part === '')) return null;
  if (registry && !REGISTRY.test(registry)) return null;
  registry ||= DEFAULT_REGISTRY;
  // Docker Hub images without a namespace live under "library/".
  if (registry === DEFAULT_REGISTRY && !repository.includes('/')) repository = `library/${repository}`;
  return { registry, repository };
}

function tagReference(s: string): ImageValue | null {
  const colon = s.lastIndexOf(':');
  let base = s;
  let tag = '';
  if (colon >= 0 && !s.slice(colon + 1).includes('/')) {
    base = s.slice(0, colon);
    tag = s.slice(colon + 1);
    if (!TAG.test(tag)) return null;
  }
  const repo = repositoryOf(base);
  return repo ? new ImageValue(repo.registry, repo.repository, tag || DEFAULT_TAG, '') : null;
}

function digestReference(s: string): ImageValue | null {
  const parts = s.split('@');
  if (parts.length !== 2) return null;
  const [base, digest] = parts as [string, string];
  if (!DIGEST.test(digest)) return null;
  // A tag before the digest is allowed and dropped (`app:1.0@sha256:...`).
  const tagged = tagReference(base);
  if (!tagged) return null;
  return new ImageValue(tagged.registry, tagged.repository, '', digest);
}

function parseImage(s: string): ImageValue | null {
  return tagReference(s) ?? digestReference(s);
}

export function installImage(env: Environment): void {
  const I = ImageValue.celType;
  env.registerType(I, { ctor: ImageValue, fields: {} });
  env.registerFunction('isImage(string): bool', (s: string) => (charge(1), parseImage(s) !== null));
  env.registerFunction(`image(string): ${I}`, (s: string) => {
    charge(1);
    const img = parseImage(s);
    if (!img) throw fail(`could not parse image reference "${s}"`);
    return img;
  });
  env.registerFunction(`${I}.containsDigest(): bool`, (i: ImageValue) => i.digest !== '');
  env.registerFunction(`${I}.registry(): string`, (i: ImageValue) => i.registry);
  env.registerFunction(`${I}.repository(): string`, (i: ImageValue) => i.repository);
  env.registerFunction(`${I}.identifier(): string`, (i: ImageValue) => i.identifier);
  env.registerFunction(`${I}.tag(): string`, (i: ImageValue) => i.tag);
  env.registerFunction(`${I}.digest(): string`, (i: ImageValue) => i.digest);
}
