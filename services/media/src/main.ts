import 'reflect-metadata';
import { runService } from '@chatexhibit/kit/service/run-service';
import { MediaModule } from './media.module';

void runService('media', () => MediaModule);
