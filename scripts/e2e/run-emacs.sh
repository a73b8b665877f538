#!/usr/bin/env bash
# Emacs (batch) with eglot against the language server over stdio.
# Prints "N passed, M failed" last; exits non-zero when a test fails.
#   AGENT_FILES_E2E_NO_BUILD=1   use the existing dist/ (default: npm run build first)
#   AGENT_FILES_LSP_CMD="..."    another server command line (default: node dist/server.js --stdio)
#   AGENT_FILES_EMACS=PATH       another emacs binary (Emacs 28 with eglot 1.9 or later)
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$HERE/env.sh"
cd "$ROOT"
e2e_lsp_client_suite emacs "${AGENT_FILES_EMACS:-emacs}" test/e2e/emacs/emacs.test.ts
