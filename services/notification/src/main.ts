import 'reflect-metadata';
import { runService } from '@chatexhibit/kit/service/run-service';
import { NotificationModule } from './notification.module';

void runService('notification', NotificationModule);
