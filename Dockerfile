FROM node:22-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY bin ./bin
COPY config ./config
COPY src ./src
ENV NODE_ENV=production
USER node
EXPOSE 8443 8444 9464
ENTRYPOINT ["node", "bin/recur.js"]
CMD ["start"]
