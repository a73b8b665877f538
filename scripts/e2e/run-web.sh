#!/usr/bin/env bash
# The browser build of the language server (dist/web/server.js) in a headless chromium Web Worker,
# driven over postMessage with an in-memory workspace (test/e2e/web/worker.test.ts).
# Prints "N passed, M failed" last; exits non-zero when a test fails.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$HERE/env.sh"
cd "$ROOT"
if [ ! -d "$E2E_PLAYWRIGHT_DIR" ] || [ ! -x "$E2E_CHROMIUM" ]; then
  echo "run-web: playwright-core or chromium is missing; run scripts/e2e/setup.sh first" >&2
  echo "0 passed, 1 failed"
  exit 2
fi
e2e_build "$ROOT" || { echo "0 passed, 1 failed"; exit 1; }
e2e_node_tests web test/e2e/web/worker.test.ts
