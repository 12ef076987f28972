import { routePath } from '@chatexhibit/proto/contract';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { PAYMENT_MESSAGES, type TestCheckoutView } from '@chatexhibit/proto/payment';
import { escapeHtml } from '@chatexhibit/kit/html/escape-html';

/** The page's own labels; 'Pay $4.99 (test mode)' and 'Cancel' as the issue names them. */
export const TEST_CHECKOUT_TEXT = {
  title: 'ChatExhibit test checkout',
  banner: 'TEST MODE: no card is charged and no money moves.',
  pay: (amountLabel: string) => `Pay ${amountLabel} (test mode)`,
  cancel: 'Cancel',
  back: 'Back to ChatExhibit',
} as const;

/** The page's only style, inline; the route's Content-Security-Policy allows exactly this text. */
export const TEST_CHECKOUT_STYLE = `
  body { font-family: system-ui, sans-serif; background: #f1f5f9; color: #0f172a; margin: 0;
         padding: 4rem 1rem; }
  main { max-width: 28rem; margin: 0 auto; background: #fff; border-radius: 0.75rem; padding: 2rem;
         box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; }
  .banner { background: #fef3c7; color: #92400e; border: 1px solid #f59e0b; border-radius: 0.5rem;
            padding: 0.75rem 1rem; font-weight: 600; }
  .amount { font-size: 2rem; font-weight: 700; margin: 1.5rem 0 0.25rem; }
  button { font: inherit; border-radius: 0.5rem; padding: 0.6rem 1.2rem; cursor: pointer; }
  .pay { background: #1e3a5f; color: #fff; border: 0; }
  .cancel { background: #fff; color: #0f172a; border: 1px solid #cbd5e1; }
`;

/**
 * The local test checkout page (no Stripe keys): Stripe's hosted page stand-in, unmistakably a
 * test. Its buttons post to the gateway, which completes the session and delivers the webhook
 * exactly as Stripe would.
 */
export function testCheckoutPage(view: TestCheckoutView): string {
  const { sessionId } = view;
  const body =
    view.status === 'open'
      ? `<p class="amount">${escapeHtml(view.amountLabel)}</p>
         <p>ChatExhibit export bundle: PDF transcript and evidence package${
           view.email ? ` for <strong>${escapeHtml(view.email)}</strong>` : ''
         }.</p>
         <div class="actions">
           <form method="post" action="${escapeHtml(routePath(HTTP_API.testCheckoutPay, { sessionId }))}">
             <button class="pay" type="submit">${escapeHtml(TEST_CHECKOUT_TEXT.pay(view.amountLabel))}</button>
           </form>
           <form method="post" action="${escapeHtml(routePath(HTTP_API.testCheckoutCancel, { sessionId }))}">
             <button class="cancel" type="submit">${TEST_CHECKOUT_TEXT.cancel}</button>
           </form>
         </div>`
      : `<p>This checkout is ${view.status === 'complete' ? 'complete' : 'expired'}.</p>
         <p><a href="${escapeHtml(view.cancelUrl)}">${TEST_CHECKOUT_TEXT.back}</a></p>`;
  return page(body);
}

/**
 * What a button of a checkout that has ended answers (a tab left open, a second click): a page
 * for the person who pressed it, leading to the home page.
 */
export function testCheckoutEndedPage(): string {
  return page(`<p>${PAYMENT_MESSAGES.testCheckoutClosed}</p>
<p><a href="/">${TEST_CHECKOUT_TEXT.back}</a></p>`);
}

function page(body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TEST_CHECKOUT_TEXT.title}</title><style>${TEST_CHECKOUT_STYLE}</style></head>
<body><main>
<p class="banner">${TEST_CHECKOUT_TEXT.banner}</p>
<h1>${TEST_CHECKOUT_TEXT.title}</h1>
${body}
</main></body></html>`;
}
