import 'reflect-metadata';
import { isIPv6 } from 'node:net';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureHttpEdge, listenInternal } from '@chatexhibit/gateway/http/http-edge';
import { ConfigError } from '@chatexhibit/kit/config/env';
import { createLogger, NestPinoLogger } from '@chatexhibit/kit/logging/logger';
import { createStandalonePlatform } from '@chatexhibit/kit/platform/platform';
import { closeOnSignals } from '@chatexhibit/kit/platform/graceful-shutdown';
import { PlatformModule } from '@chatexhibit/kit/platform/platform.module';
import { runsAsPostgresUser, type RunningDatabase, startEmbeddedPostgres } from './embedded-postgres';
import { makeDataFolderPrivate } from './private-data-folder';
import { loadStandaloneConfig, type StandaloneConfig, TEST_CHECKOUT_OPEN_WARNING } from './standalone-config';
import { StandaloneModule } from './standalone.module';
import { loadOrCreateSecret } from './data-folder-secret';
import { useFreshWorkFolder } from './work-folder';

@Module({})
class StandaloneProcessModule {}

/** `npm start`: the whole product in one process on embedded defaults, data under ./data. */
async function main(): Promise<void> {
  let config: StandaloneConfig;
  try {
    config = loadStandaloneConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`chatexhibit: ${error.message}\n`);
    process.exit(1);
  }
  // At a terminal (`npm start` run by hand) a person reads the lines; otherwise a collector does.
  const logger = createLogger({
    part: 'standalone',
    level: config.logLevel,
    readable: process.stdout.isTTY === true,
  });
  let database: RunningDatabase | undefined;
  try {
    await makeDataFolderPrivate(config.dataDir, {
      reachableByPostgresUser: config.databaseUrl === undefined && runsAsPostgresUser(),
    });
    await useFreshWorkFolder(config.dataDir);
    database = config.databaseUrl
      ? { url: config.databaseUrl, stop: async () => {} }
      : await startEmbeddedPostgres(config.dataDir, config.embeddedPostgresPort, logger);
    const platform = await createStandalonePlatform({
      dataDir: config.dataDir,
      databaseUrl: database.url,
      mailFrom: config.mailFrom,
      ...(config.smtpUrl !== undefined && { smtpUrl: config.smtpUrl }),
      logger,
    });
    const linkSigningSecret =
      config.linkSigningSecret ?? (await loadOrCreateSecret(config.dataDir, 'linkSigning'));
    const supportToken = config.supportToken ?? (await loadOrCreateSecret(config.dataDir, 'support'));
    const app = await NestFactory.create<NestExpressApplication>(
      {
        module: StandaloneProcessModule,
        imports: [
          PlatformModule.forRoot(platform),
          StandaloneModule.forRoot({
            gateway: {
              linkSigningSecret,
              supportToken,
              supportEmail: config.supportEmail,
              uploadPace: config.uploadPace,
              minFreeDiskBytes: config.minFreeDiskBytes,
              uploadQuotaBytes: config.uploadQuotaBytes,
              uploadsPerHour: config.uploadsPerHour,
              internalPort: config.internalPort,
            },
            pdf: { publicUrl: config.publicUrl, sourceUrl: config.sourceUrl },
            payment: {
              publicUrl: config.publicUrl,
              stripe: config.stripe,
              retentionSweepIntervalMs: config.retentionSweepIntervalMs,
              supportToken,
            },
            notification: {
              supportEmail: config.supportEmail,
              publicUrl: config.publicUrl,
              linkSigningSecret,
            },
          }),
        ],
      },
      {
        logger: new NestPinoLogger(logger),
        abortOnError: false,
        // Bodies are read by the routes that take them (the gateway's JSON body middleware).
        bodyParser: false,
      },
    );
    configureHttpEdge(app, { trustProxy: config.trustProxy });
    await app.listen(config.port, config.host);
    if (config.internalPort !== null) await listenInternal(app, config.internalPort, config.host);
    const running = database;
    closeOnSignals(async () => {
      await app.close();
      await running.stop();
    }, logger);
    logger.info(
      {
        host: config.host,
        port: config.port,
        dataDir: config.dataDir,
        payments: config.stripe ? 'stripe' : 'test checkout',
      },
      'ChatExhibit started',
    );
    const openTestCheckout = !config.stripe && !LOOPBACK.includes(config.host);
    // Set on purpose (TEST_CHECKOUT=true) off loopback: whoever reaches it marks exports paid for nothing.
    if (openTestCheckout) logger.warn({ host: config.host }, TEST_CHECKOUT_OPEN_WARNING);
    const payments = config.stripe
      ? 'payments through Stripe'
      : `no Stripe keys: payments use the local test checkout${openTestCheckout ? ` (WARNING: ${TEST_CHECKOUT_OPEN_WARNING})` : ''}`;
    process.stdout.write(
      `\nChatExhibit is running at ${urlOf(config.host, config.port)}\n(${reach(config.host)}; data in ${config.dataDir}; ${payments}; Ctrl-C stops it)\n\n`,
    );
  } catch (error) {
    logger.fatal({ err: error }, 'ChatExhibit could not start');
    await database?.stop().catch(() => undefined);
    process.exit(1);
  }
}

const ALL_ADDRESSES = ['0.0.0.0', '::'];
const LOOPBACK = ['127.0.0.1', '::1', 'localhost'];

/** The URL to open in a browser on this machine. */
function urlOf(host: string, port: number): string {
  if (LOOPBACK.includes(host) || ALL_ADDRESSES.includes(host)) return `http://localhost:${port}`;
  return `http://${isIPv6(host) ? `[${host}]` : host}:${port}`;
}

/** Who else can reach it. */
function reach(host: string): string {
  if (LOOPBACK.includes(host)) return 'this machine only; HOST=0.0.0.0 opens it to the network';
  if (ALL_ADDRESSES.includes(host)) return 'open on every address of this machine';
  return `listening on ${host}`;
}

void main();
