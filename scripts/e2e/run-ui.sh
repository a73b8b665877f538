#!/usr/bin/env bash
# UI tests: what a person sees. Builds the .vsix with `npm run package`, installs it into a fresh
# code-server and drives the workbench in headless chromium (test/e2e/ui/ui-tests.mjs); then the
# same with a browser-only copy of the .vsix, which code-server runs in its web worker extension host.
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
# The same checks twice: the .vsix as desktop VS Code runs it (Node extension host), then a
# browser-only copy of it (no `main`) that code-server runs in its web worker extension host.
web_vsix=$work/agent-files-web.vsix
node scripts/e2e/web-vsix.mjs "$vsix" "$web_vsix" || echo "run-ui: the browser-only copy of the .vsix could not be made" >&2
pass=0 fail=0 rc=0
for mode in desktop web; do
  if [ "$mode" = web ]; then args=("$web_vsix" test/fixtures/e2e-workspace "$shots" --web); else args=("$vsix" test/fixtures/e2e-workspace "$shots"); fi
  "$E2E_NODE24/bin/node" test/e2e/ui/ui-tests.mjs "${args[@]}" 2>&1 | tee "$work/ui-$mode.log"
  [ "${PIPESTATUS[0]}" = 0 ] || rc=1
  summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$work/ui-$mode.log" | tail -1)
  [ -n "$summary" ] || { summary="0 passed, 1 failed"; rc=1; }
  pass=$((pass + $(echo "$summary" | cut -d' ' -f1))) fail=$((fail + $(echo "$summary" | cut -d' ' -f3)))
done
echo "ui e2e (desktop and web), packaging included: ${SECONDS}s"
echo "$pass passed, $fail failed"
exit "$rc"
