import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DirectoryListings, filesNamedUnder, findManifestFilesSync, manifestFilesUnder, type SkippedLink } from './find-files.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** outside/x.yaml, and state/ holding files, loops and links elsewhere. */
function tree(): { base: string; state: string } {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'platlint-find-')));
  dirs.push(base);
  const state = join(base, 'state');
  mkdirSync(join(state, 'nested'), { recursive: true });
  mkdirSync(join(base, 'outside'));
  mkdirSync(join(state, '.hidden'));
  mkdirSync(join(state, 'node_modules'));
  writeFileSync(join(base, 'outside', 'x.yaml'), 'x: 1\n');
  writeFileSync(join(state, 'a.yaml'), 'a: 1\n');
  writeFileSync(join(state, 'B.YML'), 'b: 1\n');
  writeFileSync(join(state, 'notes.md'), '# no\n');
  writeFileSync(join(state, 'platlint.config.yaml'), 'rules: {}\n');
  writeFileSync(join(state, '.hidden', 'h.yaml'), 'h: 1\n');
  writeFileSync(join(state, 'node_modules', 'm.yaml'), 'm: 1\n');
  writeFileSync(join(state, 'nested', 'c.yaml'), 'c: 1\n');
  symlinkSync(state, join(state, 'self'));
  symlinkSync('..', join(state, 'nested', 'up'));
  symlinkSync('../..', join(state, 'nested', 'up2'));
  symlinkSync('.', join(state, 'nested', 'dot'));
  symlinkSync('/', join(state, 'nested', 'root'));
  symlinkSync(join(base, 'outside'), join(state, 'shared'));
  symlinkSync(join(base, 'absent'), join(state, 'dangling'));
  return { base, state };
}

describe('manifestFilesUnder', () => {
  it('follows no directory link back into the walk, says which it skipped, and follows the others', () => {
    const { base, state } = tree();
    const skipped: SkippedLink[] = [];
    const files = manifestFilesUnder(state, { onSkippedLink: (s) => skipped.push(s) });
    expect(files).toEqual(['B.YML', 'a.yaml', 'nested/c.yaml', 'shared/x.yaml']);
    expect(skipped.map((s) => [s.link.slice(state.length), s.target]).sort()).toEqual([
      ['/nested/dot', join(state, 'nested')],
      ['/nested/root', '/'],
      ['/nested/up', state],
      ['/nested/up2', base],
      ['/self', state],
    ]);
  });

  it('knows the directories reached through a link by their real place: a link back from there is skipped too', () => {
    const { base, state } = tree();
    // state/shared -> outside; outside/deep is a directory there, outside/back leads to state.
    mkdirSync(join(base, 'outside', 'deep'));
    writeFileSync(join(base, 'outside', 'deep', 'd.yaml'), 'd: 1\n');
    symlinkSync(state, join(base, 'outside', 'back'));
    symlinkSync('..', join(base, 'outside', 'deep', 'up'));
    const skipped: SkippedLink[] = [];
    const files = manifestFilesUnder(state, { onSkippedLink: (s) => skipped.push(s) });
    expect(files).toEqual(['B.YML', 'a.yaml', 'nested/c.yaml', 'shared/deep/d.yaml', 'shared/x.yaml']);
    // (shared/deep/up is not followed either; fdir's own check of links passes it over unsaid.)
    expect(skipped.filter((s) => s.link.startsWith(join(state, 'shared')))).toEqual([
      { link: join(state, 'shared', 'back'), target: state },
    ]);
  });

  it('throws with the directory and code when the root cannot be listed', () => {
    expect(() => manifestFilesUnder(join(tmpdir(), 'platlint-find-absent', 'x'))).toThrow(
      /cannot read directory .*platlint-find-absent\/x: ENOENT/,
    );
  });
});

describe('findManifestFilesSync', () => {
  it('gives the command line the same guard: a directory argument with a loop is read once', () => {
    const { base } = tree();
    const skipped: SkippedLink[] = [];
    expect(findManifestFilesSync(['state/'], base, { onSkippedLink: (s) => skipped.push(s) })).toEqual([
      'state/B.YML',
      'state/a.yaml',
      'state/nested/c.yaml',
      'state/shared/x.yaml',
    ]);
    expect(skipped).toHaveLength(5);
  });

  it('keeps files named explicitly, expands globs to YAML files, and refuses paths that do not exist', () => {
    const { base } = tree();
    expect(findManifestFilesSync(['state/notes.md', 'state/*'], base)).toEqual([
      'state/notes.md',
      'state/B.YML',
      'state/a.yaml',
      'state/platlint.config.yaml',
    ]);
    expect(() => findManifestFilesSync(['state/none.yaml'], base)).toThrow('no such file or directory: state/none.yaml');
    expect(() => findManifestFilesSync(['state/*.json'], base)).toThrow('no files match state/*.json');
  });

  it('reads names with a space or a # as they are', () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'platlint-find-')));
    dirs.push(base);
    mkdirSync(join(base, 'my dir'));
    writeFileSync(join(base, 'my dir', 'a#b.yaml'), 'a: 1\n');
    expect(findManifestFilesSync(['my dir'], base)).toEqual(['my dir/a#b.yaml']);
    expect(findManifestFilesSync(['my dir/a#b.yaml'], base)).toEqual(['my dir/a#b.yaml']);
  });
});

describe('DirectoryListings', () => {
  it('says a name is absent from a directory the walk listed without asking the disk again', () => {
    const { state } = tree();
    const listings = new DirectoryListings();
    manifestFilesUnder(state, { listings });
    // Made after the walk: only the disk knows of it, and it is not asked.
    writeFileSync(join(state, 'nested', 'Chart.yaml'), 'name: late\n');
    expect(listings.exists(join(state, 'nested'), 'Chart.yaml')).toBe(false);
    expect(listings.exists(state, 'kustomization.yaml')).toBe(false);
  });

  it('asks the disk about a name the listing holds, in any case, and about directories it did not list', () => {
    const { base, state } = tree();
    // Not a manifest's name, and hidden: listed all the same.
    writeFileSync(join(state, 'Kustomization'), 'resources: []\n');
    writeFileSync(join(state, '.platlintignore'), '');
    writeFileSync(join(state, 'nested', 'KUSTOMIZATION.YAML'), '');
    const listings = new DirectoryListings();
    manifestFilesUnder(state, { listings });
    expect(listings.exists(state, 'Kustomization')).toBe(true);
    expect(listings.exists(state, '.platlintignore')).toBe(true);
    // A name the listing holds in another case (one file to a file system that ignores case): the disk decides.
    writeFileSync(join(state, 'nested', 'kustomization.yaml'), '');
    expect(listings.exists(join(state, 'nested'), 'kustomization.yaml')).toBe(true);
    // Removed since the walk: the disk says so.
    unlinkSync(join(state, 'Kustomization'));
    expect(listings.exists(state, 'Kustomization')).toBe(false);
    // Above the walk, in a hidden directory, behind a directory link (listed by its real place): the disk.
    writeFileSync(join(base, 'kustomization.yaml'), '');
    writeFileSync(join(state, '.hidden', 'kustomization.yaml'), '');
    writeFileSync(join(base, 'outside', 'kustomization.yaml'), '');
    expect(listings.exists(base, 'kustomization.yaml')).toBe(true);
    expect(listings.exists(join(state, '.hidden'), 'kustomization.yaml')).toBe(true);
    expect(listings.exists(join(state, 'shared'), 'kustomization.yaml')).toBe(true);
  });

  it('keeps no listing of a directory holding a name outside ASCII, whose case a file system folds its own way', () => {
    const { state } = tree();
    writeFileSync(join(state, 'nested', '\u212austomization.yaml'), ''); // KELVIN SIGN, a K to some file systems
    const listings = new DirectoryListings();
    manifestFilesUnder(state, { listings });
    writeFileSync(join(state, 'nested', 'kustomization.yaml'), '');
    writeFileSync(join(state, 'kustomization.yaml'), '');
    expect(listings.exists(join(state, 'nested'), 'kustomization.yaml')).toBe(true);
    expect(listings.exists(state, 'kustomization.yaml')).toBe(false);
  });
});

describe('filesNamedUnder', () => {
  it('finds the exact names at any depth, as the manifest walk skips, not through links, within its bound', () => {
    const { base, state } = tree();
    for (const path of ['k.yaml', 'nested/k.yaml', '.hidden/k.yaml', 'node_modules/k.yaml', 'nested/K.yaml'])
      writeFileSync(join(state, path), '');
    const wide = { depth: 32, directories: 100 };
    // self, nested/up, nested/up2 and nested/dot lead back into state: not followed.
    expect(filesNamedUnder(state, ['k.yaml'], wide)).toEqual([join(state, 'k.yaml'), join(state, 'nested', 'k.yaml')]);
    expect(filesNamedUnder(state, ['k.yaml'], { ...wide, depth: 0 })).toEqual([join(state, 'k.yaml')]);
    expect(filesNamedUnder(state, ['k.yaml'], { ...wide, directories: 0 })).toEqual([join(state, 'k.yaml')]);
    expect(filesNamedUnder(join(base, 'missing'), ['k.yaml'], wide)).toEqual([]);
  });

  it("reads a directory the run's walk listed from that listing, and the others from disk, finding the same files", () => {
    const { base, state } = tree();
    writeFileSync(join(state, 'k.yaml'), '');
    writeFileSync(join(state, 'nested', 'k.yaml'), '');
    const listings = new DirectoryListings();
    manifestFilesUnder(state, { listings });
    const wide = { depth: 32, directories: 100 };
    expect(filesNamedUnder(base, ['k.yaml'], wide, listings.listed)).toEqual(filesNamedUnder(base, ['k.yaml'], wide));
    // Made after the walk: a directory it did not list (base) shows it; one it listed does not,
    // outside included, which it listed through the link state/shared.
    writeFileSync(join(base, 'k.yaml'), '');
    writeFileSync(join(base, 'outside', 'k.yaml'), '');
    writeFileSync(join(state, 'nested', 'k2.yaml'), '');
    expect(filesNamedUnder(base, ['k.yaml', 'k2.yaml'], wide, listings.listed)).toEqual([
      join(base, 'k.yaml'),
      join(state, 'k.yaml'),
      join(state, 'nested', 'k.yaml'),
    ]);
    expect(filesNamedUnder(base, ['k.yaml', 'k2.yaml'], wide)).toEqual([
      join(base, 'k.yaml'),
      join(base, 'outside', 'k.yaml'),
      join(state, 'k.yaml'),
      join(state, 'nested', 'k.yaml'),
      join(state, 'nested', 'k2.yaml'),
    ]);
  });
});
