#!/usr/bin/env bash
# The system packages the test suite needs besides Python: a Chromium for the browser tests of
# the web table (driven by Playwright, which never downloads a browser of its own) and the
# cairo library behind cairosvg's PNG pictures. Installs only what is missing, with apt-get
# (Debian/Ubuntu); elsewhere it names the packages to install. Part of the README's test
# command and of .ci/run.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || [ -n "${RULESDSL_CHROMIUM:-}" ] || need+=(chromium)
{ ldconfig -p 2>/dev/null || /sbin/ldconfig -p 2>/dev/null || true; } | grep -q 'libcairo\.so\.2' || need+=(libcairo2)
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install these system packages, then run again: ${need[*]}" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "root is needed to install: ${need[*]} (apt-get install ${need[*]})" >&2; exit 1; }
  sudo="sudo"
fi
echo "installing system packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q "${need[@]}"
