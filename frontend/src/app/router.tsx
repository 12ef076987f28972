import { createBrowserRouter } from 'react-router-dom';
import { RootLayout } from '../components/layout/root-layout';
import { BlogRoute } from './routes/blog';
import { BlogPostWhatsAppEvidenceRoute } from './routes/blog-post-whatsapp-evidence';
import { ContactRoute } from './routes/contact';
import { FaqRoute } from './routes/faq';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { PricingRoute } from './routes/pricing';

/** SPEC §2 routes; anything else is the 404 page. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/faq', element: <FaqRoute /> },
      { path: '/pricing', element: <PricingRoute /> },
      { path: '/blog', element: <BlogRoute /> },
      { path: '/blog/how-to-use-whatsapp-evidence', element: <BlogPostWhatsAppEvidenceRoute /> },
      { path: '/contact', element: <ContactRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
