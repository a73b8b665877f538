/**
 * A Copilot `.instructions.md` file straight in `.github/` rather than in `.github/instructions/`.
 * GitHub Copilot reads path-specific instruction files only in `.github/instructions/` and the
 * folders below it (GitHub's custom-instructions documentation, for the coding agent, code review
 * and the CLI; VS Code's default `chat.instructionsFilesLocations`, clients.md §2), so such a file
 * is never applied, whatever its `applyTo` says (held-out round 58: 80 of them in one monorepo,
 * whose AGENTS.md told agents to add more there). VS Code reads the folder when a workspace
 * folder's `.vscode/settings.json` switches it on in `chat.instructionsFilesLocations`; the file is
 * then left as it is. The file's other findings are advice: no client reads it.
 */
import type { IWorkspaceHost } from '../workspace/host';
import type { Diagnostic } from '../types';
import { asAdvice } from '../analysis/advice';
import { locationsIn } from '../skills/vscodeLocations';

const SETTING = 'chat.instructionsFilesLocations';

const NOTE = '(No client reads this file where it is: Copilot reads .instructions.md files in .github/instructions/ only.)';

/** The findings of a `.instructions.md` file straight in a `.github/` folder: where it is, first, and its others as advice. */
export function copilotLocationFindings(uri: string, firstLine: string, findings: readonly Diagnostic[], host: IWorkspaceHost, roots: readonly string[] | undefined): Diagnostic[] {
  if (vsCodeReadsFolder(uri, host, roots)) return [...findings];
  const name = uri.slice(uri.lastIndexOf('/') + 1);
  const misplaced: Diagnostic = {
    code: 'instructions-copilot-misplaced',
    severity: 'warning',
    message: `Copilot never applies ${name}: it reads .instructions.md files only in .github/instructions/ and the folders below it (VS Code, the coding agent, code review and the CLI), not straight in .github/; move it to .github/instructions/${name}`,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: firstLine.length } },
  };
  return [misplaced, ...asAdvice(findings, NOTE)];
}

/** Whether the settings of the workspace folder holding `uri` switch its folder on as a VS Code instructions folder. */
function vsCodeReadsFolder(uri: string, host: IWorkspaceHost, roots: readonly string[] | undefined): boolean {
  const folder = uri.slice(0, uri.lastIndexOf('/'));
  return (roots ?? []).some((r) => {
    const root = r.replace(/\/+$/, '');
    if (!folder.startsWith(`${root}/`)) return false;
    const text = host.readText(`${root}/.vscode/settings.json`);
    return text !== undefined && locationsIn(text, SETTING).includes(folder.slice(root.length + 1));
  });
}
