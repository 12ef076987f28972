import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull } from 'typeorm';
import { managerOf, type Transaction } from '@chatexhibit/kit/database/unit-of-work';
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
}

/** The decisions, bundles and checkout sessions. TypeORM stays in here. */
@Injectable()
export class BundleRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Forgets what names a person in these exports' rows, in the expiring transaction: the buyer's
   * and checkout's addresses and the job the export was decided on (its file name, case number,
   * examiner). The purchase itself (amount, date, Stripe's ids) stays, as accounting needs it;
   * so do the decision's counts. Answers the exports' checkout sessions, whose copies at the
   * local test checkout name the buyer too.
   */
  async forgetPeopleOf(tx: Transaction, exportIds: readonly string[]): Promise<string[]> {
    const manager = managerOf(tx);
    const ids = [...exportIds];
    const bundleIds = (await manager.findBy(BundleEntity, { exportId: In(ids) })).map((b) => b.id);
    // Rows taken in the order a payment takes them (CheckoutSessionSync): sessions, then bundles.
    const sessions =
      bundleIds.length === 0 ? [] : await manager.findBy(CheckoutSessionEntity, { bundleId: In(bundleIds) });
    if (sessions.length > 0)
      await manager.update(CheckoutSessionEntity, { bundleId: In(bundleIds) }, { email: null });
    await manager.update(BundleEntity, { exportId: In(ids) }, { email: null });
    await manager.update(DecisionEntity, { exportId: In(ids) }, { decidedJob: null });
    return sessions.map((session) => session.id);
  }

  /** A session, locked until the caller's transaction ends. */
  lockCheckoutSession(tx: Transaction, id: string): Promise<CheckoutSessionEntity | null> {
    return managerOf(tx).findOne(CheckoutSessionEntity, {
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Records the refund of a session that paid for a bundle bought already. */
  async setSessionRefund(tx: Transaction, id: string, refundId: string): Promise<void> {
    await managerOf(tx).update(CheckoutSessionEntity, { id }, { refundId });
  }

  /** Records the decision, and the bundle it names, in the caller's transaction. */
  async insertDecision(tx: Transaction, decision: Omit<DecisionEntity, 'decidedAt'>): Promise<void> {
    const manager = managerOf(tx);
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

  bundlesOfExport(exportId: string): Promise<BundleEntity[]> {
    return this.dataSource.getRepository(BundleEntity).findBy({ exportId });
  }

  /** Bundles bought with `email`, or whose checkout was started with it (case does not matter). */
  async bundlesOfEmail(email: string): Promise<BundleEntity[]> {
    return this.dataSource
      .getRepository(BundleEntity)
      .createQueryBuilder('bundle')
      .where('lower(bundle.email) = lower(:email)', { email })
      .orWhere(
        `bundle.id IN (SELECT s.bundle_id FROM ${this.dataSource.getMetadata(CheckoutSessionEntity).tablePath} s WHERE lower(s.email) = lower(:email))`,
        { email },
      )
      .orderBy('bundle.created_at', 'DESC')
      .getMany();
  }

  /** Marks a bundle refunded (its export is locked again); answers false when it already was. */
  async markRefunded(bundleId: string, refundedAt: Date): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(BundleEntity)
      .update({ id: bundleId, refundedAt: IsNull() }, { refundedAt });
    return result.affected === 1;
  }

  /** Records a session made for a bundle; the same session recorded twice (a retried request) is kept once. */
  async insertCheckoutSession(session: Omit<CheckoutSessionEntity, 'createdAt' | 'refundId'>): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(CheckoutSessionEntity)
      .values({ ...session, createdAt: new Date(), refundId: null })
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

  /** The sessions of these exports' bundles that were open when last heard of, with their export. */
  async openCheckoutSessionsOf(exportIds: readonly string[]): Promise<{ id: string; exportId: string }[]> {
    if (exportIds.length === 0) return [];
    return this.dataSource
      .getRepository(CheckoutSessionEntity)
      .createQueryBuilder('session')
      .innerJoin(BundleEntity, 'bundle', 'bundle.id = session.bundle_id')
      .select('session.id', 'id')
      .addSelect('bundle.export_id', 'exportId')
      .where('bundle.export_id IN (:...exportIds)', { exportIds: [...exportIds] })
      .andWhere("session.status = 'open'")
      .getRawMany<{ id: string; exportId: string }>();
  }

  /** Records a session expired through the API (the local Stripe sends no event of it). */
  async markCheckoutSessionExpired(id: string): Promise<void> {
    await this.dataSource
      .getRepository(CheckoutSessionEntity)
      .update({ id, status: 'open' }, { status: 'expired' });
  }

  /** Takes over Stripe's latest word on a session, in the caller's transaction. */
  async updateCheckoutSession(
    tx: Transaction,
    id: string,
    state: Pick<CheckoutSessionEntity, 'status' | 'paymentStatus'>,
  ): Promise<void> {
    await managerOf(tx).update(CheckoutSessionEntity, { id }, state);
  }

  /**
   * Marks the bundle bought, unless it already is (a second payment changes nothing: the first
   * one stands); answers whether this call marked it.
   */
  async markPaid(tx: Transaction, bundleId: string, purchase: Purchase): Promise<boolean> {
    const result = await managerOf(tx).update(
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
    return result.affected === 1;
  }
}
