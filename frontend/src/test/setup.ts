import { notifyManager } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

// TanStack Query tells its observers on a 0 ms timer, which a test's fake clock would hold back.
notifyManager.setScheduler(queueMicrotask);

// Every request a test makes is answered by its msw handlers; an unanswered one fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
