import { Module } from '@nestjs/common';
import { ServicePartModule } from '@chatexhibit/kit/service/service-part.module';
import { BundleEntity, DecisionEntity } from './bundles/bundle.entities';
import { BundleRepository } from './bundles/bundle.repository';
import { CreateBundles1763800300000 } from './database/migrations/1763800300000-create-bundles';
import { CheckExportAccessRequestHandler } from './use-cases/check-export-access/check-export-access.request-handler';
import { CheckExportAccessUseCase } from './use-cases/check-export-access/check-export-access.use-case';
import { DecideEntitlementJobHandler } from './use-cases/decide-entitlement/decide-entitlement.job-handler';
import { DecideEntitlementUseCase } from './use-cases/decide-entitlement/decide-entitlement.use-case';

const part = ServicePartModule.forPart('payment', {
  entities: [DecisionEntity, BundleEntity],
  migrations: [CreateBundles1763800300000],
});

/** The payment service: the free-tier decision, bundles, and who may read an export's results. */
@Module({
  imports: [part],
  providers: [
    BundleRepository,
    DecideEntitlementUseCase,
    DecideEntitlementJobHandler,
    CheckExportAccessUseCase,
    CheckExportAccessRequestHandler,
  ],
  exports: [part],
})
export class PaymentModule {}
