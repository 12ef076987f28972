import { setupServer } from 'msw/node';

/** The API as the SPA's tests answer it: each test adds its handlers with `server.use`. */
export const server = setupServer();
