#!/usr/bin/env bash
# UI tests: what a person sees. Builds the .vsix with `npm run package`, installs it into a fresh
# code-server and drives the workbench in headless chromium (test/e2e/ui/ui-tests.mjs).
# Prints "N passed, M failed" last; exits non-zero when a test fails.
#   AGENT_FILES_E2E_VSIX=FILE          test this .vsix instead of packaging the repository
#   AGENT_FILES_E2E_SCREENSHOTS=DIR    where the screenshots go (default: $E2E_HOME/screenshots;
#                                      docs/images to refresh the README's pictures)
#   AGENT_FILES_E2E_DEADLINE_MS        how long a step waits for the workbench (default 20000)
# Packaging runs vscode:prepublish, which rebuilds dist/ for production; afterwards dist/ is put
# back to the development build (`node esbuild.mjs`) that the other suites and tests use.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$HERE/env.sh"
SECONDS=0

e2e_require_code_server run-ui
cd "$ROOT"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -n "${AGENT_FILES_E2E_VSIX:-}" ]; then
  vsix=$(cd "$(dirname "$AGENT_FILES_E2E_VSIX")" && pwd)/$(basename "$AGENT_FILES_E2E_VSIX")
else
  vsix=$work/agent-files.vsix
  npm run -s package >"$work/package.log" 2>&1
  rc=$?
  node esbuild.mjs || echo "run-ui: warning: could not restore the development build of dist/" >&2
  if [ "$rc" != 0 ] || [ ! -f agent-files.vsix ]; then
    tail -30 "$work/package.log"
    echo "run-ui: npm run package failed (exit $rc)"
    echo "0 passed, 1 failed"
    exit 1
  fi
  mv agent-files.vsix "$vsix"
  echo "npm run package: $(grep -o 'Packaged: .*' "$work/package.log") (${SECONDS}s)"
fi

shots=${AGENT_FILES_E2E_SCREENSHOTS:-$E2E_HOME/screenshots}
"$E2E_NODE24/bin/node" test/e2e/ui/ui-tests.mjs "$vsix" test/fixtures/e2e-workspace "$shots" 2>&1 | tee "$work/ui.log"
rc=${PIPESTATUS[0]}
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$work/ui.log" | tail -1)
echo "ui e2e, packaging included: ${SECONDS}s"
echo "${summary:-0 passed, 1 failed}"
[ -n "$summary" ] || exit 1
exit "$rc"
