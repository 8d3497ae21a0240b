import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config.ts';

/** Whether the site is served over TLS (PUBLIC_URL says so): HSTS and upgrade-insecure-requests. */
export const servedOverHttps = (config: AppConfig) => config.publicUrl?.startsWith('https:') ?? false;

/**
 * The Content-Security-Policy the member app and the console run under. No inline script
 * anywhere: the two simulator pages that need one (demo game, hosted payment page) send their
 * own policy with a nonce. Styles may be inline (antd, antd-mobile and ECharts set them on
 * elements). Frames: our own pages (help centre, demo games, the payment simulator) and https
 * pages an operator links (customer service `kf_url`, a real provider's game or payment page).
 */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const connect = ["'self'"];
  const pusher = config.realtime.driver === 'pusher' ? config.realtime.pusher : undefined;
  if (pusher) {
    const origin = `${pusher.host}:${pusher.port}`;
    connect.push(`${pusher.scheme}://${origin}`, `${pusher.scheme === 'https' ? 'wss' : 'ws'}://${origin}`);
  }
  // The member app may call the API on another origin (remote config apiServerUrl).
  if (config.publicUrl) connect.push(new URL(config.publicUrl).origin);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    'frame-src': ["'self'", 'https:'],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    ...(servedOverHttps(config) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The policy as a header value, with extra sources for one page (a nonce for its script). */
export function cspHeader(
  directives: Record<string, string[]>,
  extra: Record<string, string[]> = {},
): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, [...values, ...(extra[name] ?? [])]] as const)
    .map(([name, values]) => (values.length ? `${name} ${values.join(' ')}` : name))
    .join('; ');
}

/**
 * The headers helmet sets for these options, read once: helmet's middleware writes them with
 * `setHeader`, so it is run against a response that only records them. The headers depend on the
 * configuration alone, never on the request.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: Error | undefined;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) failure = error instanceof Error ? error : new Error('helmet refused its options');
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Security headers on every answer (helmet): CSP as above, frames only from this site
 * (`frame-ancestors 'self'`, X-Frame-Options SAMEORIGIN), nosniff, a referrer kept to the
 * origin across sites, and HSTS for a year when PUBLIC_URL is https. The headers are computed
 * once (helmetHeaders); @fastify/helmet built helmet's middleware again for every request, a
 * tenth of the CPU of a cached public answer.
 */
async function securityHeadersPlugin(app: FastifyInstance, opts: { config: AppConfig }) {
  const directives = contentSecurityPolicy(opts.config);
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives },
    hsts: servedOverHttps(opts.config) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The API is called cross-origin with CORS by a member app on another origin.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  app.decorate('contentSecurityPolicy', directives);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's CSP directives (pages with an inline script add a nonce to them). */
    contentSecurityPolicy: Record<string, string[]>;
  }
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
