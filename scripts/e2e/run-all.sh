#!/usr/bin/env bash
# All real-editor end-to-end suites: VS Code (code-server extension host), Neovim, Emacs, the browser
# build of the server in a chromium Web Worker (web), and the UI suite (the packaged .vsix in
# code-server's workbench, desktop and browser-only, driven in headless chromium).
# Builds once, runs every suite even when one fails, prints each suite's "N passed, M failed"
# and the total last; exits non-zero when any suite failed. Run setup.sh once before.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$HERE/env.sh"
SECONDS=0
e2e_build "$ROOT" || { echo "run-all: npm run build failed"; echo "0 passed, 1 failed"; exit 1; }
export AGENT_FILES_E2E_NO_BUILD=1
total_pass=0 total_fail=0 status=0 lines=()
# ui runs last: packaging rebuilds dist/ for production before run-ui.sh restores the development build
for suite in vscode nvim emacs web start ui; do
  out=$(mktemp)
  "$HERE/run-$suite.sh" 2>&1 | tee "$out"
  rc=${PIPESTATUS[0]}
  summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$out" | tail -1)
  rm -f "$out"
  p=$(echo "${summary:-0 passed, 1 failed}" | cut -d' ' -f1)
  f=$(echo "${summary:-0 passed, 1 failed}" | cut -d' ' -f3)
  total_pass=$((total_pass + p)) total_fail=$((total_fail + f))
  lines+=("$suite: ${summary:-no result} (exit $rc)")
  [ "$rc" = 0 ] || status=1
done
echo "== e2e summary (${SECONDS}s)"
printf '  %s\n' "${lines[@]}"
echo "$total_pass passed, $total_fail failed"
exit $status
