/** Problems as the Problems panel lists them for a file: every source (ours and VS Code's own checks). */
import * as vscode from 'vscode';

export interface Problems {
  errors: number;
  warnings: number;
  information: number;
}

export function problemsOf(uri: string | vscode.Uri): Problems {
  const out: Problems = { errors: 0, warnings: 0, information: 0 };
  for (const d of vscode.languages.getDiagnostics(typeof uri === 'string' ? vscode.Uri.parse(uri) : uri)) add(out, d.severity);
  return out;
}

function add(p: Problems, s: vscode.DiagnosticSeverity): void {
  if (s === vscode.DiagnosticSeverity.Error) p.errors++;
  else if (s === vscode.DiagnosticSeverity.Warning) p.warnings++;
  // Hints are not listed in the Problems panel.
  else if (s === vscode.DiagnosticSeverity.Information) p.information++;
}

export function sumProblems(list: Iterable<Problems>): Problems {
  const out: Problems = { errors: 0, warnings: 0, information: 0 };
  for (const p of list) {
    out.errors += p.errors;
    out.warnings += p.warnings;
    out.information += p.information;
  }
  return out;
}

export const totalOf = (p: Problems): number => p.errors + p.warnings + p.information;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "1 error, 2 warnings, 1 information"; "no problems". */
export function describeProblems(p: Problems): string {
  const parts = [p.errors ? plural(p.errors, 'error') : '', p.warnings ? plural(p.warnings, 'warning') : '', p.information ? `${p.information} information` : ''].filter(Boolean);
  return parts.length ? parts.join(', ') : 'no problems';
}

/** "2 problems", "" when there is none. */
export function problemsLabel(p: Problems): string {
  const n = totalOf(p);
  return n ? plural(n, 'problem') : '';
}

/** Every problem the Problems panel lists on the files `ours` accepts. */
export function workspaceProblems(ours: (uri: vscode.Uri) => boolean): Problems {
  const out: Problems = { errors: 0, warnings: 0, information: 0 };
  for (const [uri, ds] of vscode.languages.getDiagnostics()) {
    if (!ours(uri)) continue;
    for (const d of ds) add(out, d.severity);
  }
  return out;
}
