import { Module } from '@nestjs/common';
import { exportExpiryProviders } from '@chatexhibit/kit/retention/export-expiry';
import { ServicePartModule } from '@chatexhibit/kit/service/service-part.module';
import { MediaAssetEntity } from './assets/media-asset.entity';
import { MediaAssetRepository } from './assets/media-asset.repository';
import { CreateMediaAssets1763800100000 } from './database/migrations/1763800100000-create-media-assets';
import { AddDerivedHashes1764000000000 } from './database/migrations/1764000000000-add-derived-hashes';
import { resolveFfmpegPath } from './domain/ffmpeg-path';
import { FFMPEG_PATH } from './media.tokens';
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
    { provide: FFMPEG_PATH, useFactory: () => resolveFfmpegPath(process.env) },
    MediaAssetRepository,
    ConvertMediaUseCase,
    ConvertMediaJobHandler,
  ],
  exports: [part],
})
export class MediaModule {}
