// System events (no author): what WhatsApp writes, in the languages seen most. Android writes
// them without "Author: "; iOS often puts the group's (or contact's) name where an author goes and
// starts the text with U+200E, so the text itself must be recognised.

export type SystemEvent =
  | 'encryption'
  | 'group-created'
  | 'member-added'
  | 'member-removed'
  | 'member-left'
  | 'member-joined'
  | 'subject-changed'
  | 'icon-changed'
  | 'description-changed'
  | 'security-code-changed'
  | 'disappearing-messages'
  | 'number-changed'
  | 'admin-changed'
  | 'settings-changed'
  | 'other';

/** Events whose text quotes a user-chosen name, which may itself contain ": ". */
const QUOTING_EVENTS: ReadonlyArray<readonly [SystemEvent, RegExp]> = [
  [
    'subject-changed',
    /changed the subject|changed the group name|changed this group's name|hat den Betreff|hat den Gruppennamen|cambió el asunto|cambió el nombre del grupo|mudou o assunto|mudou o nome do grupo|a modifié le sujet|a changé le sujet|a modifié le nom du groupe|ha cambiato l'oggetto|ha cambiato il nome del gruppo|heeft de groepsnaam/i,
  ],
  [
    'group-created',
    /created group|created this group|hat die Gruppe .*erstellt|creó el grupo|criou o grupo|a créé le groupe|ha creato il gruppo|heeft groep .*aangemaakt/i,
  ],
];

// Order matters: more specific phrases first ("added" appears inside other events' names only
// within quotes, which the quoting events above take first).
const OTHER_EVENTS: ReadonlyArray<readonly [SystemEvent, RegExp]> = [
  [
    'encryption',
    /end-to-end encrypted|end-to-end encryption|Ende-zu-Ende-verschlüsselt|cifrados de extremo a extremo|criptografia de ponta a ponta|chiffrés de bout en bout|crittografati end-to-end|end-to-end versleuteld/i,
  ],
  [
    'member-joined',
    /joined using (?:this|a) (?:group's|community's) invite link|joined from the community|über den Einladungslink|se unió (?:usando|con) el enlace|entrou usando o link|a rejoint (?:ce|le) groupe (?:via|avec) le lien|si è unit[oa] tramite il link|is lid geworden via/i,
  ],
  [
    'icon-changed',
    /group's icon|group icon|Gruppenbild|icono del grupo|ícono de este grupo|imagen del grupo|imagem (?:deste|do) grupo|icône (?:de ce|du) groupe|immagine (?:di questo|del) gruppo|groepsafbeelding/i,
  ],
  [
    'description-changed',
    /group description|Gruppenbeschreibung|descripción del grupo|descrição do grupo|description du groupe|descrizione del gruppo|groepsbeschrijving/i,
  ],
  [
    'security-code-changed',
    /security code|Sicherheitsnummer|Sicherheitscode|código de seguridad|código de segurança|code de sécurité|codice di sicurezza|beveiligingscode/i,
  ],
  [
    'disappearing-messages',
    /disappearing messages|message timer|selbstlöschende Nachrichten|verschwindende Nachrichten|mensajes temporales|mensagens temporárias|messages éphémères|messaggi effimeri|tijdelijke berichten/i,
  ],
  [
    'number-changed',
    /changed (?:their|his|her) (?:phone )?number|changed to \+?\d|Telefonnummer geändert|cambió su número|mudou (?:seu|o) número|a changé de numéro|ha cambiato (?:il suo )?numero|heeft (?:een )?nieuw nummer/i,
  ],
  [
    'settings-changed',
    /changed (?:this group's|the group's|the group|the) settings|Gruppeneinstellungen|ajustes del grupo|configurações do grupo|paramètres du groupe|impostazioni del gruppo|groepsinstellingen/i,
  ],
  [
    'admin-changed',
    /now an admin|no longer an admin|jetzt Admin|kein Admin mehr|ahora eres admin|agora é admin|désormais admin|ora sei un amministratore|nu beheerder/i,
  ],
  [
    'member-left',
    /^.+ (?:left|saiu)$|hat die Gruppe verlassen|salió del grupo|saiu do grupo|est parti|a quitté le groupe|è uscit[oa] dal gruppo|heeft de groep verlaten/i,
  ],
  [
    'member-removed',
    /^.+ removed .+|^.+ hat .+ entfernt$|^.+ eliminó a .+|^.+ removeu .+|^.+ a retiré .+|^.+ ha rimosso .+|^.+ heeft .+ verwijderd$/i,
  ],
  [
    'member-added',
    /^.+ added .+|^.+ hat .+ hinzugefügt$|^.+ (?:añadió|agregó) a .+|^.+ adicionou .+|^.+ a ajouté .+|^.+ ha aggiunto .+|^.+ heeft .+ toegevoegd$/i,
  ],
  [
    'other',
    /pinned a message|This chat is with a business account|This business (?:uses|is working with)|You blocked this contact|You unblocked this contact|This group was created|community/i,
  ],
];

/** The event a one-line system text describes, or null when the text is none of the known ones. */
export function recogniseSystemEvent(text: string): SystemEvent | null {
  for (const [event, pattern] of QUOTING_EVENTS) if (pattern.test(text)) return event;
  for (const [event, pattern] of OTHER_EVENTS) if (pattern.test(text)) return event;
  return null;
}

/** Whether a text holds a quote character that opens a user-chosen name: " “ ” „ ‟ « » ‹ › 「 」 『 』. */
export function hasQuote(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (
      c === 0x22 ||
      c === 0xab ||
      c === 0xbb ||
      (c >= 0x201c && c <= 0x201f) ||
      c === 0x2039 ||
      c === 0x203a ||
      (c >= 0x300c && c <= 0x300f)
    ) {
      return true;
    }
  }
  return false;
}

/**
 * A line whose first ": " lies inside a quoted name of a system event ("Alice changed the
 * subject from "a: b" to "c"") is a system event, not a message by "Alice changed the subject
 * from "a". `beforeColon` is how many characters precede that first ": "; callers ask only when
 * those hold a quote (`hasQuote`), so ordinary messages cost nothing here.
 */
export function quotingSystemEvent(line: string, beforeColon: number): SystemEvent | null {
  for (const [event, pattern] of QUOTING_EVENTS) {
    const m = pattern.exec(line);
    if (m !== null && m.index < beforeColon) return event;
  }
  return null;
}
