#!/usr/bin/env bash
# `npm start` smoke test: scripts/start.mjs starts code-server on the examples, the page serves with
# the extension installed, and Ctrl+C stops it. Prints "N passed, M failed" last.
#   AGENT_FILES_E2E_NO_BUILD=1   use the existing dist/ (default: npm run build first)
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$HERE/env.sh"
cd "$ROOT"
if [ ! -x "$E2E_CS_BIN" ] || [ ! -x "$E2E_NODE24/bin/node" ]; then
  echo "run-start: code-server is missing; run scripts/e2e/setup.sh first" >&2
  echo "0 passed, 1 failed"
  exit 2
fi
e2e_build "$ROOT" || { echo "0 passed, 1 failed"; exit 1; }
e2e_node_tests start test/e2e/start/start.test.ts
