import { VERIFY_PATH } from '@chatexhibit/proto/evidence-package';
import { PAGE_PATHS } from '@chatexhibit/proto/site';
import { Link } from 'react-router-dom';
import { SupportEmailLink } from '../support-email-link';
import { LogoMark } from './logo';
import { NAV_LINKS } from './nav-links';

/**
 * Not in SPEC's header: checking a package is for whoever receives one (offered here and in the
 * package), and the help, privacy and terms pages are looked for in a footer.
 */
const FOOTER_ONLY_LINKS = [
  { to: VERIFY_PATH, label: 'Verify a package' },
  { to: PAGE_PATHS.help, label: 'How to export a chat' },
  { to: PAGE_PATHS.privacy, label: 'Privacy' },
  { to: PAGE_PATHS.terms, label: 'Terms' },
] as const;

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border bg-muted">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex items-start gap-3">
          <LogoMark className="size-8" />
          <div>
            <p className="font-semibold">ChatExhibit</p>
            <p className="text-sm text-muted-foreground">
              WhatsApp chat exports turned into court-ready PDF transcripts and evidence packages.
            </p>
          </div>
        </div>
        <div className="flex flex-col gap-3 text-sm text-muted-foreground md:items-end">
          <nav aria-label="Footer" className="flex flex-wrap gap-x-4 gap-y-2">
            {[...NAV_LINKS, ...FOOTER_ONLY_LINKS].map((link) => (
              // 24 px tall: a target a finger can hit on a phone (WCAG 2.2 target size).
              <Link
                key={link.to}
                to={link.to}
                className="inline-flex min-h-6 items-center hover:text-foreground"
              >
                {link.label}
              </Link>
            ))}
          </nav>
          <p data-testid="company">
            ChatExhibit · Support:{' '}
            <SupportEmailLink className="inline-flex min-h-6 items-center font-normal" />
          </p>
          <p data-testid="copyright">© {year} ChatExhibit. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
