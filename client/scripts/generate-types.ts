import { writeFile } from 'node:fs/promises';
import { GENERATED_TYPES, renderClientTypes } from './client-types.ts';

// `npm run client:generate`: regenerates the client's types after an endpoint changes.
await writeFile(GENERATED_TYPES, await renderClientTypes());
console.log(`wrote ${GENERATED_TYPES}`);
