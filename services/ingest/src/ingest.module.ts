import { Module } from '@nestjs/common';
import { ServicePartModule } from '@chatexhibit/kit/service/service-part.module';

const part = ServicePartModule.forPart('ingest', { entities: [], migrations: [] });

/** The ingest service: its schema, its health; its use cases arrive with their issues. */
@Module({ imports: [part], exports: [part] })
export class IngestModule {}
