#!/usr/bin/env node
// The `recur` command. Recur runs TypeScript natively (Node 22.18+ strips types), so this shim
// only checks the runtime before loading the CLI.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(
    `recur needs Node.js 22.18 or later (this is ${process.versions.node}). ` +
      'Run it through npm (npm start, npx recur), which uses the Node 22 of node_modules/.bin.',
  );
  process.exit(1);
}
await import('../src/cli/main.ts');
