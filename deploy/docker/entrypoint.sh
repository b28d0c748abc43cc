#!/bin/sh
# The container's start (Dockerfile): the portal's server rules and the page's configuration from
# the environment, rendered by deploy/nginx/render-portal.sh (the renderer the end-to-end tests
# run), then the command, nginx. A missing or broken setting stops the container here, named in
# its log: nginx never starts half-configured.
set -eu
/usr/local/share/portal/render-portal.sh /etc/nginx/portal
exec "$@"
