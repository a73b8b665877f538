// The Problems panel's filter in the UI suite, and the one way VS Code's Problems view goes wrong under it.

/** Sets the Problems panel's filter (the panel is open; a glob keeps one file's problems, '' shows all). */
export async function filterProblems(page, text) {
  await page.locator('.panel input[placeholder^="Filter"]').first().fill(text);
}

/**
 * A check to run on each look at the filtered panel's rows (`{ text, level }`): when it lists a
 * file row that `own` does not accept, the filter is set again, at most every 2 s. VS Code's
 * Problems view can go on drawing rows its filter does not match when other files' markers
 * change while it is filtered, here the workspace diagnostics of files that are not open:
 * another file's rows under the filter, or another file's name on the filtered file's row. The
 * server's reports were right in each case seen (the file row named `pm.md` above `agent.3md`'s
 * two problems; the file filtered before, for 20 s); setting the filter again draws the right rows.
 */
export function refilterOnForeignRows(page, text, own) {
  let last = Date.now();
  return async (rows) => {
    if (!rows.some((x) => x.level === 1 && !own(x.text)) || Date.now() - last < 2000) return;
    last = Date.now();
    await filterProblems(page, '');
    await filterProblems(page, text);
  };
}
