import { type DynamicModule, Module } from '@nestjs/common';
import type { ServiceName } from '@chatexhibit/proto/health';
import { DataSource } from 'typeorm';
import { openServiceDatabase, type ServiceDatabaseDefinition } from '../database/service-database';
import { PlannerStatistics } from '../database/planner-statistics';
import { UnitOfWork } from '../database/unit-of-work';
import type { Logger } from '../logging/logger';
import { DATABASE_URL, LOGGER } from '../platform/platform.module';
import { PartHealthService, SERVICE_PART } from './part-health';

/**
 * What every service has: its own database schema (migrated at start) and its health. A
 * service module imports `ServicePartModule.forPart(...)`, injects the DataSource into its
 * repositories and the UnitOfWork (its transactions) into its use cases; in standalone mode six
 * of these live side by side, each with its own schema.
 */
@Module({})
export class ServicePartModule {
  static forPart(part: ServiceName, database: Omit<ServiceDatabaseDefinition, 'schema'>): DynamicModule {
    return {
      module: ServicePartModule,
      providers: [
        { provide: SERVICE_PART, useValue: part },
        {
          provide: DataSource,
          inject: [DATABASE_URL, LOGGER],
          useFactory: (url: string, logger: Logger) =>
            openServiceDatabase(url, { ...database, schema: part }, logger.child({ service: part })),
        },
        UnitOfWork,
        {
          provide: PlannerStatistics,
          inject: [DataSource, DATABASE_URL],
          useFactory: (dataSource: DataSource, url: string) => new PlannerStatistics(dataSource, url, part),
        },
        PartHealthService,
      ],
      exports: [DataSource, UnitOfWork, PlannerStatistics, PartHealthService],
    };
  }
}
