# Stand-in for nginx:1.27-alpine: Debian's nginx (1.22 on bookworm) with the
# official image's template rendering (/etc/nginx/templates/*.template →
# /etc/nginx/conf.d/*.conf through envsubst, only the variables matching
# NGINX_ENVSUBST_FILTER) and wget for health checks.
FROM latchkey-stand-in/debian:bookworm
LABEL org.latchkey.stand-in="1" org.latchkey.stand-in.from="Debian's nginx 1.22"
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends nginx gettext-base wget >/dev/null && rm -rf /var/lib/apt/lists/* \
  && rm -f /etc/nginx/sites-enabled/default \
  && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
COPY nginx-entrypoint.sh /docker-entrypoint.sh
EXPOSE 80
STOPSIGNAL SIGQUIT
ENTRYPOINT ["/docker-entrypoint.sh"]
CMD ["nginx", "-g", "daemon off;"]
