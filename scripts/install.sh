#!/usr/bin/env bash
# Install everything pnp needs: the system libraries WeasyPrint loads, then a virtualenv with pnp and its test tools.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
has_lib() { ldconfig -p 2>/dev/null | grep -q "$1"; }
has_lib 'libpango-1.0.so.0' || need+=(libpango-1.0-0)
has_lib 'libpangoft2-1.0.so.0' || need+=(libpangoft2-1.0-0)
# HarfBuzz-Subset makes WeasyPrint's font subsetting fast and warning-free.
has_lib 'libharfbuzz-subset.so.0' || need+=(libharfbuzz-subset0)
# GNU msgfmt checks the catalogs as translators' tools will (`msgfmt -c` in the tests).
command -v msgfmt >/dev/null || need+=(gettext)
# The preview's end-to-end test drives a real headless Chromium (Selenium, through the system's chromedriver).
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromedriver ] || need+=(chromium-driver)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "installing system libraries: ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "missing system libraries: ${need[*]} (install them with your package manager, as root)" >&2
    exit 1
  fi
fi

python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'
echo "installed: .venv/bin/pnp"
