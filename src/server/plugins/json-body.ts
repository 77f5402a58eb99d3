import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Fastify's JSON parser (prototype-poisoning checks included) with one change: an empty body is
 * no body, whether or not it is labelled `application/json` (RFC 9110 lets a POST carry no
 * content; ADR 205). Routes then see `undefined` exactly as for a POST without a content type.
 */
async function jsonBodyPlugin(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const textBody = typeof body === 'string' ? body : body.toString('utf8');
    if (textBody.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, textBody, done);
  });
}

export const jsonBody = fp(jsonBodyPlugin, { name: 'json-body' });
