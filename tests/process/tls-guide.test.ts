import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { freePort } from './spawn-server.ts';

/**
 * docs/deployment.md's packaging sections, run as written where this machine can: the TLS guide's
 * `openssl req` and nginx block (taken from the page itself) inside the cluster's nginx template,
 * checked with `nginx -t` and then serving HTTPS; and the systemd unit through `systemd-analyze verify`.
 * nginx is Debian's (.ci/run installs it); without it the nginx test is skipped, saying so.
 */

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const ROOT = resolve(import.meta.dirname, '../..');
const DEPLOYMENT = readFileSync(join(ROOT, 'docs/deployment.md'), 'utf8');

/** The first ```lang block after the heading `## <section>`. */
function fencedBlock(section: string, lang: string): string {
  const start = DEPLOYMENT.indexOf(`## ${section}`);
  const match = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(DEPLOYMENT.slice(start));
  if (start < 0 || !match?.[1]) throw new Error(`docs/deployment.md has no ${lang} block under "${section}"`);
  return match[1];
}

function get(url: string, options: { ca?: string } = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolvePromise, reject) => {
    const req = send(url, { ...options, agent: false, timeout: 5_000 }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

test.skipIf(!existsSync(NGINX))('the TLS guide: a self-signed certificate from its openssl command, its server blocks pass `nginx -t` and serve HTTPS', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cifer-tls-'));
  for (const sub of ['tls', 'tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) mkdirSync(join(dir, sub), { recursive: true });
  // The guide's command, with its folder moved here.
  const openssl = fencedBlock('TLS termination', 'sh').split('\n\n')[0] ?? '';
  expect(openssl).toContain('openssl req -x509');
  execFileSync('sh', ['-c', openssl.replaceAll('/etc/cifer/tls/', `${dir}/tls/`).split('\n').slice(0, 2).join('\n')], { stdio: 'pipe' });

  // A stand-in instance that says which scheme nginx told it.
  const upstream = createServer((req, res) => res.end(JSON.stringify({ proto: req.headers['x-forwarded-proto'] })));
  const upstreamPort = await freePort();
  await new Promise<void>((r) => upstream.listen(upstreamPort, '127.0.0.1', r));
  const [plainPort, tlsPort, redirectPort] = [await freePort(), await freePort(), await freePort()];
  const tlsBlocks = fencedBlock('TLS termination', 'nginx')
    .replaceAll('/etc/cifer/tls/', `${dir}/tls/`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${tlsPort} ssl http2;`)
    .replace('listen 80;', `listen 127.0.0.1:${redirectPort};`)
    .replaceAll('cifer.example.com', 'localhost');
  const template = readFileSync(join(ROOT, 'deploy/nginx/cifer.conf.template'), 'utf8').replaceAll('{{LISTEN}}', `127.0.0.1:${plainPort}`).replaceAll('{{WORKER_PROCESSES}}', '1');
  const closing = template.lastIndexOf('}');
  writeFileSync(join(dir, 'nginx.conf'), `${template.slice(0, closing)}\n${tlsBlocks}\n}\n`);
  writeFileSync(join(dir, 'upstream.conf'), `server 127.0.0.1:${upstreamPort} max_fails=1 fail_timeout=2s;\n`);
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')];

  const check = spawnSync(NGINX, ['-t', ...args], { encoding: 'utf8' });
  expect(check.status, check.stderr).toBe(0);
  expect(check.stderr).toContain('syntax is ok');

  const nginx = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: 'ignore' });
  const exited = new Promise((r) => nginx.once('exit', r));
  try {
    const ca = readFileSync(join(dir, 'tls/fullchain.pem'), 'utf8');
    let health = null;
    for (let i = 0; i < 50 && !health; i += 1) health = await get(`https://localhost:${tlsPort}/nginx-healthz`, { ca }).catch(() => new Promise<null>((r) => setTimeout(() => r(null), 100)));
    expect(health?.status).toBe(200);
    // Through to the instance over TLS, which is told the scheme was https.
    const proxied = await get(`https://localhost:${tlsPort}/healthz`, { ca });
    expect(JSON.parse(proxied.body)).toEqual({ proto: 'https' });
    // An untrusted certificate is refused: the client really checked the chain.
    await expect(get(`https://localhost:${tlsPort}/healthz`)).rejects.toThrow(/self.signed|certificate/i);
    const redirect = await get(`http://127.0.0.1:${redirectPort}/history?x=1`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('https://127.0.0.1/history?x=1');
  } finally {
    nginx.kill('SIGTERM');
    await exited;
    upstream.close();
  }
}, 60_000);

test.skipIf(spawnSync('systemd-analyze', ['--version']).status !== 0)('the systemd unit passes `systemd-analyze verify`', () => {
  const verify = spawnSync('systemd-analyze', ['verify', join(ROOT, 'deploy/systemd/cifer.service')], { encoding: 'utf8' });
  expect(verify.status, verify.stderr).toBe(0);
  expect(verify.stderr).not.toMatch(/cifer\.service:\d+:/);
  const unit = readFileSync(join(ROOT, 'deploy/systemd/cifer.service'), 'utf8');
  // SIGTERM to npm start alone reaches the server (ADR 279), within the drain and its 4.5 s.
  expect(unit).toMatch(/^ExecStart=\/usr\/bin\/npm start$/m);
  expect(unit).toMatch(/^KillMode=mixed$/m);
});
