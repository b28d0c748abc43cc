# The sign-in portal as a container: the official nginx image, with the brotli modules built for
# its very nginx from nginx's own packaging sources (pkg-oss, as nginx's docker-nginx/modules
# does), serving the build in dist/ with the rules and the page's configuration rendered from the
# environment when the container starts (deploy/docker/entrypoint.sh runs
# deploy/nginx/render-portal.sh, the renderer the end-to-end tests run). README, Production:
#
#   npm ci && npm run build && docker build -t signin-portal .
#   docker run -p 8080:8080 -e PORTAL_CAPTCHA_SITE_KEY=... -e GATEWAY_URL=... (every setting) signin-portal
#
# The image is pinned by tag: this file was written where no registry answers, so the digest could
# not be read. Pin it too (nginx:1.30.0-alpine@sha256:...) once the image is pulled.
ARG NGINX_IMAGE=nginx:1.30.0-alpine

FROM ${NGINX_IMAGE} AS brotli
SHELL ["/bin/ash", "-exo", "pipefail", "-c"]
RUN apk add --no-cache linux-headers openssl-dev pcre2-dev zlib-dev openssl abuild musl-dev libxslt libxml2-utils make gcc git xz \
        g++ coreutils curl \
    # abuild refuses root unless told
    && printf '#!/bin/sh\nSETFATTR=true /usr/bin/abuild -F "$@"\n' > /usr/local/bin/abuild \
    && chmod +x /usr/local/bin/abuild \
    && git clone --depth 1 -b "${NGINX_VERSION}-${PKG_RELEASE}" https://github.com/nginx/pkg-oss/ /pkg-oss \
    && cd /pkg-oss/alpine \
    && make abuild-module-brotli BASE_VERSION="${NGINX_VERSION}" NGINX_VERSION="${NGINX_VERSION}" \
    && apk add --no-cache $(. ./abuild-module-brotli/APKBUILD; echo $makedepends) \
    && make module-brotli BASE_VERSION="${NGINX_VERSION}" NGINX_VERSION="${NGINX_VERSION}" \
    && mkdir /tmp/packages \
    && find ~/packages -type f -name 'nginx-module-brotli-*.apk' -exec mv -v {} /tmp/packages/ \;

FROM ${NGINX_IMAGE}
RUN --mount=type=bind,target=/tmp/packages/,source=/tmp/packages/,from=brotli \
    apk add --no-cache --allow-untrusted /tmp/packages/nginx-module-brotli-"${NGINX_VERSION}"*.apk \
    # the image's default site: this image serves the portal only
    && rm -f /etc/nginx/conf.d/default.conf

COPY deploy/docker/nginx.conf /etc/nginx/nginx.conf
COPY deploy/nginx/render-portal.sh deploy/nginx/portal-server.conf.template /usr/local/share/portal/
COPY deploy/docker/entrypoint.sh /usr/local/bin/portal-entrypoint.sh
COPY dist/ /srv/portal/dist/

# Where the build is; every other setting comes from the environment at start (README).
ENV PORTAL_ROOT=/srv/portal/dist
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/portal-entrypoint.sh"]
CMD ["nginx", "-g", "daemon off;"]
