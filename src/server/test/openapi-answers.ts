import Ajv2020 from 'ajv/dist/2020.js';
import { OPENAPI_PATH } from '../plugins/openapi.ts';
import type { TestApp } from './test-app.ts';

/**
 * Checks a real answer against what the served OpenAPI document says of it (tests only): the
 * operation's schema for that status, compiled with the document's components beside it, so the
 * shared components it references are checked too. Answers the list of problems (empty: it matches).
 */
export type AnswerCheck = (method: string, template: string, status: number, body: unknown) => unknown[];

interface DescribedOperation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}

export async function openApiAnswerCheck(t: TestApp): Promise<AnswerCheck> {
  const served = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
  const document = served.json<{ paths: Record<string, Record<string, DescribedOperation>>; components: object }>();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  return (method, template, status, body) => {
    const schema = document.paths[template]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.['application/json']?.schema;
    if (!schema) return [`${method} ${template} documents no ${status} answer`];
    const validate = ajv.compile({ ...schema, components: document.components });
    return validate(body) ? [] : (validate.errors ?? []);
  };
}
