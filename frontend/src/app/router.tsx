import { blogPostPath, PAGE_PATHS } from '@chatexhibit/proto/site';
import { createBrowserRouter } from 'react-router-dom';
import { RootLayout } from '../components/layout/root-layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

/**
 * SPEC §2 routes, /verify, /help, /privacy and /terms (PAGE_PATHS, which the gateway also knows); anything else is the
 * 404 page. The home page is in the first download; every other page is loaded when it is first
 * visited.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    // Shown while a page opened directly is loaded for the first time.
    hydrateFallbackElement: <div className="min-h-screen" aria-busy="true" />,
    children: [
      { path: PAGE_PATHS.home, element: <HomeRoute /> },
      { path: PAGE_PATHS.faq, lazy: async () => ({ Component: (await import('./routes/faq')).FaqRoute }) },
      {
        path: PAGE_PATHS.pricing,
        lazy: async () => ({ Component: (await import('./routes/pricing')).PricingRoute }),
      },
      { path: PAGE_PATHS.blog, lazy: async () => ({ Component: (await import('./routes/blog')).BlogRoute }) },
      {
        path: blogPostPath('how-to-use-whatsapp-evidence'),
        lazy: async () => ({
          Component: (await import('./routes/blog-post-whatsapp-evidence')).BlogPostWhatsAppEvidenceRoute,
        }),
      },
      {
        path: PAGE_PATHS.contact,
        lazy: async () => ({ Component: (await import('./routes/contact')).ContactRoute }),
      },
      {
        path: PAGE_PATHS.verify,
        lazy: async () => ({ Component: (await import('./routes/verify')).VerifyRoute }),
      },
      { path: PAGE_PATHS.help, lazy: async () => ({ Component: (await import('./routes/help')).HelpRoute }) },
      {
        path: PAGE_PATHS.privacy,
        lazy: async () => ({ Component: (await import('./routes/privacy')).PrivacyRoute }),
      },
      {
        path: PAGE_PATHS.terms,
        lazy: async () => ({ Component: (await import('./routes/terms')).TermsRoute }),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
