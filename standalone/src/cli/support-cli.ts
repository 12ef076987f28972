import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { routePath } from '@chatexhibit/proto/contract';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import type { SupportBundle } from '@chatexhibit/proto/payment';
import {
  type CliOutput,
  CliInputError,
  describeError,
  readCommandLine,
  runAsProcess,
  runCommand,
} from '@chatexhibit/kit/cli/command-line';
import { DATA_FOLDER_SECRETS } from '../data-folder-secret';

const SUPPORT_COMMAND = {
  name: 'support',
  usage: [
    'usage: npm run support -- <command> [--json]',
    '  status <bundleId|reference|email>  the bundle with this id or export reference (CE-…),',
    '                                     or bought or started with this email',
    '  extend <bundleId> --months <N>     keep the export N more months ($1 each)',
    '  resend <bundleId>                  mail the download links again, newly signed',
    '  refund <bundleId>                  refund the payment through Stripe and lock the export',
    'It reaches ChatExhibit at SUPPORT_URL (default http://localhost:$PORT, PORT 3000) with',
    'SUPPORT_TOKEN (default: the one `npm start` keeps in $DATA_DIR/support.key, DATA_DIR ./data).',
  ].join('\n'),
};

const OPTIONS = {
  months: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** Where the app is and how to prove this is support. */
export interface SupportTarget {
  baseUrl: string;
  token: string;
}

/** Reads the target from the environment, as the usage says. */
async function targetOf(env: NodeJS.ProcessEnv): Promise<SupportTarget> {
  const baseUrl = (env.SUPPORT_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, '');
  if (env.SUPPORT_TOKEN) return { baseUrl, token: env.SUPPORT_TOKEN };
  const file = path.resolve(env.DATA_DIR || 'data', DATA_FOLDER_SECRETS.support);
  try {
    return { baseUrl, token: (await readFile(file, 'utf8')).trim() };
  } catch (error) {
    throw new CliInputError(`no SUPPORT_TOKEN set, and ${file} cannot be read (${describeError(error)}).`);
  }
}

/** Runs the command; resolves to the process exit code. */
export function runSupportCli(
  args: readonly string[],
  output: CliOutput,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  return runCommand(SUPPORT_COMMAND, output, async () => {
    const { values, positionals } = readCommandLine(args, OPTIONS, 2);
    const [command, subject] = positionals as [string, string];
    const target = await targetOf(env);
    const call = (method: 'GET' | 'POST', route: string, body?: unknown) =>
      request(target, method, route, body);
    const bundle = { bundleId: subject };
    let result: unknown;
    switch (command) {
      case 'status':
        result = await call('GET', `${HTTP_API.supportBundles.path}?query=${encodeURIComponent(subject)}`);
        break;
      case 'extend': {
        const months = Number(values.months);
        if (values.months === undefined || !Number.isInteger(months) || months < 1 || months > 24)
          throw new CliInputError('extend needs --months <N>, a whole number from 1 to 24.');
        result = await call('POST', routePath(HTTP_API.supportExtend, bundle), { months });
        break;
      }
      case 'resend':
        result = await call('POST', routePath(HTTP_API.supportResend, bundle));
        break;
      case 'refund':
        result = await call('POST', routePath(HTTP_API.supportRefund, bundle));
        break;
      default:
        throw new CliInputError(`unknown command "${command}" (status, extend, resend or refund).`);
    }
    output.stdout(values.json ? JSON.stringify(result, null, 2) : describe(command, result));
  });
}

async function request(
  target: SupportTarget,
  method: string,
  route: string,
  body?: unknown,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(target.baseUrl + route, {
      method,
      headers: {
        Authorization: `Bearer ${target.token}`,
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new CliInputError(
      `cannot reach ChatExhibit at ${target.baseUrl} (${describeError((error as { cause?: unknown }).cause ?? error)}): is it running? (SUPPORT_URL)`,
    );
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const message = (parsed as { message?: unknown } | undefined)?.message;
    throw new CliInputError(
      `${response.status}: ${typeof message === 'string' ? message : text || response.statusText}`,
    );
  }
  return parsed;
}

/** The answer as lines for a person. */
function describe(command: string, result: unknown): string {
  switch (command) {
    case 'status': {
      const { bundles } = result as { bundles: SupportBundle[] };
      if (bundles.length === 0) return 'No bundle found.';
      return bundles.map(describeBundle).join('\n\n');
    }
    case 'extend': {
      const { bundleId, deleteAfter } = result as { bundleId: string; deleteAfter: string };
      return `Bundle ${bundleId}: its files are now kept until ${deleteAfter}.`;
    }
    case 'resend': {
      const { bundleId, to } = result as { bundleId: string; to: string };
      return `Bundle ${bundleId}: the download links are being mailed to ${to} again.`;
    }
    default: {
      const { bundleId, refundId, refundedAt } = result as {
        bundleId: string;
        refundId: string;
        refundedAt: string;
      };
      return `Bundle ${bundleId}: refunded (${refundId}) at ${refundedAt}; its export is locked.`;
    }
  }
}

function describeBundle(bundle: SupportBundle): string {
  const paid = bundle.paidAt
    ? `${bundle.paidAt} by ${bundle.email ?? '(address forgotten)'}, ${((bundle.amountCents ?? 0) / 100).toFixed(2)} ${(bundle.currency ?? '').toUpperCase()} (${bundle.paymentIntentId ?? 'no payment intent'})`
    : 'no';
  return [
    `bundle   ${bundle.bundleId}`,
    `export   ${bundle.exportId}${bundle.originalFilename ? `  "${bundle.originalFilename}"` : ''}`,
    `created  ${bundle.createdAt}`,
    `paid     ${paid}`,
    `refunded ${bundle.refundedAt ?? 'no'}`,
    bundle.expiredAt
      ? `expired  ${bundle.expiredAt}: its files were deleted`
      : `kept     until ${bundle.deleteAfter ?? 'unknown'}`,
    ...bundle.sessions.map((s) => `session  ${s.id}  ${s.status}/${s.paymentStatus}  ${s.createdAt}`),
  ].join('\n');
}

if (require.main === module) runAsProcess(runSupportCli);
