#!/usr/bin/env node
/**
 * `npx cifer-mcp`: runs scripts/cifer-mcp.ts through tsx with this repository's tsconfig (its
 * import aliases), whatever folder the assistant starts it from.
 */
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('./cifer-mcp.ts');
