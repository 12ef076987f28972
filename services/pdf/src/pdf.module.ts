import { Module } from '@nestjs/common';
import { ServicePartModule } from '@chatexhibit/kit/service/service-part.module';

const part = ServicePartModule.forPart('pdf', { entities: [], migrations: [] });

/** The pdf service: its schema, its health; its use cases arrive with their issues. */
@Module({ imports: [part], exports: [part] })
export class PdfModule {}
