/**
 * What a Makefile tells about the names `make NAME` can build, read as GNU make reads it for
 * that question: explicit targets, the names a `.PHONY` line declares (make builds a phony name
 * without a rule and reports nothing to be done), pattern targets (`%` stands for any non-empty
 * text: `build-%` covers `build-web`, `%` covers every name), and the makefiles it includes.
 * Names make computes (`$(…)` in a target or an include) or a `.DEFAULT` rule leave any name
 * possible. Linear in the text: each line is scanned once, without backtracking patterns.
 */

export interface MakefileFacts {
  /** Explicit targets and `.PHONY` names. */
  targets: ReadonlySet<string>;
  /** Pattern targets, as written (`%.o`, `build-%`). */
  patterns: readonly string[];
  /** The files of `include` lines, as written; `optional` for `-include` and `sinclude`. */
  includes: readonly { file: string; optional: boolean }[];
  /** True when any name may be a target: computed names, or a `.DEFAULT` rule. */
  open: boolean;
}

/** The facts of one Makefile's text. */
export function makefileFacts(text: string): MakefileFacts {
  const targets = new Set<string>();
  const patterns: string[] = [];
  const includes: { file: string; optional: boolean }[] = [];
  let open = false;
  let inDefine = false;
  let continued = false;
  for (const raw of text.split(/\r?\n/)) {
    const wasContinued = continued;
    continued = raw.endsWith('\\');
    // A recipe line, or the rest of a line continued with `\`, names no target.
    if (wasContinued || raw.startsWith('\t')) continue;
    const line = raw.trimStart();
    if (inDefine) {
      if (/^endef\b/.test(line)) inDefine = false;
      continue;
    }
    if (line === '' || line.startsWith('#')) continue;
    if (/^(?:override\s+|export\s+)?define\b/.test(line)) {
      inDefine = true;
      continue;
    }
    const inc = /^(-|s)?include\s/.exec(line);
    if (inc) {
      for (const file of words(line.slice(inc[0].length))) {
        if (file.startsWith('#')) break;
        if (/[$*?[]/.test(file)) open = true;
        else includes.push({ file, optional: inc[1] !== undefined });
      }
      continue;
    }
    const names = ruleTargets(line);
    if (!names) continue;
    const colon = line.indexOf(':');
    if (names.includes('.PHONY')) for (const n of words(line.slice(colon + 1).replace(/#.*/, ''))) targets.add(n);
    for (const t of names) {
      if (t.includes('$')) open = true;
      else if (t === '.DEFAULT') open = true;
      else if (t.includes('%')) patterns.push(t);
      else targets.add(t);
    }
  }
  return { targets, patterns, includes, open };
}

/** True when `name` is a target of these facts: listed, `.PHONY`, matched by a pattern, or any name may be. */
export function definesTarget(facts: MakefileFacts, name: string): boolean {
  return facts.open || facts.targets.has(name) || facts.patterns.some((p) => patternMatches(p, name));
}

/** GNU make's `%`: the stem is any non-empty text, between the pattern's prefix and suffix. */
export function patternMatches(pattern: string, name: string): boolean {
  const at = pattern.indexOf('%');
  const prefix = pattern.slice(0, at);
  const suffix = pattern.slice(at + 1);
  return name.length > prefix.length + suffix.length && name.startsWith(prefix) && name.endsWith(suffix);
}

/** The target names before a rule's `:` (`a b: deps`, `a::`), or null when the line is no rule (an assignment, a directive). */
function ruleTargets(line: string): string[] | null {
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '=' || c === '#') return null;
    if (c === ':') {
      colon = i;
      break;
    }
  }
  if (colon <= 0 || line[colon + 1] === '=' || (line[colon + 1] === ':' && line[colon + 2] === '=')) return null;
  const names = words(line.slice(0, colon));
  // Directives and conditionals are not targets (`ifeq (a,b)` has no colon, `else ifeq` may).
  if (!names.length || /^(?:if|else|endif|export|unexport|override|vpath|private)\b/.test(names[0]!)) return null;
  return names;
}

function words(s: string): string[] {
  return s.split(/[ \t]+/).filter((w) => w !== '');
}
