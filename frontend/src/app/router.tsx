import { VERIFY_PATH } from '@chatexhibit/proto/evidence-package';
import { createBrowserRouter } from 'react-router-dom';
import { RootLayout } from '../components/layout/root-layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

/**
 * SPEC §2 routes and /verify; anything else is the 404 page. The home page is in the first
 * download; every other page is loaded when it is first visited.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    // Shown while a page opened directly is loaded for the first time.
    hydrateFallbackElement: <div className="min-h-screen" aria-busy="true" />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/faq', lazy: async () => ({ Component: (await import('./routes/faq')).FaqRoute }) },
      {
        path: '/pricing',
        lazy: async () => ({ Component: (await import('./routes/pricing')).PricingRoute }),
      },
      { path: '/blog', lazy: async () => ({ Component: (await import('./routes/blog')).BlogRoute }) },
      {
        path: '/blog/how-to-use-whatsapp-evidence',
        lazy: async () => ({
          Component: (await import('./routes/blog-post-whatsapp-evidence')).BlogPostWhatsAppEvidenceRoute,
        }),
      },
      {
        path: '/contact',
        lazy: async () => ({ Component: (await import('./routes/contact')).ContactRoute }),
      },
      { path: VERIFY_PATH, lazy: async () => ({ Component: (await import('./routes/verify')).VerifyRoute }) },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
