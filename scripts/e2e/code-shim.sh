#!/usr/bin/env bash
# A stand-in "VS Code executable" for @vscode/test-electron's runTests({ vscodeExecutablePath }).
# test-electron calls it like the desktop CLI; we keep --extensionDevelopmentPath,
# --extensionTestsPath and the folder, drop the desktop-only flags, and run the suite in
# code-server through code-server-tests.mjs. Its exit code is the suite's.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/env.sh"
dev= tests= folder=
for a in "$@"; do
  case "$a" in
    --extensionDevelopmentPath=*) dev=${a#*=} ;;
    --extensionTestsPath=*) tests=${a#*=} ;;
    --*) ;;
    *) folder=$a ;;
  esac
done
if [ -z "$dev" ] || [ -z "$tests" ] || [ -z "$folder" ]; then
  echo "code-shim: need --extensionDevelopmentPath=, --extensionTestsPath= and a folder" >&2
  exit 2
fi
exec "$E2E_NODE24/bin/node" "$HERE/code-server-tests.mjs" "$dev" "$tests" "$folder"
