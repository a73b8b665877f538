#!/usr/bin/env bash
# Neovim's built-in LSP client, headless, against the language server over stdio.
# Prints "N passed, M failed" last; exits non-zero when a test fails.
#   AGENT_FILES_E2E_NO_BUILD=1   use the existing dist/ (default: npm run build first)
#   AGENT_FILES_LSP_CMD="..."    another server command line (default: node dist/server.js --stdio)
#   AGENT_FILES_NVIM=PATH        another nvim binary (Neovim 0.7 or later)
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$HERE/env.sh"
cd "$ROOT"
if ! command -v "${AGENT_FILES_NVIM:-nvim}" >/dev/null; then
  echo "run-nvim: nvim not found; run scripts/e2e/setup.sh first" >&2
  echo "0 passed, 1 failed"; exit 2
fi
[ -n "${AGENT_FILES_LSP_CMD:-}" ] || e2e_build "$ROOT" || { echo "0 passed, 1 failed"; exit 1; }
e2e_node_tests nvim test/e2e/nvim/nvim.test.ts
