FROM node:22-slim
WORKDIR /app
COPY package.json package-lock.json ./
# The typed client is a workspace of the repository: npm ci needs its manifest, not its code.
COPY client/package.json ./client/
RUN npm ci --omit=dev --no-audit --no-fund
COPY bin ./bin
COPY config ./config
COPY src ./src
COPY workers ./workers
# The billing console, built here (its sources arrive after npm ci, which skips the build without them).
COPY client/src ./client/src
COPY console ./console
RUN node console/build.ts
ENV NODE_ENV=production
# Dev secrets and the self-signed certificate (outside production) live in DATA_DIR.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8443 8444 9464
ENTRYPOINT ["node", "bin/recur.js"]
CMD ["start"]
