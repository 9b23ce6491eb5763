import type { FastifyRequest } from 'fastify';

/** Where a request came from, as plain data a service can record without knowing about HTTP. */
export interface ClientInfo {
  method: string;
  path: string;
  ip: string;
  userAgent: string;
}

export const clientInfo = (request: Pick<FastifyRequest, 'method' | 'url' | 'ip' | 'headers'>): ClientInfo => ({
  method: request.method,
  path: request.url,
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});
