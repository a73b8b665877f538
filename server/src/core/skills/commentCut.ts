/** `skill-yaml-comment-in-value`: a frontmatter value a YAML comment cuts short (text/yamlCommentCut.ts). */
import type { YamlFrontmatter } from '../text/yamlFrontmatter';
import { commentCutMessage, commentCuts } from '../text/yamlCommentCut';
import type { Finding } from './rules';
import { diag } from './specFields';

/** One finding on each whole value a ` #` cuts short (the quick fix quotes it). */
export function checkCommentCuts(fm: YamlFrontmatter, out: Finding[]): void {
  for (const cut of commentCuts(fm)) out.push(diag('skill-yaml-comment-in-value', 'warning', commentCutMessage(cut, 'every YAML reader takes'), cut.range, { key: cut.key }));
}
