#!/usr/bin/env bash
# Formats every file Prettier checks (`npm run lint`), in place. Run it once on a clean tree and
# commit the result on its own ("format: prettier"), so the formatting change stays out of
# every other diff.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "$(git status --porcelain)" ]; then
  echo "format-all: the work tree has changes; commit or stash them first" >&2
  exit 1
fi
npx prettier --write . >/dev/null
git status --short | wc -l | xargs -I{} echo "format-all: {} file(s) reformatted"
