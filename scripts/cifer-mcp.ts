/**
 * The CIFER MCP server over stdio, for assistants that start a local process (docs/mcp.md):
 *
 *   CIFER_URL=https://cifer.example.com CIFER_TOKEN=cifer_pat_... npm run mcp
 *   (or `npx cifer-mcp` in this repository; CIFER_ORGANIZATION=<uuid> to act in another organisation)
 *
 * Stdout is the protocol channel, so every message of this script goes to stderr.
 */
import { runStdioServer, StdioConfigError } from '../src/server/features/mcp/stdio.ts';

try {
  await runStdioServer(process.env);
} catch (error) {
  process.stderr.write(`${error instanceof StdioConfigError ? error.message : `cifer-mcp stopped: ${String(error)}`}\n`);
  process.exit(2);
}
