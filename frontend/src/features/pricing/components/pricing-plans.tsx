import { BUNDLE_PRICE, DOWNLOAD_LINK_VALIDITY_DAYS, FREE_TIER_LIMITS } from '@chatexhibit/proto/constants';
import { Check } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { cn } from '../../../lib/utils';

const MiB = 1024 * 1024;

const PLANS = [
  {
    name: 'Free Tier',
    price: '$0.00',
    note: 'for small exports',
    featured: false,
    features: [
      `Up to ${FREE_TIER_LIMITS.maxMessages} messages`,
      `Up to ${FREE_TIER_LIMITS.maxMediaBytes / MiB} MB of media`,
      'The same transcript and evidence package as a paid export',
      'No account or card needed',
    ],
  },
  {
    name: 'Standard Export',
    price: BUNDLE_PRICE.label,
    note: 'one-time payment per export',
    featured: true,
    features: [
      `More than ${FREE_TIER_LIMITS.maxMessages} messages or ${FREE_TIER_LIMITS.maxMediaBytes / MiB} MB of media`,
      'PDF transcript with playable voice notes and a court-filing copy',
      'Evidence ZIP with original files and SHA-256 manifest',
      'Declaration template for Rule 902(14)',
      `Download link valid for ${DOWNLOAD_LINK_VALIDITY_DAYS} days`,
    ],
  },
] as const;

export function PricingPlans() {
  return (
    <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
      {PLANS.map((plan) => (
        <Card
          key={plan.name}
          className={cn('flex flex-col', plan.featured && 'border-primary ring-1 ring-primary')}
        >
          <CardHeader>
            <CardTitle>{plan.name}</CardTitle>
            <p className="mt-2 text-4xl font-bold tracking-tight text-foreground">{plan.price}</p>
            <CardDescription>{plan.note}</CardDescription>
          </CardHeader>
          <CardContent className="flex-1">
            <ul className="flex flex-col gap-3">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2 text-sm">
                  <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          </CardContent>
          <CardFooter>
            <Button asChild className="w-full" variant={plan.featured ? 'default' : 'outline'}>
              <Link to="/#convert">Start Export</Link>
            </Button>
          </CardFooter>
        </Card>
      ))}
    </div>
  );
}
