import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerAdministrationTools } from './administration-tools.ts';
import type { ApiClient } from './api-client.ts';
import { registerEvidenceTools } from './evidence-tools.ts';
import { registerIntegrationTools } from './integration-tools.ts';
import { METHODOLOGY_URI, methodologyMarkdown } from './methodology.ts';
import { registerOverviewTools } from './overview-tools.ts';
import { registerResultTools } from './result-tools.ts';
import { registerWriteTools } from './write-tools.ts';

/** What the server says about itself to an assistant when it connects. */
const INSTRUCTIONS = [
  "CIFER estimates an organisation's cyber risk in dollars a year from a questionnaire of security answers.",
  'Start with list_assessments; pass its ids to get_result, explain_factor, what_if and compare_assessments.',
  'Quote figures from the JSON blocks; read cifer://methodology before explaining how a figure is made.',
  'get_evidence shows the compliance frameworks and evidence notes of an assessment; record_evidence changes them on a draft.',
  "An owner's token also reads the members, the audit log, the webhooks and the SSO settings, invites people and takes invitations back.",
  'Every call acts in the organisation of the API token; the write tools need its write scope.',
].join(' ');

/** The MCP server for one caller: the tools and the resource, each speaking to CIFER through `client` (ADR 230). */
export function createCiferMcpServer(client: ApiClient): McpServer {
  const server = new McpServer({ name: 'cifer', title: 'CIFER cyber risk', version: '1.0.0' }, { instructions: INSTRUCTIONS });
  registerOverviewTools(server, client);
  registerResultTools(server, client);
  registerWriteTools(server, client);
  registerEvidenceTools(server, client);
  registerAdministrationTools(server, client);
  registerIntegrationTools(server, client);
  server.registerResource(
    'methodology',
    METHODOLOGY_URI,
    { title: 'How CIFER estimates cyber risk', description: 'The methodology: how the figures are made, what they mean, the calibration sources, the limits and the current factors.', mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: await methodologyMarkdown() }] }),
  );
  return server;
}
