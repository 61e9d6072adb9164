import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * A caller link's token is in its path (`/l/<token>` for the page, `/caller/<token>` for its API):
 * whoever reads the logs must not be able to use a link (docs/decisions/0046-caller-location-links.md).
 */
const TOKEN_IN_PATH = /^\/(l|caller)\/[^/?#]+/;
/** A TAK playback link's token follows its room (docs/decisions/0073-tak-video-out-and-read-receipts.md); a WHEP resource's id has no dot. */
const PLAYBACK_TOKEN_IN_PATH = /^(\/whep\/[^/?#]+\/)[^/?#]*\.[^/?#]*/;

export function loggedUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, '/$1/…').replace(PLAYBACK_TOKEN_IN_PATH, '$1…');
}

/** Fastify's request fields, with the URL as it may be logged. */
const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * On a terminal, each request as one short line (method, path, status, time taken) instead of
 * Fastify's "incoming request" and "request completed" objects; errors keep their details.
 */
class ConciseRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${loggedUrl(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/**
 * The logger: JSON lines for machines (production, or output going to a file or a collector), and
 * on a developer's terminal short coloured lines through pino-pretty (README, "Logs").
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (config.logLevel === 'silent') return { logger: false };
  if (config.logFormat === 'json') return { logger: { level: config.logLevel, serializers } };
  return {
    logger: {
      level: config.logLevel,
      serializers,
      transport: {
        target: 'pino-pretty',
        options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
      },
    },
    logController: new ConciseRequestLog(),
  };
}
