import { createMiddleware } from 'hono/factory';

/** Answers that hold enquiries or sessions: never cached, never indexed. */
export const privateAnswers = createMiddleware(async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
});
