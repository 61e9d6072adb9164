import Fastify from 'fastify';

/**
 * The baseline: a bare Fastify route answering the same JSON body that /auth/me answered,
 * with no cookie parsing, session lookup, role check, rate limit or security headers.
 * The difference between the two is what Argus's request path costs.
 */
const port = Number(process.env.PORT);
const body = process.env.BASELINE_BODY ?? '{}';
const app = Fastify({ logger: false });
app.get('/auth/me', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port, host: '127.0.0.1' });
// Exit on the bench's SIGTERM through process.exit, so a CPU profile (BENCH_CPU_PROF) is written.
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
