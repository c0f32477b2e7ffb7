#!/bin/sh
set -e
if [ -d /etc/nginx/templates ]; then
  defined=$(env | cut -d= -f1 | grep -E "${NGINX_ENVSUBST_FILTER:-.}" | sed 's/^/${/; s/$/}/' | tr '\n' ' ')
  for t in /etc/nginx/templates/*.template; do
    [ -f "$t" ] || continue
    envsubst "$defined" < "$t" > "/etc/nginx/conf.d/$(basename "$t" .template)"
  done
fi
exec "$@"
