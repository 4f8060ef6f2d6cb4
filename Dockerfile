# The admission webhook's image, built from the npm package (the same tarball users install):
#
#   npm ci && npm pack                      # builds the bundles, writes platlint-0.1.0.tgz
#   docker build -t registry.example/platlint:0.1.0 .
#
# The package has no runtime dependencies, so the install needs no registry. The image runs as
# user 65532 and writes nothing (a read-only root filesystem suits it); it needs no /tmp either.
# test/package/image.test.ts builds this file system the way this file does and starts `serve`
# from a read-only copy of it.
FROM node:20-slim
ARG PACKAGE=platlint-0.1.0.tgz
COPY ${PACKAGE} /tmp/platlint.tgz
RUN npm install --global --offline --no-audit --no-fund /tmp/platlint.tgz && rm -rf /tmp/platlint.tgz /root/.npm
USER 65532:65532
ENV NODE_ENV=production
EXPOSE 8443
ENTRYPOINT ["platlint"]
# The flags of deploy/deployment.yaml, whose mounts provide these paths.
CMD ["serve", "--state=/etc/platlint/state", "--tls-cert-file=/etc/platlint/tls/tls.crt", "--tls-private-key-file=/etc/platlint/tls/tls.key", "--address=0.0.0.0", "--port=8443"]
