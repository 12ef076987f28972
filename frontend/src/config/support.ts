/** The support inbox shown on the site; a deployment sets VITE_SUPPORT_EMAIL at build time. */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@chatexhibit.com';
