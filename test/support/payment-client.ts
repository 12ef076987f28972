import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { documentOfLink } from '@chatexhibit/proto/download-paths';
import type { PaymentStatusResponse, RepairResponse } from '@chatexhibit/proto/payment';
import { eventually } from './eventually';
import { openLink, readProgress, uploadExport } from './pipeline-client';
import { writeWhatsAppExport } from './whatsapp-export';

/** Uploads an export over the free tier (60 messages) and follows it to its payment step. */
export async function uploadOverLimitExport(
  baseUrl: string,
  workDir: string,
): Promise<{ exportId: string; bundleId: string }> {
  const exported = await writeWhatsAppExport(await mkdtemp(path.join(workDir, 'over-limit-')), {
    textMessages: 60,
    voiceNotes: 1,
    photos: 0,
  });
  const upload = await uploadExport(baseUrl, exported.zipPath);
  if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${upload.body.message}`);
  const { events } = await readProgress(baseUrl, upload.body.clientId!);
  const final = events.at(-1);
  if (!final?.requiresPayment || !final.bundleId)
    throw new Error(`the export did not ask for payment: ${JSON.stringify(final)}`);
  return { exportId: upload.body.clientId!, bundleId: final.bundleId };
}

/** A JSON call as the SPA makes it: status and parsed body. */
async function call<T>(url: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as T };
}

export const createPaymentIntent = (baseUrl: string, bundleId: unknown, userEmail: unknown) =>
  call<{ checkoutUrl?: string; message?: string }>(`${baseUrl}/api/create-payment-intent`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ bundleId, userEmail }),
  });

export const paymentStatus = (baseUrl: string, bundleId: string) =>
  call<PaymentStatusResponse & { message?: string }>(`${baseUrl}/api/payment/${bundleId}`);

export const repairPayment = (baseUrl: string, bundleId: string) =>
  call<RepairResponse & { message?: string }>(`${baseUrl}/api/payment/${bundleId}/repair`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
  });

/** A raw mail as its reader sees it: quoted-printable soft breaks joined, escapes undone (UTF-8). */
export const decodedMail = (raw: string): string =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The absolute http(s) links of a raw mail's plain-text part (quoted-printable undone). */
export function linksInMail(raw: string): string[] {
  const text = decodedMail(raw);
  return [...new Set(text.match(/https?:\/\/[^\s"<>]+/g) ?? [])].filter((link) => !link.includes('&amp;'));
}

/**
 * Opens a link as a browser does: a mailed one carries its expiry and signature in the fragment,
 * which the gateway's page posts as a form to the link's path; a document link the API gave the
 * web app (no query) opens through a one-time code, as the web app opens it; others go as they are.
 */
export function openSignedLink(link: string): Promise<Response> {
  const url = new URL(link);
  if (url.hash === '' && url.search === '' && documentOfLink(url.pathname))
    return openLink(url.origin, url.pathname);
  if (url.hash === '') return fetch(link);
  return fetch(url.origin + url.pathname, {
    method: 'POST',
    body: new URLSearchParams(url.hash.slice(1)),
  });
}

/** The mails of `raw` sent to `to`. */
export const mailsTo = (messages: readonly string[], to: string): string[] =>
  messages.filter((raw) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r?$`, 'm').test(raw));

/** Waits for the standalone outbox (`<dataDir>/outbox`) to hold a mail to `to`, and gives it raw. */
export async function outboxMailTo(dataDir: string, to: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  let mail = '';
  await eventually(
    async () => {
      // Only whole mails: the outbox writes `<name>.eml.partial` and renames it when done, and a
      // mail may be deleted (retention) while the folder is read.
      const names = (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml'));
      const raws = await Promise.all(
        names.map((name) => readFile(path.join(outbox, name), 'utf8').catch(() => '')),
      );
      mail = mailsTo(raws, to)[0] ?? '';
      return mail !== '';
    },
    15_000,
    `a mail to ${to} in the outbox`,
  );
  return mail;
}
