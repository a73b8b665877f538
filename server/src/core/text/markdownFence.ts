/** Markdown code blocks that the content cannot close: the fence is longer than any backquote run in it. */

/** `content` in a fenced code block of `language`, safe whatever the content holds. */
export function fenced(content: string, language = ''): string {
  let longest = 0;
  for (const run of content.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${content}\n${fence}`;
}
