import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { BundleEntity, CheckoutSessionEntity, DecisionEntity } from './bundle.entities';

/** What the paying session leaves on its bundle. */
export interface Purchase {
  paidAt: Date;
  email: string;
  sessionId: string;
  paymentIntentId: string | null;
  amountCents: number;
  currency: string;
  mailId: string;
  /** The export's new retention date. */
  deleteAfter: Date;
}

/** The payment service's tables. TypeORM stays in here. */
@Injectable()
export class BundleRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records the decision, and the bundle it names, in the caller's transaction. */
  async insertDecision(
    manager: EntityManager,
    decision: Omit<DecisionEntity, 'decidedAt' | 'expiredAt'>,
  ): Promise<void> {
    if (decision.bundleId) {
      await manager.insert(BundleEntity, {
        id: decision.bundleId,
        exportId: decision.exportId,
        createdAt: new Date(),
        paidAt: null,
      });
    }
    await manager.insert(DecisionEntity, { ...decision, decidedAt: new Date(), expiredAt: null });
  }

  findDecision(exportId: string): Promise<DecisionEntity | null> {
    return this.dataSource.getRepository(DecisionEntity).findOneBy({ exportId });
  }

  findBundle(bundleId: string): Promise<BundleEntity | null> {
    return this.dataSource.getRepository(BundleEntity).findOneBy({ id: bundleId });
  }

  /** Records a session made for a bundle; the same session recorded twice (a retried request) is kept once. */
  async insertCheckoutSession(session: Omit<CheckoutSessionEntity, 'createdAt'>): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(CheckoutSessionEntity)
      .values({ ...session, createdAt: new Date() })
      .orIgnore()
      .execute();
  }

  findCheckoutSession(id: string): Promise<CheckoutSessionEntity | null> {
    return this.dataSource.getRepository(CheckoutSessionEntity).findOneBy({ id });
  }

  /** A bundle's sessions, oldest first. */
  checkoutSessions(bundleId: string): Promise<CheckoutSessionEntity[]> {
    return this.dataSource
      .getRepository(CheckoutSessionEntity)
      .find({ where: { bundleId }, order: { createdAt: 'ASC' } });
  }

  /** Takes over Stripe's latest word on a session, in the caller's transaction. */
  async updateCheckoutSession(
    manager: EntityManager,
    id: string,
    state: Pick<CheckoutSessionEntity, 'status' | 'paymentStatus'>,
  ): Promise<void> {
    await manager.update(CheckoutSessionEntity, { id }, state);
  }

  /**
   * Marks the bundle bought, unless it already is (a second payment changes nothing: the first
   * one stands), and moves the export's retention date; answers whether this call marked it.
   */
  async markPaid(manager: EntityManager, bundleId: string, purchase: Purchase): Promise<boolean> {
    const result = await manager.update(
      BundleEntity,
      { id: bundleId, paidAt: IsNull() },
      {
        paidAt: purchase.paidAt,
        email: purchase.email,
        paidSessionId: purchase.sessionId,
        paymentIntentId: purchase.paymentIntentId,
        amountCents: purchase.amountCents,
        currency: purchase.currency,
        paidMailId: purchase.mailId,
      },
    );
    if (result.affected !== 1) return false;
    await manager.update(DecisionEntity, { bundleId }, { deleteAfter: purchase.deleteAfter });
    return true;
  }
}
