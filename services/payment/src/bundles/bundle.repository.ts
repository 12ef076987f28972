import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { BundleEntity, DecisionEntity } from './bundle.entities';

/** The payment service's tables. TypeORM stays in here. */
@Injectable()
export class BundleRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records the decision, and the bundle it names, in the caller's transaction. */
  async insertDecision(manager: EntityManager, decision: Omit<DecisionEntity, 'decidedAt'>): Promise<void> {
    if (decision.bundleId) {
      await manager.insert(BundleEntity, {
        id: decision.bundleId,
        exportId: decision.exportId,
        createdAt: new Date(),
        paidAt: null,
      });
    }
    await manager.insert(DecisionEntity, { ...decision, decidedAt: new Date() });
  }

  findDecision(exportId: string): Promise<DecisionEntity | null> {
    return this.dataSource.getRepository(DecisionEntity).findOneBy({ exportId });
  }

  findBundle(bundleId: string): Promise<BundleEntity | null> {
    return this.dataSource.getRepository(BundleEntity).findOneBy({ id: bundleId });
  }
}
