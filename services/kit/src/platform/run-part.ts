import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { PartName } from '@chatexhibit/proto/health';
import { ConfigError } from '../config/env';
import { loadPartConfig, type PartConfig } from '../config/part-config';
import { createLogger, NestPinoLogger } from '../logging/logger';
import { closeOnSignals } from './graceful-shutdown';
import { createDistributedPlatform, type Platform } from './platform';

/**
 * Starts one part as its own process (distributed mode): validates the environment once
 * (exit 1 naming every bad variable), connects the adapters, lets the part set up its HTTP
 * server (`configure`), serves HTTP on the part's port, then whatever else the part listens on
 * (`afterListen`: the gateway's internal port) and closes cleanly on SIGTERM/SIGINT.
 */
export async function runDistributedPart(
  part: PartName,
  rootModule: (platform: Platform, config: PartConfig) => DynamicModule,
  configure: (app: NestExpressApplication, config: PartConfig) => void = () => undefined,
  afterListen: (app: NestExpressApplication, config: PartConfig) => Promise<void> = async () => undefined,
): Promise<void> {
  let config: PartConfig;
  try {
    config = loadPartConfig(part);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`chatexhibit ${part}: ${error.message}\n`);
    process.exit(1);
  }
  const logger = createLogger({ part, level: config.logLevel });
  try {
    const platform = await createDistributedPlatform(config, logger);
    const app = await NestFactory.create<NestExpressApplication>(rootModule(platform, config), {
      logger: new NestPinoLogger(logger),
      abortOnError: false,
      // Bodies are read by the routes that take them (the gateway's JSON body middleware).
      bodyParser: false,
    });
    configure(app, config);
    await app.listen(config.httpPort);
    await afterListen(app, config);
    closeOnSignals(() => app.close(), logger);
    logger.info({ port: config.httpPort }, `${part} started`);
  } catch (error) {
    logger.fatal({ err: error }, `${part} could not start`);
    process.exit(1);
  }
}
