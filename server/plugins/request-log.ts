import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request instead of Fastify's two. Every change, failure and slow answer is
 * logged at info; routine fast reads only at debug (the load balancer keeps the access
 * log), which keeps logging off the hot path.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const ms = reply.elapsedTime;
    const entry = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(ms * 10) / 10 };
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else if (request.method !== 'GET' || reply.statusCode >= 400 || ms >= 1000) reply.log.info(entry, 'request');
    else reply.log.debug(entry, 'request');
  }
}
