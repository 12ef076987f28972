import 'reflect-metadata';
import { runService } from '@chatexhibit/kit/service/run-service';
import { IngestModule } from './ingest.module';

void runService('ingest', () => IngestModule);
