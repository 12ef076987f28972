import { BundleEntity, CheckoutSessionEntity, DecisionEntity } from '../bundles/bundle.entities';
import { RetentionEntity } from '../retention/retention.entity';
import { LocalStripeObjectEntity } from '../stripe/local-stripe/local-stripe-object.entity';
import { CreateBundles1763800300000 } from './migrations/1763800300000-create-bundles';
import { AddCheckout1764100000000 } from './migrations/1764100000000-add-checkout';
import { AddSessionRefunds1764200000000 } from './migrations/1764200000000-add-session-refunds';
import { AddExportReferences1764300000000 } from './migrations/1764300000000-add-export-references';
import { AddDeletedOnRequest1764400000000 } from './migrations/1764400000000-add-deleted-on-request';
import { AddUploadQuota1764500000000 } from './migrations/1764500000000-add-upload-quota';
import { AddUnpackedQuota1764600000000 } from './migrations/1764600000000-add-unpacked-quota';

/** The payment service's tables: their entities and the migrations that make them, in order. */
export const PAYMENT_TABLES = {
  entities: [DecisionEntity, BundleEntity, CheckoutSessionEntity, RetentionEntity, LocalStripeObjectEntity],
  migrations: [
    CreateBundles1763800300000,
    AddCheckout1764100000000,
    AddSessionRefunds1764200000000,
    AddExportReferences1764300000000,
    AddDeletedOnRequest1764400000000,
    AddUploadQuota1764500000000,
    AddUnpackedQuota1764600000000,
  ],
};
