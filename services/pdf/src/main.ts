import 'reflect-metadata';
import { runService } from '@chatexhibit/kit/service/run-service';
import { PdfModule } from './pdf.module';

void runService('pdf', () => PdfModule);
