import { FREE_TIER_LIMITS } from '@chatexhibit/proto/constants';

const MiB = 1024 * 1024;

/** Placeholder until the web-app issue lands: says what the product is and that it runs. */
export function App() {
  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}
    >
      <h1>ChatExhibit</h1>
      <p>Court-Ready Evidence</p>
      <p>
        Turn a WhatsApp chat export into a court-ready PDF transcript and evidence package. Free for up to{' '}
        {FREE_TIER_LIMITS.maxMessages} messages and {FREE_TIER_LIMITS.maxMediaBytes / MiB}MB of media.
      </p>
      <p>
        The converter is on its way. Service status: <a href="/api/health">/api/health</a>
      </p>
    </main>
  );
}
