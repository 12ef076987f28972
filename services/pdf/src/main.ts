import 'reflect-metadata';
import { runService } from '@chatexhibit/kit/service/run-service';
import { PdfModule } from './pdf.module';

// loadPartConfig reads PUBLIC_URL for pdf.
void runService('pdf', (config) =>
  PdfModule.forRoot({ publicUrl: config.publicUrl!, sourceUrl: config.sourceUrl ?? null }),
);
