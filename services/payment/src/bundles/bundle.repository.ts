import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, LessThan } from 'typeorm';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { managerOf, type Transaction } from '@chatexhibit/kit/database/unit-of-work';
import {
  BundleEntity,
  CheckoutSessionEntity,
  DecisionEntity,
  LocalStripeObjectEntity,
  RetentionEntity,
} from './bundle.entities';

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

  /** Dates an export's deletion, unless it is dated already (the first date stands). */
  async retain(
    tx: Transaction,
    retention: Omit<RetentionEntity, 'expiredAt' | 'exportReference'>,
  ): Promise<void> {
    await managerOf(tx)
      .createQueryBuilder()
      .insert()
      .into(RetentionEntity)
      .values({ ...retention, exportReference: exportReference(retention.exportId), expiredAt: null })
      .orIgnore()
      .execute();
  }

  findRetention(exportId: string): Promise<RetentionEntity | null> {
    return this.dataSource.getRepository(RetentionEntity).findOneBy({ exportId });
  }

  /** Exports past their date and not yet expired, oldest first. */
  dueForDeletion(now: Date, limit: number): Promise<RetentionEntity[]> {
    return this.dataSource.getRepository(RetentionEntity).find({
      where: { deleteAfter: LessThan(now), expiredAt: IsNull() },
      order: { deleteAfter: 'ASC' },
      take: limit,
    });
  }

  /**
   * Marks exports expired (their services were told to delete them) and forgets everything of
   * them that names a person: the buyer's and checkout's addresses (here and in the local test
   * checkout's sessions) and the job the export was decided on (its file name, case number,
   * examiner). The purchase itself (amount, date, Stripe's ids) stays, as accounting needs it;
   * so do the decision's counts and the retention dates, which name no one. An export still
   * being decided waits for the decision to commit (the retention row's lock), so its decision
   * is forgotten too.
   */
  async markExpired(exportIds: readonly string[], now: Date): Promise<void> {
    if (exportIds.length === 0) return;
    const ids = [...exportIds];
    await this.dataSource.transaction(async (manager) => {
      await manager
        .getRepository(RetentionEntity)
        .createQueryBuilder('retention')
        .setLock('pessimistic_write')
        .where({ exportId: In(ids) })
        .getMany();
      await manager
        .createQueryBuilder()
        .update(RetentionEntity)
        .set({ expiredAt: now })
        .where({ exportId: In(ids) })
        .andWhere('expired_at IS NULL')
        .execute();
      await manager.update(DecisionEntity, { exportId: In(ids) }, { decidedJob: null });
      const bundleIds = (await manager.findBy(BundleEntity, { exportId: In(ids) })).map((b) => b.id);
      await manager.update(BundleEntity, { exportId: In(ids) }, { email: null });
      if (bundleIds.length === 0) return;
      const sessions = await manager.findBy(CheckoutSessionEntity, { bundleId: In(bundleIds) });
      await manager.update(CheckoutSessionEntity, { bundleId: In(bundleIds) }, { email: null });
      // The local test checkout's copy of each session: the address the buyer typed and Stripe's.
      if (sessions.length > 0)
        await manager
          .createQueryBuilder()
          .update(LocalStripeObjectEntity)
          .set({ body: () => `body || '{"customer_email": null, "customer_details": null}'::jsonb` })
          .where({ id: In(sessions.map((session) => session.id)) })
          .execute();
    });
  }

  /** Whether the export expired (or was deleted), read under the lock `markExpired` takes. */
  async isExpired(tx: Transaction, exportId: string): Promise<boolean> {
    const retention = await managerOf(tx)
      .getRepository(RetentionEntity)
      .createQueryBuilder('retention')
      .setLock('pessimistic_write')
      .where({ exportId })
      .getOne();
    return retention?.expiredAt != null;
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

  /** Moves an export's retention date (support's extension). */
  async setDeleteAfter(exportId: string, deleteAfter: Date): Promise<void> {
    await this.dataSource.getRepository(RetentionEntity).update({ exportId }, { deleteAfter });
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

  /** The bundles of the export whose documents print `reference`. */
  async bundlesOfReference(reference: string): Promise<BundleEntity[]> {
    const retention = await this.dataSource
      .getRepository(RetentionEntity)
      .findOneBy({ exportReference: reference });
    if (!retention) return [];
    return this.dataSource.getRepository(BundleEntity).findBy({ exportId: retention.exportId });
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
   * one stands), and moves the export's retention date; answers whether this call marked it.
   */
  async markPaid(tx: Transaction, bundleId: string, purchase: Purchase): Promise<boolean> {
    const manager = managerOf(tx);
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
    const bundle = await manager.findOneByOrFail(BundleEntity, { id: bundleId });
    await manager.update(
      RetentionEntity,
      { exportId: bundle.exportId },
      { deleteAfter: purchase.deleteAfter },
    );
    return true;
  }
}
