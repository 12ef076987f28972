import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MediaItem } from '@chatexhibit/proto/storage-layout';
import { MediaAssetEntity } from './media-asset.entity';

/** Media's table. TypeORM stays in here. */
@Injectable()
export class MediaAssetRepository {
  async deleteExport(manager: EntityManager, exportId: string): Promise<void> {
    await manager.delete(MediaAssetEntity, { exportId });
  }

  async insert(manager: EntityManager, exportId: string, items: readonly MediaItem[]): Promise<void> {
    if (items.length === 0) return;
    await manager.insert(
      MediaAssetEntity,
      items.map((item) => ({
        exportId,
        ...item,
        derivedSizeBytes: item.derivedSizeBytes === null ? null : String(item.derivedSizeBytes),
      })),
    );
  }
}
