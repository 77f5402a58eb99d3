import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ApiClient } from './api-client.ts';
import { METHODOLOGY_URI, methodologyMarkdown } from './methodology.ts';
import { registerOverviewTools } from './overview-tools.ts';
import { registerResultTools } from './result-tools.ts';
import { registerWriteTools } from './write-tools.ts';

/** What the server says about itself to an assistant when it connects. */
const INSTRUCTIONS = [
  "CIFER estimates an organisation's cyber risk in dollars a year from a questionnaire of security answers.",
  'Start with list_assessments; pass its ids to get_result, explain_factor, what_if and compare_assessments.',
  'Quote figures from the JSON blocks; read cifer://methodology before explaining how a figure is made.',
  'Every call acts in the organisation of the API token; the write tools need its write scope.',
].join(' ');

/** The MCP server for one caller: the tools and the resource, each speaking to CIFER through `client` (ADR 230). */
export function createCiferMcpServer(client: ApiClient): McpServer {
  const server = new McpServer({ name: 'cifer', title: 'CIFER cyber risk', version: '1.0.0' }, { instructions: INSTRUCTIONS });
  registerOverviewTools(server, client);
  registerResultTools(server, client);
  registerWriteTools(server, client);
  server.registerResource(
    'methodology',
    METHODOLOGY_URI,
    { title: 'How CIFER estimates cyber risk', description: 'The methodology: how the figures are made, what they mean, the calibration sources, the limits and the current factors.', mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: await methodologyMarkdown() }] }),
  );
  return server;
}
