import 'reflect-metadata';
import { runService } from '@chatexhibit/kit/service/run-service';
import { ParseModule } from './parse.module';

void runService('parse', () => ParseModule);
