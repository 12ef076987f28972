import { FREE_TIER_LIMITS } from '@chatexhibit/proto/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';

const MiB = 1024 * 1024;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h2>
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </section>
  );
}

/** The article body: static, reviewed text. */
export function HowToUseWhatsAppEvidence() {
  return (
    <div className="text-lg leading-relaxed text-muted-foreground [&_strong]:text-foreground">
      <p>
        WhatsApp conversations are now routine evidence in family, employment, contract and criminal cases. A
        screenshot of a chat, however, is easy to challenge: it shows only part of a conversation, carries no
        reliable metadata and could have been edited. This guide explains what US courts look for before they
        admit a WhatsApp chat, and how to prepare an export that answers those questions up front.
      </p>

      <Section title="Admissibility: relevance comes first">
        <p>
          Like any evidence, a chat must be relevant (Federal Rules of Evidence 401 and 402) and its probative
          value must not be substantially outweighed by the risk of unfair prejudice or confusion (Rule 403).
          Beyond that, electronic messages face two recurring hurdles: <strong>authentication</strong> — is
          the chat what you say it is? — and <strong>hearsay</strong> — are the statements offered for their
          truth, and if so, does an exception apply?
        </p>
      </Section>

      <Section title="Authentication under FRE 901">
        <p>
          Rule 901(a) requires evidence &ldquo;sufficient to support a finding that the item is what the
          proponent claims it is.&rdquo; For chat messages this is usually shown through testimony of a
          participant who recognises the conversation (901(b)(1)), through distinctive characteristics such as
          phone numbers, names, nicknames, content only the sender would know and the flow of the conversation
          (901(b)(4)), or through evidence describing the process that produced the record and showing that it
          produces an accurate result (901(b)(9)).
        </p>
        <p>
          Courts are more comfortable with a complete, chronological export than with selected screenshots. A
          full export shows context, keeps the original timestamps and lets the other side check that nothing
          was left out.
        </p>
      </Section>

      <Section title="Self-authentication under FRE 902(14)">
        <p>
          Since 2017, Rule 902(14) lets data copied from an electronic device, storage medium or file be
          self-authenticating when it is &ldquo;authenticated by a process of digital identification&rdquo;
          and certified by a qualified person. In practice that process is hashing: a cryptographic hash such
          as <strong>SHA-256</strong> is computed for each original file, and anyone can later compute it
          again to confirm that the copy is identical to the original, bit for bit.
        </p>
        <p>
          A 902(14) certification must be served on the adverse party with reasonable written notice before
          trial (Rule 902(11)), so the other side has a fair chance to challenge it. When it is not
          challenged, you may not need to call a witness just to prove that the files are genuine.
        </p>
      </Section>

      <Section title="Hearsay">
        <p>
          Authentication does not settle hearsay. A message offered to prove the truth of what it says is
          hearsay unless an exclusion or exception applies. Common routes are statements of an opposing party
          (Rule 801(d)(2)), messages offered for a non-hearsay purpose such as notice, threats or the fact
          that something was said, present sense impressions (803(1)), excited utterances (803(2)) and
          statements of the declarant&rsquo;s then-existing state of mind (803(3)). Messages from third
          parties in a group chat often need their own analysis.
        </p>
      </Section>

      <Section title="Know WhatsApp's export limits">
        <p>
          WhatsApp&rsquo;s own <strong>Export chat</strong> feature, available on iOS and Android, writes a
          ZIP with the conversation as text plus, if you choose, the attached media. WhatsApp documents its
          limits: an export with media holds about <strong>10,000 recent messages</strong>; without media,
          about <strong>40,000 messages</strong>; and because of maximum email sizes, roughly{' '}
          <strong>18 MB of media</strong> can be sent with an export.
        </p>
        <p>
          If the conversation is longer, or important media is missing from the export, note it and consider
          preserving the device itself or exporting in several parts. Always keep the original ZIP file
          unchanged: it is the source every later copy is checked against.
        </p>
      </Section>

      <Section title="Hashes: showing a copy is unchanged">
        <p>
          A SHA-256 hash is a 64-character fingerprint of a file. Change a single byte and the fingerprint
          changes completely. Listing each original file with its hash in a manifest, and keeping the
          originals themselves, lets the court, opposing counsel or an expert check with standard tools such
          as <code>sha256sum -c</code> that each file is still the one that was hashed. A hash says nothing of
          what happened before it was computed: that the export is a faithful record of the phone&rsquo;s chat
          is for the testimony of the person who made it.
        </p>
      </Section>

      <Section title="Privacy in what you file: FRCP 5.2 and redaction">
        <p>
          Court filings are usually public. Federal Rule of Civil Procedure 5.2(a) (and Criminal Rule 49.1)
          lets a public filing show only the last four digits of a Social Security, taxpayer-identification or
          financial-account number, only the year of a date of birth, and only the initials of a minor. Family
          chats are full of exactly these: a child&rsquo;s name, a birthday, a card number sent to pay a bill.
          A complete transcript holding them belongs under seal (Rule 5.2(d) and (f)), not on the public
          docket; what you file publicly is a redacted copy, with a reference list that ties each redacted
          item to its identifier filed under seal (Rule 5.2(g)). State courts have rules of their own, often
          stricter (family courts frequently seal whole files); check the rules of your court.
        </p>
        <p>
          A redaction must remove the text, not cover it: a black box drawn over text that is still in the PDF
          can be copied out, and even a box as wide as the removed word can betray it.
        </p>
      </Section>

      <Section title="How ChatExhibit helps">
        <p>ChatExhibit turns the ZIP from WhatsApp&rsquo;s Export chat into an evidence set:</p>
        <ul className="flex list-disc flex-col gap-2 pl-6">
          <li>
            a PDF transcript with numbered messages, timestamps, highlighted senders and playable voice notes;
          </li>
          <li>an evidence ZIP with every original file kept bit-for-bit, including the OPUS voice notes;</li>
          <li>a SHA-256 manifest of all files, ready for verification;</li>
          <li>a pre-filled declaration template to support self-authentication under Rule 902(14);</li>
          <li>
            a list, by message number, of what looks like a Rule 5.2(a) identifier in the transcript, and
            exhibits of chosen messages with true redaction (the text removed, every box the same width for
            its label), a redaction log and a sealed unredacted copy.
          </li>
        </ul>
        <p>
          Small exports of up to {FREE_TIER_LIMITS.maxMessages} messages and{' '}
          {FREE_TIER_LIMITS.maxMediaBytes / MiB} MB of media are free.
        </p>
      </Section>

      <aside className="mt-10 rounded-lg border border-border bg-muted p-5 text-base">
        <strong>Not legal advice.</strong> This article is general information, not legal advice. Rules of
        evidence differ between federal and state courts and change over time; talk to a lawyer licensed in
        your jurisdiction about your case.
      </aside>

      <div className="mt-12 rounded-xl bg-primary p-8 text-center text-primary-foreground">
        <h2 className="text-2xl font-semibold">Prepare your WhatsApp evidence</h2>
        <p className="mt-3 text-primary-foreground/80">
          Upload your chat export and get a court-ready transcript and evidence package.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="bg-background text-primary hover:bg-primary-soft">
            <Link to="/">Start your export</Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-hover"
          >
            <Link to="/faq">Read the FAQ</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
