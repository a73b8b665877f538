/**
 * Credentials written into an MCP server's entry: tokens whose shape names their issuer
 * (`sbp_` and 40 hex digits is a Supabase access token, `ghp_` and 36 letters and digits a GitHub
 * one). Only such prefixed shapes are matched, each with its exact length or alphabet, so a
 * placeholder (`ghp_your_token_here`, `sk-...`) is no token; a run of one character (`xxxx…`) is
 * none either.
 */

/** A token's issuer and its shape. */
const TOKENS: readonly [string, RegExp][] = [
  ['a GitHub token', /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}\b/g],
  ['a GitHub token', /\bgithub_pat_[A-Za-z0-9_]{60,255}\b/g],
  ['a GitLab token', /\bglpat-[A-Za-z0-9_-]{20}\b/g],
  ['a Supabase access token', /\bsbp_[a-f0-9]{40}\b/g],
  ['an Anthropic API key', /\bsk-ant-[A-Za-z0-9_-]{40,255}/g],
  ['an OpenAI API key', /\bsk-(?!ant-)(?:proj-)?[A-Za-z0-9_-]{40,255}/g],
  ['a Slack token', /\bxox[abposr]-[A-Za-z0-9-]{20,255}/g],
  ['an AWS access key', /\bAKIA[0-9A-Z]{16}\b/g],
  ['a Google API key', /\bAIza[0-9A-Za-z_-]{35}\b/g],
  ['a Stripe live key', /\b[sr]k_live_[0-9A-Za-z]{24,255}\b/g],
  ['a Linear API key', /\blin_api_[A-Za-z0-9]{40}\b/g],
];

export interface FoundSecret {
  /** Who issues it, with its article: `a Supabase access token`. */
  what: string;
  token: string;
  index: number;
}

/** Whether most of a token's characters after its prefix are one character (`sk-xxxxxxxx…`): a placeholder. */
function isFiller(token: string): boolean {
  const body = token.slice(token.search(/[-_][^-_]*$/) + 1) || token;
  const counts = new Map<string, number>();
  for (const c of body) counts.set(c, (counts.get(c) ?? 0) + 1);
  return Math.max(...counts.values()) * 2 > body.length;
}

/** The tokens a string value holds, in order (a value may hold one inside a longer argument: `--access-token=sbp_…`). */
export function secretsIn(value: string): FoundSecret[] {
  const out: FoundSecret[] = [];
  for (const [what, re] of TOKENS) {
    for (const m of value.matchAll(re)) if (!isFiller(m[0])) out.push({ what, token: m[0], index: m.index! });
  }
  return out.sort((a, b) => a.index - b.index);
}
