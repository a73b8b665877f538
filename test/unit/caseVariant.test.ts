import { test } from 'node:test';
import assert from 'node:assert/strict';
import { caseVariants } from '../../server/src/core/workspace/caseVariant';
import { InMemoryHost, type IWorkspaceHost } from '../../server/src/core/workspace/host';

/** One path's variant, through a lookup of its own. */
const caseVariant = (host: IWorkspaceHost, uri: string, top: string) => caseVariants(host)(uri, top);

const W = 'file:///ws';

test('caseVariant finds the one file a path names when letter case is ignored, through folders too', () => {
  const host = new InMemoryHost({ [`${W}/AGENTS.md`]: '', [`${W}/Docs/Guide.md`]: '', [`${W}/docs2/a.md`]: '' });
  assert.equal(caseVariant(host, `${W}/agents.md`, W), `${W}/AGENTS.md`);
  assert.equal(caseVariant(host, `${W}/docs/guide.MD`, W), `${W}/Docs/Guide.md`);
  assert.equal(caseVariant(host, `${W}/DOCS2/A.md`, W), `${W}/docs2/a.md`);
});

test('caseVariant has no answer for a file that is missing whatever the case, two candidates, a path that exists, or one outside the top folder', () => {
  const host = new InMemoryHost({ [`${W}/Readme.md`]: '', [`${W}/README.md`]: '', [`${W}/x/y.md`]: '', 'file:///other/Z.md': '' });
  assert.equal(caseVariant(host, `${W}/gone.md`, W), undefined);
  assert.equal(caseVariant(host, `${W}/readme.md`, W), undefined);
  assert.equal(caseVariant(host, `${W}/x/y.md`, W), undefined);
  assert.equal(caseVariant(host, 'file:///other/z.md', W), undefined);
  assert.equal(caseVariant(host, `${W}/x/y.md/deeper`, W), undefined);
});

/** A folder that lists a symbolic link whose target is missing: the name is there, the file is not. */
class DanglingLinkHost extends InMemoryHost {
  override readDirectory(uri: string): string[] {
    return uri === `${W}/docs` ? [...super.readDirectory(uri), 'references'] : super.readDirectory(uri);
  }
}

test('caseVariant takes no listed name that leads nowhere (a symbolic link to a missing folder) for a variant of itself', () => {
  const host = new DanglingLinkHost({ [`${W}/docs/a.md`]: '' });
  assert.equal(caseVariant(host, `${W}/docs/references`, W), undefined);
  assert.equal(caseVariant(host, `${W}/docs/References`, W), undefined);
});

test('caseVariant looks at most three missing segments up: a path that misses more names no variant', () => {
  const host = new InMemoryHost({ [`${W}/A/B/C/D.md`]: '' });
  assert.equal(caseVariant(host, `${W}/A/b/c/d.md`, W), `${W}/A/B/C/D.md`);
  assert.equal(caseVariant(host, `${W}/a/b/c/d.md`, W), undefined);
});

/** Counts the listings asked for. */
class ListingCounter extends InMemoryHost {
  listings = 0;
  override readDirectory(uri: string): string[] {
    this.listings++;
    return super.readDirectory(uri);
  }
}

test('one lookup lists each folder once, however many missing names of one check it is asked about', () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 2000; i++) files[`${W}/refs/File${i}.md`] = '';
  const host = new ListingCounter(files);
  const lookup = caseVariants(host);
  for (let i = 0; i < 1000; i++) assert.equal(lookup(`${W}/refs/file${i}.md`, W), `${W}/refs/File${i}.md`);
  assert.equal(host.listings, 1);
});
