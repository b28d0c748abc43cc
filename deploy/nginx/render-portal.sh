#!/bin/sh
# Renders the portal's server rules, portal-server.conf.template beside this script, into
# OUTPUT_DIR/portal-server.conf, with the deployment's settings from the environment
# (openapi/portal-config.schema.json describes each). The container runs it at start
# (deploy/docker/entrypoint.sh) and scripts/nginx.mjs runs it for the end-to-end tests, the size
# check, Lighthouse and `npm run serve`: what is tested is what ships.
#
#   PORTAL_ROOT=/srv/portal/dist GATEWAY_URL=https://gateway.internal ... render-portal.sh OUTPUT_DIR
#
# It refuses what would break the file: a setting that is missing (or empty, but for the path
# prefix), a character outside an address's plain ones, a number that is not a whole number.
# What a value must be beyond that (an origin, an https address, a site key's shape) is the
# schema's, checked by scripts/nginx.mjs with zod before it runs this, and by the portal in the
# browser, which names the bad key on its error page.
set -eu

out=${1:?usage: render-portal.sh OUTPUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)

# The settings the template names, in the order of the schema.
SETTINGS='PORTAL_ROOT PORTAL_CAPTCHA_SITE_KEY PORTAL_ENV_PATH_PREFIX PORTAL_IDLE_SECONDS PORTAL_API_TIMEOUT_MS PORTAL_HELP_CENTER_URL PORTAL_PARTNERS_PAGE_URL PORTAL_SURVEY_URL GATEWAY_URL DASHBOARD_URL PORTAL_CSP_REPORT_URL'
# Written into the page as JSON numbers.
NUMBERS='PORTAL_IDLE_SECONDS PORTAL_API_TIMEOUT_MS'
# The spec's values when unset (x-env-default in the schema; a test holds them equal).
export PORTAL_IDLE_SECONDS="${PORTAL_IDLE_SECONDS-1770}"
export PORTAL_API_TIMEOUT_MS="${PORTAL_API_TIMEOUT_MS-30000}"

fail() {
  echo "render-portal.sh: $*" >&2
  exit 1
}

# The characters of an address that need no quoting in nginx's strings, in JSON or in HTML.
unplain='*[!A-Za-z0-9._~!*+,;=:@%/?&-]*'
for name in $SETTINGS; do
  value=$(printenv "$name") || fail "$name is not set"
  if [ -z "$value" ] && [ "$name" != PORTAL_ENV_PATH_PREFIX ]; then
    fail "$name is empty"
  fi
  # shellcheck disable=SC2254 # the pattern is meant to be one
  case $value in
    $unplain) fail "$name holds a character other than letters, digits and . _ ~ ! * + , ; = : @ % / ? & -" ;;
  esac
done
for name in $NUMBERS; do
  case $(printenv "$name") in
    '' | *[!0-9]*) fail "$name must be a whole number" ;;
  esac
done

variables=$(for name in $SETTINGS; do printf '${%s} ' "$name"; done)
mkdir -p "$out"
envsubst "$variables" <"$here/portal-server.conf.template" >"$out/portal-server.conf.tmp"
mv "$out/portal-server.conf.tmp" "$out/portal-server.conf"
