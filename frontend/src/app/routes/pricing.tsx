import { PageContainer, PageIntro } from '../../components/layout/page-container';
import { PricingExplained } from '../../features/pricing/components/pricing-explained';
import { PricingPlans } from '../../features/pricing/components/pricing-plans';
import { usePageMeta } from '../../hooks/use-page-meta';

export function PricingRoute() {
  usePageMeta(
    'Pricing — ChatExhibit',
    'Free for small WhatsApp exports; $4.99 one-time for larger ones, paid only after processing.',
  );
  return (
    <PageContainer>
      <PageIntro title="Simple, Transparent Pricing">
        Start free. Pay once, only if your export is larger than the free tier.
      </PageIntro>
      <PricingPlans />
      <PricingExplained />
    </PageContainer>
  );
}
