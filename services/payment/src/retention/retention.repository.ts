import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, LessThan } from 'typeorm';
import { exportReference } from '@chatexhibit/proto/export-reference';
import type { Gone } from '@chatexhibit/proto/payment';
import { managerOf, type Transaction } from '@chatexhibit/kit/database/unit-of-work';
import type { RetentionDates } from '../domain/retention-period';
import { RetentionEntity } from './retention.entity';

/** The `retention` table: when each export was received and when it is deleted. TypeORM stays in here. */
@Injectable()
export class RetentionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Dates an export's deletion, unless it is dated already (the first date stands). */
  async retain(tx: Transaction, retention: RetentionDates): Promise<void> {
    await managerOf(tx)
      .createQueryBuilder()
      .insert()
      .into(RetentionEntity)
      .values({ ...retention, exportReference: exportReference(retention.exportId), expiredAt: null })
      .orIgnore()
      .execute();
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
      .set({ expiredAt: now, deletedOnRequest: gone === 'deleted' })
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
