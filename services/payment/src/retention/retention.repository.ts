import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, LessThan, MoreThan } from 'typeorm';
import { exportReference } from '@chatexhibit/proto/export-reference';
import type { Gone } from '@chatexhibit/proto/payment';
import { managerOf, type Transaction } from '@chatexhibit/kit/database/unit-of-work';
import type { RetentionDates } from '../domain/retention-period';
import type { QuotaHeld, QuotaShare } from '../domain/upload-quota';
import { RetentionEntity } from './retention.entity';

/** The `retention` table: when each export was received and when it is deleted. TypeORM stays in here. */
@Injectable()
export class RetentionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Dates an export's deletion, unless it is dated already (the first date stands); with `quota`,
   * its upload counts against its client's quota until it is bought or goes.
   */
  async retain(tx: Transaction, retention: RetentionDates, quota?: QuotaShare): Promise<void> {
    await managerOf(tx)
      .createQueryBuilder()
      .insert()
      .into(RetentionEntity)
      .values({
        ...retention,
        exportReference: exportReference(retention.exportId),
        expiredAt: null,
        ...(quota && {
          quotaKey: quota.quotaKey,
          uploadBytes: String(quota.sizeBytes),
          quotaBytes: String(quota.quotaBytes),
        }),
      })
      .orIgnore()
      .execute();
  }

  /**
   * What the client's counted exports (neither bought nor gone nor past their date) hold at
   * `now`. Locks the client for the rest of `tx`, so that two uploads of one client, on any
   * replica, are counted one after the other.
   */
  async quotaHeld(tx: Transaction, quotaKey: string, now: Date): Promise<QuotaHeld> {
    const manager = managerOf(tx);
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `upload-quota:${quotaKey}`,
    ]);
    const held = await manager
      .getRepository(RetentionEntity)
      .createQueryBuilder('retention')
      .select('COALESCE(SUM(retention.upload_bytes + COALESCE(retention.unpacked_bytes, 0)), 0)', 'bytes')
      .addSelect('MIN(retention.delete_after)', 'oldest')
      .where({ quotaKey, expiredAt: IsNull(), deleteAfter: MoreThan(now) })
      .getRawOne<{ bytes: string; oldest: Date | null }>();
    return { bytes: Number(held?.bytes ?? 0), oldestDeleteAfter: held?.oldest ?? null };
  }

  /** The export's row as `tx` sees it; null for an export never dated. */
  findIn(tx: Transaction, exportId: string): Promise<RetentionEntity | null> {
    return managerOf(tx).getRepository(RetentionEntity).findOneBy({ exportId });
  }

  /** Records what the export's upload unpacked to (counted against its client's quota while it counts). */
  async recordUnpacked(tx: Transaction, exportId: string, unpackedBytes: number): Promise<void> {
    await managerOf(tx).update(RetentionEntity, { exportId }, { unpackedBytes: String(unpackedBytes) });
  }

  /** A bought export (or one refused when unpacked) no longer counts against its client's quota, and no longer names the client. */
  async leaveQuota(tx: Transaction, exportId: string): Promise<void> {
    await managerOf(tx).update(RetentionEntity, { exportId }, { quotaKey: null });
  }

  find(exportId: string): Promise<RetentionEntity | null> {
    return this.dataSource.getRepository(RetentionEntity).findOneBy({ exportId });
  }

  /** The export whose documents print `reference`. */
  findByReference(reference: string): Promise<RetentionEntity | null> {
    return this.dataSource.getRepository(RetentionEntity).findOneBy({ exportReference: reference });
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
   * Marks exports expired (`gone`: at their date, or deleted at their uploader's request) under
   * their rows' lock: an export still being decided or paid for waits for that to commit
   * (`isExpired` takes the same lock), so what it recorded is forgotten after; one decided or
   * paid for later reads the mark.
   */
  async markExpired(tx: Transaction, exportIds: readonly string[], now: Date, gone: Gone): Promise<void> {
    const manager = managerOf(tx);
    const ids = [...exportIds];
    await manager
      .getRepository(RetentionEntity)
      .createQueryBuilder('retention')
      .setLock('pessimistic_write')
      .where({ exportId: In(ids) })
      .getMany();
    await manager
      .createQueryBuilder()
      .update(RetentionEntity)
      // Gone, it frees its share of the quota and forgets whose it was.
      .set({ expiredAt: now, deletedOnRequest: gone === 'deleted', quotaKey: null })
      .where({ exportId: In(ids) })
      .andWhere('expired_at IS NULL')
      .execute();
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

  /** Keeps a live export at least until `deleteAfter`: a later date (support's extension) stays. */
  async keepUntilAtLeast(tx: Transaction, exportId: string, deleteAfter: Date): Promise<void> {
    await managerOf(tx)
      .createQueryBuilder()
      .update(RetentionEntity)
      .set({ deleteAfter: () => 'GREATEST(delete_after, :deleteAfter)' })
      .setParameter('deleteAfter', deleteAfter)
      .where({ exportId })
      .andWhere('expired_at IS NULL')
      .execute();
  }

  /** Moves an export's retention date (a purchase, support's extension). */
  async setDeleteAfter(tx: Transaction, exportId: string, deleteAfter: Date): Promise<void> {
    await managerOf(tx).update(RetentionEntity, { exportId }, { deleteAfter });
  }
}
