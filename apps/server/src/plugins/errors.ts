import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, type ErrorBody, type ErrorCode } from '@argus/contracts/errors';
import { AppError } from '../lib/app-error';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation_failed',
};

function body(code: ErrorCode | string, message: string, issues?: ErrorBody['error']['issues']): ErrorBody {
  return { error: { code, message, ...(issues && { issues }) } };
}

/** One error handler: stable codes for the client, 5xx details only in the log. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.status(error.status).send(body(error.code, error.message, error.issues));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body',
        message: issue.message ?? 'is not valid',
      }));
      const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
      return reply
        .status(400)
        .send(body('validation_failed', `The ${error.validationContext ?? 'request'} is not valid: ${summary}`, issues));
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return reply.status(ERRORS[mapped].status).send(body(mapped, ERRORS[mapped].message));
    if (error.statusCode === 429) return reply.status(429).send(body('rate_limited', ERRORS.rate_limited.message));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON and similar: Fastify's own message says what is wrong and leaks nothing.
      return reply.status(error.statusCode).send(body('validation_failed', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('internal', ERRORS.internal.message));
  });
});
