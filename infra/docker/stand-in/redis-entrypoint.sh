#!/bin/sh
set -e
if [ "$1" = "redis-server" ]; then
  shift
  chown -R redis:redis /data
  exec su redis -s /bin/sh -c 'exec redis-server --protected-mode no --dir /data "$@"' -- "$@"
fi
exec "$@"
