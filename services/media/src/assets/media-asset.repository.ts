import { Injectable } from '@nestjs/common';
import type { MediaItem } from '@chatexhibit/proto/storage-layout';
import { managerOf, type Transaction } from '@chatexhibit/kit/database/unit-of-work';
import { MediaAssetEntity } from './media-asset.entity';

/** Media's table. TypeORM stays in here. */
@Injectable()
export class MediaAssetRepository {
  async deleteExport(tx: Transaction, exportId: string): Promise<void> {
    await managerOf(tx).delete(MediaAssetEntity, { exportId });
  }

  async insert(tx: Transaction, exportId: string, items: readonly MediaItem[]): Promise<void> {
    if (items.length === 0) return;
    await managerOf(tx).insert(
      MediaAssetEntity,
      items.map((item) => ({
        exportId,
        ...item,
        derivedSizeBytes: item.derivedSizeBytes === null ? null : String(item.derivedSizeBytes),
      })),
    );
  }
}
