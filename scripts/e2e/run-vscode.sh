#!/usr/bin/env bash
# Extension-host integration tests in a real VS Code (code-server's node extension host, driven
# through headless chromium), launched through @vscode/test-electron's runTests.
# Prints "N passed, M failed" last; exits non-zero when a test fails.
#   AGENT_FILES_E2E_NO_BUILD=1     do not run `npm run build` first (use the existing dist/)
#   AGENT_FILES_E2E_EXTENSION=DIR  test another extension folder instead of the repository
#   AGENT_FILES_E2E_GREP=TEXT      run only tests whose title contains TEXT
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$HERE/env.sh"
SECONDS=0

e2e_require_code_server run-vscode
cd "$ROOT"
if [ -z "${AGENT_FILES_E2E_EXTENSION:-}" ] && [ "${AGENT_FILES_E2E_NO_BUILD:-0}" != 1 ]; then
  npm run -s build || { echo "run-vscode: npm run build failed"; echo "0 passed, 1 failed"; exit 1; }
fi
ext=${AGENT_FILES_E2E_EXTENSION:-$ROOT}
for f in dist/client.js dist/server.js; do
  [ -f "$ext/$f" ] || echo "run-vscode: warning: $ext/$f does not exist; the extension cannot activate" >&2
done
node "$HERE/build-e2e.mjs" || { echo "0 passed, 1 failed"; exit 1; }

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# The extension host runs on the cached Node 24 (test-electron 2.5 itself runs on Node 20 too).
"$E2E_NODE24/bin/node" dist/e2e/vscode/runTest.js 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}

result=$(grep -o 'E2E-RESULT {.*}' "$log" | tail -1 | sed 's/^E2E-RESULT //')
if [ -n "$result" ]; then
  summary=$(node -e '
    const r = JSON.parse(process.argv[1]);
    if (r.failedFeatures.length) console.log(`(${r.failedFeatures.length} failing test(s) are tagged @feature: ${r.failedFeatures.join("; ")})`);
    console.log(`${r.passed} passed, ${r.failed} failed`);' "$result")
else
  summary="0 passed, 1 failed"
  echo "run-vscode: the suite did not report a result (exit code $rc)"
fi
echo "vscode e2e: ${SECONDS}s"
echo "$summary"
[ "$rc" = 0 ] && [ -n "$result" ] || exit "$(( rc == 0 ? 1 : rc ))"
