import { Module } from '@nestjs/common';
import { exportExpiryProviders } from '@chatexhibit/kit/retention/export-expiry';
import type { Logger } from '@chatexhibit/kit/logging/logger';
import { LOGGER } from '@chatexhibit/kit/platform/platform.module';
import { ServicePartModule } from '@chatexhibit/kit/service/service-part.module';
import { MediaAssetEntity } from './assets/media-asset.entity';
import { MediaAssetRepository } from './assets/media-asset.repository';
import { CreateMediaAssets1763800100000 } from './database/migrations/1763800100000-create-media-assets';
import { AddDerivedHashes1764000000000 } from './database/migrations/1764000000000-add-derived-hashes';
import { type MediaTools, resolveMediaTools } from './domain/media-tools';
import { MEDIA_TOOLS } from './media.tokens';
import { ConvertMediaJobHandler } from './use-cases/convert-media/convert-media.job-handler';
import { ConvertMediaUseCase } from './use-cases/convert-media/convert-media.use-case';

const part = ServicePartModule.forPart('media', {
  entities: [MediaAssetEntity],
  migrations: [CreateMediaAssets1763800100000, AddDerivedHashes1764000000000],
});

/** The media service: voice notes to MP3 with their durations, image thumbnails. */
@Module({
  imports: [part],
  providers: [
    ...exportExpiryProviders('media', MediaAssetRepository),
    {
      provide: MEDIA_TOOLS,
      inject: [LOGGER],
      useFactory: (logger: Logger): MediaTools => {
        const { tools, warnings } = resolveMediaTools(process.env);
        for (const warning of warnings) logger.warn(tools, warning);
        return tools;
      },
    },
    MediaAssetRepository,
    ConvertMediaUseCase,
    ConvertMediaJobHandler,
  ],
  exports: [part],
})
export class MediaModule {}
