import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, test } from 'vitest';
import { censorSecrets, LOG_SERIALIZERS } from './log-serializers.ts';

function logThrough(object: Record<string, unknown>) {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  pino({ serializers: LOG_SERIALIZERS }, stream).info(object, 'line');
  return { line: JSON.parse(chunks.join('')) as Record<string, unknown>, text: chunks.join('') };
}

describe('what must not be logged (lib/log-serializers.ts)', () => {
  test('secret fields are censored at any depth, in arrays too, and other fields are kept', () => {
    const censored = censorSecrets({ email: 'kept', password: 'p', nested: { token: 't', list: [{ code: '123456', note: 'kept' }] } });
    expect(censored).toEqual({ email: 'kept', password: '[redacted]', nested: { token: '[redacted]', list: [{ code: '[redacted]', note: 'kept' }] } });
  });

  test('the input is not changed', () => {
    const body = { password: 'p' };
    censorSecrets(body);
    expect(body.password).toBe('p');
  });

  test('request parts logged under body, query, params or headers lose their secrets on the line', () => {
    const { line, text } = logThrough({
      body: { newPassword: 'Correct-Horse-42', name: 'Ada' },
      query: { token: 'tok-77' },
      params: { secret: 'JBSWY3DP' },
      headers: { cookie: 'sid=abc', authorization: 'Bearer xyz', 'set-cookie': 'sid=def', accept: 'text/html' },
    });
    expect(line).toMatchObject({ body: { newPassword: '[redacted]', name: 'Ada' }, headers: { accept: 'text/html', cookie: '[redacted]' } });
    expect(text).not.toMatch(/Correct-Horse-42|tok-77|JBSWY3DP|sid=abc|Bearer xyz|sid=def/);
  });

  test('a structure deeper than any accepted body is cut, not walked', () => {
    let deep: Record<string, unknown> = { password: 'bottom' };
    for (let level = 0; level < 20; level += 1) deep = { next: deep };
    expect(JSON.stringify(censorSecrets(deep))).not.toContain('bottom');
  });
});
